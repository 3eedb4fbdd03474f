/**
 * Alarms end to end (issue 14): device reports over MQTT on the embedded broker → the alarm module's evaluation job →
 * alarms raised, repeated and cleared (fault codes, an unknown code, a threshold rule with duration and hysteresis)
 * → the alarm API: list with filters in both languages, bulk acknowledgement, handling records and history; and
 * who may see what: another tenant sees nothing and changes nothing, an agent sees only the stations its company
 * operates.
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/core/dates.js';
import { rawDb } from '../src/modules/telemetry/index.js';
import { createDept, createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { createDevice, createPlant, inverterReport } from './station-fixtures.js';

const A = '300001';
const B = '300002';
const EXTERNAL = process.env.HELIO_TEST_MQTT_URL;
type Row = Record<string, unknown>;

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const dev: Record<'invX' | 'invY', { id: string; sn: string; secret: string }> = {} as never;
const clients: MqttClient[] = [];
let agentUserId = '';
let bUserId = '';
const raised: { code: number; deviceSn: string }[] = [];

const q = async <T = Row>(text: string, params: unknown[] = []) => (await rawDb(t.database).query<T>(text, params)).rows;
const get = (who: string, url: string, lang = 'en-US') => t.req({ method: 'GET', url, headers: { ...headers[who], 'accept-language': lang } });
const post = (who: string, url: string, payload: object) => t.req({ method: 'POST', url, headers: { ...headers[who], 'accept-language': 'en-US' }, payload });
const C = '/api/skyworth-client';
const alarmsOf = async (who: string, query: string, lang?: string): Promise<Row[]> => {
  const res = await get(who, `${C}/alarmLog/list?size=50&${query}`, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records as Row[];
};

async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Publishes a report (QoS 1: acknowledged after the commit) and waits until it has been evaluated. */
async function report(d: keyof typeof dev, ts: number, body: Row): Promise<void> {
  const c = clients[d === 'invX' ? 0 : 1]!;
  await c.publishAsync(`helio/v1/${dev[d].sn}/telemetry`, JSON.stringify({ ...inverterReport(ts), ...body, ts }), { qos: 1 });
  await waitFor(`evaluation of ${d} at ${ts}`, async () => {
    const [s] = await q<{ last: string }>('SELECT last_ts AS last FROM helio_alarm_device_state WHERE device_id = $1', [dev[d].id]);
    return s && new Date(s.last).getTime() >= ts;
  });
}

beforeAll(async () => {
  t = await createTestApp({
    HELIO_MQTT_PORT: '0',
    HELIO_MQTT_HOST: '127.0.0.1',
    // Jobs look once a minute: the evaluations below follow the `telemetry.reported` event of each report's
    // commit, within the 20 s each waits (the recurring job is only the catch-up).
    HELIO_JOB_POLL_MS: '60000',
    // The network-status run also raises fault alarms (without this module's events); kept out of the way here.
    HELIO_STATUS_INTERVAL_SECONDS: '3600',
    ...(EXTERNAL ? { MQTT_URL: EXTERNAL, HELIO_MQTT_GROUP: `helio-alarm-${randomBytes(4).toString('hex')}` } : {}),
  });
  const db = t.database.db;
  await createTenant(db, A);
  const admin = await createRole(db, A, 'administrator', 'all');
  await createUser(db, { tenantId: A, account: 'amy', password: 'Passw0rd1', roleId: admin });
  const agentDept = await createDept(db, A, 'Agent One');
  const agentRole = await createRole(db, A, 'agent', ['alarm', 'alarm_handle']);
  agentUserId = await createUser(db, { tenantId: A, account: 'agent1', password: 'Passw0rd1', roleId: agentRole, deptId: agentDept });
  const noAlarmRole = await createRole(db, A, 'viewer', ['notice']);
  await createUser(db, { tenantId: A, account: 'viewer', password: 'Passw0rd1', roleId: noAlarmRole });
  await createTenant(db, B);
  const bAdmin = await createRole(db, B, 'administrator', 'all');
  bUserId = await createUser(db, { tenantId: B, account: 'bea', password: 'Passw0rd1', roleId: bAdmin });

  const plantX = await createPlant(db, { tenantId: A, name: 'X operated by Agent One', operationCompanyId: agentDept });
  const plantY = await createPlant(db, { tenantId: A, name: 'Y of nobody' });
  dev.invX = await createDevice(db, { plantId: plantX, kind: 'inverter', tenantId: A, secret: `x-${randomBytes(8).toString('hex')}` });
  dev.invY = await createDevice(db, { plantId: plantY, kind: 'inverter', tenantId: A, secret: `y-${randomBytes(8).toString('hex')}` });

  for (const [who, account, tenant] of [['amy', 'amy', A], ['agent', 'agent1', A], ['viewer', 'viewer', A], ['bea', 'bea', B]] as const) {
    const s = await t.login(account, 'Passw0rd1', tenant);
    headers[who] = { 'blade-auth': `bearer ${s.access_token}` };
  }
  t.services.kernel.context('alarm').events.on('alarm.raised', (p) => void raised.push({ code: p.code, deviceSn: p.deviceSn }));
  await t.start();
  const url = t.services.kernel.use('telemetry').running()!.broker.url;
  for (const d of [dev.invX, dev.invY]) {
    clients.push(await mqtt.connectAsync(url, { clientId: d.sn, ...(EXTERNAL ? {} : { username: d.sn, password: d.secret }), reconnectPeriod: 0 }));
  }
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.endAsync(true).catch(() => undefined);
  await t?.stop();
});

