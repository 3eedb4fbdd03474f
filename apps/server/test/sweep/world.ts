/**
 * One tenant's "world" for the cross-tenant sweep: a row in every tenant-owned table, each carrying the tenant's
 * marker string, plus the tenant's administrator (signed in) and a member user with a two-code role ('post',
 * 'notice') and an "own rows" data scope on posts — the limited user of the sweep.
 *
 * Rows are written straight to the database with the shared fixtures (fixtures.ts, station-fixtures.ts), except the
 * attachment, which is uploaded through the API so that its file exists. test/sweep/tables.ts checks that every
 * table with a tenant_id column holds a row of the world, so a new tenant-owned table needs a row here.
 */
import { eq, inArray } from 'drizzle-orm';
import { nextId } from '../../src/core/ids.js';
import { dept, dictBiz, logApi, logError, logUsual, menu, notice, post, role, roleScope, scopeData, topMenu, topMenuSetting, user } from '../../src/db/schema.js';
import { alarm, alarmRecord, deviceEvent, type DeviceKind } from '../../src/db/schema-device.js';
import { oss, reportFile, sms, smsOutbox } from '../../src/db/schema-resource.js';
import { alarmDeviceState, alarmLifecycle, alarmRecordPhoto } from '../../src/modules/alarm/alarm.tables.js';
import { mailConfig, mailOutbox } from '../../src/modules/mail/mail.tables.js';
import { alarmThreshold } from '../../src/modules/alarm/alarm-threshold.tables.js';
import { alarmIncident, alarmIncidentMember } from '../../src/modules/alarm/alarm-incident.tables.js';
import { alarmNotification, alarmSubscription, notifyInbox } from '../../src/modules/notify/notify.tables.js';
import { PENDING } from '../../src/modules/auth/index.js';
import { IngestService } from '../../src/modules/telemetry/ingest.service.js';
import { rawDb } from '../../src/modules/telemetry/raw-db.js';
import { TelemetryRepository } from '../../src/modules/telemetry/telemetry.repository.js';
import { deviceCommand } from '../../src/modules/telemetry/telemetry.tables.js';
import { otaCampaign, otaFile, otaFileChunk, otaPackage, otaUpgrade } from '../../src/modules/ota/ota.tables.js';
import { settingCommand, settingLog, settingVersion } from '../../src/modules/settings/settings.tables.js';
import { createDept, createRole, createTenant, createUser } from '../fixtures.js';
import type { TestApp } from '../helper.js';
import { multipart, png } from '../multipart.js';
import { createDevice, createPlant, inverterReport } from '../station-fixtures.js';
import { workflowWorld } from './world-workflow.js';
import { stockWorld } from './world-stock.js';
import { epcPackageWorld } from './world-epc-package.js';
import { agentWorld } from './world-agent.js';
import { epcOrderWorld } from './world-epc-order.js';
import { maintOrderWorld } from './world-maint-order.js';

export const DEVICE_KINDS = ['inverter', 'battery', 'guardian', 'charger'] as const satisfies readonly DeviceKind[];

/** Record kinds a route can target; each world has one row of each. */
export const KINDS = [
  'admin', 'member', 'adminRole', 'role', 'deptRoot', 'dept', 'post', 'memberPost', 'topmenu', 'notice', 'attach', 'oss', 'sms',
  'outbox', 'mail', 'mailOutbox', 'report', 'logApi', 'logUsual', 'logError', 'dictbizParent', 'dictbiz', 'plant', 'alarm', 'applicant', 'applicant2', 'threshold', 'subscription', 'inbox', 'incident', 'otaFile', 'otaPackage', 'otaUpgrade', 'otaCampaign', 'settingCommand', 'settingReject', 'settingVersion',
  'flowModel', 'flowDeployment', 'flowDefinition', 'flowInstance', 'flowTask', 'flowLeave',
  'sku', 'stockSku', 'warehouse', 'material', 'stockMovement',
  'agentCompany', 'agentExclusion', 'epcOrder', 'maintOrder', 'epcPackage', 'epcPackageLine', ...DEVICE_KINDS,
] as const;
export type Kind = (typeof KINDS)[number];

export const PASSWORD = 'Passw0rd1';
/** The member's role: two read permissions (the sweep's limited user). */
export const LIMITED_CODES = ['post', 'notice'];

