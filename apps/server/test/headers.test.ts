/**
 * Security headers on every response of the console and the API (issue 11, "Also"): a content security policy
 * without inline or eval'd script, nothing may frame the console, no MIME sniffing, a strict referrer policy. The
 * Swagger UI under /api/docs keeps working under its own policy: its page loads only same-origin scripts and styles,
 * and every file it names is served.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  // The shape Vite emits for apps/web/index.html: module script and stylesheet from /assets, no inline script.
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-a1.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-a1.css"></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-a1.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'assets', 'index-a1.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dir, 'assets', 'logo-a1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ HELIO_WEB_DIR: dir });
});
afterAll(async () => {
  await t?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );

function expectConsoleHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  const d = directives(csp);
  expect(d.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(d.get('script-src'), what).toEqual(["'self'"]);
  expect(d.get('object-src'), what).toEqual(["'none'"]);
  expect(d.get('style-src'), what).toEqual(["'self'", "'unsafe-inline'"]);
  expect(d.get('default-src'), what).toEqual(["'self'"]);
  expect(d.get('base-uri'), what).toEqual(["'self'"]);
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('are on the console shell, its files, API answers, errors and not-found answers', async () => {
    const h = await t.adminHeaders();
    const cases: Array<[string, Parameters<TestApp['req']>[0], number]> = [
      ['shell', { method: 'GET', url: '/' }, 200],
      ['client route', { method: 'GET', url: '/system/user' }, 200],
      ['built image that is a document', { method: 'GET', url: '/assets/logo-a1.svg' }, 200],
      ['api', { method: 'GET', url: '/api/blade-system/user/info', headers: h }, 200],
      ['no token', { method: 'GET', url: '/api/blade-system/user/info' }, 401],
      ['bad sort', { method: 'GET', url: '/api/blade-system/user/list?descs=updatexml(1)', headers: h }, 400],
      ['api 404', { method: 'GET', url: '/api/nope' }, 404],
      ['token endpoint error', { method: 'POST', url: '/api/blade-auth/oauth/token?grant_type=password' }, 401],
      ['public settings', { method: 'GET', url: '/api/helio/public-settings' }, 200],
    ];
    for (const [what, req, status] of cases) {
      const res = await t.req(req);
      expect(res.statusCode, what).toBe(status);
      expectConsoleHeaders(res.headers, what);
    }
  });

  it('are only nosniff on built scripts and styles, which are never documents', async () => {
    for (const url of ['/assets/index-a1.js', '/assets/index-a1.css', '/assets/index-a1.js?v=1']) {
      const res = await t.req({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    // The same names outside /assets (an API path, a client route) keep the whole set.
    const res = await t.req({ method: 'GET', url: '/system/index-a1.js' });
    expectConsoleHeaders(res.headers, 'a .js client route');
  });

  it('let the Swagger UI load: same-origin scripts and styles, every file served, framed only by the console', async () => {
    let res = await t.req({ method: 'GET', url: '/api/docs' });
    if (res.statusCode === 302) res = await t.req({ method: 'GET', url: res.headers.location as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const d = directives(String(res.headers['content-security-policy']));
    expect(d.get('frame-ancestors')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The page itself has no inline script or handler the policy would block…
    const html = res.body;
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    // …and every script and stylesheet it names is served from this origin, under the same policy.
    const refs = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(4);
    for (const ref of refs) {
      expect(ref.startsWith('http'), ref).toBe(false);
      const file = await t.req({ method: 'GET', url: new URL(ref, 'http://x/api/docs/').pathname });
      expect(file.statusCode, ref).toBe(200);
      expect(directives(String(file.headers['content-security-policy'])).get('frame-ancestors'), ref).toEqual(["'self'"]);
    }
    // The document the UI renders.
    const spec = await t.req({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toMatch(/^3\./);
  });
});
