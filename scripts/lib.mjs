// Shared by start/e2e scripts: build what is missing or older than its sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const mtime = (f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0);

/** One build at a time (several e2e servers may start together): a lock directory, waited on. */
function withBuildLock(fn) {
  const lock = path.join(root, 'node_modules', '.helio-build.lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      // A lock older than 10 minutes is left over from a killed build.
      if (Date.now() - fs.statSync(lock).mtimeMs > 10 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another build');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export function buildIfStale(opts = {}) {
  return withBuildLock(() => buildStale(opts));
}

function buildStale({ quiet = false } = {}) {
  const contracts = newest(path.join(root, 'packages/contracts/src'));
  const targets = [
    {
      name: 'web',
      out: path.join(root, 'apps/web/dist/index.html'),
      src: Math.max(contracts, newest(path.join(root, 'apps/web/src')), mtime(path.join(root, 'apps/web/index.html'))),
      enabled: fs.existsSync(path.join(root, 'apps/web/index.html')),
    },
    {
      name: 'server',
      out: path.join(root, 'apps/server/dist/main.js'),
      src: Math.max(contracts, newest(path.join(root, 'apps/server/src'))),
      enabled: true,
    },
    {
      // What a first start copies instead of creating and seeding the embedded database (src/db/template.ts).
      name: 'database template',
      out: path.join(root, 'apps/server/dist/pglite-template/helio-template.json'),
      src: Math.max(contracts, newest(path.join(root, 'apps/server/src')), newest(path.join(root, 'apps/server/drizzle'))),
      enabled: fs.existsSync(path.join(root, 'apps/server/build-template.mjs')),
      command: 'node apps/server/build-template.mjs',
      optional: true, // without it a first start only takes longer
    },
  ];
  for (const t of targets) {
    if (!t.enabled) continue;
    if (mtime(t.out) >= t.src) continue;
    if (!quiet) console.log(`Building ${t.name} (missing or older than its sources)…`);
    try {
      execSync(t.command ?? `npm run build -w apps/${t.name}`, { cwd: root, stdio: quiet ? 'ignore' : 'inherit' });
    } catch (e) {
      if (!t.optional) throw e;
      console.warn(`Building ${t.name} failed (${e.message.split('\n')[0]}); going on without it.`);
    }
  }
}
