/**
 * Every resource definition, for the parameterised tests that walk them all (server and web, both under Vitest).
 * Found by a glob over `modules/<m>/<m>.resource.ts`, so a new module's definition is walked without being listed.
 * Vite/Vitest only (`import.meta.glob`): the apps themselves import the definitions they serve directly.
 */
import type { ResourceDef } from './crud/resource.js';

interface GlobImportMeta {
  glob(pattern: string, options: { eager: true }): Record<string, Record<string, unknown>>;
}

const isResource = (v: unknown): v is ResourceDef =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'name' in v && 'api' in v && 'fields' in v && 'page' in v;

const files = (import.meta as unknown as GlobImportMeta).glob('./modules/*/*.resource.ts', { eager: true });

export const RESOURCES: readonly ResourceDef[] = [
  ...new Map(
    Object.keys(files)
      .sort()
      .flatMap((file) => Object.values(files[file]!).filter(isResource))
      .map((def) => [def.name, def] as const),
  ).values(),
];
