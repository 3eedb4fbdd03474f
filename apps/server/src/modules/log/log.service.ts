/**
 * The server's logs in the database, written OFF the request path: API calls (every request that changes
 * something, or every request with HELIO_API_LOG=all), usual logs (business events other modules record with
 * `services.logs.usual(...)`) and server errors (the 500 path calls `services.logs.serverError(err, req)`).
 *
 * Entries wait in one bounded in-memory queue and a batched writer inserts them (every FLUSH_MS, or at once when FLUSH_NOW
 * are waiting). When the queue is full new entries are dropped and counted, so a flood of requests costs neither
 * memory nor request latency; retention (HELIO_LOG_RETENTION_DAYS) and a per-table row cap (HELIO_LOG_MAX_ROWS)
 * bound the disk. Parameters are recorded with passwords, tokens, secrets and verification codes masked.
 *
 * Which requests the API log records is HELIO_API_LOG (`changes`, `all`, `off`) unless the platform parameter
 * `log.api.mode` says otherwise: saving it takes effect at once in the process that saved it and within
 * MODE_REFRESH_MS on every other process, so an administrator can turn full logging on for troubleshooting and off
 * again without a restart.
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import { databaseErrorReason, isDatabaseUnavailable } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import { isSecretName, redactErrorText } from '../../core/redact.js';
import type { Database } from '../../db/client.js';
import { logApi, logError, logUsual } from '../../db/schema.js';
import { parseApiLogMode, type ApiLogMode, type ResourceSettings } from '../../settings/resources.js';
import { paramValue } from '../../core/params.js';

/** How long an entry waits for the batched writer at most, unless FLUSH_NOW entries are waiting. */
const FLUSH_MS = 500;
const FLUSH_NOW = 1000;

/** The platform parameter that overrides HELIO_API_LOG at run time. */
export const API_LOG_MODE_PARAM = 'log.api.mode';
/** How often every process re-reads it. */
export const MODE_REFRESH_MS = 10_000;

type Kind = 'api' | 'usual' | 'error';
type Row = Record<string, unknown>;

const TABLES: Record<Kind, PgTable> = { api: logApi, usual: logUsual, error: logError };
const TABLE_NAMES: Record<Kind, string> = { api: 'blade_log_api', usual: 'blade_log_usual', error: 'blade_log_error' };

const MASK = '******';
/** Parameter names whose values never reach a log. */
const SECRET_KEY =
  /pass(word|wd)?|pwd|token|secret|credential|authori[sz]ation|captcha|verification|private|access_?key|api_?key|signature|cookie|sm2|encrypted/i;

function maskValue(key: string, v: unknown, depth: number): unknown {
  if (SECRET_KEY.test(key) || isSecretName(key, false)) return v === undefined || v === null || v === '' ? v : MASK;
  // A bare one-time code (`code=123456`) is a secret; a template or config code (letters) is not.
  if (/^(code|sms_?code)$/i.test(key) && /^\s*\d{4,8}\s*$/.test(String(v))) return MASK;
  return maskTree(v, depth + 1);
}

function maskTree(v: unknown, depth = 0): unknown {
  if (v === null || v === undefined) return v;
  if (typeof v === 'string') return v.length > 500 ? `${v.slice(0, 500)}…` : v;
  if (typeof v !== 'object') return v;
  if (depth > 5) return '[…]';
  if (Buffer.isBuffer(v)) return `[${v.length} bytes]`;
  if (Array.isArray(v)) return v.slice(0, 50).map((x) => maskTree(x, depth + 1));
  const out: Row = {};
  for (const [k, x] of Object.entries(v as Row).slice(0, 100)) out[k] = maskValue(k, x, depth);
  return out;
}

/** Request parameters (query + body) as JSON with secrets masked, at most 4000 characters. */
export function maskedParams(query: unknown, body: unknown): string {
  const merged: Row = {};
  if (query && typeof query === 'object') Object.assign(merged, query);
  if (Array.isArray(body)) merged.body = body;
  else if (body && typeof body === 'object') Object.assign(merged, body);
  else if (typeof body === 'string' && body) merged.body = body;
  const text = JSON.stringify(maskTree(merged)) ?? '';
  return text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
}

