/**
 * Routes of the tenant-isolation audit (access.test.ts) that hold no tenant-owned data: shared reference data, or
 * what the caller's own token says. Each with its reason; the audit fails for any other route without a probe.
 */
export const NO_TENANT_DATA: ReadonlySet<string> = new Set([
  'GET /api/skyworth-agent/order/subStatus/list', // the order definition's sub-statuses: code, no tenant rows
  'GET /api/skyworth-agent/maintenanceOrder/subStatus/list', // the maintenance definition's sub-statuses: code, no tenant rows
  'GET /api/blade-system/menu/routes', // menus are platform-wide; filtered by the caller's roles
  'GET /api/blade-system/menu/buttons',
  'GET /api/blade-system/dict/dictionary', // system dictionaries are platform-wide
  'GET /api/blade-system/dict-biz/dictionary', // tenant's own business dicts, else the platform's reference set
  'GET /api/blade-system/dict-biz/list',
  'GET /api/blade-auth/oauth/user-info', // echoes the caller's own token
  'GET /api/blade-auth/oauth/clear-cache',
  'GET /api/blade-system/dict-biz/dictionaryByLang', // the tenant's own items, else the platform reference set
  'GET /api/blade-system/dict-biz/findAllDictMap',
  'GET /api/blade-system/menu/grant-tree', // menus (limited to the tenant's package) and scope definitions
  'GET /api/blade-system/menu/grant-top-tree',
  'GET /api/blade-system/user/export-template', // an empty template
  'GET /api/blade-system/region/select', // regions: platform reference data
  'GET /api/blade-system/region/lazy-tree',
  'GET /api/blade-system/region/list',
  'GET /api/blade-system/region/detail',
  'GET /api/blade-system/region/export-template',
  'GET /api/blade-system/region/export-region',
]);
