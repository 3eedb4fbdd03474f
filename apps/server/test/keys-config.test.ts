/**
 * Issue 11 ("Also"): the signing keys (JWT secret, SM2 key pair) and the storage encryption key can come from the
 * environment or from files outside the database (`HELIO_*_FILE`), so a database dump alone does not yield them.
 * A configured key wins over one the database already holds: the installed database keeps working (signed-in
 * clients get new tokens with their refresh token, stored secrets are re-sealed with the configured key), and the
 * start-up log names the generated rows left to delete.
 */
import { createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { sm2 } from 'sm-crypto-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { nextId } from '../src/core/ids.js';
import { secret } from '../src/db/schema.js';
import { oss } from '../src/db/schema-resource.js';
import { SecretBox } from '../src/core/secret-box.js';
import { TEST_ADMIN_PASSWORD, WEB_BASIC, testDatabase } from './helper.js';
import { md5Hex } from '../src/modules/auth/password.js';

const BASE = { HELIO_CAPTCHA: 'off', HELIO_SIMULATOR: 'off', HELIO_DATA_DIR: '/tmp/helio-test-unused', HELIO_WEB_DIR: '/nonexistent-helio-web' };
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-keys-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const file = (name: string, content: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content, { mode: 0o600 });
  return p;
};

/** AES-256-GCM open of a `gcm1:` value with a given key (what someone holding only that key could do). */
function openWith(key: Buffer, sealed: string): string | null {
  const [iv, tag, body] = sealed.slice('gcm1:'.length).split('.');
  try {
    const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
    d.setAuthTag(Buffer.from(tag!, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body!, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

describe('configuration', () => {
  it('reads each key from its variable or from the file its _FILE twin names, never both', () => {
    const jwt = 'q8Xv2Lr9Tz4Nw7Kp1Hs6Dm3Bc5Fj0Gy-file';
    const storage = randomBytes(32);
    const c = loadConfig({
      HELIO_JWT_SECRET_FILE: file('jwt', `${jwt}\n`),
      HELIO_STORAGE_KEY_FILE: file('storage', storage.toString('base64')),
      HELIO_SM2_PRIVATE_KEY: sm2.generateKeyPairHex().privateKey,
    });
    expect(c.jwtSecret).toBe(jwt);
    expect(c.storageKey?.equals(storage)).toBe(true);
    expect(loadConfig({ HELIO_STORAGE_KEY: storage.toString('hex') }).storageKey?.equals(storage)).toBe(true);
    expect(() => loadConfig({ HELIO_JWT_SECRET: jwt, HELIO_JWT_SECRET_FILE: file('jwt2', jwt) })).toThrow(/both set/);
    expect(() => loadConfig({ HELIO_JWT_SECRET_FILE: path.join(dir, 'missing') })).toThrow(/cannot be read/);
    expect(() => loadConfig({ HELIO_STORAGE_KEY: 'c2hvcnQ=' })).toThrow(ConfigError);
    expect(() => loadConfig({ HELIO_SM2_PRIVATE_KEY: 'xyz' })).toThrow(ConfigError);
  });
});

describe('an installed database that already holds generated keys', () => {
  it('keeps working with the configured keys, which win, and a dump of it no longer holds them', async () => {
    const database = await testDatabase();
    try {
      // 1. Installed without configured keys: generated keys in helio_secret; a storage secret sealed with them.
      const before = await buildApp(loadConfig({ ...BASE, HELIO_LOG_LEVEL: 'silent' }), { database, logger: false });
      const signIn = await before.app.inject({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex(TEST_ADMIN_PASSWORD)}&grant_type=password`,
        headers: { authorization: WEB_BASIC, 'tenant-id': '000000' },
      });
      const old = signIn.json() as { access_token: string; refresh_token: string };
      const oldBox = await SecretBox.load(database.db);
      const ossId = nextId();
      await database.db.insert(oss).values({ id: ossId, tenantId: '000000', ossCode: 'k1', accessKey: 'ak', secretKey: oldBox.seal('storage-secret-42') });
      const oldPublic = before.services.keys.sm2PublicKey;
      await before.close();

      // 2. Started again with keys from files and the environment.
      const jwt = 'Zq3-vN8x!Lr2Tw6Kp9Hs1Dm4Bc7Fj0Gy5';
      const storageKey = randomBytes(32);
      const pair = sm2.generateKeyPairHex();
      const lines: string[] = [];
      const after = await buildApp(
        loadConfig({
          ...BASE,
          HELIO_LOG_LEVEL: 'info',
          HELIO_JWT_SECRET_FILE: file('jwt-live', jwt),
          HELIO_STORAGE_KEY_FILE: file('storage-live', storageKey.toString('base64')),
          HELIO_SM2_PRIVATE_KEY: pair.privateKey,
        }),
        { database, logStream: { write: (s: string) => void lines.push(s) } },
      );
      try {
        const inject = after.app.inject.bind(after.app);
        // The old access token was signed with the replaced key; the client's refresh token still gets new tokens.
        expect((await inject({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: { 'blade-auth': `bearer ${old.access_token}` } })).statusCode).toBe(401);
        const renewed = (
          await inject({
            method: 'POST',
            url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${old.refresh_token}`,
            headers: { authorization: WEB_BASIC, 'tenant-id': '000000' },
          })
        ).json() as { access_token: string };
        expect((await inject({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: { 'blade-auth': `bearer ${renewed.access_token}` } })).statusCode).toBe(200);

        // The SM2 pair is the configured one: its public key is published and SpringBlade sign-in uses it.
        const pub = (await inject({ method: 'GET', url: '/api/blade-auth/oauth/public-key' })).json().data.publicKey as string;
        expect(pub).toBe(pair.publicKey);
        expect(pub).not.toBe(oldPublic);
        const sb = await inject({
          method: 'POST',
          url: `/api/blade-auth/token?grantType=password&tenantId=000000&account=admin&password=${sm2.doEncrypt(TEST_ADMIN_PASSWORD, pub, 0)}`,
          headers: { authorization: WEB_BASIC },
        });
        expect(sb.json().data.accessToken).toBeTruthy();

        // The stored secret still opens, and was re-sealed: the generated key alone no longer opens it.
        const [row] = await database.db.select({ v: oss.secretKey }).from(oss).where(eq(oss.id, ossId));
        expect((await SecretBox.load(database.db)).open(row!.v)).toBe('storage-secret-42');
        const [generated] = await database.db.select().from(secret).where(eq(secret.name, 'resource_aes_gcm'));
        expect(openWith(Buffer.from(generated!.value, 'base64'), row!.v!)).toBeNull();
        expect(openWith(storageKey, row!.v!)).toBe('storage-secret-42');

        // A dump of the database holds none of the configured keys.
        const dump = JSON.stringify(await database.db.select().from(secret));
        for (const k of [jwt, pair.privateKey, storageKey.toString('base64'), storageKey.toString('hex')]) expect(dump).not.toContain(k);
        // The start-up log says where the keys come from and which generated rows to delete (and never a key).
        const log = lines.join('');
        expect(log).toContain('"jwt":"configured","sm2":"configured","storage":"configured"');
        expect(log).toMatch(/DELETE FROM helio_secret WHERE name IN \('jwt_hs256', 'sm2_keypair', 'resource_aes_gcm'\)/);
        expect(log).not.toContain(pair.privateKey);
      } finally {
        await after.close();
      }
    } finally {
      await database.drop();
    }
  });
});
