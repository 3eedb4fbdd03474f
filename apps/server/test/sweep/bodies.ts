/**
 * Requests of the write routes whose OpenAPI description does not say enough to build a valid one (bespoke bodies,
 * uploads, workbooks). Each names the target's records, so the same request is sent for tenant B's own records
 * (it must do something), for tenant A's (nothing may happen to A) and for records that do not exist.
 *
 * Update routes of the CRUD engine (and user/submit, user/update) send back the caller's own record as its detail
 * route returned it ("echo"), with the id swapped for the target's: a valid update, so only the tenant check can
 * refuse it.
 */
import { sql } from 'drizzle-orm';
import { nextId } from '../../src/core/ids.js';
import { inverterFactory } from '../../src/db/schema-device.js';
import type { TestApp } from '../helper.js';
import { multipart, png } from '../multipart.js';
import type { Request } from './probe.js';
import { NONE_ID, type Route, type Target } from './routes.js';
import type { Kind } from './world.js';
import { stockSerialOf } from './world-stock.js';

/** Tenant A of the sweep (context.ts; not imported from there: context.ts imports this file). */
const A_TENANT = '300001';

export interface BodyContext {
  t: TestApp;
  /** The caller's own record of each kind, as its detail route returned it. */
  echo: Partial<Record<Kind, Record<string, unknown>>>;
  /** A menu every tenant may grant. */
  menuId: string;
}

async function workbook(header: string[], row: string[]): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('sheet');
  ws.addRow(header);
  ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

type Builder = (x: Target, c: BodyContext, route: Route) => Promise<Partial<Request>> | Partial<Request>;

