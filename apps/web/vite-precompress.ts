/**
 * Build step: writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the build, so the
 * server sends pre-compressed bytes (@fastify/static `preCompressed`) instead of compressing on each request.
 * Files under 1 KiB and copies that would not be smaller are skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|ico|wasm)$/i;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (COMPRESSIBLE.test(e.name)) yield p;
  }
}

/** Compresses every eligible file under `dir`; returns how many copies were written. */
export function precompressDir(dir: string): number {
  let written = 0;
  for (const file of files(dir)) {
    const raw = fs.readFileSync(file);
    if (raw.byteLength < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.byteLength < raw.byteLength) {
      fs.writeFileSync(`${file}.br`, br);
      written++;
    }
    if (gz.byteLength < raw.byteLength) {
      fs.writeFileSync(`${file}.gz`, gz);
      written++;
    }
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'helio-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
