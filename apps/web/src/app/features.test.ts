/**
 * The feature entries the shell finds: one per feature folder, no path / menu code / locale namespace claimed twice,
 * and every feature's locales in zh-CN / en-US parity.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGES } from '@helio/contracts/permissions';
import type { LocaleBundle } from '@/core/feature';
import { flattenKeys } from '@/core/i18n/resources';
import type { LocaleTree } from '@/core/i18n/resources';
import { FEATURES, FEATURE_ROUTES, REDIRECTS, registeredPaths, resolvePage } from './features';

const src = join(import.meta.dirname, '..');
const LANGS = ['zh-CN', 'en-US'];

function folders(dir: string): string[] {
  return readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
}

function duplicates(values: readonly string[]): string[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

/** `locales/<lang>/<namespace>.json` files below a folder, as `<lang>/<namespace>.json`. */
function localeFiles(dir: string): string[] {
  const root = join(dir, 'locales');
  if (!existsSync(root)) return [];
  return folders(root).flatMap((lang) => readdirSync(join(root, lang)).map((file) => `${lang}/${file}`));
}

async function treeOf(bundle: LocaleBundle): Promise<LocaleTree> {
  return typeof bundle.source === 'function' ? await bundle.source() : bundle.source;
}

const features = [...FEATURES.entries()];

describe('feature entries', () => {
  it('every feature folder has an entry, and the shell finds each', () => {
    const names = folders(join(src, 'features'));
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(existsSync(join(src, 'features', name, 'feature.ts')), `features/${name}/feature.ts`).toBe(true);
    expect([...FEATURES.keys()].sort()).toEqual([...names].sort());
  });

  it('no two features claim the same path', () => {
    const paths = [
      ...registeredPaths(),
      ...FEATURE_ROUTES.map((r) => r.path),
      ...features.flatMap(([, f]) => Object.keys(f.redirects)),
    ];
    expect(paths.length).toBeGreaterThan(50);
    expect(duplicates(paths)).toEqual([]);
    expect(paths).not.toContain('/');
    for (const target of Object.values(REDIRECTS)) expect(resolvePage(target), target).toBeTruthy();
  });

  it('no two features claim the same menu code; each code is a menu page and answers its path', () => {
    const pages = features.flatMap(([name, f]) => f.pages.map((p) => ({ ...p, feature: name })));
    const coded = pages.filter((p) => p.code !== undefined);
    expect(coded.length).toBeGreaterThan(30);
    expect(duplicates(coded.map((p) => p.code!))).toEqual([]);
    for (const p of coded) {
      const menu = PAGES.find((m) => m.code === p.code);
      expect(menu, `${p.feature}: ${p.code} is in @helio/contracts/permissions`).toBeTruthy();
      expect(p.path, `${p.feature}: ${p.code}`).toBe(menu!.path);
      expect(resolvePage(menu!.path)?.page, `${p.feature}: ${menu!.path}`).toBe(p.page);
    }
  });

  it('no two features (nor the shell, nor core) claim the same locale namespace', () => {
    const owners = [
      ...localeFiles(src).map((f) => ['shell', f] as const),
      ...folders(join(src, 'core')).flatMap((dir) => localeFiles(join(src, 'core', dir)).map((f) => [`core/${dir}`, f] as const)),
      ...features.flatMap(([name, f]) => f.locales.map((b) => [name, `${b.language}/${b.namespace}.json`] as const)),
    ];
    expect(owners.filter(([owner]) => owner.startsWith('core/')).length).toBeGreaterThanOrEqual(6);
    const byFile = new Map<string, string[]>();
    for (const [owner, file] of owners) byFile.set(file, [...(byFile.get(file) ?? []), owner]);
    expect([...byFile].filter(([, who]) => who.length > 1)).toEqual([]);
  });

  it('declares every locale file of its folder, and nothing else', () => {
    for (const [name, f] of features) {
      const declared = f.locales.map((b) => b.file.replace(/^\.\/locales\//, '')).sort();
      expect(declared, name).toEqual(localeFiles(join(src, 'features', name)).sort());
    }
  });

  it('the locales of every feature are in zh-CN / en-US parity', async () => {
    let checked = 0;
    for (const [name, f] of features) {
      const keys: Record<string, string[]> = Object.fromEntries(LANGS.map((l) => [l, []]));
      for (const bundle of f.locales) {
        expect(LANGS, `${name}: ${bundle.file}`).toContain(bundle.language);
        keys[bundle.language]!.push(...flattenKeys(await treeOf(bundle), `${bundle.namespace}.`));
      }
      const [zh, en] = [keys['zh-CN']!, keys['en-US']!];
      expect(zh.filter((k) => !en.includes(k)), `${name}: missing in en-US`).toEqual([]);
      expect(en.filter((k) => !zh.includes(k)), `${name}: missing in zh-CN`).toEqual([]);
      checked += zh.length;
    }
    expect(checked).toBeGreaterThan(100);
  });
});
