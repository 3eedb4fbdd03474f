import * as antIcons from '@ant-design/icons';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, AREAS, BUTTON_ACTIONS, PAGES } from '../permissions.js';
import {
  ALL_DICTS,
  BUSINESS_DICT_CODES,
  BUSINESS_DICTS,
  SPEC_BUSINESS_DICT_CODES,
  SYSTEM_DICT_CODES,
  SYSTEM_DICTS,
} from '../dicts.js';
import { BUTTON_NAME_OVERRIDES, BUTTON_NAMES, MENU_NAMES } from './menu-names.js';
import { ROLE_SEEDS } from './roles.js';

// The web's icon package (hoisted to the workspace root): an icon exists if the package exports a component by that name.
const ICONS: Readonly<Record<string, unknown>> = antIcons;
const iconExists = (name: string): boolean =>
  /^[A-Z][A-Za-z0-9]+(Outlined|Filled|TwoTone)$/.test(name) && typeof ICONS[name] === 'object';

/** CJK ideographs (incl. extension A and compatibility). */
const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
/** Anything a Chinese IME would produce: ideographs, CJK punctuation, full-width forms. */
const CJK_ANY = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

function expectBilingual(label: string, zh: string, en: string): void {
  expect(zh.trim(), `${label}: zh empty`).not.toBe('');
  expect(en.trim(), `${label}: en empty`).not.toBe('');
  expect(CJK.test(zh), `${label}: zh "${zh}" has no Chinese`).toBe(true);
  expect(CJK_ANY.test(en), `${label}: en "${en}" contains Chinese`).toBe(false);
}

/** Spec §3 "Business dictionary groups kept locally", verbatim. */
const SPEC_BUSINESS_GROUPS: readonly string[] = [
  'agent_project_type',
  'permit',
  'building_material_type',
  'house_type',
  'roof_type',
  'roof_material',
  'roof_occlusion',
  'solar_panels_mounting_position',
  'panel_type',
  'panel_orientation',
  'relevant_doc',
  'infrastructure',
  'infrastructure_connection_type',
  'apply_type',
  'agent_member_safety_checklist',
  'agent_ehs_tools_machinery_type',
  'inverter_type',
  'number_of_batteries',
  'delivery_type',
  'roof_physical_loose_damages',
  'agent_maint_fee_type',
];

describe('menu names', () => {
  const codes: string[] = AREAS.flatMap((a) => [a.code, ...a.pages.map((p) => p.code)]);

  it('area and page codes are unique', () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(codes)('%s has zh, en and an existing icon', (code) => {
    const name = MENU_NAMES[code];
    expect(name, `no MENU_NAMES entry for ${code}`).toBeDefined();
    if (!name) return;
    expectBilingual(code, name.zh, name.en);
    expect(iconExists(name.icon), `icon ${name.icon} for ${code} not in @ant-design/icons`).toBe(true);
  });

  it('names no unknown codes', () => {
    expect(Object.keys(MENU_NAMES).filter((k) => !codes.includes(k))).toEqual([]);
  });

  it.each([...BUTTON_ACTIONS])('button action %s has zh, en and an existing icon', (action) => {
    const name = BUTTON_NAMES[action];
    expect(name).toBeDefined();
    expectBilingual(action, name.zh, name.en);
    expect(iconExists(name.icon), `icon ${name.icon} for ${action} not in @ant-design/icons`).toBe(true);
  });

  it('button name overrides refer to real buttons', () => {
    for (const [code, name] of Object.entries(BUTTON_NAME_OVERRIDES)) {
      expect(ALL_PERMISSION_CODES.has(code), `override for unknown button ${code}`).toBe(true);
      expect(PAGES.some((p) => code.startsWith(`${p.code}_`))).toBe(true);
      expectBilingual(code, name.zh, name.en);
    }
  });
});

describe('dictionaries', () => {
  it('codes are unique across system and business dictionaries', () => {
    const all = ALL_DICTS.map((d) => d.code);
    expect(all.filter((c, i) => all.indexOf(c) !== i)).toEqual([]);
  });

  it('the code tuples match the data', () => {
    expect(SYSTEM_DICTS.map((d) => d.code)).toEqual([...SYSTEM_DICT_CODES]);
    expect(BUSINESS_DICTS.map((d) => d.code)).toEqual([...BUSINESS_DICT_CODES]);
  });

  it('every spec §3 business group is present', () => {
    const codes = new Set<string>(BUSINESS_DICTS.map((d) => d.code));
    expect(SPEC_BUSINESS_GROUPS.filter((g) => !codes.has(g))).toEqual([]);
    expect([...SPEC_BUSINESS_DICT_CODES].sort()).toEqual([...SPEC_BUSINESS_GROUPS].sort());
  });

  it('includes the Blade-family system dictionaries', () => {
    const codes = new Set<string>(SYSTEM_DICTS.map((d) => d.code));
    for (const c of ['sex', 'yes_no', 'notice', 'menu_category', 'button_func', 'data_scope_type', 'api_scope_type']) {
      expect(codes.has(c), c).toBe(true);
    }
    for (const c of ['post_category', 'region', 'flow', 'org_category', 'scope_category', 'oss', 'sms', 'user_type']) {
      expect(codes.has(c), c).toBe(true);
    }
  });

  it.each(ALL_DICTS.map((d) => [d.code, d] as const))('%s is well formed', (_code, dict) => {
    expectBilingual(dict.code, dict.zh, dict.en);
    expect(dict.items.length).toBeGreaterThan(0);
    const keys = dict.items.map((i) => i.key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i), `duplicate keys in ${dict.code}`).toEqual([]);
    for (const item of dict.items) {
      expect(item.key).toMatch(/^[A-Za-z0-9_-]+$/);
      expectBilingual(`${dict.code}.${item.key}`, item.zh, item.en);
    }
    const sorts = dict.items.map((i) => i.sort);
    expect(new Set(sorts).size).toBe(sorts.length);
  });

  it('business groups have a sensible number of items', () => {
    for (const d of BUSINESS_DICTS) {
      const min = SPEC_BUSINESS_GROUPS.includes(d.code) ? 3 : 2;
      expect(d.items.length, d.code).toBeGreaterThanOrEqual(min);
      expect(d.items.length, d.code).toBeLessThanOrEqual(10);
    }
  });

  it('keeps Blade key conventions', () => {
    const items = (code: string) => Object.fromEntries(ALL_DICTS.find((d) => d.code === code)?.items.map((i) => [i.key, i.en]) ?? []);
    expect(items('yes_no')).toEqual({ '1': 'No', '2': 'Yes' });
    expect(items('sex')).toEqual({ '1': 'Male', '2': 'Female', '3': 'Unknown' });
    expect(items('menu_category')).toEqual({ '1': 'Menu', '2': 'Button' });
    expect(items('device_usage')).toEqual({ '0': 'Unused', '1': 'Used' });
    expect(Object.keys(items('language'))).toEqual(['zh-CN', 'en-US']);
    expect(Object.keys(items('region'))).toEqual(['0', '1', '2', '3', '4', '5']);
  });
});

