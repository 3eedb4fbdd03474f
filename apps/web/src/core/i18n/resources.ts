import type { Language } from '@/core/config';

type Tree = { [key: string]: string | Tree };

/**
 * The shell's namespaces (`src/locales/<lang>/<namespace>.json`), shipped with the entry chunk. Features bring their
 * own (`features/<feature>/locales/`, declared by their `feature.ts`); the CRUD engine brings `crud` and `system`
 * (`core/crud/locale.ts`), the console shell `menu` (`core/menu/menu-locale.ts`), so /login stays small.
 */
const files = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });

/** `…/locales/<lang>/<namespace>.json` → its language and namespace (keys read `<namespace>.<phrase>`). */
export function localeFileOf(path: string): { language: string; namespace: string } | undefined {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { language: match[1]!, namespace: match[2]! } : undefined;
}

/** `locales/<lang>/<file>.json` → `{ <file>: {...} }` per language, so keys read `<file>.<phrase>`. */
export function buildResources(): Record<Language, Tree> {
  const out: Record<string, Tree> = {};
  for (const [path, tree] of Object.entries(files)) {
    const file = localeFileOf(path);
    if (!file) continue;
    out[file.language] ??= {};
    (out[file.language] as Tree)[file.namespace] = tree;
  }
  return out as Record<Language, Tree>;
}

/** Every leaf key of a tree, dotted. */
export function flattenKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value, `${prefix}${key}.`),
  );
}

export type { Tree as LocaleTree };
