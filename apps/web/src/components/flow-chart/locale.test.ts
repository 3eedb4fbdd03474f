import { describe, expect, it } from 'vitest';
import { flattenKeys, localeFileOf } from '@/core/i18n/resources';
import type { LocaleTree } from '@/core/i18n/resources';

const files = import.meta.glob<LocaleTree>('./locales/*/*.json', { eager: true, import: 'default' });

describe('flow-chart locales', () => {
  it('hold the same keys in zh-CN and en-US, none empty', () => {
    const keys: Record<string, string[]> = {};
    for (const [path, tree] of Object.entries(files)) {
      const file = localeFileOf(path)!;
      keys[file.language] = flattenKeys(tree).map((k) => `${file.namespace}.${k}`).sort();
      for (const k of flattenKeys(tree)) expect(k.split('.').reduce<unknown>((o, p) => (o as LocaleTree)[p], tree)).not.toBe('');
    }
    expect(keys['zh-CN']?.length).toBeGreaterThan(0);
    expect(keys['en-US']).toEqual(keys['zh-CN']);
  });
});
