/**
 * Per-deployment keys of the resource modules, generated at first start and kept in helio_secret beside the JWT
 * key (so every process of a deployment shares them):
 * - `resource_aes_gcm`: AES-256-GCM key that seals stored secrets (storage/SMS secret keys, data source passwords);
 * - `attach_link_hmac`: HMAC key that signs file links (`/oss/endpoint/file/<id>/<sig>`).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { secret } from '../../db/schema.js';

const PREFIX = 'gcm1:';

async function getOrCreate(db: Db, name: string): Promise<Buffer> {
  const read = async () => (await db.select().from(secret).where(eq(secret.name, name)))[0];
  let row = await read();
  if (!row) {
    await db.insert(secret).values({ name, value: randomBytes(32).toString('base64') }).onConflictDoNothing();
    row = await read();
  }
  return Buffer.from(row!.value, 'base64');
}

export class SecretBox {
  private constructor(
    private readonly aesKey: Buffer,
    private readonly linkKey: Buffer,
  ) {}

  static async load(db: Db): Promise<SecretBox> {
    return new SecretBox(await getOrCreate(db, 'resource_aes_gcm'), await getOrCreate(db, 'attach_link_hmac'));
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
    const [iv, tag, body] = sealed.slice(PREFIX.length).split('.');
    if (!iv || !tag || body === undefined) return null;
    try {
      const d = createDecipheriv('aes-256-gcm', this.aesKey, Buffer.from(iv, 'base64url'));
      d.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
    } catch {
      return null;
    }
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
