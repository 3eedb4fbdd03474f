/**
 * Menu and permission codes: the one list shared by the menu seed, the server's route permissions and the web's
 * page registry and buttons.
 *
 * A permission code is the `code` of a `blade_menu` row (Blade convention): a page (category 1) has the code below;
 * its buttons (category 2) are `<page code>_<action>`. Reading a page's data needs the page code; changing it needs
 * the button code. The administrator role passes every check.
 */

/** Button actions used across the console. `alias` of the button row in blade_menu. */
export const BUTTON_ACTIONS = [
  'add',
  'edit',
  'delete',
  'view',
  'import',
  'export',
  'role',
  'reset',
  'unlock',
  'platform',
  'setting',
  'grant',
  'enable',
  'debug',
  'send',
  'deploy',
  'handle',
  'upgrade',
  'issue',
  'unbind',
  'copy',
  'gen',
  'approve',
] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

export interface PageDef {
  /** Menu code; also the read permission. */
  code: string;
  /** Front-end route path. */
  path: string;
  /** Buttons this page has (each becomes `<code>_<action>`). */
  buttons: readonly ButtonAction[];
}

export interface AreaDef {
  code: string;
  path: string;
  pages: readonly PageDef[];
}

const CRUD = ['add', 'edit', 'delete', 'view'] as const;