function serverIp(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (!a.internal && a.family === 'IPv4') return a.address;
  }
  return '127.0.0.1';
}

/** Columns that are the same for every row a process writes: bound once per batch, not per row. */
const SERVER = { serviceId: 'helio-server', serverHost: os.hostname().slice(0, 255), serverIp: serverIp(), env: process.env.NODE_ENV || 'prod' };

/** Per-row columns of each log table (API keys of the Drizzle tables); `createTime` is epoch milliseconds. */
const COMMON = ['id', 'tenantId', 'method', 'requestUri', 'userAgent', 'remoteIp', 'methodClass', 'methodName', 'params', 'createBy', 'createTime'] as const;
const COLUMNS = {
  api: [...COMMON, 'type', 'title', 'time', 'resultCode'],
  usual: [...COMMON, 'logLevel', 'logId', 'logData'],
  error: [...COMMON, 'stackTrace', 'exceptionName', 'message', 'lineNumber', 'fileName', 'source'],
} as const satisfies Record<Kind, readonly string[]>;

/** Column-wise buffer of one table: one array per column, no object per row. */
class Columns {
  n = 0;
  readonly cols: Record<string, unknown[]>;
  constructor(readonly keys: readonly string[]) {
    this.cols = Object.fromEntries(keys.map((k) => [k, []]));
  }
  add(values: Row): void {
    for (const k of this.keys) this.cols[k]!.push(values[k] ?? null);
    this.n++;
  }
}

/** Route-derived columns, computed once per route. */
const ROUTE_INFO = new WeakMap<object, { methodClass: string; title: string; methodName: string }>();
function routeInfo(req: FastifyRequest): { methodClass: string; title: string; methodName: string } {
  const ro = req.routeOptions;
  const key = (ro?.config ?? ro) as object | undefined;
  let info = key ? ROUTE_INFO.get(key) : undefined;
  if (!info) {
    info = {
      methodClass: String((ro?.schema?.tags as string[] | undefined)?.[0] ?? '').slice(0, 255),
      title: String(ro?.schema?.summary ?? '').slice(0, 255),
      methodName: `${req.method} ${ro?.url ?? ''}`.slice(0, 255),
    };
    if (key) ROUTE_INFO.set(key, info);
  }
  return info;
}

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

function requestPart(req: FastifyRequest | undefined): Row {
  if (!req) return { tenantId: PLATFORM_TENANT_ID };
  const q = req.url.indexOf('?');
  const route = routeInfo(req);
  return {
    tenantId: req.user?.tenantId ?? PLATFORM_TENANT_ID,
    method: req.method.slice(0, 10),
    requestUri: cut(q < 0 ? req.url : req.url.slice(0, q), 255),
    userAgent: cut(String(req.headers['user-agent'] ?? ''), 1000),
    remoteIp: cut(req.ip, 255),
    methodClass: route.methodClass,
    methodName: route.methodName,
    params: String(req.headers['content-type'] ?? '').startsWith('multipart/')
      ? maskedParams(req.query, '[multipart]')
      : maskedParams(req.query, req.body),
    createBy: cut(req.user?.account ?? '', 64),
  };
}

