/**
 * Refresh-token reuse per OAuth client (issue 13): Helio's console (`helio`) is strict — a rotated refresh token
 * presented again revokes the session — while the stock Blade clients (`saber`, `sword`, `saber3`) run in the
 * compatibility mode, where each browser tab may refresh with the token it holds. In both modes logout, a password
 * change, disabling or removing the user and session revocation refuse every refresh token at once, and an expired
 * token (or session) is refused.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, refreshToken, session } from '../src/db/schema.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { SABER_BASIC } from './constants.js';
import { createRole, createUser } from './fixtures.js';
import { createTestApp, WEB_BASIC, type TestApp } from './helper.js';

let t: TestApp;
let admin: Record<string, string>;
let roleId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  roleId = await createRole(t.database.db, '000000', 'reuse-test', ['user']);
});
afterAll(async () => t?.stop());

type Basic = typeof WEB_BASIC;
const bearer = (token: string) => ({ 'blade-auth': `bearer ${token}` });
const tokenUrl = (q: Record<string, string>) => `/api/blade-auth/oauth/token?${new URLSearchParams(q)}`;

let n = 0;
/** A fresh user (so one test's revocations never touch another's sessions). */
async function freshUser(): Promise<{ id: string; account: string; password: string }> {
  const account = `reuse_${++n}`;
  const password = 'Passw0rd1';
  const id = await createUser(t.database.db, { tenantId: '000000', account, password, roleId });
  return { id, account, password };
}

