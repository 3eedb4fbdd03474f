/**
 * Per-deployment keys for stored secrets (used by the storage, SMS, develop and auth modules; the storage module
 * configures the storage key at start, modules/storage/module.ts):
 * - the storage key, AES-256-GCM, that seals stored secrets (storage/SMS secret keys, data source passwords):
 *   HELIO_STORAGE_KEY(_FILE) when configured — kept outside the database, so a dump alone does not open the sealed
 *   values — else generated at first start into helio_secret (`resource_aes_gcm`);
 * - `attach_link_hmac`: HMAC key that signs file links (`/oss/endpoint/file/<id>/<sig>`), always in helio_secret
 *   (links are stored in records such as avatars; a new key would break them).
 *
 * When a storage key is configured for a database that already holds a generated one, the configured key seals
 * everything new, values sealed with the generated key still open (it is kept as a decryption fallback), and at
 * start every known sealed column (RESEALED) is re-sealed with the configured key. The generated row is then unused
 * and should be deleted (`legacyKeyInDatabase` says it is still there).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { secret } from '../db/schema.js';

const PREFIX = 'gcm1:';
export const STORAGE_KEY_ROW = 'resource_aes_gcm';

/** Every column that holds values sealed with the storage key: [table, id column, sealed column]. */
const RESEALED: ReadonlyArray<readonly [string, string, string]> = [
  ['blade_oss', 'id', 'secret_key'],
  ['blade_sms', 'id', 'secret_key'],
  ['blade_datasource', 'id', 'password'],
  ['helio_mail', 'id', 'password'],
];

/** The configured storage key of each open database (set by the app before any module loads its box). */
const configured = new WeakMap<Db, Buffer>();
const loaded = new WeakMap<Db, Promise<SecretBox>>();

/** Use this key (HELIO_STORAGE_KEY) instead of the generated one for the database's sealed values. */
export function configureStorageKey(db: Db, key: Buffer | undefined): void {
  loaded.delete(db);
  if (key) configured.set(db, key);
  else configured.delete(db);
}

async function getOrCreate(db: Db, name: string): Promise<Buffer> {
  const read = async () => (await db.select().from(secret).where(eq(secret.name, name)))[0];
  let row = await read();
  if (!row) {
    await db.insert(secret).values({ name, value: randomBytes(32).toString('base64') }).onConflictDoNothing();
    row = await read();
  }
  return Buffer.from(row!.value, 'base64');
}

function openWith(key: Buffer, sealed: string): string | null {
  const [iv, tag, body] = sealed.slice(PREFIX.length).split('.');
  if (!iv || !tag || body === undefined) return null;
  try {
    const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export class SecretBox {
  private constructor(
    private readonly aesKey: Buffer,
    private readonly linkKey: Buffer,
    /** The generated key a configured one replaced: opens what it sealed, seals nothing. */
    private readonly legacyKey: Buffer | undefined,
    private readonly configuredKey: boolean,
  ) {}

  /** The box of a database (one per database and process; the first call also re-seals, see the module comment). */
  static load(db: Db): Promise<SecretBox> {
    let box = loaded.get(db);
    if (!box) {
      box = SecretBox.create(db);
      loaded.set(db, box);
      box.catch(() => loaded.delete(db));
    }
    return box;
  }

  private static async create(db: Db): Promise<SecretBox> {
    const linkKey = await getOrCreate(db, 'attach_link_hmac');
    const key = configured.get(db);
    if (!key) return new SecretBox(await getOrCreate(db, STORAGE_KEY_ROW), linkKey, undefined, false);
    const [row] = await db.select().from(secret).where(eq(secret.name, STORAGE_KEY_ROW));
    const legacy = row ? Buffer.from(row.value, 'base64') : undefined;
    // The configured key may be the generated one moved out of the database: then the row is simply a copy.
    const box = new SecretBox(key, linkKey, legacy, true);
    await box.resealLegacy(db);
    return box;
  }

  /** Whether the storage key is configured (HELIO_STORAGE_KEY) or generated into the database. */
  get storageKeySource(): 'configured' | 'database' {
    return this.configuredKey ? 'configured' : 'database';
  }

  /** Whether a generated storage key is still in the database beside the configured one (delete it). */
  get legacyKeyInDatabase(): boolean {
    return this.legacyKey !== undefined;
  }

  /** Re-seals, with the configured key, every stored value that only the generated key opens. */
  private async resealLegacy(db: Db): Promise<number> {
    if (!this.legacyKey) return 0;
    let n = 0;
    for (const [table, idCol, col] of RESEALED) {
      const t = sql.identifier(table);
      const c = sql.identifier(col);
      const id = sql.identifier(idCol);
      const found = (await db.execute(sql`SELECT ${id}::text AS id, ${c} AS v FROM ${t} WHERE ${c} LIKE ${`${PREFIX}%`}`)) as unknown as {
        rows: Array<{ id: string; v: string }>;
      };
      for (const r of found.rows) {
        if (openWith(this.aesKey, r.v) !== null) continue;
        const plain = openWith(this.legacyKey, r.v);
        if (plain === null) continue;
        // Compare-and-set: a concurrent save (or another process re-sealing) wins.
        await db.execute(sql`UPDATE ${t} SET ${c} = ${this.seal(plain)} WHERE ${id} = ${r.id} AND ${c} = ${r.v}`);
        n++;
      }
    }
    return n;
  }

  /** `gcm1:<iv>.<tag>.<ciphertext>` (base64url parts). Empty input stays empty. */
  seal(plain: string): string {
    if (plain === '') return '';
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.aesKey, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `${PREFIX}${iv.toString('base64url')}.${c.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The clear value; null when the stored value is missing or was not sealed with this deployment's key. */
  open(sealed: string | null | undefined): string | null {
    if (!sealed) return null;
    if (!sealed.startsWith(PREFIX)) return null;
    const plain = openWith(this.aesKey, sealed);
    return plain !== null || !this.legacyKey ? plain : openWith(this.legacyKey, sealed);
  }

  isSealed(v: unknown): boolean {
    return typeof v === 'string' && v.startsWith(PREFIX);
  }

  /** 128-bit signature of a file link. */
  signLink(id: string): string {
    return createHmac('sha256', this.linkKey).update(`attach:${id}`).digest('base64url').slice(0, 22);
  }

  verifyLink(id: string, sig: string): boolean {
    const want = Buffer.from(this.signLink(id));
    const got = Buffer.from(sig);
    return want.length === got.length && timingSafeEqual(want, got);
  }

  /** An opaque, tamper-proof handle for a short value (e.g. the caller's own phone number). */
  sealToken(value: string, ttlMs: number): string {
    return this.seal(JSON.stringify({ v: value, e: Date.now() + ttlMs })).slice(PREFIX.length);
  }

  openToken(token: string): string | null {
    const raw = this.open(PREFIX + token);
    if (!raw) return null;
    try {
      const { v, e } = JSON.parse(raw) as { v: string; e: number };
      return typeof v === 'string' && typeof e === 'number' && e > Date.now() ? v : null;
    } catch {
      return null;
    }
  }
}