/** First application frame of a stack: `file`, `line`. */
function frameOf(stack: string | undefined): { fileName: string; lineNumber: number | null } {
  const m = /\(?((?:file:\/\/)?\/[^():]+):(\d+):\d+\)?/.exec(stack ?? '');
  if (!m) return { fileName: '', lineNumber: null };
  const file = m[1]!.replace(/^file:\/\//, '');
  return { fileName: path.relative(process.cwd(), file).slice(0, 1000), lineNumber: Number(m[2]) };
}

export interface UsualEvent {
  /** Event id, e.g. `station.delete`. */
  id: string;
  data?: unknown;
  level?: 'info' | 'warn' | 'error';
  /** The request it happened in (user, tenant, IP); or name the tenant and user directly. */
  req?: FastifyRequest;
  tenantId?: string;
  user?: string;
}

export interface LogWarn {
  warn(obj: object, msg: string): void;
}

export class LogService {
  private buffers = this.emptyBuffers();
  private dropped = 0;
  private flushing: Promise<void> | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private flushSoon = false;
  private pruneTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private modeTimer: NodeJS.Timeout | undefined;
  private modeOverride: ApiLogMode | undefined;
  logger: LogWarn | undefined;

  constructor(
    private readonly database: Database,
    readonly settings: ResourceSettings,
  ) {}

  private emptyBuffers(): Record<Kind, Columns> {
    return { api: new Columns(COLUMNS.api), usual: new Columns(COLUMNS.usual), error: new Columns(COLUMNS.error) };
  }

  private queued(): number {
    return this.buffers.api.n + this.buffers.usual.n + this.buffers.error.n;
  }

  /** Which requests the API log records now: the `log.api.mode` parameter when set, else HELIO_API_LOG. */
  get apiMode(): ApiLogMode {
    return this.modeOverride ?? this.settings.apiLog;
  }

  /** Re-reads the `log.api.mode` parameter (a missing or unknown value falls back to HELIO_API_LOG). */
  async refreshMode(): Promise<ApiLogMode> {
    this.modeOverride = parseApiLogMode(await paramValue(this.database.db, API_LOG_MODE_PARAM));
    return this.apiMode;
  }

  /** Entries waiting for the writer and entries dropped because the queue was full (since start). */
  stats(): { queued: number; dropped: number } {
    return { queued: this.queued(), dropped: this.dropped };
  }

  private push(kind: Kind, row: Row): void {
    if (this.closed) return;
    const queued = this.queued();
    if (queued >= this.settings.apiLogQueue) {
      this.dropped++;
      if (this.dropped === 1 || this.dropped % 1000 === 0) {
        this.logger?.warn({ dropped: this.dropped }, 'log queue full: entries dropped');
      }
      return;
    }
    row.id = nextId();
    row.createTime = Date.now();
    this.buffers[kind].add(row);
    this.schedule(queued + 1 >= FLUSH_NOW ? 0 : FLUSH_MS);
  }

  private schedule(ms: number): void {
    if (this.flushTimer && (ms > 0 || this.flushSoon)) return;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushSoon = ms === 0;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.flushSoon = false;
      void this.flush();
    }, ms);
    this.flushTimer.unref();
  }

  /** Writes everything queued so far (one statement per table and up to 2000 rows). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.queued() === 0) return;
    const batch = this.buffers;
    this.buffers = this.emptyBuffers();
    this.flushing = (async () => {
      for (const kind of ['api', 'usual', 'error'] as const) {
        const b = batch[kind];
        for (let i = 0; i < b.n; i += 2000) {
          try {
            await this.insertRows(kind, b, i, Math.min(b.n, i + 2000));
          } catch (err) {
            const cause = isDatabaseUnavailable(err) ? { reason: databaseErrorReason(err) } : { err };
            this.logger?.warn({ ...cause, kind, rows: b.n }, 'log write failed; entries dropped');
          }
        }
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
    // What arrived during the write waits for the next interval (or goes at once when it is a full batch): under
    // steady load the writer makes one statement per interval, not one per database round trip.
    const left = this.queued();
    if (left) this.schedule(left >= FLUSH_NOW ? 0 : FLUSH_MS);
  }

  /**
   * One INSERT … SELECT FROM unnest(<one array per column>) per batch: a handful of parameters instead of one per
   * value, and the per-process constants bound once — the writer stays cheap for the database and the event loop.
   */
  private async insertRows(kind: Kind, b: Columns, from: number, to: number): Promise<void> {
    const table = TABLES[kind];
    const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
    const keys = b.keys.filter((k) => k !== 'createTime');
    const name = (k: string) => sql.identifier(columns[k]!.name);
    const arrays = keys.map((k) => {
      const values = from === 0 && to === b.n ? b.cols[k]! : b.cols[k]!.slice(from, to);
      return sql`${sql.param(values.map((v) => (v === null || typeof v === 'number' ? v : String(v))))}::${sql.raw(columns[k]!.getSQLType())}[]`;
    });
    arrays.push(sql`${sql.param(b.cols.createTime!.slice(from, to))}::float8[]`);
    const alias = [...keys, 'createTime'].map((_, i) => sql.raw(`c${i}`));
    const constants = Object.entries(SERVER);
    const insert = sql`INSERT INTO ${table} (${sql.join([...keys, 'createTime', ...constants.map(([k]) => k)].map(name), sql`, `)})
      SELECT ${sql.join(alias.slice(0, -1), sql`, `)}, to_timestamp(${alias.at(-1)!} / 1000.0), ${sql.join(constants.map(([, v]) => sql`${v}`), sql`, `)}
        FROM unnest(${sql.join(arrays, sql`, `)}) AS u(${sql.join(alias, sql`, `)})`;
    if (this.database.kind === 'postgres') {
      // A log batch need not wait for its WAL flush (at worst the last fraction of a second is lost in a crash,
      // as it would be from the in-memory queue): the pooled connection is back sooner.
      await this.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL synchronous_commit = off`);
        await tx.execute(insert);
      });
    } else {
      await this.database.db.execute(insert);
    }
  }

  /** An API call (called by the onResponse hook). */
  api(req: FastifyRequest, statusCode: number, resultCode: number | undefined, elapsedMs: number): void {
    const part = requestPart(req);
    if (!req.user) {
      // Sign-in calls: who tried (not secret), never the password.
      const q = (req.query ?? {}) as Row;
      const who = q.username ?? q.account;
      if (typeof who === 'string' && /^[\w.@-]{1,45}$/.test(who)) part.createBy = who;
    }
    part.type = '1';
    part.title = routeInfo(req).title;
    part.time = String(Math.round(elapsedMs));
    part.resultCode = resultCode ?? statusCode;
    this.push('api', part);
  }

  /** A business event. */
  usual(e: UsualEvent): void {
    const data = typeof e.data === 'string' ? e.data : e.data === undefined ? '' : JSON.stringify(maskTree(e.data));
    this.push('usual', {
      ...requestPart(e.req),
      ...(e.tenantId ? { tenantId: e.tenantId } : {}),
      ...(e.user ? { createBy: e.user.slice(0, 64) } : {}),
      logLevel: (e.level ?? 'info').slice(0, 10),
      logId: e.id.slice(0, 100),
      logData: data.slice(0, 20_000),
    });
  }

  /** A server exception (kept server-side: only platform users read server stacks). */
  serverError(err: unknown, req?: FastifyRequest): void {
    const e = err instanceof Error ? err : new Error(String(err));
    // Never the failed query's parameters nor a secret from a URL (core/redact.ts), here as in the process log.
    const stack = redactErrorText(e.stack ?? '').slice(0, 20_000);
    this.push('error', {
      ...requestPart(req),
      ...frameOf(stack),
      exceptionName: (e.constructor?.name && e.constructor.name !== 'Error' ? e.constructor.name : e.name).slice(0, 255),
      message: redactErrorText(e.message).slice(0, 4000),
      stackTrace: stack,
      source: 'server',
    });
  }

  /** Retention: rows older than the configured days, then the oldest beyond the row cap. */
  async prune(): Promise<void> {
    const days = this.settings.logRetentionDays;
    for (const table of [...Object.values(TABLE_NAMES), 'helio_sms_outbox']) {
      const t = sql.identifier(table);
      await this.database.db.execute(sql`DELETE FROM ${t} WHERE create_time < now() - make_interval(days => ${days})`);
    }
    for (const table of Object.values(TABLE_NAMES)) {
      const t = sql.identifier(table);
      await this.database.db.execute(
        sql`DELETE FROM ${t} WHERE create_time <= (SELECT create_time FROM ${t} ORDER BY create_time DESC OFFSET ${this.settings.logMaxRows} LIMIT 1)`,
      );
    }
  }

  start(): void {
    const refresh = () => void this.refreshMode().catch((err: unknown) => this.logger?.warn({ err }, 'reading log.api.mode failed'));
    refresh();
    this.modeTimer = setInterval(refresh, MODE_REFRESH_MS);
    this.modeTimer.unref();
    const run = () => void this.prune().catch((err: unknown) => this.logger?.warn({ err }, 'log retention failed'));
    const first = setTimeout(run, 10_000);
    first.unref();
    this.pruneTimer = setInterval(run, 3_600_000);
    this.pruneTimer.unref();
  }

  async close(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    if (this.modeTimer) clearInterval(this.modeTimer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    await this.flush();
    this.closed = true;
  }
}
