/**
 * Short-lived shared state (captcha answers, login failure counters, revoked sessions cache hints, SMS codes).
 * Redis when REDIS_URL is set, so several Helio processes share it; an in-process map otherwise.
 */
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { lazyRequire } from './lazy-import.js';
import { BizError } from './errors.js';

/** Only with REDIS_URL (core/lazy-import.ts). */
const ioredis = lazyRequire<typeof IORedis>('ioredis');

export interface KvStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Read and delete in one step (single use). */
  take(key: string): Promise<string | null>;
  /** Increment a counter; the TTL is set when the counter is created. Returns the new value. */
  incr(key: string, ttlMs: number): Promise<number>;
  del(key: string): Promise<void>;
  /** Whether the store answers (readiness): resolves, or rejects when it is away. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryKvStore implements KvStore {
  private readonly map = new Map<string, { value: string; expires: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.timer = setInterval(() => this.sweep(), 60_000);
    this.timer.unref();
  }

  private live(key: string): { value: string; expires: number } | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }

  private sweep(): void {
    const t = this.now();
    for (const [k, e] of this.map) if (e.expires <= t) this.map.delete(k);
  }

  async ping(): Promise<void> {}

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.map.set(key, { value, expires: this.now() + ttlMs });
  }

  async take(key: string): Promise<string | null> {
    const e = this.live(key);
    this.map.delete(key);
    return e?.value ?? null;
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    const e = this.live(key);
    const next = (e ? Number(e.value) : 0) + 1;
    this.map.set(key, { value: String(next), expires: e ? e.expires : this.now() + ttlMs });
    return next;
  }

  async del(key: string): Promise<void> {
    this.map.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.map.clear();
  }
}

/**
 * Redis away (stopped, restarting, unreachable): a clear, translated 503 for the request that needed it, soon — a
 * command waits for a reconnection at most `COMMAND_TIMEOUT_MS` and is not retried — never a 500 or a hung request.
 * The client reconnects by itself; nothing restarts (test/faults.test.ts).
 */
const COMMAND_TIMEOUT_MS = 2000;

export class RedisKvStore implements KvStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'helio:') {
    this.redis = new (ioredis().Redis)(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true, commandTimeout: COMMAND_TIMEOUT_MS });
    // Connection errors are the client's to recover from (it reconnects); commands in flight fail and say so.
    this.redis.on('error', () => undefined);
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      throw new BizError('kvUnavailable', {}, 503);
    }
  }

  async ping(): Promise<void> {
    // Not through the offline queue: a store that is away answers at once, not after its reconnection.
    if (this.redis.status !== 'ready') throw new Error(`redis ${this.redis.status}`);
    await this.redis.ping();
  }

  async get(key: string): Promise<string | null> {
    return this.run(() => this.redis.get(this.prefix + key));
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.run(() => this.redis.set(this.prefix + key, value, 'PX', ttlMs));
  }

  async take(key: string): Promise<string | null> {
    return this.run(() => this.redis.getdel(this.prefix + key));
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    const k = this.prefix + key;
    const [[, n]] = (await this.run(() => this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec())) as [[Error | null, number]];
    return n;
  }

  async del(key: string): Promise<void> {
    await this.run(() => this.redis.del(this.prefix + key));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export function createKvStore(redisUrl: string | undefined, prefix?: string): KvStore {
  return redisUrl ? new RedisKvStore(redisUrl, prefix) : new MemoryKvStore();
}
