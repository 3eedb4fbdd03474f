/**
 * Issue 11 item 9: failures from one address no longer lock every account on it. Per-account lockout stays
 * (HELIO_LOGIN_MAX_FAILURES); the per-IP limit is much higher (HELIO_LOGIN_IP_MAX_FAILURES, default 100) and past it
 * the address is slowed down — one evaluated attempt per delay period, doubling up to 60 s — never locked: the right
 * password of an account that is not itself locked signs in once the delay has passed. A platform administrator
 * clears an address with `user/unlock-ip`; `user/unlock` clears an account. The shared state runs on a real
 * in-process store with a controllable clock (no timing assertions).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { MemoryKvStore } from '../src/core/kv-store.js';
import { user } from '../src/db/schema.js';
import { IP_MAX_DELAY_MS, ipBucket, LockoutService } from '../src/modules/auth/lockout.service.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, TEST_ADMIN_PASSWORD, testDatabase, WEB_BASIC, type TestApp } from './helper.js';

describe('with the default limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The helper raises the per-IP limit for other suites; '' gives the default back.
    t = await createTestApp({ HELIO_LOGIN_IP_MAX_FAILURES: '' });
  });
  afterAll(async () => t?.stop());

  it('five failures from one address lock neither the platform administrator nor other accounts', async () => {
    for (const a of ['nobody1', 'nobody2', 'nobody3', 'nobody4', 'nobody5', 'admin']) {
      expect((await t.login(a, 'Wrong-pass-1')).access_token).toBeUndefined();
    }
    expect((await t.login()).access_token).toBeTruthy();
    expect(loadConfig({}).loginIpMaxFailures).toBe(100);
    expect(loadConfig({}).loginIpMaxFailures).toBeGreaterThan(loadConfig({}).loginMaxFailures * 10);
  });
});

describe('past the per-IP limit', () => {
  const clock = { t: Date.now() };
  let built: BuiltApp;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => {
    database = await testDatabase();
    const config = loadConfig({
      HELIO_CAPTCHA: 'off',
      HELIO_SIMULATOR: 'off',
      HELIO_DATA_DIR: '/tmp/helio-test-unused',
      HELIO_LOG_LEVEL: 'silent',
      HELIO_WEB_DIR: '/nonexistent-helio-web',
      HELIO_LOGIN_IP_MAX_FAILURES: '3',
    });
    built = await buildApp(config, { database, logger: false, kv: new MemoryKvStore(() => clock.t) });
    await createTenant(database.db, '400001');
    const roleId = await createRole(database.db, '400001', 'administrator', 'all');
    await createUser(database.db, { tenantId: '400001', account: 'tadmin', password: 'Passw0rd1', roleId });
  });
  afterAll(async () => {
    await built?.close();
    await database?.drop();
  });

  const signIn = async (account: string, password: string, tenantId = '000000') =>
    (
      await built.app.inject({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?tenantId=${tenantId}&username=${account}&password=${md5Hex(password)}&grant_type=password`,
        headers: { authorization: WEB_BASIC, 'tenant-id': tenantId, 'accept-language': 'en-US' },
      })
    ).json() as Record<string, string>;

  it('slows the address down, lets the right password in after the delay, and an administrator clears it', async () => {
    for (const a of ['x1', 'x2', 'x3']) expect((await signIn(a, 'Wrong-pass-1')).error_description).toBe('Incorrect account or password');
    // At the limit: one attempt per delay period is evaluated (this one, wrong), the next waits.
    expect((await signIn('x4', 'Wrong-pass-1')).error_description).toBe('Incorrect account or password');
    const waiting = await signIn('admin', TEST_ADMIN_PASSWORD);
    expect(waiting.access_token).toBeUndefined();
    expect(waiting.error_description).toBe('Too many sign-in attempts from your address; try again in 2 seconds');
    // After the delay the right password of an account that is not locked signs in.
    clock.t += 2_100;
    const admin = await signIn('admin', TEST_ADMIN_PASSWORD);
    expect(admin.access_token).toBeTruthy();

    // Waiting attempts are neither checked nor counted; the delay doubles per evaluated failure up to its ceiling.
    for (let i = 0; i < 10; i++) {
      clock.t += IP_MAX_DELAY_MS;
      await signIn(`y${i}`, 'Wrong-pass-1');
    }
    expect((await signIn('admin', TEST_ADMIN_PASSWORD)).error_description).toMatch(/try again in 60 seconds/);
    clock.t += IP_MAX_DELAY_MS;
    expect((await signIn('admin', TEST_ADMIN_PASSWORD)).access_token).toBeTruthy();

    // A tenant administrator cannot clear an address (it is shared by every tenant); the platform administrator can.
    const clear = (token: string) =>
      built.app.inject({ method: 'POST', url: '/api/blade-system/user/unlock-ip?ips=127.0.0.1', headers: { 'blade-auth': `bearer ${token}` } });
    await signIn('z1', 'Wrong-pass-1'); // takes the current slot
    clock.t += IP_MAX_DELAY_MS;
    const tadmin = await signIn('tadmin', 'Passw0rd1', '400001');
    expect(tadmin.access_token).toBeTruthy();
    expect((await clear(tadmin.access_token!)).statusCode).toBe(403);
    expect((await signIn('admin', TEST_ADMIN_PASSWORD)).access_token).toBeUndefined(); // still slowed down
    const cleared = await clear(admin.access_token!);
    expect(cleared.json()).toMatchObject({ code: 200, success: true });
    for (let i = 0; i < 3; i++) expect((await signIn('admin', TEST_ADMIN_PASSWORD)).access_token).toBeTruthy();

    const bad = await built.app.inject({ method: 'POST', url: '/api/blade-system/user/unlock-ip?ips=not-an-ip', headers: { 'blade-auth': `bearer ${admin.access_token}`, 'accept-language': 'en-US' } });
    expect(bad.json()).toMatchObject({ code: 400, msg: 'Not a valid IP address: not-an-ip' });
  });

  it('keeps the per-account lock, which user/unlock clears', async () => {
    // The address is cleared before each attempt: only the account counts here.
    for (let i = 0; i < 5; i++) {
      await built.services.lockout.unlockIp('127.0.0.1');
      await signIn('tadmin', `Wrong-pass-${i}`, '400001');
    }
    await built.services.lockout.unlockIp('127.0.0.1');
    expect((await signIn('tadmin', 'Passw0rd1', '400001')).error_description).toBe('Incorrect account or password');
    const admin = await signIn('admin', TEST_ADMIN_PASSWORD);
    const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.account, 'tadmin'));
    const unlock = await built.app.inject({ method: 'POST', url: `/api/blade-system/user/unlock?userIds=${row!.id}`, headers: { 'blade-auth': `bearer ${admin.access_token}` } });
    expect(unlock.json().success).toBe(true);
    expect((await signIn('tadmin', 'Passw0rd1', '400001')).access_token).toBeTruthy();
  });
});

describe('the counted address', () => {
  it('is the IPv4 address (also IPv4-mapped) or the IPv6 /64', () => {
    expect(ipBucket('10.1.2.3')).toBe('10.1.2.3');
    expect(ipBucket('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(ipBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipBucket('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(ipBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipBucket('::1')).toBe('0:0:0:0::/64');
  });
});

describe('the delay', () => {
  it('is 0 under the limit, then doubles from 1 s up to 60 s', () => {
    const l = new LockoutService(new MemoryKvStore(), { maxFailures: 5, ipMaxFailures: 100, windowMs: 60_000 });
    expect([0, 99, 100, 101, 102, 105, 106, 5000].map((n) => l.ipDelayMs(n))).toEqual([0, 0, 1000, 2000, 4000, 32_000, 60_000, 60_000]);
  });
});
