/**
 * The user screen's definition. Users are served by bespoke routes (user-admin.routes.ts), so this definition lives
 * with the page; its rules are the server's (`USER_RULES`), its extra labels come from the locale files.
 */
import type { FieldDef, ResourceDef } from '@helio/contracts/crud/resource';
import { USER_RULES } from '@helio/contracts/modules/user/user.schema';
import type { FieldRule } from '@helio/contracts/validation';
import { localeLabel } from '@/core/crud/labels';

const L = (key: string) => localeLabel(`system.user.field.${key}`);

function shared(key: keyof typeof USER_RULES & string): Pick<FieldDef, 'label' | 'rules'> {
  const { label, ...rules } = USER_RULES[key] as FieldRule;
  return { label, rules };
}

const FIELDS: FieldDef[] = [
  { key: 'tenantId', label: L('tenantId'), kind: 'text', form: false },
  { key: 'account', kind: 'text', search: 'like', sortable: true, ...shared('account') },
  { key: 'name', kind: 'text', table: false, ...shared('name') },
  { key: 'realName', kind: 'text', search: 'like', sortable: true, ...shared('realName') },
  { key: 'password', label: L('password'), kind: 'password', form: 'add', table: false },
  { key: 'password2', label: L('password2'), kind: 'password', form: 'add', table: false },
  { key: 'userType', kind: 'dict', dict: 'user_type', numeric: true, search: 'equal', ...shared('userType') },
  { key: 'roleId', kind: 'tree', multiple: true, checkStrictly: true, optionsFrom: { url: '/api/blade-system/role/tree' }, ...shared('roleId') },
  { key: 'deptId', label: L('deptId'), kind: 'tree', multiple: true, checkStrictly: true, optionsFrom: { url: '/api/blade-system/dept/tree' } },
  {
    key: 'postId',
    label: L('postId'),
    kind: 'select',
    multiple: true,
    table: false,
    optionsFrom: { url: '/api/blade-system/post/list?size=500', labelKey: 'postName' },
  },
  { key: 'phoneDiallingCode', kind: 'text', table: false, ...shared('phoneDiallingCode') },
  { key: 'phone', kind: 'text', search: 'like', ...shared('phone') },
  { key: 'email', kind: 'text', table: false, ...shared('email') },
  { key: 'sex', label: L('sex'), kind: 'dict', dict: 'sex', numeric: true, table: false },
  { key: 'birthday', label: L('birthday'), kind: 'date', table: false },
  { key: 'code', kind: 'text', table: false, ...shared('code') },
  { key: 'status', label: L('status'), kind: 'switch', numeric: true, form: 'edit' },
];

/**
 * The definition with its role, department and post choices taken from one tenant (a platform administrator edits
 * users of every tenant; a user's roles, departments and posts must be of the user's own tenant). Other callers
 * are limited to their own tenant by the server anyway.
 */
export function userResourceFor(tenantId: string | undefined): ResourceDef {
  if (!tenantId) return userResource;
  const scoped = (url: string) => `${url}${url.includes('?') ? '&' : '?'}tenantId=${encodeURIComponent(tenantId)}`;
  return {
    ...userResource,
    fields: userResource.fields.map((f) => (f.optionsFrom ? { ...f, optionsFrom: { ...f.optionsFrom, url: scoped(f.optionsFrom.url) } } : f)),
  };
}

export const userResource: ResourceDef = {
  name: 'user',
  page: 'user',
  api: '/api/blade-system/user',
  title: L('title'),
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 900, maskClosable: false },
  fields: FIELDS,
};
