/**
 * Short-lived shared state (captcha answers, login failure counters, revoked sessions cache hints, SMS codes).
 * Redis when REDIS_URL is set, so several Helio processes share it; an in-process map otherwise.
 */
import { Redis } from 'ioredis';

export interface KvStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Read and delete in one step (single use). */
  take(key: string): Promise<string | null>;
  /** Increment a counter; the TTL is set when the counter is created. Returns the new value. */
  incr(key: string, ttlMs: number): Promise<number>;
  del(key: string): Promise<void>;
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

export class RedisKvStore implements KvStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'helio:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3, enableOfflineQueue: true });
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'PX', ttlMs);
  }

  async take(key: string): Promise<string | null> {
    return this.redis.getdel(this.prefix + key);
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    const k = this.prefix + key;
    const [[, n]] = (await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec()) as [[Error | null, number]];
    return n;
  }

  async del(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createKvStore(redisUrl: string | undefined, prefix?: string): KvStore {
  return redisUrl ? new RedisKvStore(redisUrl, prefix) : new MemoryKvStore();
}
