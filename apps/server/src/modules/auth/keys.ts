/**
 * Per-deployment keys: the HS256 JWT signing key and the SM2 key pair used by the SpringBlade token contract.
 *
 * Each comes from the environment or a file outside the database when configured (HELIO_JWT_SECRET(_FILE),
 * HELIO_SM2_PRIVATE_KEY(_FILE)), so a database dump alone does not yield it; otherwise it is generated at first start
 * and kept in helio_secret (every process of a deployment shares it). A configured key always wins over a generated
 * one already in the database: the generated one is left in place, unused, and reported by `unusedStoredKeys` so the
 * operator can delete it. A configured JWT key must be ≥ 32 bytes and must not be one of the Blade family's published
 * default keys.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { sm2 } from 'sm-crypto-v2';
import type { Db } from '../../db/client.js';
import { secret } from '../../db/schema.js';
import { SecretBox, STORAGE_KEY_ROW } from '../../core/secret-box.js';

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
  /** Where each key came from. */
  sources: { jwt: KeySource; sm2: KeySource };
  /** Names of helio_secret rows holding generated keys that a configured key replaced (safe to delete). */
  unusedStoredKeys: string[];
}

export type KeySource = 'configured' | 'database';

export interface ConfiguredKeys {
  jwtSecret?: string | undefined;
  sm2PrivateKey?: string | undefined;
}

const JWT_ROW = 'jwt_hs256';
const SM2_ROW = 'sm2_keypair';

async function getOrCreate(db: Db, name: string, make: () => string): Promise<string> {
  const [row] = await db.select().from(secret).where(eq(secret.name, name));
  if (row) return row.value;
  await db.insert(secret).values({ name, value: make() }).onConflictDoNothing();
  const [again] = await db.select().from(secret).where(eq(secret.name, name));
  return again!.value;
}

/** The public key of a configured SM2 private key, checked by a round trip. */
export function sm2PairFrom(privateKey: string): { publicKey: string; privateKey: string } {
  let publicKey: string;
  try {
    publicKey = sm2.getPublicKeyFromPrivateKey(privateKey);
    const probe = 'helio-sm2-probe';
    if (sm2Decrypt(sm2.doEncrypt(probe, publicKey, 0), privateKey) !== probe) throw new Error('round trip failed');
  } catch {
    throw new KeyConfigError('HELIO_SM2_PRIVATE_KEY is not a usable SM2 private key');
  }
  return { publicKey, privateKey };
}

async function storedNames(db: Db, names: string[]): Promise<string[]> {
  const rows = await db.select({ name: secret.name }).from(secret).where(inArray(secret.name, names));
  return rows.map((r) => r.name);
}

export async function loadKeys(db: Db, configured: ConfiguredKeys | string = {}): Promise<Keys> {
  const conf = typeof configured === 'string' ? { jwtSecret: configured } : configured;
  let jwt: Uint8Array;
  if (conf.jwtSecret) {
    assertUsableSecret(conf.jwtSecret);
    jwt = new TextEncoder().encode(conf.jwtSecret);
  } else {
    const b64 = await getOrCreate(db, JWT_ROW, () => randomBytes(48).toString('base64'));
    jwt = Buffer.from(b64, 'base64');
  }
  let pair: { publicKey: string; privateKey: string };
  if (conf.sm2PrivateKey) {
    pair = sm2PairFrom(conf.sm2PrivateKey);
  } else {
    pair = JSON.parse(await getOrCreate(db, SM2_ROW, () => JSON.stringify(sm2.generateKeyPairHex()))) as typeof pair;
  }
  const replaced = [conf.jwtSecret ? JWT_ROW : '', conf.sm2PrivateKey ? SM2_ROW : ''].filter(Boolean);
  return {
    jwt,
    sm2PublicKey: pair.publicKey,
    sm2PrivateKey: pair.privateKey,
    sources: { jwt: conf.jwtSecret ? 'configured' : 'database', sm2: conf.sm2PrivateKey ? 'configured' : 'database' },
    unusedStoredKeys: replaced.length ? await storedNames(db, replaced) : [],
  };
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

/**
 * Says at start where the keys come from and which generated keys in helio_secret a configured key replaced (they
 * stay there, unused, until the operator deletes them: until then a database dump still holds the old keys).
 * Loading the storage box here also re-seals values sealed with a replaced storage key.
 */
export async function reportKeys(db: Db, keys: Keys, log: { info(o: object, m: string): void; warn(o: object, m: string): void }): Promise<void> {
  const box = await SecretBox.load(db);
  const storage: KeySource = box.storageKeySource;
  log.info({ jwt: keys.sources.jwt, sm2: keys.sources.sm2, storage }, 'signing and storage keys loaded');
  const unused = [...keys.unusedStoredKeys, ...(box.legacyKeyInDatabase ? [STORAGE_KEY_ROW] : [])];
  if (unused.length) {
    log.warn(
      { rows: unused },
      `helio_secret still holds generated keys that configured keys replaced; delete them: DELETE FROM helio_secret WHERE name IN (${unused.map((n) => `'${n}'`).join(', ')})`,
    );
  }
}
