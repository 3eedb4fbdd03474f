/**
 * Snowflake-style 64-bit ids (ms timestamp since 2020-01-01, 10-bit worker, 12-bit sequence), sent to clients as
 * strings like every Blade id. The worker id is random per process so several Helio processes do not collide.
 */
import { randomInt } from 'node:crypto';
import { isIdText } from '@helio/contracts/validation';

const EPOCH = 1577836800000n; // 2020-01-01T00:00:00Z
const worker = BigInt(randomInt(0, 1024));
let lastMs = 0n;
let seq = 0n;

export function nextId(): string {
  let now = BigInt(Date.now());
  if (now < lastMs) now = lastMs; // clock went backwards: keep monotonic
  if (now === lastMs) {
    seq = (seq + 1n) & 0xfffn;
    if (seq === 0n) now = lastMs + 1n; // sequence exhausted this ms: borrow the next one
  } else {
    seq = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | seq).toString();
}

/** Ids arrive as strings (or numbers from lax clients); only decimal digits within the signed 64-bit range are ids. */
export function isId(v: unknown): v is string {
  return isIdText(v);
}

/** Parse `ids=1,2,3` (or an array) into a de-duplicated list of valid ids; anything else is dropped. */
export function parseIds(raw: unknown): string[] {
  const parts: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' || typeof raw === 'number' ? String(raw).split(',') : [];
  const out = new Set<string>();
  for (const p of parts) {
    const s = String(p).trim();
    if (isId(s)) out.add(s);
  }
  return [...out];
}