const U = '/api/blade-system/user';
export const BODIES: Record<string, Builder> = {
  // Routes acting on the caller itself send the same request whoever the target is.
  [`POST ${U}/update-info`]: () => ({ body: { realName: 'sweep me' } }),
  [`POST ${U}/grant`]: (x) => ({ body: { userIds: x.ids.member, roleIds: x.ids.role } }),
  [`POST ${U}/approve`]: (x) => ({ query: { userIds: x.ids.applicant, roleIds: x.ids.role } }),
  [`POST ${U}/reject`]: (x) => ({ query: { userIds: x.ids.applicant2 } }),
  [`POST ${U}/reset-password`]: (x) => ({ query: { userIds: x.ids.member } }),
  [`POST ${U}/update-platform`]: (x) => ({ query: { userId: x.ids.member, userType: '2', userExt: x.marker } }),
  [`POST ${U}/import-user`]: async (x) => ({
    query: { isCovered: '1' },
    multipart: multipart([
      {
        filename: 'users.xlsx',
        content: await workbook(['登录账号', '用户昵称', '用户姓名', '国际区号', '手机号码', '角色别名(逗号分隔)'], [x.memberAccount, 'imported', 'imported', '+86', '13800000001', `${x.marker}role`]),
      },
    ]),
  }),
  // Tree entities: removing a parent (it has children) must not tell another tenant that the row exists.
  'POST /api/blade-system/dept/remove': (x) => ({ query: { ids: x.ids.deptRoot } }),
  'POST /api/blade-system/dict-biz/remove': (x) => ({ query: { ids: x.ids.dictbizParent } }),
  'POST /api/blade-system/role/remove': (x) => ({ query: { ids: x.ids.adminRole } }),
  'POST /api/blade-log/error/upload': () => ({ body: [{ message: 'sweep error', url: '/sweep' }] }),
  'POST /api/blade-system/role/grant': (x, c) => ({ body: { roleIds: [x.ids.role], menuIds: [c.menuId], dataScopeIds: [], apiScopeIds: [] } }),
  'POST /api/blade-system/topmenu/grant': (x, c) => ({ body: { topMenuIds: [x.ids.topmenu], menuIds: [c.menuId] } }),
  'POST /api/blade-resource/oss/endpoint/put-file': () => ({ query: { use: 'avatar' }, multipart: multipart([{ filename: 'sweep.png', content: png() }]) }),
  'POST /api/blade-resource/oss/endpoint/put-file-attach': () => ({ query: { use: 'avatar' }, multipart: multipart([{ filename: 'sweep.png', content: png() }]) }),
  'POST /api/blade-resource/export/excel': () => ({ body: { columns: [{ key: 'a', title: 'A' }], rows: [{ a: 'sweep' }] } }),
  // Platform-only; a valid body, so that only the platform check can refuse it.
  'POST /api/blade-system/tenant/setting': (x) => ({ body: { ids: x.tenantId, accountNumber: -1 } }),
  'POST /api/blade-resource/sms/endpoint/send-message': (x) => ({ body: { code: x.smsCode, phones: '13800138000', params: '{}' } }),
  'POST /api/blade-resource/mail/test-send': (x) => ({ body: { id: x.ids.mail, to: 'sweep@example.com' } }),
  'POST /api/skyworth-client/plant/submitOperationInfo': (x) => ({ body: { id: x.ids.plant, operationCompanyId: x.ids.dept, operationUserId: x.ids.member } }),
  'POST /api/skyworth-client/alarmLog/acknowledge': (x) => ({ body: { ids: x.ids.alarm } }),
  'POST /api/skyworth-client/alarmSubscription/submit': (x) => ({
    body: { id: x.ids.subscription, name: `${x.marker} sub`, plantIds: [], minSeverity: 1, categories: [], channels: ['inapp'], recovery: true, escalation: false, enabled: true },
  }),
  'POST /api/skyworth-client/alarmLogOperationRecord/save': (x) => ({ body: { alarmId: x.ids.alarm, handleStatus: 1, content: `${x.marker} handled` } }),
  'POST /api/skyworth-client/alarmIncident/handle': (x) => ({ body: { id: x.ids.incident, handleStatus: 1, content: `${x.marker} handled` } }),
  'POST /api/skyworth-client/alarmThreshold/save': (x) => ({ body: { deviceId: x.ids.guardian, alarmCode: 9104, threshold: 11, clear: 7, durationS: 0 } }),
  // Platform-only; a valid edit of the catalogue (what it already holds), so that only the platform check can refuse it.
  'POST /api/skyworth-client/alarmDefinition/update': async (_x, c) => {
    const [d] = await c.t.database.rows<Record<string, unknown>>(
      sql`SELECT id::text AS id, severity, category, name_zh AS "nameZh", name_en AS "nameEn", rule FROM helio_alarm_definition WHERE device_type = 3 AND alarm_code = 9104`,
    );
    return { body: d! };
  },
  // Stock: the POST page of SKUs, a movement of the target's ledger SKU, the cancel of its
  // reservation, installing its shipped serial, and a material import that would overwrite the target's material.
  'POST /api/skyworth-agent/skuBaseInfo/page/:size/:current': (x) => ({ url: '/api/skyworth-agent/skuBaseInfo/page/100/1', body: { sku: x.marker } }),
  'POST /api/skyworth-agent/skuHistory/save': (x) => ({ body: { movementType: 'reserve', skuId: x.ids.stockSku, quantity: 1, reference: 'sweep' } }),
  'POST /api/skyworth-agent/skuHistory/cancel': (x) => ({ body: { id: x.ids.stockMovement } }),
  'POST /api/skyworth-agent/skuSerial/status': (x) => ({ body: { serial: stockSerialOf(x.marker), status: 'installed' } }),
  'POST /api/skyworth-agent/material/import': async (x) => ({
    query: { isCovered: '1' },
    multipart: multipart([{ filename: 'materials.xlsx', content: await workbook(['物料名称', '数量'], [`${x.marker} cable`, '7']) }]),
  }),
  // Agents: a staff member, an exclusion, the stations and documents of the target's company (a full valid body, so only
  // the tenant check can refuse it); deleteBatch removes a company made for the purpose (not the world's, which later
  // routes still name; A's and a missing target send their company's id).
  'POST /api/skyworth-agent/agent/staff/save': (x) => ({
    body: { agentId: x.ids.agentCompany, account: `sw${nextId().slice(-12)}`, realName: 'sweep', phone: '13800138001', roleAlias: 'electrician' },
  }),
  'POST /api/skyworth-agent/agentUnauthorizedUser/saveBatch': (x) => ({ body: { agentId: x.ids.agentCompany, userIds: [x.ids.member] } }),
  'POST /api/skyworth-agent/agent/station/save': (x) => ({ body: { agentId: x.ids.agentCompany, plantIds: [] } }),
  'POST /api/skyworth-agent/agent/documents': (x) => ({ body: { agentId: x.ids.agentCompany, attachIds: [x.ids.attach] } }),
  'POST /api/skyworth-agent/agent/selectDeliveryManager': (x) => ({ body: { agentId: x.ids.agentCompany } }),
  'POST /api/skyworth-agent/agent/deleteBatch': async (x, c) => {
    // Only the caller's own tenant gets a company made for the purpose: A's rows must stay as they are.
    if (x.ids.agentCompany === NONE_ID || x.tenantId === A_TENANT) return { body: { ids: x.ids.agentCompany } };
    const id = nextId();
    await c.t.database.db.execute(sql`INSERT INTO helio_agent_company (id, tenant_id, agent_number, company_name, agent_type, contact_name, phone)
      VALUES (${id}, ${x.tenantId}, ${`d${id}`.slice(0, 32)}, ${`${x.marker} disposable`}, 1, 'sweep', '13800138000')`);
    return { body: { ids: id } };
  },
  // OTA: a new package on the target's uploaded file; upgrades and campaigns of the target's package and inverter.
  'POST /api/skyworth-toolkit/otaUpdatePack/save': (x) => ({
    body: { deviceType: 1, firmwareType: 2, firmwareVersion: `S${nextId().slice(-10)}`, versionStatus: 1, fileId: x.ids.otaFile },
  }),
  'POST /api/skyworth-toolkit/file/upload': () => ({ multipart: multipart([{ filename: 'sweep.bin', content: Buffer.from('sweep firmware') }]) }),
  'POST /api/skyworth-toolkit/ota/upgrade': (x) => ({ body: { packageId: x.ids.otaPackage, deviceSns: [x.sns.inverter] } }),
  'POST /api/skyworth-toolkit/ota/campaign/save': (x) => ({
    body: {
      campaignName: `${x.marker} sweep`,
      packageId: x.ids.otaPackage,
      filter: { deviceSns: [x.sns.inverter] },
      canaryPercent: 10,
      waveSize: 5,
      pacePerMinute: 60,
      failureThreshold: 20,
      windowStart: '00:00',
      windowEnd: '05:00',
    },
  }),
  // Remote settings: a valid power limit to the target's inverter (offline: queued, expires at once); approval and
  // rejection of the target's pending commands; restoring its first settings version.
  'POST /api/skyworth-client/device/setup/commonSetup/issue': (x) => ({ body: { deviceSn: x.sns.inverter, items: [{ key: 'powerLimitPct', value: 50 }], ttlSeconds: 1 } }),
  'POST /api/skyworth-client/device/setup/command/approve': (x) => ({ body: { id: x.ids.settingCommand } }),
  'POST /api/skyworth-client/device/setup/command/reject': (x) => ({ body: { id: x.ids.settingReject, reason: 'sweep' } }),
  'POST /api/skyworth-client/device/setup/version/restore': (x) => ({ body: { id: x.ids.settingVersion, ttlSeconds: 1 } }),
  // Workflow: a model edit, a definition's (no-op) activation, an upload deployed to the caller's own tenant, a leave.
  'POST /api/blade-flow/model/submit': (x) => ({ body: { id: x.ids.flowModel, modelKey: `wf_${x.marker}`, name: `${x.marker} model` } }),
  'POST /api/blade-flow/manager/change-state': (x) => ({ query: { processId: x.ids.flowDefinition, state: 'active' } }),
  'POST /api/blade-flow/manager/deploy-upload': () => ({
    multipart: multipart(
      [{ field: 'files', filename: 'sweep.bpmn20.xml', content: '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="s"><process id="sweepUpload" isExecutable="true"><startEvent id="s"/><endEvent id="e"/><sequenceFlow id="f" sourceRef="s" targetRef="e"/></process></definitions>' }],
      { category: 'sweep' },
    ),
  }),
  'POST /api/blade-desk/process/leave/start-process': (x) => ({
    body: { processDefinitionId: x.ids.flowDefinition, startTime: '2026-12-01', endTime: '2026-12-02', reason: 'sweep', taskUser: x.ids.admin },
  }),
  'POST /api/skyworth-client/plant/addDevice': async (x, c) => {
    // A free SN in the factory list: the only reason left to refuse is whose station it is.
    const sn = `SWEEP${nextId().slice(-12)}`;
    await c.t.database.db.insert(inverterFactory).values({ id: nextId(), deviceSn: sn, model: 'SWEEP' });
    return { body: { plantId: x.ids.plant, devices: [{ deviceType: 'inverter', deviceSn: sn }] } };
  },
};

/** Engine update routes (and the user form), answered with the caller's own record. */
export function isEcho(route: Route, engineApis: ReadonlySet<string>): boolean {
  const base = route.url.slice(0, route.url.lastIndexOf('/'));
  const verb = route.url.slice(route.url.lastIndexOf('/') + 1);
  return route.method === 'POST' && (verb === 'submit' || verb === 'update') && (engineApis.has(base) || base === U);
}

export function echoBody(route: Route, x: Target, c: BodyContext): Partial<Request> {
  const own = route.kind ? c.echo[route.kind] : undefined;
  if (!own) throw new Error(`${route.key}: no record of kind ${String(route.kind)} to send back`);
  return { body: { ...own, id: x.ids[route.kind!] } };
}
