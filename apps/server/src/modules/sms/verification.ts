/**
 * Phone verification codes in the shared KvStore (Redis across processes): 6 digits, valid 5 minutes, single use,
 * at most 5 wrong tries. Requests are limited per phone (one a minute, ten a day) and per client IP (twenty an
 * hour). Counters move whether or not the phone belongs to an account, so the answers tell nothing about that.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { ELEVEN_DIGIT_MOBILE_CODES } from '@helio/contracts/validation';
import { BizError } from '../../core/errors.js';
import type { KvStore } from '../../core/kv-store.js';

export type CodeScene = 'login' | 'forget' | 'verify';
export const CODE_SCENES: readonly CodeScene[] = ['login', 'forget', 'verify'];

export const CODE_TTL_MS = 5 * 60_000;
export const RESEND_MS = 60_000;
export const PHONE_DAILY_MAX = 10;
export const IP_HOURLY_MAX = 20;
export const MAX_TRIES = 5;

export interface Phone {
  dial: string;
  number: string;
}

/** `+86` / `86` / `0086` → `+86`; the number digits only, 5–15 (11 for China mainland). */
export function normalisePhone(rawPhone: unknown, rawDial: unknown): Phone {
  const dialDigits = String(rawDial ?? '+86').trim().replace(/^\+|^00/, '');
  const number = String(rawPhone ?? '').trim().replace(/[\s-]/g, '');
  if (!/^\d{1,4}$/.test(dialDigits) || !/^\d{5,15}$/.test(number)) throw new BizError('phoneInvalid');
  const dial = `+${dialDigits}`;
  if (ELEVEN_DIGIT_MOBILE_CODES.includes(dial) && !/^1\d{10}$/.test(number)) throw new BizError('phoneInvalid');
  return { dial, number };
}

export function maskPhone(p: Phone): string {
  const n = p.number;
  return n.length >= 7 ? `${n.slice(0, 3)}****${n.slice(-4)}` : `${n.slice(0, 1)}****`;
}

const full = (p: Phone) => `${p.dial}${p.number}`;

export class VerificationCodes {
  constructor(private readonly kv: KvStore) {}

  /** Counts a request against the limits; throws when one is exceeded. */
  async admit(p: Phone, ip: string): Promise<void> {
    if ((await this.kv.incr(`sms:ip:${ip}`, 3_600_000)) > IP_HOURLY_MAX) throw new BizError('smsLimitReached');
    // Per phone whatever the tenant asked for: the limits protect the phone's owner (and the SMS bill).
    if ((await this.kv.incr(`sms:gap:${full(p)}`, RESEND_MS)) > 1) throw new BizError('smsTooFrequent', { seconds: RESEND_MS / 1000 });
    if ((await this.kv.incr(`sms:day:${full(p)}`, 86_400_000)) > PHONE_DAILY_MAX) throw new BizError('smsLimitReached');
  }

  /** A new code for the phone and scene (replacing an older one). */
  async issue(scene: CodeScene, tenantId: string, p: Phone): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.kv.set(this.key(scene, tenantId, p), JSON.stringify({ c: code, n: 0, e: Date.now() + CODE_TTL_MS }), CODE_TTL_MS);
    return code;
  }

  /** True once for the right code; wrong tries count, and the fifth wrong one ends the code. */
  async verify(scene: CodeScene, tenantId: string, p: Phone, code: unknown): Promise<boolean> {
    const key = this.key(scene, tenantId, p);
    const raw = await this.kv.get(key);
    if (!raw) return false;
    const entry = JSON.parse(raw) as { c: string; n: number; e: number };
    const given = Buffer.from(String(code ?? '').trim());
    const want = Buffer.from(entry.c);
    if (given.length === want.length && timingSafeEqual(given, want)) {
      // take(): only one of two concurrent correct answers wins.
      return (await this.kv.take(key)) !== null;
    }
    entry.n++;
    const left = entry.e - Date.now();
    if (entry.n >= MAX_TRIES || left <= 0) await this.kv.del(key);
    else await this.kv.set(key, JSON.stringify(entry), left);
    return false;
  }

  private key(scene: CodeScene, tenantId: string, p: Phone): string {
    return `sms:code:${scene}:${tenantId}:${full(p)}`;
  }
}
