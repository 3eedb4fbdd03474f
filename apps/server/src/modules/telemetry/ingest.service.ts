/**
 * The ingest: topic → device → JSON → schema → clock check → batch → durable write. `handle()` resolves only once the
 * message is committed (or has been rejected and counted); it throws only when the database could not take it, and
 * then the broker must not acknowledge (the device, or the broker's session, sends it again).
 *
 * Batching: messages that arrive while a batch is being written wait for the next one (group commit), so the batch
 * size follows the load — one message at a time when idle, up to `maxBatch` under pressure.
 * A batch that fails on bad data is split in halves until the offending message is isolated and rejected alone.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { SN_PATTERN as SN_RULE } from '@helio/contracts/validation';
import type { DeviceKind } from '../../db/schema-device.js';
import { isDataError } from './raw-db.js';
import { parseTimestamp, type DeviceInfo, type IngestItem, type TelemetryRepository, type WriteResult } from './telemetry.repository.js';
import { validators, verdict, type EventPayload, type StatusPayload } from './telemetry.schema.js';

export const REJECT_REASONS = [
  'malformed',
  'too_large',
  'out_of_range',
  'clock_skew',
  'unknown_sn',
  'bad_credential',
  'forbidden_topic',
  'unsupported_topic',
  'db_rejected',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export type Outcome = { status: 'stored' | 'duplicate' } | { status: 'rejected'; reason: RejectReason; detail?: string };

export const TOPIC_PREFIX = 'helio/v1/';
const TOPIC = /^helio\/v1\/([A-Za-z0-9_-]{4,64})\/(telemetry|event|status|cmd\/.+)$/;
/** Device serial numbers: the shared rule (contracts), also checked by the factory lists' forms and API. */
export const SN_PATTERN = new RegExp(SN_RULE);

export function parseTopic(topic: string): { sn: string; kind: string } | undefined {
  const m = TOPIC.exec(topic);
  return m ? { sn: m[1]!, kind: m[2]! } : undefined;
}

export const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** Constant-time check of a presented secret against its stored sha256. */
export function secretMatches(secret: string | Buffer | undefined, hash: string): boolean {
  if (secret === undefined || !/^[0-9a-f]{64}$/.test(hash)) return false;
  const got = createHash('sha256').update(secret).digest();
  return timingSafeEqual(got, Buffer.from(hash, 'hex'));
}

/** Registered devices by SN, cached (positive 60 s, negative 15 s) so a reconnect storm does not hit the database. */
export class DeviceDirectory {
  private readonly cache = new Map<string, { info: DeviceInfo | undefined; at: number }>();
  private readonly inflight = new Map<string, Promise<DeviceInfo | undefined>>();

  constructor(
    private readonly repo: TelemetryRepository,
    private readonly defaultTz: string,
    private readonly ttlMs = 60_000,
    private readonly negativeTtlMs = 15_000,
  ) {}

  async get(sn: string): Promise<DeviceInfo | undefined> {
    const hit = this.cache.get(sn);
    const now = Date.now();
    if (hit && now - hit.at < (hit.info ? this.ttlMs : this.negativeTtlMs)) return hit.info;
    let p = this.inflight.get(sn);
    if (!p) {
      p = this.repo.findDevice(sn, this.defaultTz).finally(() => this.inflight.delete(sn));
      this.inflight.set(sn, p);
    }
    const info = await p;
    if (this.cache.size > 500_000) this.cache.clear();
    this.cache.set(sn, { info, at: Date.now() });
    return info;
  }

  /** Loads every registered device at once (start-up). */
  async preload(): Promise<number> {
    const all = await this.repo.loadDevices(this.defaultTz);
    const now = Date.now();
    for (const d of all) this.cache.set(d.sn, { info: d, at: now });
    return all.length;
  }

  invalidate(sn?: string): void {
    if (sn === undefined) this.cache.clear();
    else this.cache.delete(sn);
  }
}

