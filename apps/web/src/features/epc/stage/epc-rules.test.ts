/**
 * Spec §5 list rules as the form checks them before the server: an appliance type must not repeat and the list has
 * a maximum; the same equipment type is not added twice to a BOM (case- and space-insensitive, as the server's
 * predicates compare). Messages are the locale's, in both languages (spec §8 "appliance type exists", "over
 * appliance limit").
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_APPLIANCES } from '@helio/contracts/modules/epc/order.forms';
import { addLocaleBundle, i18n, setLanguage } from '@/core/i18n/i18n';
import en from '../locales/en-US/epc-stage.json';
import zh from '../locales/zh-CN/epc-stage.json';
import { applianceProblem, duplicate, equipmentProblem } from './epc-rules';

addLocaleBundle('en-US', 'epc-stage', en);
addLocaleBundle('zh-CN', 'epc-stage', zh);

beforeEach(() => setLanguage('en-US'));

describe('duplicate types', () => {
  it('finds the second occurrence, ignoring case, spaces and blanks', () => {
    expect(duplicate(['Fridge', 'tv', ' fridge '])).toBe('fridge');
    expect(duplicate(['', '', undefined, 'a'])).toBeUndefined();
    expect(duplicate(['a', 'b'])).toBeUndefined();
  });

  it('refuses a repeated appliance type and too many appliances', () => {
    const t = i18n.t.bind(i18n);
    expect(applianceProblem([{ type: 'fridge', quantity: 1 }, { type: 'Fridge', quantity: 2 }], t)).toBe('Appliance type already exists: Fridge');
    expect(applianceProblem([{ type: 'fridge' }, { type: 'tv' }], t)).toBeUndefined();
    const many = Array.from({ length: MAX_APPLIANCES + 1 }, (_, i) => ({ type: `t${i}` }));
    expect(applianceProblem(many, t)).toBe(`Too many appliances (at most ${MAX_APPLIANCES})`);
    expect(applianceProblem(many.slice(1), t)).toBeUndefined();
  });

  it('refuses the same equipment type twice in a BOM, in Chinese too', () => {
    const bom = [{ sku: 'A', equipmentType: 'inverter' }, { sku: 'B', equipmentType: 'battery' }, { sku: 'C', equipmentType: 'Inverter' }];
    expect(equipmentProblem(bom, i18n.t.bind(i18n))).toBe('The same equipment type cannot be added twice: Inverter');
    setLanguage('zh-CN');
    expect(equipmentProblem(bom, i18n.t.bind(i18n))).toBe('同一设备类型不能重复添加: Inverter');
    expect(equipmentProblem(bom.slice(0, 2), i18n.t.bind(i18n))).toBeUndefined();
    // Lines without an equipment type are not compared.
    expect(equipmentProblem([{ sku: 'A' }, { sku: 'B' }], i18n.t.bind(i18n))).toBeUndefined();
  });
});
