/**
 * Region fields (spec §3 Region, §5: code, name, regionLevel, sort required), checked with the same shared rules;
 * labels from the locale files, worded as the server words them.
 */
import type { FieldDef, ResourceDef } from '@helio/contracts/crud/resource';
import { localeLabel } from '@/core/crud/labels';

const L = (key: string) => localeLabel(`system.region.field.${key}`);
const CODE = '^\\d{1,12}$';

export const REGION_FIELDS: readonly FieldDef[] = [
  { key: 'parentCode', label: L('parentCode'), kind: 'text', rules: { max: 12, pattern: CODE } },
  { key: 'parentName', label: L('parentName'), kind: 'text', form: 'edit' },
  { key: 'code', label: L('code'), kind: 'text', rules: { required: true, pattern: CODE } },
  { key: 'subCode', label: L('subCode'), kind: 'text', form: 'edit' },
  { key: 'name', label: L('name'), kind: 'text', rules: { required: true, max: 64 } },
  { key: 'nameEn', label: L('nameEn'), kind: 'text', rules: { max: 128 } },
  { key: 'regionLevel', label: L('regionLevel'), kind: 'dict', dict: 'region', numeric: true, rules: { required: true } },
  { key: 'sort', label: L('sort'), kind: 'number', numeric: true, rules: { required: true } },
  { key: 'remark', label: L('remark'), kind: 'textarea', rules: { max: 255 }, span: 24 },
];

/** What the form dialog needs of a definition. */
export const REGION_FORM: Pick<ResourceDef, 'api' | 'tree' | 'ui' | 'fields'> = {
  api: '/api/blade-system/region',
  fields: REGION_FIELDS,
  ui: { dialogWidth: 720, maskClosable: false },
};
