import type { Language } from '@/core/config';

type Tree = { [key: string]: string | Tree };

/**
 * Namespaces of the sign-in and shell chunks. The administration namespaces (`crud`, `system`) are left out: the
 * pages that use them register them when their chunk loads (`core/crud/locale.ts`), so /login stays small.
 */
const files = import.meta.glob<Tree>(
  [
    '../../locales/*/*.json',
    '!../../locales/*/crud.json',
    '!../../locales/*/system.json',
    '!../../locales/*/station.json',
    '!../../locales/*/factory.json', // registered by features/device-factory/locale.ts
    // Issue 5 screens: registered by features/{resource,desk,monitor,develop,report}/locale.ts.
    '!../../locales/*/resource.json',
    '!../../locales/*/desk.json',
    '!../../locales/*/monitor.json',
    '!../../locales/*/develop.json',
    '!../../locales/*/report.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);

/** `locales/<lang>/<file>.json` → `{ <file>: {...} }` per language, so keys read `<file>.<phrase>`. */
export function buildResources(): Record<Language, Tree> {
  const out: Record<string, Tree> = {};
  for (const [path, tree] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, file] = match as unknown as [string, string, string];
    out[lang] ??= {};
    (out[lang] as Tree)[file] = tree;
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
