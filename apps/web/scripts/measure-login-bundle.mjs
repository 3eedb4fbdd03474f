#!/usr/bin/env node
// Reports the JavaScript (and CSS) the /login route loads, from the production build's Vite manifest:
// the entry chunk and its static imports, plus the lazy login page chunk and its static imports.
// Usage: npm run build -w apps/web && node apps/web/scripts/measure-login-bundle.mjs [--budget 250]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const budgetArg = process.argv.indexOf('--budget');
const budgetKb = budgetArg > -1 ? Number(process.argv[budgetArg + 1]) : 250;

const LOGIN_PAGE = 'src/features/auth/login-page.tsx';
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey || !manifest[LOGIN_PAGE]) {
  console.error(`manifest has no entry or no ${LOGIN_PAGE}; build first`);
  process.exit(2);
}

/** Chunk keys reached from `key` by static imports (what the browser must fetch before it runs). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const keys = new Set([...closure(entryKey), ...closure(LOGIN_PAGE)]);
const js = new Set();
const css = new Set();
for (const key of keys) {
  const chunk = manifest[key];
  if (chunk.file.endsWith('.js')) js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
}

function sizes(files) {
  let raw = 0;
  let gz = 0;
  const rows = [];
  for (const file of files) {
    const buf = readFileSync(join(dist, file));
    const g = gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gz += g;
    rows.push({ file, kb: +(buf.length / 1024).toFixed(1), gzipKb: +(g / 1024).toFixed(1) });
  }
  rows.sort((a, b) => b.gzipKb - a.gzipKb);
  return { raw, gz, rows };
}

const j = sizes(js);
const c = sizes(css);
console.table(j.rows);
const gzKb = j.gz / 1024;
console.log(`/login JavaScript: ${js.size} files, ${(j.raw / 1024).toFixed(1)} kB raw, ${gzKb.toFixed(1)} kB gzip`);
console.log(`/login CSS: ${css.size} files, ${(c.gz / 1024).toFixed(1)} kB gzip`);
console.log(`budget ${budgetKb} kB gzip: ${gzKb <= budgetKb ? 'OK' : 'OVER'}`);
process.exit(gzKb <= budgetKb ? 0 : 1);
