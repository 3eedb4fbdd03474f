/** The server serves the built web app: files as they are, client routes as the app shell, /api never. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/vite-precompress.js';
import { createTestApp, type TestApp } from './helper.js';

const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:'row ${i}'}`).join(',')}];`;
let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Helio</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'assets', 'index-B3x9kQ_a.js'), BIG_JS);
  t = await createTestApp({ HELIO_WEB_DIR: dir });
});
afterAll(async () => {
  await t?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('web app', () => {
  it.each(['/', '/login', '/system/user', '/wel/index?x=1', '/power-station-equip/power'])('serves the shell for %s', async (url) => {
    const res = await t.req({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves built files and keeps /api 404s as envelopes', async () => {
    const js = await t.req({ method: 'GET', url: '/assets/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log(1)');
    const api = await t.req({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404 });
  });

  it('serves files built after the server started (a rebuild needs no restart)', async () => {
    fs.writeFileSync(path.join(dir, 'assets', 'later.js'), 'console.log(2)');
    const res = await t.req({ method: 'GET', url: '/assets/later.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
  });

  it('does not serve files outside the web directory', async () => {
    const res = await t.req({ method: 'GET', url: '/../../etc/passwd' });
    expect(res.body).not.toContain('root:');
    const enc = await t.req({ method: 'GET', url: '/%2e%2e/%2e%2e/etc/passwd' });
    expect(enc.body).not.toContain('root:');
  });
});

describe('compression and caching', () => {
  it('sends the build\'s pre-compressed copy to a client that accepts it, with Vary', async () => {
    // The same step the web build runs (vite-precompress.ts) writes .br and .gz beside the asset.
    precompressDir(dir);
    const url = '/assets/index-B3x9kQ_a.js';
    const br = await t.req({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.byteLength).toBeLessThan(BIG_JS.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await t.req({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await t.req({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('caches content-hashed assets for a year and never the app shell', async () => {
    const asset = await t.req({ method: 'GET', url: '/assets/index-B3x9kQ_a.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never revalidated, so it carries no validators; the shell does (no-cache: revalidated on each load).
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    expect((await t.req({ method: 'GET', url: '/index.html' })).headers.etag).toBeTruthy();
    for (const url of ['/', '/index.html', '/login', '/system/user']) {
      const page = await t.req({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    // A file without a content hash in its name can change under the same name: revalidated, not kept.
    const unhashed = await t.req({ method: 'GET', url: '/assets/app.js' });
    expect(unhashed.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API answers above 1 KiB for clients that accept it', async () => {
    const headers = { ...(await t.adminHeaders()), 'accept-encoding': 'gzip' };
    const res = await t.req({ method: 'GET', url: '/api/blade-system/menu/list', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString()) as { code: number; data: unknown[] };
    expect(body.code).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    const small = await t.req({ method: 'GET', url: '/api/nope', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 404 });
  });
});
