/**
 * Finds the modules: every `src/modules/<name>/module.ts`, in name order. From source (tsx, Vitest) the folders are
 * read at start; the server bundle replaces this file with static imports of the same glob (build.mjs,
 * `modulesGlobPlugin`), so a module is found without being named anywhere.
 */
import fs from 'node:fs';
import type { ModuleManifest } from './types.js';

export async function loadManifests(): Promise<ModuleManifest[]> {
  const dir = new URL('../modules/', import.meta.url);
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(new URL(`${d.name}/module.ts`, dir)))
    .map((d) => d.name)
    .sort();
  const loaded = await Promise.all(names.map((n) => import(`../modules/${n}/module.ts`) as Promise<{ default: ModuleManifest }>));
  return loaded.map((m) => m.default);
}
