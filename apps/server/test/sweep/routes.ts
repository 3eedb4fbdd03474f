/**
 * The sweep's view of the API: every route of the route table with its access declaration and, from the OpenAPI
 * document, its query parameters and body properties; which record kind a route's `id` means; and how each
 * parameter that names a record is filled for a target (tenant A, tenant B, or records that do not exist).
 */
import type { Access } from '../../src/core/access.js';
import type { TestApp } from '../helper.js';
import type { Request } from './probe.js';
import { DEVICE_KINDS, KINDS, type Kind, type World } from './world.js';
import * as maintApi from '@helio/contracts/modules/epc/maint.api';

/** The maintenance routes (contracts maint.api.ts: the installer-order twins and its own), whose `orderId` is a maintenance order. */
const MAINT_URLS = new Set([...maintApi.MAINT_ALIASES.values(), ...maintApi.MAINT_DOWNLOADS.values(), ...Object.values(maintApi)].flatMap((e) => (e && typeof e === 'object' && 'url' in e && typeof e.url === 'string' ? [e.url] : [])));

export interface Route {
  key: string;
  method: 'GET' | 'POST';
  url: string;
  access?: Access;
  query: { name: string; required: boolean }[];
  bodyProps: string[];
  /** The record kind the route's `id`/`ids` name (from its path). */
  kind?: Kind;
}

/** Path prefix (the route's path without its last segment) → the kind its ids name. */
export const KIND_OF_PREFIX: Record<string, Kind> = {
  '/api/blade-system/user': 'member',
  '/api/blade-system/post': 'post',
  '/api/blade-system/dept': 'dept',
  '/api/blade-system/dict-biz': 'dictbiz',
  '/api/blade-system/topmenu': 'topmenu',
  '/api/blade-system/role': 'role',
  '/api/blade-resource/oss': 'oss',
  '/api/blade-resource/attach': 'attach',
  '/api/blade-resource/sms': 'sms',
  '/api/blade-resource/sms/outbox': 'outbox',
  '/api/blade-resource/mail': 'mail',
  '/api/blade-resource/mail/outbox': 'mailOutbox',
  '/api/blade-desk/notice': 'notice',
  '/api/blade-log/api': 'logApi',
  '/api/blade-log/usual': 'logUsual',
  '/api/blade-log/error': 'logError',
  '/api/blade-report/report/rest': 'report',
  '/api/skyworth-client/plant': 'plant',
  '/api/skyworth-client/home': 'plant',
  '/api/skyworth-client/inverter': 'inverter',
  '/api/skyworth-client/battery': 'battery',
  '/api/skyworth-client/guardianPlant': 'guardian',
  '/api/skyworth-client/charger': 'charger',
  '/api/skyworth-client/alarmLog': 'alarm',
  '/api/skyworth-client/alarmLogOperationRecord': 'alarm',
  '/api/skyworth-client/alarmThreshold': 'threshold',
  '/api/skyworth-client/alarmSubscription': 'subscription',
  '/api/skyworth-client/alarmInbox': 'inbox',
  '/api/skyworth-client/alarmIncident': 'incident',
  '/api/skyworth-toolkit/otaUpdatePack': 'otaPackage',
  '/api/skyworth-toolkit/file/query/download': 'otaPackage',
  '/api/skyworth-toolkit/ota/upgradeRecord': 'otaUpgrade',
  '/api/skyworth-toolkit/ota/campaign': 'otaCampaign',
  // Remote settings: device forms and the log by the inverter's or guardian's SN; commands and versions by id.
  '/api/skyworth-client/device/setup/commonSetup': 'inverter',
  '/api/skyworth-client/guardian/alarmSetup': 'guardian',
  '/api/skyworth-client/guardian/GatePositionSetup': 'guardian',
  '/api/skyworth-client/advancedSettingsOperationLog': 'inverter',
  '/api/skyworth-client/device/setup/command': 'settingCommand',
  '/api/skyworth-client/device/setup/version': 'inverter',
  // Workflow: models by id; deployments by ids (delete-deployment also takes deploymentIds, resolved below).
  '/api/blade-flow/model': 'flowModel',
  '/api/blade-flow/manager': 'flowDeployment',
  // Stock: the CRUD entities by id; movements (cancel) by id.
  '/api/skyworth-agent/skuBaseInfo': 'sku',
  '/api/skyworth-agent/warehouse': 'warehouse',
  '/api/skyworth-agent/material': 'material',
  '/api/skyworth-agent/order/basePackage': 'epcPackage',
  '/api/skyworth-agent/order/basePackage/line': 'epcPackageLine',
  '/api/skyworth-agent/skuHistory': 'stockMovement',
  // Agents: companies by id; exclusions (remove) by id.
  '/api/skyworth-agent/agent': 'agentCompany',
  '/api/skyworth-agent/agentUnauthorizedUser': 'agentExclusion',
};

