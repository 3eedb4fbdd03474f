/**
 * Every field of every installer-order form (contracts order.forms, all of ORDER_FORMS, part 2's included) and of the
 * maintenance order's own forms (maint.forms: the call-in, the diagnosis, the repair QC) has its label in
 * `epc-stage.json`, literal choices too, in zh-CN and en-US; the two files and core/stage's `stage.json`
 * have the same keys; every `epc-stage.` key the stage code names exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAINT_ORDER_PROCESS } from '@helio/contracts/modules/epc/maint.process';
import { ORDER_FORMS } from '@helio/contracts/modules/epc/order.forms';
import { flattenKeys } from '@/core/i18n/resources';
import type { LocaleTree } from '@/core/i18n/resources';
import { choiceKey, flattenFields, formFields, labelKey } from '@/core/stage/schema-model';
import stageEn from '@/core/stage/locales/en-US/stage.json';
import stageZh from '@/core/stage/locales/zh-CN/stage.json';
import en from '../locales/en-US/epc-stage.json';
import zh from '../locales/zh-CN/epc-stage.json';

const keys = (tree: LocaleTree) => new Set(flattenKeys(tree));

describe('epc-stage locales', () => {
  it('are in zh-CN / en-US parity (and core/stage `stage` too)', () => {
    expect([...keys(zh)].sort()).toEqual([...keys(en)].sort());
    expect([...keys(stageZh)].sort()).toEqual([...keys(stageEn)].sort());
  });

  it('label every field and choice of all the order forms (the maintenance order\'s too)', () => {
    expect(Object.keys(ORDER_FORMS)).toHaveLength(18);
    const missing: string[] = [];
    for (const [lang, tree] of [['zh-CN', zh], ['en-US', en]] as const) {
      const have = keys(tree);
      for (const form of [...Object.values(ORDER_FORMS), ...Object.values(MAINT_ORDER_PROCESS.forms ?? {})]) {
        for (const node of flattenFields(formFields(form.schema))) {
          const wanted = [labelKey(`form.${form.key}`, node), ...(node.choices ?? []).map((c) => choiceKey(`form.${form.key}`, node, c))];
          for (const k of wanted) if (!have.has(k)) missing.push(`${lang} ${k}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('has every key the stage code asks for', () => {
    const dir = __dirname;
    const have = keys(en);
    const used = readdirSync(dir)
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))
      .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/'epc-stage\.([A-Za-z0-9_.]+)'/g)].map((m) => m[1]!));
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((k) => !have.has(k))).toEqual([]);
  });
});
