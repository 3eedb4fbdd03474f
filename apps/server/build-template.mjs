// Builds the embedded database's template (src/db/template.ts) into dist/pglite-template: what a first start copies
// instead of creating, migrating and seeding a database. Skipped when nothing it is made of changed (the bundled
// builder — seed code and data —, the migrations, the PGlite version). Run by scripts/lib.mjs (npm start) after the
// server build; `node build-template.mjs` by hand.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { modulesGlobPlugin } from './modules-glob-plugin.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const entry = path.join(here, 'dist', 'db-template.js');
const out = path.join(here, 'dist', 'pglite-template');

await build({
  entryPoints: [path.join(here, 'src/db/template-build.ts')],
  outfile: entry,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
  plugins: [modulesGlobPlugin(path.join(here, 'src'))],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

const hash = createHash('sha256');
hash.update(fs.readFileSync(entry));
const drizzle = path.join(here, 'drizzle');
for (const f of fs.readdirSync(drizzle).filter((f) => f.endsWith('.sql')).sort()) hash.update(f).update(fs.readFileSync(path.join(drizzle, f)));
hash.update(fs.readFileSync(path.join(drizzle, 'meta', '_journal.json')));
const pglitePkg = path.join(path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '..', 'package.json');
hash.update(JSON.parse(fs.readFileSync(pglitePkg, 'utf8')).version);
const digest = hash.digest('hex');

const manifest = path.join(out, 'helio-template.json');
let current;
try {
  current = JSON.parse(fs.readFileSync(manifest, 'utf8')).hash;
} catch {
  current = undefined;
}
if (current === digest) {
  const now = new Date();
  fs.utimesSync(manifest, now, now); // up to date: newer than its sources again
  console.log('database template: up to date');
} else {
  const t = Date.now();
  execFileSync(process.execPath, [entry, out, digest], { stdio: 'inherit' });
  console.log(`database template built in ${((Date.now() - t) / 1000).toFixed(1)} s → dist/pglite-template`);
}
