/**
 * Serving the built console: static files (pre-compressed .br/.gz copies from the build when the client accepts
 * them, `Vary: Accept-Encoding`), long-lived caching for content-hashed assets and none for the app shell, and the
 * app shell for client-side routes. API responses above 1 KiB are compressed on the fly.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from './config.js';

/** Vite names built assets `name-<hash>.ext` under /assets: their bytes never change under that name. */
const HASHED_ASSET = /^\/assets\/.+-[\w-]{8,}\.\w+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Compression of dynamic responses (registered before the routes so every route gets it). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}

export function resolveWebDir(config: Config): string | undefined {
  const candidates = config.webDir
    ? [path.resolve(config.webDir)]
    : [path.resolve(process.cwd(), 'apps/web/dist'), path.resolve(process.cwd(), '../web/dist')];
  return candidates.find((d) => fs.existsSync(path.join(d, 'index.html')));
}

/** Registers the web app's files; returns a function that sends the app shell (for the not-found handler). */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<(reply: FastifyReply) => FastifyReply> {
  await app.register(async (web) => {
    web.addHook('onRoute', (r) => {
      r.config = { ...(r.config ?? {}), access: { public: true }, webAsset: true } as typeof r.config;
    });
    // Wildcard: files built after the server started are served too; a missing file falls through to the
    // not-found handler (the app shell for pages, a 404 envelope under /api).
    const common = { wildcard: true, preCompressed: true, cacheControl: false } as const;
    const setHeaders = (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
      const rel = `/${path.relative(webDir, filePath).split(path.sep).join('/')}`.replace(/\.(br|gz)$/, '');
      res.setHeader('cache-control', HASHED_ASSET.test(rel) ? IMMUTABLE : NO_CACHE);
      // The same URL answers br, gzip or plain bytes by Accept-Encoding: shared caches must key on it (lower case,
      // the spelling the compression hook checks for, so the header is not sent twice).
      res.setHeader('vary', 'accept-encoding');
    };
    // Built files (/assets): never revalidated (hashed names, immutable) nor fetched in parts, so no validators and
    // no `accept-ranges` — about 120 bytes sent for nothing on each of the hundred-odd files of a first load.
    await web.register(fastifyStatic, { ...common, root: path.join(webDir, 'assets'), prefix: '/assets/', etag: false, lastModified: false, acceptRanges: false, setHeaders });
    // The rest (index.html, favicon): `no-cache`, revalidated with their validators.
    await web.register(fastifyStatic, { ...common, root: webDir, prefix: '/', index: ['index.html'], decorateReply: false, setHeaders });
  });
  const shell = path.join(webDir, 'index.html');
  return (reply) => reply.type('text/html; charset=utf-8').header('cache-control', NO_CACHE).send(fs.createReadStream(shell));
}