/** Every area of the console (spec §1, §2) and its pages, in menu order. */
export const AREAS = [
  {
    code: 'station',
    path: '/station',
    pages: [
      { code: 'power_station', path: '/power-station-equip/power', buttons: ['view', 'edit', 'delete', 'export'] },
      { code: 'inverter', path: '/inverter', buttons: ['view', 'export', 'setting', 'issue'] },
      { code: 'battery', path: '/battery', buttons: ['view', 'export'] },
      { code: 'charge', path: '/charge', buttons: ['view', 'export'] },
      { code: 'guardian', path: '/guardian', buttons: ['view', 'unbind', 'setting', 'issue'] },
      { code: 'alarm', path: '/alarm', buttons: ['view', 'handle', 'export'] },
      { code: 'alarm_rule', path: '/alarm/rule', buttons: ['view', 'edit'] },
      { code: 'inverter_factory', path: '/device-factory/inverter', buttons: [...CRUD, 'import', 'export'] },
      { code: 'battery_factory', path: '/device-factory/battery', buttons: [...CRUD, 'import', 'export'] },
      { code: 'guardian_factory', path: '/device-factory/guardian', buttons: [...CRUD, 'import', 'export'] },
      { code: 'charger_factory', path: '/device-factory/charger', buttons: [...CRUD, 'import', 'export'] },
    ],
  },
  {
    code: 'config',
    path: '/config',
    pages: [
      { code: 'matching_list', path: '/config-update/matching-list', buttons: [...CRUD, 'import', 'export'] },
      { code: 'factory_version', path: '/factory-version', buttons: [...CRUD, 'import', 'export'] },
      { code: 'app_update', path: '/app-update', buttons: ['view', 'upgrade'] },
      { code: 'protocol_mapping', path: '/protocol-mapping', buttons: [...CRUD, 'import', 'export'] },
      { code: 'ota', path: '/ota', buttons: CRUD },
      { code: 'app_menu', path: '/app-menu', buttons: [...CRUD, 'import', 'export'] },
      { code: 'setting_approval', path: '/setting-approval', buttons: ['view', 'approve'] },
    ],
  },
  {
    code: 'epc',
    path: '/epc',
    pages: [
      { code: 'epc_order', path: '/epc/order', buttons: [...CRUD, 'handle', 'export'] },
      { code: 'epc_agent', path: '/epc/agent', buttons: [...CRUD, 'export'] },
      { code: 'epc_stock', path: '/epc/stock', buttons: [...CRUD, 'export'] },
      { code: 'epc_material', path: '/epc/material', buttons: [...CRUD, 'import', 'export'] },
      { code: 'epc_package', path: '/epc/package', buttons: CRUD },
      { code: 'epc_maintenance', path: '/epc/maintenance', buttons: [...CRUD, 'handle'] },
    ],
  },
  {
    code: 'work',
    path: '/work',
    pages: [
      { code: 'work_start', path: '/work/start', buttons: ['view', 'add'] },
      { code: 'work_claim', path: '/work/claim', buttons: ['view', 'handle'] },
      { code: 'work_todo', path: '/work/todo', buttons: ['view', 'handle'] },
      { code: 'work_send', path: '/work/send', buttons: ['view'] },
      { code: 'work_done', path: '/work/done', buttons: ['view'] },
    ],
  },
  {
    code: 'flow',
    path: '/flow',
    pages: [
      { code: 'flow_model', path: '/flow/model', buttons: [...CRUD, 'deploy'] },
      { code: 'flow_manager', path: '/flow/manager', buttons: ['view', 'delete', 'deploy', 'setting'] },
      { code: 'flow_follow', path: '/flow/follow', buttons: ['view', 'delete'] },
    ],
  },
  {
    code: 'desk',
    path: '/desk',
    pages: [{ code: 'notice', path: '/desk/notice', buttons: CRUD }],
  },
  {
    code: 'resource',
    path: '/resource',
    pages: [
      { code: 'oss', path: '/resource/oss', buttons: [...CRUD, 'enable', 'debug'] },
      { code: 'attach', path: '/resource/attach', buttons: ['add', 'delete', 'view'] },
      { code: 'sms', path: '/resource/sms', buttons: [...CRUD, 'enable', 'send'] },
      { code: 'mail', path: '/resource/mail', buttons: [...CRUD, 'enable', 'send'] },
    ],
  },
  {
    code: 'monitor',
    path: '/monitor',
    pages: [
      { code: 'log_usual', path: '/monitor/log/usual', buttons: ['view'] },
      { code: 'log_api', path: '/monitor/log/api', buttons: ['view'] },
      { code: 'log_error', path: '/monitor/log/error', buttons: ['view'] },
      { code: 'api_doc', path: '/api/docs', buttons: [] },
    ],
  },
  {
    code: 'tool',
    path: '/tool',
    pages: [
      { code: 'code', path: '/tool/code', buttons: [...CRUD, 'copy', 'gen'] },
      { code: 'model', path: '/tool/model', buttons: CRUD },
      { code: 'datasource', path: '/tool/datasource', buttons: [...CRUD, 'debug'] },
    ],
  },
  {
    code: 'report',
    path: '/report',
    pages: [{ code: 'report_list', path: '/report/list', buttons: ['view', 'delete', 'export'] }],
  },
  {
    code: 'base',
    path: '/base',
    pages: [{ code: 'region', path: '/base/region', buttons: [...CRUD, 'import', 'export', 'debug'] }],
  },
  {
    code: 'authority',
    path: '/authority',
    pages: [
      { code: 'role', path: '/authority/role', buttons: [...CRUD, 'setting'] },
      { code: 'data_scope', path: '/authority/datascope', buttons: [...CRUD, 'setting'] },
      { code: 'api_scope', path: '/authority/apiscope', buttons: [...CRUD, 'setting'] },
    ],
  },
  {
    code: 'system',
    path: '/system',
    pages: [
      {
        code: 'user',
        path: '/system/user',
        buttons: [...CRUD, 'role', 'reset', 'unlock', 'platform', 'import', 'export', 'approve'],
      },
      { code: 'dept', path: '/system/dept', buttons: CRUD },
      { code: 'post', path: '/system/post', buttons: CRUD },
      { code: 'dict', path: '/dict-horizontal/index', buttons: CRUD },
      { code: 'dictbiz', path: '/dict-vertical/index', buttons: CRUD },
      { code: 'menu', path: '/system/menu', buttons: CRUD },
      { code: 'topmenu', path: '/system/topmenu', buttons: [...CRUD, 'setting'] },
      { code: 'param', path: '/system/param', buttons: CRUD },
      { code: 'tenant', path: '/system/tenant', buttons: [...CRUD, 'setting'] },
      { code: 'tenant_package', path: '/system/tenant-package', buttons: ['add', 'edit', 'delete'] },
      { code: 'client', path: '/system/client', buttons: CRUD },
    ],
  },
] as const satisfies readonly AreaDef[];

export type AreaCode = (typeof AREAS)[number]['code'];
export type PageCode = (typeof AREAS)[number]['pages'][number]['code'];

/** `perm('user', 'add')` → `'user_add'`. */
export function perm(page: PageCode, action: ButtonAction): string {
  return `${page}_${action}`;
}

/** Every page, flat. */
export const PAGES: readonly PageDef[] = AREAS.flatMap((a) => a.pages as readonly PageDef[]);

/** Every permission code the console knows (pages and their buttons). */
export const ALL_PERMISSION_CODES: ReadonlySet<string> = new Set(
  PAGES.flatMap((p) => [p.code, ...p.buttons.map((b) => `${p.code}_${b}`)]),
);

/** Role alias that passes every permission check. */
export const ADMINISTRATOR_ALIAS = 'administrator';

/** The platform tenant: its users may see every tenant's data. */
export const PLATFORM_TENANT_ID = '000000';
