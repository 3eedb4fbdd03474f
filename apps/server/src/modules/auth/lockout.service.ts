/**
 * Brute-force brake: failures are counted per tenant+account and per client IP within a window (default 5 in 30
 * minutes). Past the limit every attempt gets the same generic error as a wrong password, so a locked or missing
 * account cannot be told apart. `user/unlock` clears an account's counter.
 */
import type { KvStore } from '../../core/kv-store.js';

export interface LockoutPolicy {
  maxFailures: number;
  ipMaxFailures: number;
  windowMs: number;
}

const acctKey = (tenantId: string, account: string) => `login-fail:acct:${tenantId}:${account.toLowerCase()}`;
const ipKey = (ip: string) => `login-fail:ip:${ip}`;

export class LockoutService {
  constructor(
    private readonly kv: KvStore,
    private readonly policy: LockoutPolicy,
  ) {}

  async isLocked(tenantId: string, account: string, ip: string): Promise<boolean> {
    const [a, i] = await Promise.all([this.kv.get(acctKey(tenantId, account)), this.kv.get(ipKey(ip))]);
    return Number(a ?? 0) >= this.policy.maxFailures || Number(i ?? 0) >= this.policy.ipMaxFailures;
  }

  async recordFailure(tenantId: string, account: string, ip: string): Promise<void> {
    await Promise.all([
      this.kv.incr(acctKey(tenantId, account), this.policy.windowMs),
      this.kv.incr(ipKey(ip), this.policy.windowMs),
    ]);
  }

  async recordSuccess(tenantId: string, account: string): Promise<void> {
    await this.kv.del(acctKey(tenantId, account));
  }

  async unlock(tenantId: string, account: string): Promise<void> {
    await this.kv.del(acctKey(tenantId, account));
  }
}
