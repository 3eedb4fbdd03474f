/** The server serves the built web app: files as they are, client routes as the app shell, /api never. */
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
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Helio</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
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