async function signIn(basic: Basic, account: string, password: string) {
  const res = await t.req({
    method: 'POST',
    url: tokenUrl({ tenantId: '000000', username: account, password: md5Hex(password), grant_type: 'password', scope: 'all' }),
    headers: { authorization: basic, 'tenant-id': '000000' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access_token: string; refresh_token: string };
}

const refresh = (basic: Basic, token: string) =>
  t.req({ method: 'POST', url: tokenUrl({ grant_type: 'refresh_token', refresh_token: token, tenantId: '000000' }), headers: { authorization: basic } });

/** Refresh that must succeed; returns the new pair. */
async function refreshed(basic: Basic, token: string) {
  const res = await refresh(basic, token);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { access_token: string; refresh_token: string };
  expect(body.refresh_token).not.toBe(token);
  return body;
}

const signedIn = async (access: string) =>
  (await t.req({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: bearer(access) })).statusCode === 200;

describe('stock Blade client (saber): one refresh token per tab', () => {
  it('two tabs refresh with their own tokens, again and again, and both stay signed in', async () => {
    const u = await freshUser();
    const start = await signIn(SABER_BASIC, u.account, u.password);
    // Both tabs start from the sign-in's tokens; tab A refreshes first, tab B later with the same (now rotated) one.
    let a = await refreshed(SABER_BASIC, start.refresh_token);
    let b = await refreshed(SABER_BASIC, start.refresh_token);
    for (let round = 0; round < 3; round++) {
      a = await refreshed(SABER_BASIC, a.refresh_token);
      b = await refreshed(SABER_BASIC, b.refresh_token);
    }
    // A tab reloaded from an older cookie is honoured too, as SpringBlade honours any unexpired refresh token.
    const reloaded = await refreshed(SABER_BASIC, start.refresh_token);
    for (const tab of [a, b, reloaded]) expect(await signedIn(tab.access_token)).toBe(true);
    // Still one session: every token above belongs to the sign-in's session, none was revoked.
    const rows = await t.database.db.select().from(session).where(eq(session.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revokedAt).toBeNull();
  });

  it('the SpringBlade token endpoint honours an older token the same way', async () => {
    const u = await freshUser();
    const start = await signIn(SABER_BASIC, u.account, u.password);
    const sb = (token: string) =>
      t.req({ method: 'POST', url: `/api/blade-auth/token?grantType=refresh_token&refreshToken=${token}`, headers: { authorization: SABER_BASIC } });
    const first = (await sb(start.refresh_token)).json();
    const second = (await sb(start.refresh_token)).json();
    expect(first.success).toBe(true);
    expect(second.success).toBe(true);
    expect(await signedIn(first.data.accessToken)).toBe(true);
    expect(await signedIn(second.data.accessToken)).toBe(true);
  });

  it('a token is honoured only for its own client', async () => {
    const u = await freshUser();
    const start = await signIn(SABER_BASIC, u.account, u.password);
    expect((await refresh(WEB_BASIC, start.refresh_token)).statusCode).toBe(401);
  });
});

describe('Helio console (helio): strict', () => {
  it('the second tab presenting the rotated token revokes the whole session', async () => {
    const u = await freshUser();
    const start = await signIn(WEB_BASIC, u.account, u.password);
    const a = await refreshed(WEB_BASIC, start.refresh_token);
    const replay = await refresh(WEB_BASIC, start.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('invalid_grant');
    expect((await refresh(WEB_BASIC, a.refresh_token)).statusCode).toBe(401);
    expect(await signedIn(a.access_token)).toBe(false);
    const [row] = await t.database.db.select().from(session).where(eq(session.userId, u.id));
    expect(row!.revokeReason).toBe('reuse');
  });
});

describe('compatibility mode still ends sessions at once', () => {
  /** A saber session used from two tabs: the sign-in's token and each tab's newest one. */
  async function twoTabs(account: string, password: string) {
    const start = await signIn(SABER_BASIC, account, password);
    const a = await refreshed(SABER_BASIC, start.refresh_token);
    const b = await refreshed(SABER_BASIC, start.refresh_token);
    return { start, a, b, tokens: [start.refresh_token, a.refresh_token, b.refresh_token] };
  }
  const allRefused = async (tokens: string[]) => {
    for (const tok of tokens) expect((await refresh(SABER_BASIC, tok)).statusCode).toBe(401);
  };

  it('logout from one tab: every refresh token of the session is refused, and the other tab is signed out', async () => {
    const u = await freshUser();
    const s = await twoTabs(u.account, u.password);
    const out = await t.req({ method: 'GET', url: '/api/blade-auth/oauth/logout', headers: bearer(s.a.access_token) });
    expect(out.json()).toMatchObject({ success: 'true' });
    await allRefused(s.tokens);
    expect(await signedIn(s.b.access_token)).toBe(false);
  });

  it('logout with only an old refresh token (expired access token) ends the session too', async () => {
    const u = await freshUser();
    const s = await twoTabs(u.account, u.password);
    await t.req({ method: 'POST', url: `/api/blade-auth/logout?refreshToken=${s.start.refresh_token}` });
    await allRefused(s.tokens);
    expect(await signedIn(s.a.access_token)).toBe(false);
  });

  it('password change: other sessions end, and no refresh token of the session it was made from is usable', async () => {
    const u = await freshUser();
    const here = await twoTabs(u.account, u.password);
    const elsewhere = await twoTabs(u.account, u.password);
    const q = new URLSearchParams({ oldPassword: md5Hex(u.password), newPassword: md5Hex('Chang3dPass'), newPassword1: md5Hex('Chang3dPass') });
    const changed = await t.req({ method: 'POST', url: `/api/blade-system/user/update-password?${q}`, headers: bearer(here.a.access_token) });
    expect(changed.json().success).toBe(true);
    await allRefused([...elsewhere.tokens, ...here.tokens]);
    expect(await signedIn(elsewhere.a.access_token)).toBe(false);
    // The tab that changed it goes on until its access token expires, then signs in with the new password.
    expect(await signedIn(here.a.access_token)).toBe(true);
    expect((await signIn(SABER_BASIC, u.account, 'Chang3dPass')).access_token).toBeTruthy();
  });

  it('password change under the strict console keeps its own newest refresh token (unchanged)', async () => {
    const u = await freshUser();
    const start = await signIn(WEB_BASIC, u.account, u.password);
    const now = await refreshed(WEB_BASIC, start.refresh_token);
    const q = new URLSearchParams({ oldPassword: md5Hex(u.password), newPassword: md5Hex('Chang3dPass'), newPassword1: md5Hex('Chang3dPass') });
    await t.req({ method: 'POST', url: `/api/blade-system/user/update-password?${q}`, headers: bearer(now.access_token) });
    expect(await signedIn((await refreshed(WEB_BASIC, now.refresh_token)).access_token)).toBe(true);
  });

  it('disabling the user (admin edit) refuses every refresh token at once', async () => {
    const u = await freshUser();
    const s = await twoTabs(u.account, u.password);
    const detail = (await t.req({ method: 'GET', url: `/api/blade-system/user/detail?id=${u.id}`, headers: admin })).json().data;
    const res = await t.req({ method: 'POST', url: '/api/blade-system/user/submit', headers: admin, payload: { ...detail, password: undefined, phoneDiallingCode: '+86', phone: '13900000000', status: 0 } });
    expect(res.json().success, res.body).toBe(true);
    await allRefused(s.tokens);
    expect(await signedIn(s.b.access_token)).toBe(false);
  });

  it('removing the user refuses every refresh token at once', async () => {
    const u = await freshUser();
    const s = await twoTabs(u.account, u.password);
    expect((await t.req({ method: 'POST', url: `/api/blade-system/user/remove?ids=${u.id}`, headers: admin })).json().success).toBe(true);
    await allRefused(s.tokens);
  });

  it('revoking the session refuses every refresh token at once', async () => {
    const u = await freshUser();
    const s = await twoTabs(u.account, u.password);
    const [row] = await t.database.db.select().from(session).where(eq(session.userId, u.id));
    await t.services.tokens.revokeSession(row!.id, 'admin');
    await allRefused(s.tokens);
  });
});

describe('expiry, in both modes', () => {
  for (const [name, basic] of [['saber (compatibility)', SABER_BASIC], ['helio (strict)', WEB_BASIC]] as const) {
    it(`${name}: an expired refresh token is refused, and a session past its absolute lifetime refuses every token`, async () => {
      const u = await freshUser();
      const start = await signIn(basic, u.account, u.password);
      const next = await refreshed(basic, start.refresh_token);
      const past = new Date(Date.now() - 1000);
      await t.database.db.update(refreshToken).set({ expiresAt: past }).where(eq(refreshToken.tokenHash, sha256(next.refresh_token)));
      expect((await refresh(basic, next.refresh_token)).statusCode).toBe(401);

      const other = await signIn(basic, u.account, u.password);
      const [rt] = await t.database.db.select().from(refreshToken).where(eq(refreshToken.tokenHash, sha256(other.refresh_token)));
      await t.database.db.update(session).set({ expiresAt: past }).where(eq(session.id, rt!.sessionId));
      expect((await refresh(basic, other.refresh_token)).statusCode).toBe(401);
    });
  }
});

describe('the setting on the client page', () => {
  const get = (url: string) => t.req({ method: 'GET', url, headers: admin });
  const post = (url: string, payload: object) => t.req({ method: 'POST', url, headers: admin, payload });
  const clientDetail = async (clientId: string) => {
    const list = (await get(`/api/blade-system/client/list?clientId=${clientId}`)).json().data.records as { id: string; clientId: string }[];
    return (await get(`/api/blade-system/client/detail?id=${list.find((c) => c.clientId === clientId)!.id}`)).json().data;
  };

  it('is seeded: strict for the console, the compatibility mode for the stock Blade clients', async () => {
    const rows = await t.database.db.select({ id: client.clientId, reuse: client.refreshTokenReuse }).from(client);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.reuse]))).toMatchObject({ helio: 'strict', saber: 'lenient', sword: 'lenient', saber3: 'lenient' });
    expect(await clientDetail('saber')).toMatchObject({ clientId: 'saber', refreshTokenReuse: 'lenient' });
    const strictOnes = (await get('/api/blade-system/client/list?refreshTokenReuse=strict')).json().data.records as { clientId: string }[];
    expect(strictOnes.map((c) => c.clientId)).toContain('helio');
    expect(strictOnes.map((c) => c.clientId)).not.toContain('saber');
  });

  it('has its dictionary in both languages', async () => {
    for (const [lang, labels] of [['zh-CN', /严格/], ['en-US', /Strict/]] as const) {
      const res = await t.req({ method: 'GET', url: '/api/blade-system/dict/dictionary?code=refresh_token_reuse', headers: { ...admin, 'accept-language': lang } });
      const items = res.json().data as { dictKey: string; dictValue: string }[];
      expect(items.map((i) => i.dictKey)).toEqual(['strict', 'lenient']);
      expect(items[0]!.dictValue).toMatch(labels);
    }
  });

  it('a new client is strict unless chosen otherwise; an edit switches the behaviour; unknown values are refused', async () => {
    const base = { scope: 'all', authorizedGrantTypes: 'password,refresh_token', accessTokenValidity: 3600, refreshTokenValidity: 86400 };
    expect((await post('/api/blade-system/client/submit', { ...base, clientId: 'reuse_new', clientSecret: 'reuse_new_secret' })).json().success).toBe(true);
    const created = await clientDetail('reuse_new');
    expect(created.refreshTokenReuse).toBe('strict');
    const basic = `Basic ${Buffer.from('reuse_new:reuse_new_secret').toString('base64')}`;
    const u = await freshUser();

    const strict = await signIn(basic, u.account, u.password);
    await refreshed(basic, strict.refresh_token);
    expect((await refresh(basic, strict.refresh_token)).statusCode).toBe(401);

    expect((await post('/api/blade-system/client/submit', { ...created, refreshTokenReuse: 'lenient' })).json().success).toBe(true);
    const lenient = await signIn(basic, u.account, u.password);
    await refreshed(basic, lenient.refresh_token);
    await refreshed(basic, lenient.refresh_token);

    const bad = await post('/api/blade-system/client/submit', { ...(await clientDetail('reuse_new')), refreshTokenReuse: 'sometimes' });
    expect(bad.json().success).toBe(false);
    expect((await clientDetail('reuse_new')).refreshTokenReuse).toBe('lenient');
  });
});

/** The stored form of a refresh token (token.service.ts): only its sha256. */
function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}
