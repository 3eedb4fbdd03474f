/** Tenants and tenant packages (spec §2 Tenant package, §3, §4, §5, §8). Platform-only administration. */
import { defineResource } from '../../crud/resource.js';

export const tenantResource = defineResource({
  name: 'tenant',
  page: 'tenant',
  api: '/api/blade-system/tenant',
  title: { zh: '租户管理', en: 'Tenants' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  select: { labelKey: 'tenantName' },
  defaultSort: { field: 'createTime', order: 'asc' },
  fields: [
    { key: 'tenantId', label: { zh: '租户ID', en: 'Tenant ID' }, kind: 'text', search: 'like', form: false, sortable: true },
    { key: 'tenantName', label: { zh: '租户名称', en: 'Name' }, kind: 'text', search: 'like', sortable: true, rules: { required: true, max: 50 } },
    { key: 'linkman', label: { zh: '联系人', en: 'Contact' }, kind: 'text', search: 'like', rules: { required: true, max: 20 } },
    { key: 'contactNumber', label: { zh: '联系电话', en: 'Phone' }, kind: 'text', rules: { max: 20, pattern: '^\\+?[0-9 -]{3,20}$' } },
    { key: 'address', label: { zh: '联系地址', en: 'Address' }, kind: 'text', table: false, rules: { max: 255 }, span: 24 },
    { key: 'domainUrl', label: { zh: '绑定域名', en: 'Domain' }, kind: 'text', table: false, rules: { max: 255 } },
    { key: 'backgroundUrl', label: { zh: '系统背景', en: 'Background image' }, kind: 'text', table: false, rules: { max: 1000 } },
    { key: 'accountNumber', label: { zh: '账号额度', en: 'Account limit' }, kind: 'number', numeric: true, form: false },
    { key: 'expireTime', label: { zh: '过期时间', en: 'Expires' }, kind: 'datetime', form: false },
    { key: 'packageId', label: { zh: '产品包', en: 'Package' }, kind: 'select', form: false, table: false },
  ],
});

export const tenantPackageResource = defineResource({
  name: 'tenant-package',
  page: 'tenant_package',
  api: '/api/blade-system/tenant-package',
  title: { zh: '租户产品包', en: 'Tenant packages' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'batchDelete'],
  ui: { dialogWidth: 600, maskClosable: false },
  select: { labelKey: 'packageName' },
  defaultSort: { field: 'createTime', order: 'asc' },
  fields: [
    {
      key: 'packageName',
      label: { zh: '产品包名称', en: 'Package name' },
      kind: 'text',
      search: 'like',
      rules: { required: true, max: 50 },
      requiredMessage: { zh: '请输入产品包名称', en: 'Please enter the package name' },
      validateOn: 'blur',
    },
    {
      key: 'menuId',
      label: { zh: '菜单列表', en: 'Menus' },
      kind: 'tree',
      table: false,
      multiple: true,
      optionsFrom: { url: '/api/blade-system/tenant-package/menu-tree' },
      rules: { required: true, max: 3000, pattern: '^\\d+(,\\d+)*$' },
      requiredMessage: { zh: '请选择菜单', en: 'Please select menus' },
      span: 24,
    },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', rules: { max: 255 }, span: 24 },
  ],
});
