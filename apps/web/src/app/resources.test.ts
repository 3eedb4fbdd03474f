/**
 * Every resource definition, walked: labels in both languages, dictionaries that exist, permission codes the menu
 * seed knows, and a registered web page for its menu path.
 */
import { describe, expect, it } from 'vitest';
import type { FieldDef, ResourceDef } from '@helio/contracts/crud/resource';
import { BUSINESS_DICT_CODES, SYSTEM_DICT_CODES } from '@helio/contracts/dicts';
import { ALL_PERMISSION_CODES, PAGES } from '@helio/contracts/permissions';
import { RESOURCES } from '@helio/contracts/resources';
import { resolvePage } from './features';
import { REGION_FIELDS } from '@/features/base/region-fields';
import { userResource } from '@/features/system/user/user-resource';

/** Business dictionaries the platform seeds beyond the spec's groups (country list with dialling codes). */
const PLATFORM_BIZ_DICTS = ['country'];
const CJK = /[\u4e00-\u9fff]/;

function checkLabel(label: { zh: string; en: string } | undefined, where: string) {
  expect(label, where).toBeTruthy();
  expect(label!.zh.trim(), `${where} zh`).not.toBe('');
  expect(label!.en.trim(), `${where} en`).not.toBe('');
  expect(CJK.test(label!.en), `${where} en is English`).toBe(false);
}

function checkFields(name: string, fields: readonly FieldDef[]) {
  const keys = new Set<string>();
  for (const f of fields) {
    const where = `${name}.${f.key}`;
    expect(keys.has(f.key), `${where} is unique`).toBe(false);
    keys.add(f.key);
    checkLabel(f.label, where);
    if (f.requiredMessage) checkLabel(f.requiredMessage, `${where} requiredMessage`);
    for (const o of f.options ?? []) checkLabel(o.label, `${where} option ${String(o.value)}`);
    if (f.kind === 'dict') {
      expect(f.dict, `${where} names its dictionary`).toBeTruthy();
      expect(SYSTEM_DICT_CODES as readonly string[], `${where} system dictionary ${f.dict}`).toContain(f.dict);
    }
    if (f.kind === 'dictbiz') {
      expect([...BUSINESS_DICT_CODES, ...PLATFORM_BIZ_DICTS], `${where} business dictionary ${f.dict}`).toContain(f.dict);
    }
    if (f.optionsFrom) expect(f.optionsFrom.url, where).toMatch(/^\/api\//);
  }
}

function checkResource(def: ResourceDef) {
  checkLabel(def.title, `${def.name} title`);
  checkFields(def.name, def.fields);
  const page = PAGES.find((p) => p.code === def.page);
  expect(page, `${def.name}: page ${def.page} is in permissions.ts`).toBeTruthy();
  expect(resolvePage(page!.path), `${def.name}: a web page is registered for ${page!.path}`).toBeTruthy();
  expect(ALL_PERMISSION_CODES.has(def.page), def.page).toBe(true);
  for (const action of def.actions) {
    const code = `${def.page}_${action === 'batchDelete' ? 'delete' : action}`;
    expect(ALL_PERMISSION_CODES.has(code), `${def.name}: ${code} is a known button`).toBe(true);
  }
  if (def.tree) expect(def.fields.some((f) => f.key === def.tree!.parentKey), `${def.name} tree parent key`).toBe(true);
}

describe('resource definitions', () => {
  it('cover every system administration page of the menu', () => {
    const covered = new Set([...RESOURCES.map((r) => r.page), 'user', 'region']);
    for (const code of ['user', 'dept', 'post', 'dict', 'dictbiz', 'menu', 'topmenu', 'param', 'tenant', 'tenant_package', 'client', 'region', 'role', 'data_scope', 'api_scope']) {
      expect(covered.has(code as never), code).toBe(true);
    }
  });

  for (const def of RESOURCES) {
    it(`${def.name}: labels, dictionaries, permission codes and page`, () => checkResource(def));
  }

  it('user (bespoke routes, same engine): labels, dictionaries, codes and page', () => checkResource(userResource));

  it('region fields: labels and dictionary', () => {
    checkFields('region', REGION_FIELDS);
    expect(resolvePage('/base/region')).toBeTruthy();
  });
});