export interface IngestOptions {
  defaultTz: string;
  /** Reject reports stamped further ahead than this (device clock wrong). */
  maxFutureMs?: number;
  /** Reject reports older than this (buffered history within it is accepted). */
  maxPastMs?: number;
  maxBatch?: number;
  maxPayloadBytes?: number;
  /** Concurrent batch transactions (PostgreSQL pool); PGlite has one connection. */
  concurrency?: number;
  counterFlushMs?: number;
  now?: () => number;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

interface Pending {
  item: IngestItem;
  resolve(r: WriteResult | { rejected: RejectReason }): void;
  reject(e: unknown): void;
}

interface CounterEntry {
  count: number;
  lastSn: string | null;
  lastDetail: string | null;
  lastTime: Date;
}

export class IngestService {
  readonly devices: DeviceDirectory;
  /** Totals since start by outcome (stored, duplicate and each rejection reason). */
  readonly totals: Record<string, number> = { stored: 0, duplicate: 0 };
  readonly batchSizes = { batches: 0, messages: 0, max: 0 };
  private readonly pendingCounters = new Map<string, CounterEntry>();
  private queue: Pending[] = [];
  private flushing = 0;
  private scheduled = false;
  private closed = false;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly o: Required<Omit<IngestOptions, 'log'>> & Pick<IngestOptions, 'log'>;

  constructor(
    readonly repo: TelemetryRepository,
    opts: IngestOptions,
  ) {
    this.o = {
      maxFutureMs: 5 * 60_000,
      maxPastMs: 7 * 86_400_000,
      maxBatch: 1000,
      maxPayloadBytes: 16 * 1024,
      concurrency: repo.db.kind === 'postgres' ? 2 : 1,
      counterFlushMs: 10_000,
      now: Date.now,
      ...opts,
    };
    this.devices = new DeviceDirectory(repo, opts.defaultTz);
    if (this.o.counterFlushMs > 0) {
      this.timer = setInterval(() => void this.flushCounters().catch(() => undefined), this.o.counterFlushMs);
      this.timer.unref();
    }
  }

  /** Counts a rejection (messages and connections alike). */
  reject(reason: RejectReason, sn: string | null, detail?: string): Outcome {
    this.totals[reason] = (this.totals[reason] ?? 0) + 1;
    const now = new Date(this.o.now());
    const key = `${now.toISOString().slice(0, 10)}|${reason}`;
    const e = this.pendingCounters.get(key);
    const safeSn = sn && SN_PATTERN.test(sn) ? sn : sn ? sn.replace(/[^\w-]/g, '?').slice(0, 64) : null;
    if (e) {
      e.count++;
      e.lastSn = safeSn ?? e.lastSn;
      e.lastDetail = detail ?? e.lastDetail;
      e.lastTime = now;
    } else {
      this.pendingCounters.set(key, { count: 1, lastSn: safeSn, lastDetail: detail ?? null, lastTime: now });
    }
    return { status: 'rejected', reason, ...(detail ? { detail } : {}) };
  }

  async flushCounters(): Promise<void> {
    if (this.pendingCounters.size === 0) return;
    const rows = [...this.pendingCounters.entries()].map(([k, e]) => {
      const [day, reason] = k.split('|') as [string, string];
      return { day, reason, ...e };
    });
    this.pendingCounters.clear();
    try {
      await this.repo.addCounters(rows);
    } catch (err) {
      // keep them for the next flush
      for (const r of rows) {
        const key = `${r.day}|${r.reason}`;
        const e = this.pendingCounters.get(key);
        if (e) e.count += r.count;
        else this.pendingCounters.set(key, { count: r.count, lastSn: r.lastSn, lastDetail: r.lastDetail, lastTime: r.lastTime });
      }
      throw err;
    }
  }