const now = Date.now();
let alarm8 = '';
let alarmUnknown = '';
let alarmRuleY = '';

describe('device reports over MQTT become alarms', () => {
  it('raises one alarm per fault code, keeps an unknown code, counts a repeat and closes a clear with its recover time', async () => {
    await report('invX', now - 120_000, { faults: [8, 4242] });
    const first = await alarmsOf('amy', `deviceSn=${dev.invX.sn}`);
    expect(first.map((a) => [a.alarmCode, a.alarmStatus, a.occurrences]).sort()).toEqual([[4242, 0, 1], [8, 0, 1]]);
    const a8 = first.find((a) => a.alarmCode === 8)!;
    expect(a8).toMatchObject({ level: 3, category: 'temperature', alarmName: 'Over-temperature', alarmType: 1, ackStatus: 0, handleStatus: 0, plantName: 'X operated by Agent One' });
    expect(a8.triggerTime).toBe(formatDateTime(new Date(now - 120_000)));
    const unknown = first.find((a) => a.alarmCode === 4242)!;
    expect(unknown.alarmName).toBe('Unknown code 4242');
    expect((await alarmsOf('amy', `deviceSn=${dev.invX.sn}&alarmCode=4242`, 'zh-CN'))[0]!.alarmName).toBe('未知代码 4242');
    alarm8 = String(a8.id);
    alarmUnknown = String(unknown.id);
    await waitFor('alarm.raised events', async () => raised.filter((r) => r.deviceSn === dev.invX.sn).length === 2);

    await report('invX', now - 60_000, { faults: [8] });
    const second = await alarmsOf('amy', `deviceSn=${dev.invX.sn}`);
    expect(second).toHaveLength(2); // the repeat updated the active alarm, no second one
    expect(second.find((a) => a.id === alarm8)).toMatchObject({ alarmStatus: 0, occurrences: 2, lastSeen: formatDateTime(new Date(now - 60_000)) });
    expect(second.find((a) => a.id === alarmUnknown)).toMatchObject({ alarmStatus: 1, recoverTime: formatDateTime(new Date(now - 60_000)) });
    expect(await alarmsOf('amy', `deviceSn=${dev.invX.sn}&alarmStatus=0`)).toHaveLength(1);
  });

  it('a threshold rule waits its duration (memory kept in the database), repeats between the levels and clears below the lower one', async () => {
    const m = 60_000;
    const sink = (v: number) => ({ temp: { inner: 40, sink: v } });
    await report('invY', now - 40 * m, sink(80));
    // The condition's start is kept in the database: any evaluator (another process, a restarted one) continues it.
    expect((await q<{ pending: Row }>('SELECT pending FROM helio_alarm_device_state WHERE device_id = $1', [dev.invY.id]))[0]!.pending).toEqual({ 9101: now - 40 * m });
    await report('invY', now - 35 * m, sink(78));
    expect(await alarmsOf('amy', `deviceId=${dev.invY.id}&alarmType=4`)).toEqual([]);
    await report('invY', now - 29 * m, sink(77)); // 11 minutes above 75 °C
    const [rule] = await alarmsOf('amy', `deviceId=${dev.invY.id}&alarmType=4`);
    expect(rule).toMatchObject({ alarmCode: 9101, alarmType: 4, level: 3, category: 'temperature', value: 77, alarmStatus: 0, alarmName: 'Inverter temperature high' });
    alarmRuleY = String(rule!.id);
    await report('invY', now - 25 * m, sink(72)); // between 70 and 75: still active
    expect((await alarmsOf('amy', `deviceId=${dev.invY.id}&alarmType=4`))[0]).toMatchObject({ alarmStatus: 0, occurrences: 2 });
    await report('invY', now - 20 * m, sink(69));
    expect((await alarmsOf('amy', `deviceId=${dev.invY.id}&alarmType=4`))[0]).toMatchObject({ alarmStatus: 1, recoverTime: formatDateTime(new Date(now - 20 * m)) });
    expect((await q('SELECT pending FROM helio_alarm_device_state WHERE device_id = $1', [dev.invY.id]))[0]!.pending).toEqual({});
  });
});

