/**
 * The ingest: topic → device → JSON → schema → clock check (ingest-check.ts) → batch → durable write. `handle()`
 * resolves only once the message is committed (or has been rejected and counted); it throws only when the database
 * could not take it, and then the broker must not acknowledge (the device, or the broker's session, sends it again).
 *
 * Batching: messages that arrive while a batch is being written wait for the next one (group commit), so the batch
 * size follows the load — one message at a time when idle, up to `maxBatch` under pressure.
 * A batch that fails on bad data is split in halves until the offending message is isolated and rejected alone.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { SN_PATTERN as SN_RULE } from '@helio/contracts/validation';
import { databaseErrorReason, isDatabaseUnavailable } from '../../core/errors.js';
import { isDataError } from './raw-db.js';
import { checkMessage, type Checked, type MessageKind } from './ingest-check.js';
import { printable } from './mqtt-acl.js';
import type { DeviceInfo, IngestItem, WriteResult } from './ingest-item.js';
import type { TelemetryRepository } from './telemetry.repository.js';

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
  // Refused by the embedded broker (connection-level; docs/device-protocol.md, "Access control" and "Limits").
  'retained',
  'rate_limited',
  'packet_too_large',
  'client_id',
  'unsupported_protocol',
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
  /**
   * The database away (connection lost or refused): batches wait in the queue and are retried, one at a time, after
   * `retryMinMs` doubling up to `retryMaxMs`; a message still not stored `retryWindowMs` after it arrived fails
   * unacknowledged, and the device (or the external broker) sends it again.
   */
  retryWindowMs?: number;
  retryMinMs?: number;
  retryMaxMs?: number;
  now?: () => number;
  /** After each committed batch, with the number of reports it stored (not duplicates): `telemetry.reported`. */
  onStored?: (count: number) => void;
  log?: { info?(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

interface Pending {
  item: IngestItem;
  /** Arrival order and time (Date.now): requeued batches keep their place; the retry window counts from here. */
  seq: number;
  queuedAt: number;
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
  /** Replies to device commands (`cmd/resp/{id}`), set by the device path when commands run (commands.ts). */
  commandReplies: ((sn: string, id: string, payload: Buffer | Uint8Array | string) => Promise<Outcome>) | undefined;
  private readonly pendingCounters = new Map<string, CounterEntry>();
  private queue: Pending[] = [];
  /** Messages waiting for a batch write, and batches being written (metrics). */
  depth(): { queued: number; flushing: number } {
    return { queued: this.queue.length, flushing: this.flushing };
  }
  private flushing = 0;
  private scheduled = false;
  private closed = false;
  private seq = 0;
  /** Set while the database is away: writes resume at `until` (one probe batch at a time). */
  private outage: { since: number; delay: number; until: number } | undefined;
  private resumeTimer: NodeJS.Timeout | undefined;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly o: Required<Omit<IngestOptions, 'log' | 'onStored'>> & Pick<IngestOptions, 'log' | 'onStored'>;

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
      retryWindowMs: 30_000,
      retryMinMs: 100,
      retryMaxMs: 5_000,
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
    if (!t) return this.reject('unsupported_topic', authSn ?? null, printable(topic));
    if (authSn !== undefined && authSn !== t.sn) return this.reject('forbidden_topic', authSn, printable(topic));
    if (t.kind.startsWith('cmd/resp/') && this.commandReplies) {
      const r = await this.commandReplies(t.sn, t.kind.slice('cmd/resp/'.length), payload);
      return r.status === 'rejected' ? this.reject(r.reason, t.sn, r.detail) : r;
    }
    if (t.kind.startsWith('cmd/')) return this.reject('unsupported_topic', t.sn, 'command replies are not handled here');
    // Only the database may make a message unacknowledged: the device lookup and the write below propagate their
    // errors; everything in between is pure, and whatever it throws on is this message's fault — rejected, counted
    // and acknowledged, so one poison message can never wedge a device.
    const device = await this.devices.get(t.sn);
    if (!device) return this.reject('unknown_sn', t.sn);
    let checked: Checked;
    try {
      checked = checkMessage(t.kind as MessageKind, device, payload, { ...this.o, now: this.o.now() });
    } catch (err) {
      this.o.log?.warn({ err, sn: t.sn }, 'unreadable telemetry message rejected');
      checked = { reason: 'malformed', detail: 'unreadable message' };
    }
    if ('reason' in checked) return this.reject(checked.reason, t.sn, checked.detail);
    const r = await this.enqueue(checked.item);
    if (typeof r === 'object') return this.reject(r.rejected, t.sn, 'the database refused the row');
    this.totals[r]!++;
    return { status: r };
  }

  private enqueue(item: IngestItem): Promise<WriteResult | { rejected: RejectReason }> {
    if (this.closed) return Promise.reject(new Error('ingest is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ item, seq: this.seq++, queuedAt: Date.now(), resolve, reject });
      this.kick();
    });
  }

  /** Concurrent batches: one while the database is away (a probe), the configured number otherwise. */
  private get limit(): number {
    return this.outage ? 1 : this.o.concurrency;
  }

  private kick(): void {
    if (this.scheduled || this.queue.length === 0 || this.flushing >= this.limit) return;
    const wait = this.outage ? this.outage.until - Date.now() : 0;
    if (wait > 0) {
      this.resumeTimer ??= setTimeout(() => {
        this.resumeTimer = undefined;
        this.kick();
      }, wait);
      return;
    }
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flushNext();
    });
  }

  private async flushNext(): Promise<void> {
    if (this.flushing >= this.limit || this.queue.length === 0) return;
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
      if (this.outage) this.resume();
      batch.forEach((p, i) => p.resolve(results[i]!));
      const stored = results.filter((r) => r === 'stored').length;
      if (stored && this.o.onStored) {
        try {
          this.o.onStored(stored);
        } catch (e) {
          this.o.log?.warn({ err: e }, 'telemetry.reported listener failed');
        }
      }
    } catch (e) {
      if (isDataError(e) && batch.length > 1) {
        const mid = Math.ceil(batch.length / 2);
        await this.write(batch.slice(0, mid));
        await this.write(batch.slice(mid));
      } else if (isDataError(e)) {
        this.o.log?.warn({ err: e, sn: batch[0]!.item.device.sn }, 'telemetry row refused by the database');
        batch[0]!.resolve({ rejected: 'db_rejected' });
      } else if (isDatabaseUnavailable(e) && !this.closed) {
        this.pause(e, batch);
      } else {
        this.o.log?.error({ err: e }, 'telemetry batch not written; the broker will redeliver');
        for (const p of batch) p.reject(e);
      }
    }
  }

  /**
   * The database is away: the batch goes back to the queue in arrival order (nothing of it was acknowledged: the
   * transaction rolled back, or its commit is in doubt and the retry finds the rows as duplicates), writes wait with
   * backoff, and messages older than the retry window fail unacknowledged.
   */
  private pause(err: unknown, batch: Pending[]): void {
    const now = Date.now();
    if (!this.outage) {
      this.o.log?.warn({ reason: databaseErrorReason(err) }, 'database unavailable: ingest paused, retrying with backoff (nothing is acknowledged until stored)');
    }
    const delay = this.outage ? Math.min(this.o.retryMaxMs, this.outage.delay * 2) : this.o.retryMinMs;
    this.outage = { since: this.outage?.since ?? now, delay, until: now + delay };
    this.queue = [...batch, ...this.queue].sort((a, b) => a.seq - b.seq);
    const expired = this.queue.filter((p) => now - p.queuedAt >= this.o.retryWindowMs);
    if (expired.length) {
      this.queue = this.queue.filter((p) => now - p.queuedAt < this.o.retryWindowMs);
      this.o.log?.warn({ messages: expired.length }, 'database still unavailable: messages failed unacknowledged; devices will resend');
      for (const p of expired) p.reject(err);
    }
  }

  private resume(): void {
    const since = this.outage?.since ?? Date.now();
    this.outage = undefined;
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.resumeTimer = undefined;
    const log = this.o.log;
    (log?.info ?? log?.warn)?.call(log, { pausedMs: Date.now() - since }, 'database available again: ingest resumed');
  }

  /** Waits for queued batches, flushes counters, refuses new messages. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.resumeTimer = undefined;
    if (this.outage) {
      // Waiting for a database that is away: fail what waits (unacknowledged, so it is sent again) instead of hanging.
      const waiting = this.queue;
      this.queue = [];
      for (const p of waiting) p.reject(new Error('ingest closed while the database is unavailable'));
    }
    while (this.queue.length || this.flushing) await new Promise((r) => setTimeout(r, 5));
    await this.flushCounters().catch(() => undefined);
  }

  /** Resolves when nothing is queued or being written (tests). */
  async idle(): Promise<void> {
    while (this.queue.length || this.flushing || this.scheduled) await new Promise((r) => setTimeout(r, 2));
  }
}
