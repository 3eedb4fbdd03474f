import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from '@helio/contracts/permissions';
import { MENU_NAMES } from '@helio/contracts/seed/menu-names';
import { i18n } from '@/core/i18n/i18n';
import { menuTree } from '@/core/menu/menu-locale';
import { THEME_NAMES } from '@/core/theme/themes';
import { flattenKeys } from '@/core/i18n/resources';
import type { LocaleTree } from '@/core/i18n/resources';

const here = import.meta.dirname;
const src = join(here, '..');
const LANGS = ['zh-CN', 'en-US'] as const;

/** Every `locales` folder: the shell's (this one), the CRUD engine's and each feature's. */
function localeDirs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (!statSync(p).isDirectory()) return [];
    return name === 'locales' ? [p] : localeDirs(p);
  });
}

const dirs = localeDirs(src);

function load(lang: string): Record<string, string> {
  const tree: LocaleTree = {};
  for (const dir of dirs) {
    for (const file of readdirSync(join(dir, lang))) {
      if (file.endsWith('.json')) tree[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, lang, file), 'utf8'));
    }
  }
  tree.menu = menuTree(lang); // as core/menu/menu-locale.ts registers it
  const flat: Record<string, string> = {};
  const walk = (node: LocaleTree, prefix: string) => {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string') flat[`${prefix}${k}`] = v;
      else walk(v, `${prefix}${k}.`);
    }
  };
  walk(tree, '');
  return flat;
}

const trees = Object.fromEntries(LANGS.map((l) => [l, load(l)])) as Record<(typeof LANGS)[number], Record<string, string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('locales', () => {
  it('have the same files in both languages', () => {
    expect(dirs).toContain(here);
    for (const dir of dirs) expect(readdirSync(join(dir, 'zh-CN')).sort(), dir).toEqual(readdirSync(join(dir, 'en-US')).sort());
  });

  it('zh-CN and en-US have the same keys, both ways', () => {
    const zh = Object.keys(trees['zh-CN']);
    const en = Object.keys(trees['en-US']);
    expect(zh.filter((k) => !en.includes(k)), 'missing in en-US').toEqual([]);
    expect(en.filter((k) => !zh.includes(k)), 'missing in zh-CN').toEqual([]);
  });

  it('have no empty texts and the same {{placeholders}} in both languages', () => {
    for (const key of Object.keys(trees['zh-CN'])) {
      for (const lang of LANGS) expect(trees[lang][key]?.trim(), `${lang} ${key}`).toBeTruthy();
      const vars = (s: string | undefined) => (s?.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
      expect(vars(trees['en-US'][key]), key).toEqual(vars(trees['zh-CN'][key]));
    }
  });

  it('name every area and page of the console in the menu namespace', () => {
    for (const area of AREAS) {
      expect(trees['en-US'][`menu.${area.code}`], area.code).toBeTruthy();
      for (const page of area.pages) expect(trees['en-US'][`menu.${page.code}`], page.code).toBeTruthy();
    }
  });

  it('name every menu code at run time as the menu seed does, in both languages', () => {
    const codes = AREAS.flatMap((area) => [area.code, ...area.pages.map((p) => p.code)]);
    for (const code of codes) {
      expect(i18n.getFixedT('zh-CN')(`menu.${code}`), code).toBe(MENU_NAMES[code]!.zh);
      expect(i18n.getFixedT('en-US')(`menu.${code}`), code).toBe(MENU_NAMES[code]!.en);
    }
    expect(i18n.getFixedT('en-US')('menu.data_center')).toBe('Data center');
  });

  it('name every theme', () => {
    for (const name of THEME_NAMES) expect(trees['zh-CN'][`theme.name.${name}`], name).toBeTruthy();
  });

  it('contain every literal key the code asks for', () => {
    const missing: string[] = [];
    const pattern = /\bt\(\s*'([a-zA-Z0-9_.-]+)'|(?:titleKey|key):\s*'([a-z]+\.[a-zA-Z0-9_.]+)'|'((?:error|info|header|login|register|forgot|lock|route|tabs|search|theme|errorlog|notice|switch|wel|home|test|common|crud|system)\.[a-zA-Z0-9_.]+)'/g;
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(pattern)) {
        const key = m[1] ?? m[2] ?? m[3];
        if (key && !(key in trees['zh-CN'])) missing.push(`${key} (${file.slice(src.length + 1)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('components carry no literal Chinese text (all of it lives in the locale files)', () => {
    const offenders = sourceFiles(src).filter((file) => /[\u4e00-\u9fff]/.test(readFileSync(file, 'utf8')));
    expect(offenders.map((f) => f.slice(src.length + 1))).toEqual([]);
  });

  it('flattenKeys lists dotted leaf keys', () => {
    expect(flattenKeys({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })).toEqual(['a.b', 'a.c.d', 'e']);
  });
});
