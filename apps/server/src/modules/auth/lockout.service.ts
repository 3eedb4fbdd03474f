/**
 * Brute-force brakes for sign-in (OWASP Authentication cheat sheet: count per account, slow an address down rather
 * than lock it, let an administrator clear both).
 *
 * - Per tenant+account: HELIO_LOGIN_MAX_FAILURES failures (default 5) within the window (HELIO_LOGIN_LOCK_MINUTES,
 *   default 30) lock the account until the window ends or an administrator runs `user/unlock`. A locked account gets
 *   the same generic error as a wrong password, so a locked or missing account cannot be told apart.
 * - Per client IP: failures across all accounts are counted in the same window. Below HELIO_LOGIN_IP_MAX_FAILURES
 *   (default 100) nothing happens. From there on the address is slowed down, never locked: one attempt is evaluated
 *   per delay period — 1 s, doubling with every further failure, at most 60 s — and attempts inside the period are
 *   answered "too many attempts, try again in N seconds" without checking the password and without counting.
 *   An attempt that is evaluated is judged only by the account: the right password for an account that is not itself
 *   locked always signs in. So the IP can delay a correct sign-in by at most IP_MAX_DELAY_MS, never refuse it for
 *   good; the counter ends with the window, and an administrator can clear an address at once (`unlockIp`).
 *   IPv6 clients are counted per /64 (one subscriber's prefix), IPv4-mapped IPv6 as the IPv4 address.
 */
import { isIP } from 'node:net';
import type { KvStore } from '../../core/kv-store.js';

export interface LockoutPolicy {
  maxFailures: number;
  ipMaxFailures: number;
  windowMs: number;
}

/** First delay once an address is past its limit, and the ceiling of the doubling. */
export const IP_BASE_DELAY_MS = 1000;
export const IP_MAX_DELAY_MS = 60_000;

export type IpGate = { ok: true } | { ok: false; retryAfterSeconds: number };

const acctKey = (tenantId: string, account: string) => `login-fail:acct:${tenantId}:${account.toLowerCase()}`;

/** The unit an address is counted in: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix. */
export function ipBucket(ip: string): string {
  const v4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1];
  if (v4) return v4;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const h = groups(head);
  const t = groups(tail);
  const full = tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${full.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

const ipKey = (ip: string) => `login-fail:ip:${ipBucket(ip)}`;
const slotKey = (ip: string) => `login-slot:ip:${ipBucket(ip)}`;

export class LockoutService {
  constructor(
    private readonly kv: KvStore,
    private readonly policy: LockoutPolicy,
  ) {}

  /** The delay an address waits between evaluated attempts, or 0 while it is under its limit. */
  ipDelayMs(failures: number): number {
    const over = failures - this.policy.ipMaxFailures;
    if (over < 0) return 0;
    return Math.min(IP_BASE_DELAY_MS * 2 ** Math.min(over, 16), IP_MAX_DELAY_MS);
  }

  /**
   * Whether an attempt from this address is evaluated now. Past the limit, the first attempt of each delay period
   * takes the period's single slot (an atomic counter that expires with the period); the others wait.
   */
  async ipGate(ip: string): Promise<IpGate> {
    const delay = this.ipDelayMs(Number((await this.kv.get(ipKey(ip))) ?? 0));
    if (delay === 0) return { ok: true };
    if ((await this.kv.incr(slotKey(ip), delay)) === 1) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.ceil(delay / 1000) };
  }

  /** Whether the account itself is locked (the address never locks an account). */
  async isLocked(tenantId: string, account: string): Promise<boolean> {
    return Number((await this.kv.get(acctKey(tenantId, account))) ?? 0) >= this.policy.maxFailures;
  }

  /** A failed attempt: counts for the address, and for the account unless it is already locked. */
  async recordFailure(tenantId: string, account: string, ip: string, accountLocked = false): Promise<void> {
    await Promise.all([
      accountLocked ? undefined : this.kv.incr(acctKey(tenantId, account), this.policy.windowMs),
      this.kv.incr(ipKey(ip), this.policy.windowMs),
    ]);
  }

  async recordSuccess(tenantId: string, account: string): Promise<void> {
    await this.kv.del(acctKey(tenantId, account));
  }

  /** `user/unlock`: clears the account's counter. */
  async unlock(tenantId: string, account: string): Promise<void> {
    await this.kv.del(acctKey(tenantId, account));
  }

  /** An administrator clears an address: its failure counter and its current delay. */
  async unlockIp(ip: string): Promise<void> {
    await Promise.all([this.kv.del(ipKey(ip)), this.kv.del(slotKey(ip))]);
  }
}