describe('roles', () => {
  const roleTypes = new Set(SYSTEM_DICTS.find((d) => d.code === 'role_type')?.items.map((i) => i.key));

  it('aliases are unique and include the spec actors', () => {
    const aliases = ROLE_SEEDS.map((r) => r.alias);
    expect(new Set(aliases).size).toBe(aliases.length);
    for (const a of [
      'administrator',
      'agent',
      'site_technician',
      'electrician',
      'rollout_manager',
      'delivery_manager',
      'warehouse_manager',
      'landlord_signer',
    ]) {
      expect(aliases).toContain(a);
    }
  });

  it('only the administrator is granted everything', () => {
    expect(ROLE_SEEDS.filter((r) => r.grants === 'all').map((r) => r.alias)).toEqual(['administrator']);
  });

  it.each(ROLE_SEEDS.map((r) => [r.alias, r] as const))('%s is well formed', (_alias, role) => {
    expectBilingual(role.alias, role.zh, role.en);
    expect(roleTypes.has(role.roleType), `role type ${role.roleType}`).toBe(true);
    if (role.grants === 'all') return;
    expect(role.grants.filter((g) => !ALL_PERMISSION_CODES.has(g)), 'unknown permission codes').toEqual([]);
    expect(new Set(role.grants).size).toBe(role.grants.length);
    // Every granted button comes with its page, and everyone can read notices.
    for (const g of role.grants) {
      const owner = PAGES.find((p) => p.buttons.some((b) => `${p.code}_${b}` === g));
      if (owner) expect(role.grants, `${g} without ${owner.code}`).toContain(owner.code);
    }
    expect(role.grants).toEqual(expect.arrayContaining(['notice', 'notice_view']));
  });

  it('sort orders are unique', () => {
    const sorts = ROLE_SEEDS.map((r) => r.sort);
    expect(new Set(sorts).size).toBe(sorts.length);
  });

  it('gives the warehouse manager stock and materials, and the homeowner read-only access', () => {
    const byAlias = (a: string) => ROLE_SEEDS.find((r) => r.alias === a)?.grants;
    expect(byAlias('warehouse_manager')).toEqual(
      expect.arrayContaining(['epc_stock_add', 'epc_stock_edit', 'epc_material_add', 'epc_material_edit']),
    );
    const owner = byAlias('landlord_signer');
    expect(Array.isArray(owner)).toBe(true);
    if (Array.isArray(owner)) {
      const buttons = owner.filter((g) => !PAGES.some((p) => p.code === g));
      expect(buttons.every((g) => g.endsWith('_view')), buttons.join()).toBe(true);
    }
  });
});
