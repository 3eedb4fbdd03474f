/**
 * Per-deployment keys, generated at first start and kept in the database (so every process of a deployment shares
 * them): the HS256 JWT signing key and the SM2 key pair used by the SpringBlade token contract. A configured JWT
 * key must be ≥ 32 bytes and must not be one of the Blade family's published default keys.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sm2 } from 'sm-crypto-v2';
import type { Db } from '../../db/client.js';
import { secret } from '../../db/schema.js';

/** Sign keys the Blade family shipped in public code (CVE-2021-44910 and friends). Refused outright. */
export const KNOWN_DEFAULT_KEYS = [
  'Blade',
  'BladeX',
  'SpringBlade',
  'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
  'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject1',
  'saber',
  'secret',
];

export class KeyConfigError extends Error {}

export function assertUsableSecret(key: string): void {
  if (KNOWN_DEFAULT_KEYS.some((k) => k.toLowerCase() === key.toLowerCase())) {
    throw new KeyConfigError('HELIO_JWT_SECRET is a published Blade default key; choose a random one (or unset it)');
  }
  if (Buffer.byteLength(key) < 32) throw new KeyConfigError('HELIO_JWT_SECRET must be at least 32 bytes');
  if (new Set(key).size < 8) throw new KeyConfigError('HELIO_JWT_SECRET has too little variety to be a secret');
}

export interface Keys {
  jwt: Uint8Array;
  sm2PublicKey: string;
  sm2PrivateKey: string;
}

async function getOrCreate(db: Db, name: string, make: () => string): Promise<string> {
  const [row] = await db.select().from(secret).where(eq(secret.name, name));
  if (row) return row.value;
  await db.insert(secret).values({ name, value: make() }).onConflictDoNothing();
  const [again] = await db.select().from(secret).where(eq(secret.name, name));
  return again!.value;
}

export async function loadKeys(db: Db, configured?: string): Promise<Keys> {
  let jwt: Uint8Array;
  if (configured) {
    assertUsableSecret(configured);
    jwt = new TextEncoder().encode(configured);
  } else {
    const b64 = await getOrCreate(db, 'jwt_hs256', () => randomBytes(48).toString('base64'));
    jwt = Buffer.from(b64, 'base64');
  }
  const pair = await getOrCreate(db, 'sm2_keypair', () => JSON.stringify(sm2.generateKeyPairHex()));
  const { publicKey, privateKey } = JSON.parse(pair) as { publicKey: string; privateKey: string };
  return { jwt, sm2PublicKey: publicKey, sm2PrivateKey: privateKey };
}

/**
 * Decrypt a SpringBlade-contract password: SM2 C1C2C3 hex as sm-crypto's `doEncrypt(pwd, pub, 0)` produces it,
 * with or without the leading `04` of the uncompressed point. Returns null when it cannot be decrypted.
 */
export function sm2Decrypt(cipherHex: string, privateKey: string): string | null {
  if (!/^[0-9a-fA-F]+$/.test(cipherHex) || cipherHex.length < 194) return null;
  const attempts = cipherHex.startsWith('04') ? [cipherHex, cipherHex.slice(2)] : [cipherHex];
  for (const c of attempts) {
    try {
      const plain: string = sm2.doDecrypt(c, privateKey, 0, { output: 'string' });
      if (plain.length > 0) return plain;
    } catch {
      // try the next form
    }
  }
  return null;
}