describe('handling', () => {
  it('acknowledges in bulk once, records handling with an assignee, and keeps the whole history', async () => {
    let res = await post('amy', `${C}/alarmLog/acknowledge`, { ids: `${alarm8},${alarmUnknown}` });
    expect(res.json()).toMatchObject({ code: 200, data: { acknowledged: 2 } });
    res = await post('amy', `${C}/alarmLog/acknowledge`, { ids: `${alarm8}` });
    expect(res.json().data).toEqual({ acknowledged: 0 });
    expect((await alarmsOf('amy', `deviceSn=${dev.invX.sn}&ackStatus=1`)).map((a) => a.ackUserName)).toEqual(['amy', 'amy']);

    res = await post('amy', `${C}/alarmLogOperationRecord/save`, { alarmId: alarm8, handleStatus: 1, content: 'Fan blocked, technician sent', assigneeId: agentUserId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ alarmId: alarm8, handleStatus: 1, content: 'Fan blocked, technician sent', createUserName: 'amy' });
    res = await post('amy', `${C}/alarmLogOperationRecord/save`, { alarmId: alarm8, handleStatus: 2, content: 'Fan replaced' });
    expect(res.statusCode).toBe(200);

    const detail = (await get('amy', `${C}/alarmLog/detail?id=${alarm8}`)).json().data;
    expect(detail).toMatchObject({ handleStatus: 2, handleUserName: 'amy', assigneeId: agentUserId, assigneeName: 'agent1', ackStatus: 1 });
    const history = (await get('amy', `${C}/alarmLogOperationRecord/list?alarmId=${alarm8}`)).json().data;
    expect(history.total).toBe(2);
    expect(history.records.map((r: Row) => [r.handleStatus, r.content])).toEqual([[2, 'Fan replaced'], [1, 'Fan blocked, technician sent']]);
    expect((await alarmsOf('amy', `handleStatus=2&deviceSn=${dev.invX.sn}`)).map((a) => a.id)).toEqual([alarm8]);
    expect((await alarmsOf('amy', `assigneeId=${agentUserId}`)).map((a) => a.id)).toEqual([alarm8]);
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const records = async () => (await q<{ n: number }>('SELECT count(*)::int AS n FROM helio_alarm_record WHERE alarm_id = $1', [alarm8]))[0]!.n;
    const before = await records();
    expect((await post('amy', `${C}/alarmLogOperationRecord/save`, { alarmId: alarm8, handleStatus: 7 })).statusCode).toBe(400);
    const foreign = await post('amy', `${C}/alarmLogOperationRecord/save`, { alarmId: alarm8, handleStatus: 1, assigneeId: bUserId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().msg).toContain('assigneeId');
    expect(await records()).toBe(before);
    for (const query of ['foo=1', 'level=9', 'startTime=yesterday', 'category=weather', 'plantId=abc']) {
      const res = await get('amy', `${C}/alarmLog/list?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const window = await alarmsOf('amy', `deviceSn=${dev.invX.sn}&startTime=${formatDateTime(new Date(now - 90_000))}`);
    expect(window).toEqual([]);
  });
});

describe('who sees what', () => {
  it('another tenant sees none of these alarms and can neither acknowledge nor handle them', async () => {
    expect((await alarmsOf('bea', `deviceSn=${dev.invX.sn}`))).toEqual([]);
    expect((await get('bea', `${C}/alarmLog/detail?id=${alarm8}`)).statusCode).toBe(400);
    expect((await get('bea', `${C}/alarmLogOperationRecord/list?alarmId=${alarm8}`)).statusCode).toBe(400);
    expect((await post('bea', `${C}/alarmLog/acknowledge`, { ids: alarmRuleY })).statusCode).toBe(400);
    expect((await post('bea', `${C}/alarmLogOperationRecord/save`, { alarmId: alarmRuleY, handleStatus: 3 })).statusCode).toBe(400);
    const [y] = await q<{ ack: number | null; handle: number }>(
      'SELECT l.ack_status AS ack, a.handle_status AS handle FROM helio_alarm a LEFT JOIN helio_alarm_lifecycle l ON l.alarm_id = a.id WHERE a.id = $1',
      [alarmRuleY],
    );
    expect(y).toEqual({ ack: 0, handle: 0 });
  });

  it("an agent sees and handles only its company's stations; a mixed bulk acknowledgement changes nothing", async () => {
    const seen = await alarmsOf('agent', '');
    expect(seen.map((a) => a.deviceSn)).toContain(dev.invX.sn);
    expect(seen.map((a) => a.deviceSn)).not.toContain(dev.invY.sn);
    expect((await get('agent', `${C}/alarmLog/detail?id=${alarmRuleY}`)).statusCode).toBe(400);
    expect((await post('agent', `${C}/alarmLog/acknowledge`, { ids: `${alarm8},${alarmRuleY}` })).statusCode).toBe(400);
    expect((await q('SELECT 1 FROM helio_alarm_lifecycle WHERE alarm_id = $1 AND ack_status = 1', [alarmRuleY]))).toEqual([]);
    const res = await post('agent', `${C}/alarmLogOperationRecord/save`, { alarmId: alarm8, handleStatus: 2, content: 'Checked on site' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('viewer', `${C}/alarmLog/list`)).statusCode).toBe(403);
    expect((await post('viewer', `${C}/alarmLog/acknowledge`, { ids: alarm8 })).statusCode).toBe(403);
  });
});
