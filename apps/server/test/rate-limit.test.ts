/**
 * Per-route rate limits (issue 21): captcha images per client address and file downloads per user, counted in the
 * key-value store — per process without Redis, shared by every process with it (two apps on one Redis, a prefix of
 * this test's own; HELIO_TEST_REDIS_URL) — past the limit a translated 429 with Retry-After.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

const REDIS = process.env.HELIO_TEST_REDIS_URL;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.stop();
});
const app = async (env: Record<string, string>) => {
  const a = await createTestApp({ HELIO_RATE_CAPTCHA_PER_MIN: '3', HELIO_RATE_DOWNLOAD_PER_MIN: '2', ...env });
  apps.push(a);
  return a;
};
let first: TestApp;
const captcha = (a: TestApp) => a.req({ method: 'GET', url: '/api/blade-auth/oauth/captcha', headers: { 'accept-language': 'en-US' } });

describe('rate limits', () => {
  it('without Redis each process counts alone: the fourth captcha of a minute is refused, another process still serves', async () => {
    const [a, b] = [await app({}), await app({})];
    first = a;
    for (let i = 0; i < 3; i++) expect((await captcha(a)).statusCode).toBe(200);
    const refused = await captcha(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json().msg).toBe('Too many requests; please try again later');
    expect((await captcha(b)).statusCode).toBe(200);
  });

  it("counts a user's file downloads: the third export of a minute is refused", async () => {
    const a = first;
    const h = await a.adminHeaders();
    const exportUsers = () => a.req({ method: 'GET', url: '/api/blade-system/user/export-user', headers: { ...h, 'accept-language': 'zh-CN' } });
    expect((await exportUsers()).statusCode).toBe(200);
    expect((await exportUsers()).statusCode).toBe(200);
    const third = await exportUsers();
    expect(third.statusCode).toBe(429);
    expect(third.json().msg).toBe('操作过于频繁,请稍后再试');
  }, 60_000);

  it.skipIf(!REDIS)('with Redis the processes share the count', async () => {
    const env = { REDIS_URL: REDIS!, HELIO_REDIS_PREFIX: `rltest${randomBytes(3).toString('hex')}:` };
    const [a, b] = [await app(env), await app(env)];
    expect((await captcha(a)).statusCode).toBe(200);
    expect((await captcha(b)).statusCode).toBe(200);
    expect((await captcha(a)).statusCode).toBe(200);
    expect((await captcha(b)).statusCode).toBe(429);
    expect((await captcha(a)).statusCode).toBe(429);
  });
});
