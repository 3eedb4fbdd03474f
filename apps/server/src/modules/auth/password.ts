/**
 * Password storage. The canonical input is `md5(password)` as lowercase hex — what BladeX web clients put on the
 * wire — and that is hashed with argon2id (OWASP: m = 19 MiB, t = 2, p = 1). A legacy Blade hash
 * (`sha1(md5hex)`, 40 hex digits, unsalted) still verifies once and is then replaced by an argon2id hash.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // @node-rs/argon2 Algorithm.Argon2id (a const enum, not importable under isolatedModules)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const MD5_HEX = /^[0-9a-f]{32}$/i;
const LEGACY = /^[0-9a-f]{40}$/i;

export function md5Hex(s: string): string {
  return createHash('md5').update(s, 'utf8').digest('hex');
}

/**
 * What a client sent → the canonical md5 hex. A 32-hex-digit value is taken as an md5 digest already (no plain
 * password can be that: the policy allows at most 16 characters for new ones); anything else is plain text.
 */
export function canonicalPassword(wire: string): string {
  return MD5_HEX.test(wire) ? wire.toLowerCase() : md5Hex(wire);
}

export async function hashPassword(plain: string): Promise<string> {
  return hash(md5Hex(plain), OPTIONS as never);
}

export async function hashCanonical(canonical: string): Promise<string> {
  return hash(canonical, OPTIONS as never);
}

let dummyHash: Promise<string> | undefined;

export interface VerifyResult {
  ok: boolean;
  /** The stored hash is legacy or has old parameters: store `hashCanonical(canonical)` now. */
  rehash: boolean;
}

export async function verifyPassword(stored: string | undefined, canonical: string): Promise<VerifyResult> {
  if (stored === undefined) {
    // Spend the same time as a real check so a missing account cannot be told apart by timing.
    dummyHash ??= hashCanonical(md5Hex('helio-dummy-password'));
    await verify(await dummyHash, canonical).catch(() => false);
    return { ok: false, rehash: false };
  }
  if (stored.startsWith('$argon2')) {
    const ok = await verify(stored, canonical).catch(() => false);
    return { ok, rehash: ok && !stored.includes('m=19456,t=2,p=1') };
  }
  if (LEGACY.test(stored)) {
    const candidate = createHash('sha1').update(canonical, 'utf8').digest();
    const ok = timingSafeEqual(candidate, Buffer.from(stored.toLowerCase(), 'hex'));
    return { ok, rehash: ok };
  }
  return { ok: false, rehash: false };
}

/** Spec §5: 8–16 characters with letters and digits. */
export function isStrongPassword(p: string): boolean {
  return p.length >= 8 && p.length <= 16 && /[A-Za-z]/.test(p) && /\d/.test(p);
}
