/**
 * The stock avatar (issue 13): sign-in results and user-info point at a URL under `/api/`, which a Blade client served
 * from another origin reaches through its `/api` proxy; the image there is public and cacheable, and the old root
 * path keeps working.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/db/schema.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { SABER_BASIC } from './constants.js';
import { createRole, createUser } from './fixtures.js';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './helper.js';

const STOCK = '/api/blade-resource/avatar/default.svg';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.stop());

const bearer = (token: string) => ({ 'blade-auth': `bearer ${token}` });

describe('stock avatar', () => {
  it('sign-in (both contracts) and user-info answer a URL under /api/ for a user without an avatar', async () => {
    const bx = await t.login();
    expect(bx.avatar).toBe(STOCK);
    const saber = (
      await t.req({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex(TEST_ADMIN_PASSWORD)}&grant_type=password&scope=all`,
        headers: { authorization: SABER_BASIC, 'tenant-id': '000000' },
      })
    ).json();
    expect(saber.avatar).toBe(STOCK);
    // SpringBlade contract (its refresh grant answers the same AuthInfo as its sign-in).
    const sb = (
      await t.req({ method: 'POST', url: `/api/blade-auth/token?grantType=refresh_token&refreshToken=${saber.refresh_token}`, headers: { authorization: SABER_BASIC } })
    ).json();
    expect(sb.data.avatar).toBe(STOCK);
    const info = (await t.req({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: bearer(bx.access_token!) })).json();
    expect(info.data).toMatchObject({ account: 'admin', avatar: STOCK });
  });

  it('a user with an avatar gets their own in the sign-in result and in user-info', async () => {
    const roleId = await createRole(t.database.db, '000000', 'avatar-test', ['user']);
    const id = await createUser(t.database.db, { tenantId: '000000', account: 'with_avatar', password: 'Passw0rd1', roleId });
    const mine = '/api/blade-resource/oss/endpoint/file/1/abc';
    await t.database.db.update(user).set({ avatar: mine }).where(eq(user.id, id));
    const s = await t.login('with_avatar', 'Passw0rd1');
    expect(s.avatar).toBe(mine);
    const info = (await t.req({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: bearer(s.access_token!) })).json();
    expect(info.data.avatar).toBe(mine);
  });

  it('is served publicly under /api/ as a cacheable SVG, revalidated with its ETag; the old path still works', async () => {
    const res = await t.req({ method: 'GET', url: STOCK });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.body).not.toMatch(/<script|on\w+=/i);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.req({ method: 'GET', url: STOCK, headers: { 'if-none-match': `W/"x", ${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await t.req({ method: 'GET', url: STOCK, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);

    const legacy = await t.req({ method: 'GET', url: '/avatar-default.svg' });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.body).toBe(res.body);
  });
});