export interface World {
  tenantId: string;
  /** Appears in every text the world's rows carry (names, titles, contents, URIs). */
  marker: string;
  adminAccount: string;
  memberAccount: string;
  /** The administrator's and the member's (limited user's) bearer headers. */
  headers: Record<string, string>;
  memberHeaders: Record<string, string>;
  ids: Record<Kind, string>;
  sns: Record<(typeof DEVICE_KINDS)[number], string>;
  smsCode: string;
}

/** The shared data-scope rule "posts: own rows only" (rules are platform-wide; grants are per role). */
async function ownPostsRule(t: TestApp): Promise<string> {
  const db = t.database.db;
  const [found] = await db.select({ id: scopeData.id }).from(scopeData).where(eq(scopeData.scopeName, 'sweep: own posts'));
  if (found) return found.id;
  const id = nextId();
  await db.insert(scopeData).values({ id, resourceCode: 'post', scopeName: 'sweep: own posts', scopeColumn: 'create_user', scopeType: 2 });
  return id;
}

export async function buildWorld(t: TestApp, tenantId: string, marker: string): Promise<World> {
  const db = t.database.db;
  const m = marker; // lower-case letters and digits: valid in codes and accounts
  const ids = {} as Record<Kind, string>;
  const now = new Date();
  const audit = (user: string) => ({ createUser: user, updateUser: user, createTime: now, updateTime: now });

  await createTenant(db, tenantId);
  ids.adminRole = await createRole(db, tenantId, 'administrator', 'all');
  ids.role = await createRole(db, tenantId, `${m}role`, LIMITED_CODES);
  await db.update(role).set({ parentId: ids.adminRole }).where(eq(role.id, ids.role)); // below the administrator's
  await db.insert(roleScope).values({ id: nextId(), scopeCategory: 1, scopeId: await ownPostsRule(t), roleId: ids.role });
  await db.update(role).set({ roleType: '2' }).where(inArray(role.id, [ids.adminRole, ids.role]));
  ids.deptRoot = await createDept(db, tenantId, `${marker}-hq`);
  ids.dept = await createDept(db, tenantId, `${marker}-branch`, ids.deptRoot);
  await db.update(dept).set({ deptCategory: 1 }).where(inArray(dept.id, [ids.deptRoot, ids.dept]));
  const adminAccount = `${m}adm`;
  const memberAccount = `${m}mem`;
  ids.admin = await createUser(db, { tenantId, account: adminAccount, password: PASSWORD, roleId: ids.adminRole, deptId: ids.deptRoot });
  ids.member = await createUser(db, { tenantId, account: memberAccount, password: PASSWORD, roleId: ids.role, deptId: ids.dept });
  // Two registrations waiting for approval (one to approve, one to reject).
  ids.applicant = await createUser(db, { tenantId, account: `${m}ap1`, password: PASSWORD, roleId: '', status: PENDING });
  ids.applicant2 = await createUser(db, { tenantId, account: `${m}ap2`, password: PASSWORD, roleId: '', status: PENDING });
  for (const [i, id] of [ids.admin, ids.member].entries()) {
    await db.update(user).set({ phone: `1390000${tenantId.slice(-3)}${i}`, phoneDiallingCode: '+86' }).where(eq(user.id, id));
  }

  for (const [kind, by] of [['post', ids.admin], ['memberPost', ids.member]] as const) {
    ids[kind] = nextId();
    await db.insert(post).values({ id: ids[kind], tenantId, category: 1, postCode: `${m}${kind === 'post' ? 'p1' : 'p2'}`, postName: `${marker} ${kind}`, sort: 1, ...audit(by) });
  }
  ids.topmenu = nextId();
  await db.insert(topMenu).values({ id: ids.topmenu, tenantId, code: `${m}top`, name: `${marker} top`, sort: 1, ...audit(ids.admin) });
  const [someMenu] = await db.select({ id: menu.id }).from(menu).where(eq(menu.code, 'post'));
  await db.insert(topMenuSetting).values({ id: nextId(), topMenuId: ids.topmenu, menuId: someMenu!.id });
  ids.notice = nextId();
  await db.insert(notice).values({ id: ids.notice, tenantId, title: `${marker} notice`, category: 1, releaseTime: new Date(Date.now() - 3_600_000), content: `${marker} content`, ...audit(ids.admin) });
  ids.oss = nextId();
  // Loopback on a closed port: the outbound guard refuses it before any connection.
  await db.insert(oss).values({ id: ids.oss, tenantId, category: 1, ossCode: `${m}oss`, endpoint: 'http://127.0.0.1:9', bucketName: `${m}bucket`, accessKey: `${m}key`, secretKey: `${m}secret`, remark: marker, ...audit(ids.admin) });
  ids.sms = nextId();
  const smsCode = `${m}sms`;
  await db.insert(sms).values({ id: ids.sms, tenantId, category: 1, smsCode, templateId: `${m}tpl`, signName: marker, remark: marker, ...audit(ids.admin) });
  ids.outbox = nextId();
  await db.insert(smsOutbox).values({ id: ids.outbox, tenantId, smsId: ids.sms, provider: 'log', phones: '+8613900000000', templateId: `${m}tpl`, params: `{"m":"${marker}"}`, createUser: ids.admin });
  ids.mail = nextId();
  // Loopback on a closed port: the outbound guard refuses it before any connection.
  await db.insert(mailConfig).values({ id: ids.mail, tenantId, name: `${marker} mail`, host: '127.0.0.1', port: 9, security: 'none', username: `${m}user`, password: `${m}secret`, fromAddress: `${m}@example.com`, remark: marker, ...audit(ids.admin) });
  ids.mailOutbox = nextId();
  await db.insert(mailOutbox).values({ id: ids.mailOutbox, tenantId, mailId: ids.mail, toAddress: `${m}@example.com`, subject: `${marker} subject`, scene: 'test', success: 1, createUser: ids.admin });
  ids.report = nextId();
  await db.insert(reportFile).values({ id: ids.report, tenantId, name: `${marker} report`, reportType: 'station-kpi', fileName: `${m}.txt`, mime: 'text/plain', fileSize: 12, content: Buffer.from(`${marker} report body`), ...audit(ids.admin) });
  const logs = { logApi, logUsual, logError } as const;
  for (const [kind, table] of Object.entries(logs) as [keyof typeof logs, (typeof logs)[keyof typeof logs]][]) {
    ids[kind] = nextId();
    // Written by "nobody" of the tenant: rows its users' own requests add later are told apart by create_by.
    const row = { id: ids[kind], tenantId, requestUri: `/${marker}`, params: marker, createBy: `${m}fixture`, createTime: now };
    await db.insert(table).values((kind === 'logError' ? { ...row, source: 'web', message: marker } : row) as never);
  }
  ids.dictbizParent = nextId();
  await db.insert(dictBiz).values({ id: ids.dictbizParent, tenantId, parentId: '0', code: `${m}dict`, dictKey: '-1', dictValue: `${marker} dict`, ...audit(ids.admin) });
  ids.dictbiz = nextId();
  await db.insert(dictBiz).values({ id: ids.dictbiz, tenantId, parentId: ids.dictbizParent, code: `${m}dict`, dictKey: '1', dictValue: `${marker} item`, ...audit(ids.admin) });

  // A station with one device of each kind that has reported (latest state, energy roll-ups, a charging session).
  ids.plant = await createPlant(db, { tenantId, name: `${marker} station`, operationCompanyId: ids.dept, operationUserId: ids.member, ownerUserId: ids.member });
  const sns = {} as World['sns'];
  const ingest = new IngestService(new TelemetryRepository(rawDb(t.database)), { defaultTz: 'Asia/Shanghai', counterFlushMs: 0 });
  const at = Date.now() - 60_000;
  for (const kind of DEVICE_KINDS) {
    const d = await createDevice(db, { plantId: ids.plant, kind, tenantId });
    ids[kind] = d.id;
    sns[kind] = d.sn;
    const body =
      kind === 'inverter'
        ? inverterReport(at)
        : kind === 'battery'
          ? { ts: at, state: 2, soc: 50, power: -300 }
          : kind === 'guardian'
            ? { ts: at, state: 2, gate: 1, v: [230] }
            : { ts: at, state: 2, power: 7000, session: { id: `${m}session`, energy: 3 }, energy: { total: 10 } };
    await ingest.handle(`helio/v1/${d.sn}/telemetry`, Buffer.from(JSON.stringify(body)));
  }
  await ingest.close();
  const dev = { tenantId, plantId: ids.plant, deviceId: ids.inverter };
  await db.insert(deviceEvent).values({ id: nextId(), ...dev, deviceType: 1, ts: new Date(at), eventType: 1, code: 1001, level: 3, action: 1, message: `${marker} event` });
  ids.alarm = nextId();
  await db.insert(alarm).values({ id: ids.alarm, ...dev, deviceSn: sns.inverter, deviceType: 1, alarmCode: 1001, alarmType: 1, triggerTime: new Date(at), description: `${marker} alarm`, ...audit(ids.admin) });
  await db.insert(alarmRecord).values({ id: nextId(), tenantId, alarmId: ids.alarm, handleStatus: 1, content: `${marker} follow-up`, ...audit(ids.admin) });
  await db.insert(alarmLifecycle).values({ alarmId: ids.alarm, tenantId, lastSeen: new Date(at), category: 'device' });
  await db.insert(alarmDeviceState).values({ deviceId: ids.inverter, tenantId, lastTs: new Date(at) });
  // An incident (alarm-incident.tables.ts) with the alarm as its member.
  ids.incident = nextId();
  await db.insert(alarmIncident).values({ id: ids.incident, tenantId, regionCode: '440300', alarmCode: 1001, deviceType: 1, level: 3, firstTrigger: new Date(at), lastTrigger: new Date(at) });
  await db.insert(alarmIncidentMember).values({ alarmId: ids.alarm, incidentId: ids.incident, tenantId, plantId: ids.plant });
  ids.threshold = nextId();
  await db.insert(alarmThreshold).values({ id: ids.threshold, tenantId, deviceId: ids.guardian, alarmCode: 9104, threshold: 12, clearLevel: 8, durationS: 0, createUser: ids.admin, updateUser: ids.admin });
  // Alarm notifications: the administrator's subscription and in-app message, and a notification record on the alarm.
  ids.subscription = nextId();
  await db.insert(alarmSubscription).values({ id: ids.subscription, tenantId, userId: ids.admin, name: `${marker} subscription`, createUser: ids.admin, updateUser: ids.admin });
  ids.inbox = nextId();
  await db.insert(notifyInbox).values({ id: ids.inbox, tenantId, userId: ids.admin, alarmId: ids.alarm, kind: 'raised', alarmCode: 1001, deviceType: 1, severity: 3, sns: [`${marker}-sn`] });
  await db.insert(alarmNotification).values({ id: nextId(), tenantId, alarmId: ids.alarm, userId: ids.admin, channel: 'inapp', kind: 'raised', alarmCode: 1001, status: 'sent' });
  await db.insert(deviceCommand).values({ id: nextId(), tenantId, deviceSn: sns.inverter, method: 'ping', params: { m: marker }, status: 'ok', createUser: ids.admin, expiresAt: new Date(at + 60_000) });

  // OTA (ota.tables.ts): a firmware file, its package, a halted campaign and one failed upgrade of the inverter.
  ids.otaFile = nextId();
  await db.insert(otaFile).values({ id: ids.otaFile, tenantId, originalName: `${m}.bin`, fileSize: 6, sha256: 'f'.repeat(64), mime: 'application/octet-stream', createUser: ids.admin });
  await db.insert(otaFileChunk).values({ fileId: ids.otaFile, seq: 0, data: Buffer.from(m.slice(0, 6).padEnd(6, '0')) });
  ids.otaPackage = nextId();
  await db.insert(otaPackage).values({ id: ids.otaPackage, tenantId, company: marker, deviceType: 1, firmwareType: 1, firmwareVersion: `${m}.1`.slice(0, 32), remark: marker, fileId: ids.otaFile, fileName: `${m}.bin`, fileSize: 6, fileSha256: 'f'.repeat(64), ...audit(ids.admin) });
  ids.otaCampaign = nextId();
  await db.insert(otaCampaign).values({ id: ids.otaCampaign, tenantId, campaignName: `${marker} campaign`, packageId: ids.otaPackage, state: 'halted', haltReason: marker, canaryPercent: 10, waveSize: 5, pacePerMinute: 60, failureThreshold: 20, windowStart: '00:00', windowEnd: '00:00', upgradeTimeoutMs: 60_000, tickMs: 1000, waveCount: 2, createUser: ids.admin });
  ids.otaUpgrade = nextId();
  await db.insert(otaUpgrade).values({ id: ids.otaUpgrade, tenantId, deviceId: ids.inverter, deviceSn: sns.inverter, plantId: ids.plant, packageId: ids.otaPackage, campaignId: ids.otaCampaign, state: 'failed', failReason: `${marker} failed`, toVersion: `${m}.1`.slice(0, 32), createUser: ids.admin });
  // Remote settings (settings.tables.ts): two grid-code commands waiting for approval (one to approve, one to
  // reject; requested by the member, so the administrator may approve), a log row and two versions (restore v1).
  const setting = (id: string) => ({ id, tenantId, batchId: nextId(), deviceId: ids.inverter, deviceSn: sns.inverter, deviceType: 1, items: { gridOverVoltage1: 260 },
    oldValues: { gridOverVoltage1: '264.5' }, state: 'pending_approval', gridCode: 1, reason: `${marker} pending`, timeoutMs: 5000, expiresAt: new Date(Date.now() + 86_400_000), createUser: ids.member });
  ids.settingCommand = nextId();
  ids.settingReject = nextId();
  await db.insert(settingCommand).values([setting(ids.settingCommand), setting(ids.settingReject)]);
  await db.insert(settingLog).values({ id: nextId(), tenantId, commandId: ids.settingCommand, deviceSn: sns.inverter, deviceType: 1, itemKey: 'powerLimitPct', oldValue: '100', newValue: '70', result: 'succeeded', reason: marker, operator: ids.admin });
  ids.settingVersion = nextId();
  await db.insert(settingVersion).values([
    { id: ids.settingVersion, tenantId, deviceSn: sns.inverter, versionNo: 1, settingValues: { powerLimitPct: 70 }, changed: { powerLimitPct: 70 }, commandId: ids.settingCommand, createUser: ids.admin },
    { id: nextId(), tenantId, deviceSn: sns.inverter, versionNo: 2, settingValues: { powerLimitPct: 80 }, changed: { powerLimitPct: 80 }, commandId: ids.settingCommand, createUser: ids.admin },
  ]);

  await workflowWorld(t, ids, tenantId, marker);
  await stockWorld(t, ids, tenantId, marker);
  await epcPackageWorld(t, ids, tenantId, marker);

  const signIn = async (account: string) => {
    const s = await t.login(account, PASSWORD, tenantId);
    if (!s.access_token) throw new Error(`${account}@${tenantId} cannot sign in: ${JSON.stringify(s)}`);
    return { 'blade-auth': `bearer ${s.access_token}` };
  };
  const headers = await signIn(adminAccount);
  const memberHeaders = await signIn(memberAccount);

  // An attachment with a stored file, uploaded as the administrator.
  const up = multipart([{ filename: `${m}.png`, content: png() }]);
  const res = await t.req({ method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file-attach?use=avatar', headers: { ...headers, ...up.headers }, payload: up.payload });
  ids.attach = String(res.json().data?.attachId ?? '');
  if (!ids.attach) throw new Error(`upload failed: ${res.body}`);
  // The attachment as a photo of the alarm's follow-up record (alarm.tables.ts).
  const [record] = await db.select({ id: alarmRecord.id }).from(alarmRecord).where(eq(alarmRecord.alarmId, ids.alarm));
  await db.insert(alarmRecordPhoto).values({ recordId: record!.id, seq: 0, attachId: ids.attach, tenantId });
  // Agents (modules/agent): a company with the attachment as its document (world-agent.ts).
  await agentWorld(t, ids, tenantId, marker);
  // Installer orders (modules/epc-order): an order of the world's company (world-epc-order.ts).
  await epcOrderWorld(t, ids, tenantId, marker);
  // Maintenance orders (modules/maintenance): a call-in on the world's station and inverter, from its alarm.
  await maintOrderWorld(t, ids, tenantId, marker, sns.inverter);

  return { tenantId, marker, adminAccount, memberAccount, headers, memberHeaders, ids, sns, smsCode };
}
