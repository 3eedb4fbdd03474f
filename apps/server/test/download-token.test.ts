/**
 * Issue 13: Blade clients download by opening a URL with the token in the query (`window.open(…/export-user?
 * blade-auth=bearer <token>)`). Such a token opens download routes (`config.download`) and nothing else, and it
 * reaches neither the process log nor the API log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactText, redactUrl } from '../src/core/redact.js';
import { logApi } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helper.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const lines: string[] = [];
let t: TestApp;
let token: string;
/** What Saber's `window.open` sends: the space of `bearer <token>` percent-encoded by the browser. */
const inQuery = (url: string, value = `bearer ${token}`) => `${url}${url.includes('?') ? '&' : '?'}blade-auth=${encodeURIComponent(value)}`;
const get = (url: string, headers: Record<string, string> = {}) => t.req({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp({ HELIO_LOG_LEVEL: 'info', HELIO_API_LOG: 'all' }, { logStream: { write: (s: string) => void lines.push(s) } });
  token = (await t.login()).access_token!;
  expect(token).toMatch(/^eyJ/);
});
afterAll(async () => t?.stop());

describe('a token in the query', () => {
  const isSheet = (res: Awaited<ReturnType<typeof get>>, url: string) => {
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toContain(XLSX);
    expect(res.headers['content-disposition'], url).toMatch(/^attachment;/);
    expect(res.rawPayload.subarray(0, 2).toString(), url).toBe('PK'); // a real .xlsx (zip)
  };

  it("opens the user export and its template, as Saber's user page opens them", async () => {
    for (const url of ['/api/blade-system/user/export-user?account=&realName=', '/api/blade-system/user/export-template']) isSheet(await get(inQuery(url)), url);
  });

  it('opens the other download routes: a CRUD export and template, the region export and template', async () => {
    for (const url of [
      '/api/skyworth-client/deviceExitFactoryInfo/export',
      '/api/skyworth-client/deviceExitFactoryInfo/import-template',
      '/api/blade-system/region/export-region?code=440300',
    ]) {
      isSheet(await get(inQuery(url)), url);
    }
    // `+` for the space (a form-encoded URL) and any case of "bearer" work too.
    isSheet(await get(`/api/blade-system/region/export-template?blade-auth=Bearer+${token}`), 'region/export-template');
  });

  it('authenticates on every GET route declared a download', async () => {
    const downloads = t.routes.filter((r) => r.options.config?.download && r.method === 'GET' && !r.url.includes(':'));
    expect(downloads.length).toBeGreaterThanOrEqual(6);
    for (const r of downloads) {
      // Ids or filters may be missing (a 400 or a not-found answer), but the sign-in never is (401).
      const res = await get(inQuery(r.url));
      expect([res.statusCode, r.url]).not.toEqual([401, r.url]);
      expect(res.statusCode, r.url).toBeLessThan(500);
    }
  });

  it('is refused everywhere else, as if absent (401)', async () => {
    for (const url of ['/api/blade-system/user/list', '/api/skyworth-client/deviceExitFactoryInfo/list', '/api/blade-system/region/detail?code=440300', '/api/blade-auth/oauth/user-info']) {
      const res = await get(inQuery(url));
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ code: 401, success: false });
    }
    // Not on a download route's other methods either: the import (POST) of the same resource.
    const post = await t.req({ method: 'POST', url: inQuery('/api/skyworth-client/deviceExitFactoryInfo/import') });
    expect(post.statusCode).toBe(401);
  });

  it('must be a live bearer token', async () => {
    expect((await get(inQuery('/api/blade-system/user/export-template', token))).statusCode).toBe(401); // no scheme
    expect((await get(inQuery('/api/blade-system/user/export-template', 'bearer not-a-token'))).statusCode).toBe(401);
    const other = (await t.login()).access_token!;
    await t.req({ method: 'GET', url: '/api/blade-auth/oauth/logout', headers: { 'blade-auth': `bearer ${other}` } });
    expect((await get(inQuery('/api/blade-system/user/export-template', `bearer ${other}`))).statusCode).toBe(401);
  });

  it('never reaches a handler: with the header, a route that allows no unknown parameter still answers', async () => {
    // region/list's query schema has additionalProperties: false — a `blade-auth` left in the query would be a 400.
    const res = await get(inQuery('/api/blade-system/region/list?size=5'), { 'blade-auth': `bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it('appears in no log line and in no API log row', async () => {
    expect((await get(inQuery('/api/blade-system/region/export-template?size=1'))).statusCode).toBe(200);
    await get(inQuery('/api/blade-system/user/list'));
    await t.services.logs.flush();
    const out = lines.join('');
    expect(out).toContain('/api/blade-system/region/export-template?size=1&blade-auth=[REDACTED]');
    expect(out).toContain('/api/blade-system/user/list?blade-auth=[REDACTED]');
    expect(out).not.toContain(token);
    expect(out).not.toContain(token.split('.')[2]); // not even the signature alone
    const api = await t.database.db.select().from(logApi);
    expect(api.some((r) => r.requestUri === '/api/blade-system/region/export-template')).toBe(true);
    const stored = JSON.stringify(api);
    expect(stored).not.toContain(token.split('.')[2]);
    expect(api.filter((r) => (r.params ?? '').includes('blade-auth'))).toEqual([]);
  });
});

describe('redaction of a query token', () => {
  it('removes the whole `bearer <token>` value, encoded or decoded, JWT-shaped or not', () => {
    expect(redactUrl('/api/x/export?size=1&blade-auth=bearer%20opaque-1')).toBe('/api/x/export?size=1&blade-auth=[REDACTED]');
    expect(redactText('GET /api/x/export?blade-auth=bearer+opaque-2 ok')).not.toContain('opaque-2');
    expect(redactText('url=/api/x/export?blade-auth=bearer opaque-3 failed')).not.toContain('opaque-3');
    expect(redactText('{"url":"/api/x?blade-auth=Bearer%20opaque-4"}')).not.toContain('opaque-4');
    // A value that merely starts with a scheme word under an ordinary name hides nothing after it.
    expect(redactText('mode=basic password=hunter2 size=10')).toBe('mode=basic password=[REDACTED] size=10');
  });
});
