/**
 * The embedded database's first steps, kept free of the server's heavy imports so that the entry point
 * (`main.ts`) can start them before the rest of the server is loaded (issue 13: a first start copies the template
 * while the modules load; a restart opens PGlite meanwhile): where the server's files are, the database template's
 * manifest, copying the template into an empty data directory, and opening PGlite on it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';

export const TEMPLATE_MANIFEST = 'helio-template.json';

export interface TemplateManifest {
  /** @electric-sql/pglite version that wrote the data directory. */
  pglite: string;
  /** Newest migration inside (the journal's `when`). */
  migration: number;
  /** Content hash of what built it (build-template.mjs: skip a rebuild when unchanged). */
  hash: string;
  builtAt: string;
}

/** The server package root (holds `drizzle/`), found from this file in src/ or in the dist bundle. */
export function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (fs.existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the migrations folder (apps/server/drizzle)');
}

/** Where the build puts the template: apps/server/dist/pglite-template. */
export function templateDir(): string {
  return path.join(serverRoot(), 'dist', 'pglite-template');
}

export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@electric-sql/pglite');
  let dir = path.dirname(main);
  for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      const { name, version } = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string; version?: string };
      if (name === '@electric-sql/pglite' && version) return version;
    }
  }
  return 'unknown';
}

export function readManifest(dir: string): TemplateManifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, TEMPLATE_MANIFEST), 'utf8')) as TemplateManifest;
  } catch {
    return undefined;
  }
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * Copies the template into `dataDir` when that is a first start (no data directory, or an empty one) and the
 * template fits this PGlite. The copy goes to a sibling directory renamed into place, so an interrupted copy is never
 * mistaken for a database. The copy runs in a worker thread: the entry point loads the server's modules meanwhile, on
 * another core (the copy is mostly the kernel writing ~45 MB). Resolves with whether it did.
 */
export async function installTemplate(dataDir: string, from = templateDir()): Promise<boolean> {
  if (!isEmptyDir(dataDir)) return false;
  const manifest = readManifest(from);
  if (!manifest || manifest.pglite !== pgliteVersion() || !fs.existsSync(path.join(from, 'PG_VERSION'))) return false;
  const tmp = `${dataDir}.template-copy`;
  await fs.promises.rm(tmp, { recursive: true, force: true });
  await fs.promises.mkdir(path.dirname(dataDir), { recursive: true });
  try {
    await copyInWorker(from, tmp);
  } catch (e) {
    await fs.promises.rm(tmp, { recursive: true, force: true });
    throw e;
  }
  await fs.promises.rm(dataDir, { recursive: true, force: true }); // an empty directory
  await fs.promises.rename(tmp, dataDir);
  return true;
}

/** `fs.cpSync` in a worker thread: a copy-on-write clone where the file system has them (btrfs, XFS, APFS), else a plain copy. */
function copyInWorker(from: string, to: string): Promise<void> {
  const code = `const { workerData: d } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
fs.cpSync(d.from, d.to, { recursive: true, mode: fs.constants.COPYFILE_FICLONE, filter: (src) => path.basename(src) !== d.skip });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { from, to, skip: TEMPLATE_MANIFEST } });
    worker.once('error', reject);
    worker.once('exit', (exit) => (exit === 0 ? resolve() : reject(new Error(`the template copy stopped with exit code ${exit}`))));
  });
}

export interface EmbeddedOpen {
  client: PGlite;
  /** The first start began from the template. */
  fromTemplate: boolean;
}

/**
 * PGlite on `dataDir`: the template copied first on a first start; a template that fails to open is removed and the
 * database made from nothing (the caller then migrates and seeds it, as without a template).
 */
export async function openEmbedded(dataDir: string, template?: string): Promise<EmbeddedOpen> {
  const { PGlite } = await import('@electric-sql/pglite');
  let fromTemplate = false;
  try {
    fromTemplate = await installTemplate(dataDir, template);
  } catch {
    fromTemplate = false; // unreadable template: start without it
  }
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return { client: await PGlite.create({ dataDir }), fromTemplate };
  } catch (e) {
    if (!fromTemplate) throw e;
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    return { client: await PGlite.create({ dataDir }), fromTemplate: false };
  }
}