/** The parent record a kind's `parentId` names. */
const PARENT_OF: Partial<Record<Kind, Kind>> = { dept: 'deptRoot', dictbiz: 'dictbizParent', role: 'adminRole' };

/** Whose records a request names: a world, or records that do not exist anywhere. */
export interface Target {
  ids: Record<Kind, string>;
  sns: World['sns'];
  tenantId: string;
  marker: string;
  smsCode: string;
  memberAccount: string;
}

/** A valid id that names nothing (snowflake-sized, never issued in a test run). */
export const NONE_ID = '1999999999999999999';
export const NONE: Target = {
  ids: Object.fromEntries(KINDS.map((k) => [k, NONE_ID])) as Record<Kind, string>,
  sns: Object.fromEntries(DEVICE_KINDS.map((k) => [k, 'NOSUCHSN000000'])) as World['sns'],
  tenantId: '999999',
  marker: 'nosuchmarker',
  smsCode: 'nosuchsms',
  memberAccount: 'nosuchaccount',
};

/** Parameters whose presence makes a GET route read one record (no parameter-less "list" call for it). */
const ITEM_PARAMS = new Set(['id', 'ids', 'deviceSn', 'roleId', 'roleIds', 'topMenuIds', 'modelId']);

/** The value of a parameter that names a record of the target, or undefined for other parameters. */
export function resolve(route: Route, name: string, x: Target): string | undefined {
  const k = route.kind;
  switch (name) {
    case 'id':
    case 'ids':
      return k ? x.ids[k] : undefined;
    case 'deviceSn':
      return k && (DEVICE_KINDS as readonly string[]).includes(k) ? x.sns[k as keyof World['sns']] : k === 'plant' ? x.sns.inverter : undefined;
    case 'userId':
    case 'userIds':
      return x.ids.member;
    case 'roleId':
    case 'roleIds':
      return x.ids.role;
    case 'topMenuId':
    case 'topMenuIds':
      return x.ids.topmenu;
    case 'deptId':
      return x.ids.deptRoot;
    case 'plantId':
      return x.ids.plant;
    case 'alarmId':
      return x.ids.alarm;
    case 'deviceId':
      return k === 'threshold' ? x.ids.guardian : undefined;
    case 'tenantId':
      return x.tenantId;
    case 'parentId':
      return k && PARENT_OF[k] ? x.ids[PARENT_OF[k]!] : undefined;
    case 'code':
      return route.url.includes('/dict-biz/') ? `${x.marker}dict` : undefined;
    case 'roleName':
      return `${x.marker}role`;
    // Workflow records named by their Blade parameter names.
    case 'modelId':
      return x.ids.flowModel;
    case 'processId':
    case 'processDefinitionId':
      return x.ids.flowDefinition;
    case 'processInstanceId':
      return x.ids.flowInstance;
    case 'taskId':
      return x.ids.flowTask;
    case 'businessId':
      return x.ids.flowLeave;
    case 'deploymentIds':
      return x.ids.flowDeployment;
    // Stock: the ledger SKU (balances, movements, surplus).
    case 'skuId':
      return x.ids.stockSku;
    // Agents: the world's company.
    case 'agentId':
      return x.ids.agentCompany;
    // Installer orders: the world's order; on maintenance routes its maintenance order.
    case 'orderId':
      return MAINT_URLS.has(route.url) ? x.ids.maintOrder : x.ids.epcOrder;
    default:
      return undefined;
  }
}