  /**
   * One MQTT message. `authSn` is the SN the connection authenticated as (embedded broker); undefined when an
   * external broker authenticated the device (the topic's SN is then trusted).
   */
  async handle(topic: string, payload: Buffer | Uint8Array | string, authSn?: string): Promise<Outcome> {
    const t = parseTopic(topic);
    if (!t) return this.reject('unsupported_topic', authSn ?? null, topic.slice(0, 100));
    if (authSn !== undefined && authSn !== t.sn) return this.reject('forbidden_topic', authSn, topic.slice(0, 100));
    if (t.kind.startsWith('cmd/')) return this.reject('unsupported_topic', t.sn, 'command replies are not handled yet');
    const device = await this.devices.get(t.sn);
    if (!device) return this.reject('unknown_sn', t.sn);
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
    if (size > this.o.maxPayloadBytes) return this.reject('too_large', t.sn, `${size} bytes`);
    const text = typeof payload === 'string' ? payload : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return this.reject('malformed', t.sn, 'not JSON');
    }
    const kind = t.kind as 'telemetry' | 'event' | 'status';
    const v = verdict(kind === 'telemetry' ? validators[device.type as DeviceKind] : validators[kind], body);
    if (!v.ok) return this.reject(v.reason, t.sn, v.detail);
    const ts = parseTimestamp((body as { ts: number | string }).ts);
    if (ts === null) return this.reject('malformed', t.sn, 'ts is not a timestamp');
    const now = this.o.now();
    if (ts > now + this.o.maxFutureMs || ts < now - this.o.maxPastMs) {
      return this.reject('clock_skew', t.sn, `ts ${new Date(ts).toISOString()}`);
    }
    const item: IngestItem =
      kind === 'telemetry'
        ? { kind, device, ts, payload: body as never, raw: text }
        : kind === 'event'
          ? { kind, device, ts, payload: body as EventPayload }
          : { kind, device, ts, payload: body as StatusPayload };
    const r = await this.enqueue(item);
    if (typeof r === 'object') return this.reject(r.rejected, t.sn, 'the database refused the row');
    this.totals[r]!++;
    return { status: r };
  }

  private enqueue(item: IngestItem): Promise<WriteResult | { rejected: RejectReason }> {
    if (this.closed) return Promise.reject(new Error('ingest is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.scheduled || this.queue.length === 0 || this.flushing >= this.o.concurrency) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flushNext();
    });
  }

  private async flushNext(): Promise<void> {
    if (this.flushing >= this.o.concurrency || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.o.maxBatch);
    this.flushing++;
    this.kick();
    try {
      this.batchSizes.batches++;
      this.batchSizes.messages += batch.length;
      this.batchSizes.max = Math.max(this.batchSizes.max, batch.length);
      await this.write(batch);
    } finally {
      this.flushing--;
      this.kick();
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      const results = await this.repo.writeBatch(batch.map((p) => p.item), new Date(this.o.now()));
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (e) {
      if (isDataError(e) && batch.length > 1) {
        const mid = Math.ceil(batch.length / 2);
        await this.write(batch.slice(0, mid));
        await this.write(batch.slice(mid));
      } else if (isDataError(e)) {
        this.o.log?.warn({ err: e, sn: batch[0]!.item.device.sn }, 'telemetry row refused by the database');
        batch[0]!.resolve({ rejected: 'db_rejected' });
      } else {
        this.o.log?.error({ err: e }, 'telemetry batch not written; the broker will redeliver');
        for (const p of batch) p.reject(e);
      }
    }
  }

  /** Waits for queued batches, flushes counters, refuses new messages. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    while (this.queue.length || this.flushing) await new Promise((r) => setTimeout(r, 5));
    await this.flushCounters().catch(() => undefined);
  }

  /** Resolves when nothing is queued or being written (tests). */
  async idle(): Promise<void> {
    while (this.queue.length || this.flushing || this.scheduled) await new Promise((r) => setTimeout(r, 2));
  }
}
