/**
 * Incidents (issue 14) on the real database: the guardians of several stations of one city stop reporting within
 * minutes (a grid outage) → the no-data check raises their offline alarms → the grouping run makes one incident of
 * them; a straggler joins it, another city's and a lone alarm stay out. Through the API: the list and the detail in
 * both languages, handling the incident hands every member the handling record in one transaction, an agent sees
 * and handles only the stations its company operates, another tenant sees nothing, bad input is a 400. The incident
 * closes when every member has recovered, and a second run (or a restart) groups nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/core/dates.js';
import type { ModuleContext } from '../src/kernel/types.js';
import { groupIncidents } from '../src/modules/alarm/alarm.incident.js';
import { runNoData } from '../src/modules/alarm/alarm.nodata.js';
import { IngestService, rawDb, StatusService, TelemetryRepository } from '../src/modules/telemetry/index.js';
import { createDept, createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { createDevice, createPlant } from './station-fixtures.js';

const A = '310001';
const B = '310002';
const C = '/api/skyworth-client';
const M = 60_000;
const T0 = Date.UTC(2026, 5, 21, 4); // noon in Shenzhen
type Row = Record<string, unknown>;

let t: TestApp;
let ctx: ModuleContext;
let ingest: IngestService;
let status: StatusService;
let now = 0;
const headers: Record<string, Record<string, string>> = {};
const guards: { plant: string; id: string; sn: string }[] = [];

const q = async <T = Row>(text: string, params: unknown[] = []) => (await rawDb(t.database).query<T>(text, params)).rows;
const get = (who: string, url: string, lang = 'en-US') => t.req({ method: 'GET', url, headers: { ...headers[who], 'accept-language': lang } });
const post = (who: string, url: string, payload: object, lang = 'en-US') =>
  t.req({ method: 'POST', url, headers: { ...headers[who], 'accept-language': lang }, payload });
async function guardian(sn: string, ts: number): Promise<void> {
  now = ts + 1000;
  const r = await ingest.handle(`helio/v1/${sn}/telemetry`, Buffer.from(JSON.stringify({ ts, state: 2, gate: 1, v: [230] })));
  expect(r.status).toBe('stored');
}
const incidents = () =>
  q<{ id: string; status: number; region: string; code: number; members: number; close: Date | null }>(
    `SELECT i.id::text AS id, i.incident_status AS status, i.region_code AS region, i.alarm_code AS code, i.close_time AS close,
            (SELECT count(*)::int FROM helio_alarm_incident_member m WHERE m.incident_id = i.id) AS members
       FROM helio_alarm_incident i ORDER BY i.first_trigger`,
  );

beforeAll(async () => {
  t = await createTestApp();
  ctx = t.services.kernel.context('alarm');
  const repo = new TelemetryRepository(rawDb(t.database));
  ingest = new IngestService(repo, { defaultTz: 'Asia/Shanghai', counterFlushMs: 0, now: () => now, maxPastMs: 60 * 86_400_000 });
  status = new StatusService(rawDb(t.database), repo);
  const db = t.database.db;
  await createTenant(db, A);
  const admin = await createRole(db, A, 'administrator', 'all');
  await createUser(db, { tenantId: A, account: 'ina', password: 'Passw0rd1', roleId: admin });
  const agentDept = await createDept(db, A, 'Agent Inc');
  const agentRole = await createRole(db, A, 'agent', ['alarm', 'alarm_handle']);
  await createUser(db, { tenantId: A, account: 'incagent', password: 'Passw0rd1', roleId: agentRole, deptId: agentDept });
  const readRole = await createRole(db, A, 'reader', ['alarm']);
  await createUser(db, { tenantId: A, account: 'increader', password: 'Passw0rd1', roleId: readRole });
  await createTenant(db, B);
  const bAdmin = await createRole(db, B, 'administrator', 'all');
  await createUser(db, { tenantId: B, account: 'inb', password: 'Passw0rd1', roleId: bAdmin });

  // Five stations in Shenzhen (440300; the first operated by the agent's company), one in Guangzhou (440100).
  for (let i = 0; i < 6; i++) {
    const plant = await createPlant(db, { tenantId: A, name: `Incident ${i}`, operationCompanyId: i === 0 ? agentDept : null });
    await q('UPDATE helio_plant SET city_code = $2 WHERE id = $1', [plant, i === 5 ? '440100' : '440300']);
    const g = await createDevice(db, { plantId: plant, kind: 'guardian', tenantId: A });
    guards.push({ plant, ...g });
  }
  for (const [who, account, tenant] of [['ina', 'ina', A], ['agent', 'incagent', A], ['reader', 'increader', A], ['inb', 'inb', B]] as const) {
    const s = await t.login(account, 'Passw0rd1', tenant);
    headers[who] = { 'blade-auth': `bearer ${s.access_token}` };
  }
}, 60_000);

afterAll(async () => {
  await ingest?.close();
  await t?.stop();
});

let incidentId = '';

describe('grouping', () => {
  it('offline alarms of three stations of a city within minutes make one incident; another city’s alarm stays out', async () => {
    // Stations 0–2 go quiet within 4 minutes of one another, station 5 (another city) too.
    for (const [i, m] of [[0, 0], [1, 2], [2, 4], [5, 1]] as const) await guardian(guards[i]!.sn, T0 + m * M);
    // Stations 3 and 4 keep reporting for now.
    await guardian(guards[3]!.sn, T0 + 30 * M);
    await guardian(guards[4]!.sn, T0 + 30 * M);
    await status.run(T0 + 31 * M);
    expect(await runNoData(ctx, T0 + 31 * M)).toEqual({ raised: 4, recovered: 0 });
    expect(await groupIncidents(ctx, T0 + 32 * M)).toEqual({ opened: 1, joined: 3, closed: 0 });
    const [inc] = await incidents();
    expect(inc).toMatchObject({ status: 0, region: '440300', code: 9001, members: 3 });
    incidentId = inc!.id;
    // Grouping again (or another process) changes nothing.
    expect(await groupIncidents(ctx, T0 + 33 * M)).toEqual({ opened: 0, joined: 0, closed: 0 });
  });

  it('a straggler of the same region and code joins the open incident', async () => {
    await status.run(T0 + 50 * M);
    expect(await runNoData(ctx, T0 + 50 * M)).toEqual({ raised: 2, recovered: 0 }); // stations 3 and 4, silent since T0+30
    expect(await groupIncidents(ctx, T0 + 51 * M)).toEqual({ opened: 0, joined: 2, closed: 0 });
    expect((await incidents()).map((i) => i.members)).toEqual([5]);
    const [span] = await q<{ first: Date; last: Date }>('SELECT first_trigger AS first, last_trigger AS last FROM helio_alarm_incident WHERE id = $1', [incidentId]);
    expect([new Date(span!.first).getTime(), new Date(span!.last).getTime()]).toEqual([T0, T0 + 30 * M]);
  });
});

describe('the incident API', () => {
  it('lists the incident with region, kind, member count and span; the detail has its members, in both languages', async () => {
    const res = await get('ina', `${C}/alarmIncident/list?incidentStatus=0`);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().data.records as Row[];
    expect(row).toMatchObject({
      id: incidentId, regionCode: '440300', alarmCode: 9001, alarmName: 'Device offline', category: 'communication', incidentStatus: 0,
      memberCount: 5, stationCount: 5, activeCount: 5, firstTrigger: formatDateTime(new Date(T0)), lastTrigger: formatDateTime(new Date(T0 + 30 * M)),
      handleStatus: 0,
    });
    expect(typeof row!.regionName).toBe('string');
    const zh = (await get('ina', `${C}/alarmIncident/list`, 'zh-CN')).json().data.records[0] as Row;
    expect(zh.alarmName).toBe('设备离线');
    const detail = await get('ina', `${C}/alarmIncident/detail?id=${incidentId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const members = detail.json().data.members as Row[];
    expect(members.map((m) => m.deviceSn).sort()).toEqual([0, 1, 2, 3, 4].map((i) => guards[i]!.sn).sort());
    expect(members.every((m) => m.alarmStatus === 0 && m.handleStatus === 0 && m.ackStatus === 0)).toBe(true);
  });

  it('an agent sees only its company’s member; another tenant sees nothing; bad input is a clear 400', async () => {
    const mine = (await get('agent', `${C}/alarmIncident/list`)).json().data.records as Row[];
    expect(mine.map((r) => [r.id, r.memberCount])).toEqual([[incidentId, 1]]);
    expect(((await get('agent', `${C}/alarmIncident/detail?id=${incidentId}`)).json().data.members as Row[]).map((m) => m.deviceSn)).toEqual([guards[0]!.sn]);
    expect((await get('inb', `${C}/alarmIncident/list`)).json().data.records).toEqual([]);
    const other = await get('inb', `${C}/alarmIncident/detail?id=${incidentId}`);
    expect(other.statusCode).toBe(400);
    const handleOther = await post('inb', `${C}/alarmIncident/handle`, { id: incidentId, handleStatus: 2 });
    expect(handleOther.statusCode).toBe(400);
    const unknown = await get('ina', `${C}/alarmIncident/list?colour=red`);
    expect([unknown.statusCode, unknown.json().msg]).toEqual([400, 'Unsupported query parameter: colour']);
    const badStatus = await get('ina', `${C}/alarmIncident/list?incidentStatus=7`, 'zh-CN');
    expect([badStatus.statusCode, badStatus.json().msg]).toEqual([400, '参数incidentStatus的值不正确']);
    expect((await post('ina', `${C}/alarmIncident/handle`, { id: incidentId, handleStatus: 9 })).statusCode).toBe(400);
    expect((await post('ina', `${C}/alarmIncident/handle`, { id: 'nope', handleStatus: 1 })).statusCode).toBe(400);
    expect((await post('ina', `${C}/alarmIncident/handle`, { id: incidentId, handleStatus: 1, assigneeId: '123' })).statusCode).toBe(400);
    expect((await post('reader', `${C}/alarmIncident/handle`, { id: incidentId, handleStatus: 1 })).statusCode).toBe(403);
    // Nothing of the refused attempts was written.
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM helio_alarm_record'))[0]!.n).toBe(0);
  });

  it('the agent’s handling reaches its member only; the administrator’s reaches every member, each with its record', async () => {
    const a = await post('agent', `${C}/alarmIncident/handle`, { id: incidentId, handleStatus: 1, content: 'On my way' });
    expect([a.statusCode, a.json().data]).toEqual([200, { handled: 1 }]);
    const res = await post('ina', `${C}/alarmIncident/handle`, { id: incidentId, handleStatus: 2, content: 'Grid restored by the utility' }, 'zh-CN');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ handled: 5 });
    const rows = await q<{ handle: number; ack: number; records: number; last: string }>(
      `SELECT a.handle_status AS handle, l.ack_status AS ack,
              (SELECT count(*)::int FROM helio_alarm_record r WHERE r.alarm_id = a.id) AS records,
              (SELECT r.content FROM helio_alarm_record r WHERE r.alarm_id = a.id ORDER BY r.create_time DESC, r.id DESC LIMIT 1) AS last
         FROM helio_alarm_incident_member m JOIN helio_alarm a ON a.id = m.alarm_id JOIN helio_alarm_lifecycle l ON l.alarm_id = a.id
        WHERE m.incident_id = $1 ORDER BY records DESC`,
      [incidentId],
    );
    expect(rows.map((r) => [r.handle, r.ack, r.records, r.last])).toEqual([
      [2, 1, 2, 'Grid restored by the utility'],
      ...Array.from({ length: 4 }, () => [2, 1, 1, 'Grid restored by the utility']),
    ]);
    // The member's own history (alarmLogOperationRecord/list) shows it, as for a single alarm.
    const alarmId = ((await get('ina', `${C}/alarmIncident/detail?id=${incidentId}`)).json().data.members as Row[])[0]!.id as string;
    const history = (await get('ina', `${C}/alarmLogOperationRecord/list?alarmId=${alarmId}`)).json().data.records as Row[];
    expect(history[0]).toMatchObject({ handleStatus: 2, content: 'Grid restored by the utility' });
    const [row] = (await get('ina', `${C}/alarmIncident/list`)).json().data.records as Row[];
    expect(row).toMatchObject({ handleStatus: 2 });
    expect(row!.handleUserName).toBeTruthy();
  });
});

describe('closing', () => {
  it('closes when every member has recovered, at the last recover time; nothing is grouped twice', async () => {
    for (const [i, m] of [[0, 60], [1, 61], [2, 62], [3, 63]] as const) await guardian(guards[i]!.sn, T0 + m * M);
    expect(await runNoData(ctx, T0 + 64 * M)).toEqual({ raised: 0, recovered: 4 });
    expect(await groupIncidents(ctx, T0 + 64 * M)).toEqual({ opened: 0, joined: 0, closed: 0 });
    await guardian(guards[4]!.sn, T0 + 65 * M);
    expect(await runNoData(ctx, T0 + 66 * M)).toEqual({ raised: 0, recovered: 1 });
    expect(await groupIncidents(ctx, T0 + 66 * M)).toEqual({ opened: 0, joined: 0, closed: 1 });
    const [inc] = await incidents();
    expect(inc!.status).toBe(1);
    expect(new Date(inc!.close!).getTime()).toBe(T0 + 65 * M);
    expect((await get('ina', `${C}/alarmIncident/list?incidentStatus=1`)).json().data.records.map((r: Row) => [r.id, r.activeCount])).toEqual([[incidentId, 0]]);
    // The lone Guangzhou alarm never joined anything.
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM helio_alarm_incident_member'))[0]!.n).toBe(5);
  });
});
