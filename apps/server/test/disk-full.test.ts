/**
 * The data directory's disk full (issue 21): the built server on the embedded database, its HELIO_DATA_DIR on a
 * small tmpfs of its own, the disk then filled to the last byte. Writes answer a clear, translated error (never a
 * 500), reads keep working, nothing is corrupted: once space returns the same process takes writes again, and after a
 * restart on the same directory every write that was acknowledged is there.
 * Needs root and a mountable tmpfs, and HELIO_TEST_FAULTS=1 (CI's fault step: one test file at a time).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../src/modules/auth/password.js';
import { buildServer, freePort, startServer, type ChildServer } from './child-server.js';
import { TEST_ADMIN_PASSWORD, WEB_BASIC } from './constants.js';
import { multipart, png } from './multipart.js';

const mountPoint = path.join(os.tmpdir(), `helio-full-${randomBytes(3).toString('hex')}`);
const mountable = (() => {
  if (!process.env.HELIO_TEST_FAULTS || process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    fs.mkdirSync(mountPoint, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!mountable)('the data directory full (embedded database on a tmpfs of its own)', () => {
  let bundle: Awaited<ReturnType<typeof buildServer>>;
  let server: ChildServer | undefined;
  let base = '';
  let port = 0;
  const dataDir = path.join(mountPoint, 'data');
  const filler = path.join(mountPoint, 'filler');
  const env = () => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    HELIO_MQTT_PORT: '0',
    HELIO_DATA_DIR: dataDir,
    HELIO_SIMULATOR: 'off',
    HELIO_CAPTCHA: 'off',
    HELIO_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    HELIO_LOG_LEVEL: process.env.HELIO_TEST_DEBUG ? 'info' : 'warn',
    HELIO_WEB_DIR: '/nonexistent-helio-web',
  });

  beforeAll(async () => {
    bundle = await buildServer('disk-full');
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startServer(bundle.mainJs, env());
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (process.env.HELIO_TEST_DEBUG) console.log(server?.output());
    bundle?.remove();
    try {
      execFileSync('umount', [mountPoint], { stdio: 'ignore' });
    } catch {
      // left mounted: nothing else to do
    }
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  const token = async () => {
    const res = await fetch(`${base}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex(TEST_ADMIN_PASSWORD)}&grant_type=password&scope=all`, {
      method: 'POST',
      headers: { authorization: WEB_BASIC, 'tenant-id': '000000' },
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const save = async (t: string, key: string) => {
    const res = await fetch(`${base}/api/blade-system/param/submit`, {
      method: 'POST',
      headers: { 'blade-auth': `bearer ${t}`, 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: JSON.stringify({ paramName: 'Disk check', paramKey: key, paramValue: 'x'.repeat(2000) }),
    });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
  };
  const list = async (t: string) => fetch(`${base}/api/blade-system/param/list?size=200`, { headers: { 'blade-auth': `bearer ${t}` } });
  const upload = async (t: string) => {
    const { payload, headers } = multipart([{ filename: 'site.png', content: png(400_000), type: 'image/png' }]);
    const res = await fetch(`${base}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      headers: { ...headers, 'blade-auth': `bearer ${t}`, 'accept-language': 'en-US' },
      body: payload,
    });
    return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
  };
  /** Fills the file system to the last byte. */
  const fill = () => {
    const fd = fs.openSync(filler, 'w');
    const block = Buffer.alloc(1 << 20);
    try {
      for (;;) fs.writeSync(fd, block);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
    } finally {
      fs.closeSync(fd);
    }
  };

  it('refuses writes clearly while full, keeps reading, and takes writes again when space returns', { timeout: 120_000 }, async () => {
    const t = await token();
    const acknowledged: string[] = [];
    const before = `disk.before.${randomBytes(3).toString('hex')}`;
    expect((await save(t, before)).status).toBe(200);
    acknowledged.push(before);

    fill();
    const answers: { status: number; msg: string }[] = [];
    // Until the database has to grow a file (free room inside its pages and WAL segment takes some writes first).
    for (let i = 0; i < 3000 && answers.filter((a) => a.status !== 200).length < 5; i++) {
      const key = `disk.full.${i}.${randomBytes(3).toString('hex')}`;
      const r = await save(t, key);
      answers.push({ status: r.status, msg: r.body.msg });
      if (r.status === 200) acknowledged.push(key);
    }
    console.log(`disk full: ${answers.filter((a) => a.status === 200).length} of ${answers.length} writes accepted; answers: ${[...new Set(answers.map((a) => `${a.status} ${a.msg}`))].join(' | ')}`);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503 && a.status !== 507)).toEqual([]);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) expect(a).toEqual({ status: 507, msg: "The server's storage is full; the change was not saved. Please tell your administrator" });
    expect((await list(t)).status).toBe(200);
    // A file upload (the local store in the same directory): refused the same way, no half-written file left.
    const photo = await upload(t);
    expect(photo).toEqual({ status: 507, msg: "The server's storage is full; the change was not saved. Please tell your administrator" });
    expect(server!.alive(), server!.output()).toBe(true);

    fs.rmSync(filler);
    const after = `disk.after.${randomBytes(3).toString('hex')}`;
    let ok = false;
    for (let end = Date.now() + 20_000; !ok && Date.now() < end; await new Promise((r) => setTimeout(r, 300))) ok = (await save(t, after)).status === 200;
    expect(ok).toBe(true);
    acknowledged.push(after);
    expect((await upload(t)).status).toBe(200);

    // Restarted on the same directory: every acknowledged write is there.
    await server!.stop();
    server = await startServer(bundle.mainJs, env());
    const t2 = await token();
    const keys = ((await (await list(t2)).json()) as { data: { records: { paramKey: string }[] } }).data.records.map((r) => r.paramKey);
    expect(acknowledged.filter((k) => !keys.includes(k))).toEqual([]);
  });
});
