/**
 * Issue 11 item 8: no secret reaches the process log. A real app logs (level info) into a captured stream while it
 * signs in with `password=<md5>` in the query string, refreshes with `refresh_token=`, answers a request carrying
 * secret-named parameters and credential headers, and fails with a 500 whose SQL parameters hold a value; then
 * nothing secret may appear anywhere in the captured lines, nor in the error log table.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { redactText, redactUrl } from '../src/core/redact.js';
import { logApi, logError } from '../src/db/schema.js';
import { md5Hex } from '../src/modules/auth/password.js';
import { TEST_ADMIN_PASSWORD, WEB_BASIC, testDatabase } from './helper.js';

const lines: string[] = [];
let built: BuiltApp;
let database: Awaited<ReturnType<typeof testDatabase>>;
const output = () => lines.join('');

beforeAll(async () => {
  database = await testDatabase();
  const config = loadConfig({
    HELIO_CAPTCHA: 'off',
    HELIO_SIMULATOR: 'off',
    HELIO_DATA_DIR: '/tmp/helio-test-unused',
    HELIO_LOG_LEVEL: 'info',
    HELIO_WEB_DIR: '/nonexistent-helio-web',
  });
  built = await buildApp(config, { database, logStream: { write: (s: string) => void lines.push(s) } });
});
afterAll(async () => {
  await built?.close();
  await database?.drop();
});

describe('process log', () => {
  it('holds no password, token, refresh token, credential header or secret-named parameter', async () => {
    const md5 = md5Hex(TEST_ADMIN_PASSWORD);
    const signIn = await built.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5}&grant_type=password&scope=all`,
      headers: { authorization: WEB_BASIC, 'tenant-id': '000000' },
    });
    const first = signIn.json() as { access_token: string; refresh_token: string };
    expect(first.access_token).toBeTruthy();
    const refreshed = (
      await built.app.inject({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${first.refresh_token}&scope=all`,
        headers: { authorization: WEB_BASIC, 'tenant-id': '000000' },
      })
    ).json() as { access_token: string; refresh_token: string };
    expect(refreshed.access_token).toBeTruthy();

    const secrets: Record<string, string> = {
      password: 'Pw-4711-secret',
      secret: 'S3cr3t-value-1',
      code: '834201',
      key: 'K-value-0042',
      signature: 'Sig-value-9931',
      captcha_code: 'cap-77x1',
      access_token: 'AT-query-5521',
      'blade-auth': 'BA-query-1234',
      'X-Amz-Credential': 'AKIAEXAMPLE123',
    };
    const query = new URLSearchParams({ ...secrets, size: '10' }).toString();
    const cookie = 'JSESSIONID=cookie-value-8832';
    const info = await built.app.inject({
      method: 'GET',
      url: `/api/blade-auth/oauth/user-info?${query}`,
      headers: { 'blade-auth': `bearer ${refreshed.access_token}`, authorization: WEB_BASIC, cookie },
    });
    expect(info.statusCode).toBe(200);

    // A real server error: the notice table is gone, the failing SQL carries the search value as a parameter.
    await database.db.execute(sql`ALTER TABLE blade_notice RENAME TO blade_notice_gone`);
    const personal = 'Personal-Search-Value-6610';
    const failed = await built.app.inject({
      method: 'GET',
      url: `/api/blade-desk/notice/list?title=${personal}`,
      headers: { 'blade-auth': `bearer ${refreshed.access_token}` },
    });
    expect(failed.statusCode).toBe(500);
    // Errors logged by other code: an outbound URL with a signature, headers logged by hand.
    built.app.log.error(new Error(`PUT https://oss.example/b/k?X-Amz-Signature=${secrets.signature}&X-Amz-Credential=${secrets['X-Amz-Credential']} failed`));
    built.app.log.warn({ headers: { authorization: WEB_BASIC, 'blade-auth': `bearer ${first.access_token}` } }, 'outbound headers');
    await built.services.logs.flush();

    const out = output();
    // The log is there and says what happened…
    expect(out).toContain('/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=[REDACTED]&grant_type=password');
    expect(out).toContain('refresh_token=[REDACTED]');
    expect(out).toContain('unhandled error');
    expect(out).toMatch(/"err":\{"type":"[A-Za-z]+Error"/);
    expect(out).toContain('outbound headers');
    // …but none of the secrets.
    const forbidden = [
      md5,
      TEST_ADMIN_PASSWORD,
      first.access_token,
      first.refresh_token,
      refreshed.access_token,
      refreshed.refresh_token,
      WEB_BASIC.slice(6),
      'cookie-value-8832',
      ...Object.values(secrets),
    ];
    for (const s of forbidden) expect(out, s).not.toContain(s);
    // The error line keeps the failed SQL but not its bound parameters (the search value is in the URL line only).
    const errorLines = lines.filter((l) => l.includes('"unhandled error"'));
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toContain('blade_notice');
    expect(errorLines[0]).not.toContain(personal);

    // The API log table records the sign-in and the refresh (path without query, parameters masked).
    const api = await database.db.select().from(logApi);
    expect(api.filter((r) => r.requestUri === '/api/blade-auth/oauth/token')).toHaveLength(2);
    for (const s of forbidden) expect(JSON.stringify(api), s).not.toContain(s);

    // The error log table keeps the error (for platform users) without the failed query's parameters.
    const errors = await database.db.select().from(logError);
    expect(errors.length).toBeGreaterThan(0);
    const stored = JSON.stringify(errors);
    for (const s of forbidden) expect(stored, s).not.toContain(s);
    const failure = errors.find((e) => e.requestUri === '/api/blade-desk/notice/list')!;
    expect(failure.stackTrace).toContain('params: [REDACTED]');
    expect(`${failure.message} ${failure.stackTrace}`).not.toContain(personal);
  });
});

describe('redaction rules', () => {
  it('replaces secret-named query parameters and keeps the rest', () => {
    expect(redactUrl('/a?tenantId=1&password=x&refresh_token=y&size=10#f')).toBe('/a?tenantId=1&password=[REDACTED]&refresh_token=[REDACTED]&size=10#f');
    expect(redactUrl('/api/blade-resource/oss/endpoint/file/123/abcDEF')).toBe('/api/blade-resource/oss/endpoint/file/123/[REDACTED]');
    expect(redactUrl('/api/blade-system/dict/list?code=sex&current=1')).toBe('/api/blade-system/dict/list?code=[REDACTED]&current=1');
  });

  it('keeps an error code and ordinary fields of a log line', () => {
    const line = '{"level":50,"err":{"type":"Error","code":"ECONNRESET","message":"read"},"password":"p1","msg":"x"}';
    expect(redactText(line)).toBe('{"level":50,"err":{"type":"Error","code":"ECONNRESET","message":"read"},"password":"[REDACTED]","msg":"x"}');
  });
});