/** Values for required parameters that name no record. */
const DEFAULTS: Record<string, string> = { code: 'org_category', type: 'api-activity', dateType: 'day', size: '100', use: 'avatar', isCovered: '1', userType: '2', userExt: 'sweep' };

/** GET routes that read one record named by optional parameters (either of them names it). */
const ITEM_ROUTES = new Set([
  // One station's contacts, by plantId or by alarmId.
  'GET /api/skyworth-client/alarmLog/plantAgentViewInfo',
  // The flow chart's model and history, by processInstanceId or by processDefinitionId.
  'GET /api/blade-flow/process/model-view',
]);

export function isItemRoute(route: Route): boolean {
  if (ITEM_ROUTES.has(`${route.method} ${route.url}`)) return true;
  return route.query.some((p) => ITEM_PARAMS.has(p.name) || (p.required && resolve(route, p.name, NONE) !== undefined));
}

/** The parameters of a request naming the target's records (plus defaults); `plain` leaves record names out. */
export function queryFor(route: Route, x: Target | 'plain'): Record<string, string> {
  const q: Record<string, string> = {};
  for (const p of route.query) {
    const v = x === 'plain' ? undefined : resolve(route, p.name, x);
    if (v !== undefined) q[p.name] = v;
    else if (DEFAULTS[p.name] && (p.required || p.name === 'size')) q[p.name] = p.name === 'code' && route.url.includes('/region/') ? '110000' : DEFAULTS[p.name]!;
  }
  return q;
}

export function hasTargets(route: Route): boolean {
  return route.query.some((p) => resolve(route, p.name, NONE) !== undefined) || route.bodyProps.some((p) => resolve(route, p, NONE) !== undefined);
}

/** A request from the route's OpenAPI description: record-naming parameters and body properties for the target. */
export function requestFor(route: Route, x: Target | 'plain'): Request {
  const r: Request = { method: route.method, url: route.url, query: queryFor(route, x) };
  if (route.method === 'POST' && route.bodyProps.length && x !== 'plain') {
    const body: Record<string, string> = {};
    for (const p of route.bodyProps) {
      const v = resolve(route, p, x);
      if (v !== undefined) body[p] = v;
    }
    r.body = body;
  }
  return r;
}

interface OpenApiOp {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown>; items?: { properties?: Record<string, unknown> } } }> };
}

/** Every route (HEAD/OPTIONS, the docs UI and web assets aside), described from the OpenAPI document. */
export function catalog(t: TestApp): Route[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOp>> };
  return t.routes
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/api/docs') && !r.options.config?.webAsset)
    .map((r) => {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      const schema = op?.requestBody?.content?.['application/json']?.schema;
      const prefix = r.url.slice(0, r.url.lastIndexOf('/'));
      return {
        key: `${r.method} ${r.url}`,
        method: r.method as 'GET' | 'POST',
        url: r.url,
        access: r.options.config?.access,
        query: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: !!p.required })),
        bodyProps: Object.keys(schema?.properties ?? schema?.items?.properties ?? {}),
        kind: KIND_OF_PREFIX[prefix],
      };
    });
}

/** Routes missing from the OpenAPI document (the sweep is driven by it, so every route must be described). */
export function undocumented(t: TestApp): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return catalog(t)
    .filter((r) => !r.url.startsWith('/avatar') && !doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()])
    .map((r) => r.key);
}
