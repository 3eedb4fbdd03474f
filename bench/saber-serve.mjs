// A stock Saber build served on loopback against a Helio (the first-load bench and the two-tab check use it).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from './lib.mjs';

/** The SM2 public key in the stock Saber's `src/config/website.js` (Saber 4.9, commit 8162b11). */
export const STOCK_SABER_KEY = '048ecaec81db406275b5fd8a18164c4a58cc8575159b89d3cb61871cab34bd267fe0a7543277d4c9cfd13c946c507c3e8dfe0121b845ba968221eaf64a242cf7f0';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'application/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.gif': 'image/gif', '.jpg': 'image/jpeg' };
/**
 * Serves a stock Saber build's `dist/` as a production nginx would: the build's `.gz` files (other text gzipped here),
 * hashed assets cached, a history-mode fallback to index.html, `/api` proxied to Helio at `apiBase`; the SM2 public
 * key baked into the bundle is swapped for that Helio's (same length), so Saber's sign-in encrypts for it.
 */
export async function serveSaber(dist, apiBase) {
  const helioKey = (await (await fetch(`${apiBase}/api/blade-auth/oauth/public-key`)).json()).data.publicKey;
  if (helioKey.length !== STOCK_SABER_KEY.length) throw new Error('the SM2 public keys differ in length');
  const cache = new Map(); // file → { body, gz }
  const load = (file) => {
    if (cache.has(file)) return cache.get(file);
    let body = fs.readFileSync(file);
    let gz = fs.existsSync(`${file}.gz`) ? fs.readFileSync(`${file}.gz`) : undefined;
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    if (type.startsWith('application/javascript') && body.includes(STOCK_SABER_KEY)) {
      body = Buffer.from(body.toString('utf8').replaceAll(STOCK_SABER_KEY, helioKey));
      gz = undefined;
    }
    if (!gz && /^(text\/|application\/(javascript|json)|image\/svg)/.test(type) && body.length > 1024) gz = zlib.gzipSync(body, { level: 9 });
    const entry = { body, gz, type };
    cache.set(file, entry);
    return entry;
  };
  for (const f of fs.readdirSync(path.join(dist, 'assets'))) if (!f.endsWith('.gz')) load(path.join(dist, 'assets', f)); // compress before measuring
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/api/')) {
      const up = http.request(`${apiBase}${req.url}`, { method: req.method, headers: { ...req.headers, host: new URL(apiBase).host } }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.writeHead(502).end());
      req.pipe(up);
      return;
    }
    let file = path.join(dist, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(dist, 'index.html'); // history-mode fallback
    const e = load(file);
    const gzip = e.gz && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const hashed = file.includes(`${path.sep}assets${path.sep}`);
    res.writeHead(200, {
      'content-type': e.type,
      'content-length': gzip ? e.gz.length : e.body.length,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'Accept-Encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : gzip ? e.gz : e.body);
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

