/**
 * Alarm rules (issue 14): the catalogue edited by a platform user (checks with clear messages, optimistic locking,
 * kept when the reference data is applied again), the evaluator using an edit at once in this process and within
 * its cache time in another, and per-device threshold overrides (a guardian's own leakage threshold) changing what
 * is raised — device reports over MQTT, the real evaluator, the real database. Who may do what: tenant
 * administrators tune their own devices but not the catalogue; another tenant and a user outside the station's
 * scope see and change nothing.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyReferenceData } from '../src/kernel/reference.js';
import alarmModule from '../src/modules/alarm/module.js';
import { applyCatalogue, CatalogueCache } from '../src/modules/alarm/alarm.catalogue.js';
import { rawDb } from '../src/modules/telemetry/index.js';
import { createDept, createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { createDevice, createPlant, inverterReport } from './station-fixtures.js';

const A = '310001';
const B = '310002';
const C = '/api/skyworth-client';
const EXTERNAL = process.env.HELIO_TEST_MQTT_URL;
type Row = Record<string, unknown>;

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const dev: Record<'inv' | 'grd' | 'grdOther', { id: string; sn: string; secret: string }> = {} as never;
const clients: Partial<Record<keyof typeof dev, MqttClient>> = {};

const q = async <T = Row>(text: string, params: unknown[] = []) => (await rawDb(t.database).query<T>(text, params)).rows;
const get = (who: string, url: string, lang = 'en-US') => t.req({ method: 'GET', url, headers: { ...headers[who], 'accept-language': lang } });
const post = (who: string, url: string, payload: object, lang = 'en-US') =>
  t.req({ method: 'POST', url, headers: { ...headers[who], 'accept-language': lang }, payload });

async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Publishes a report (QoS 1: acknowledged after the commit) and waits until the evaluator has seen it. */
async function report(d: keyof typeof dev, ts: number, body: Row): Promise<void> {
  await clients[d]!.publishAsync(`helio/v1/${dev[d].sn}/telemetry`, JSON.stringify({ ...body, ts }), { qos: 1 });
  await waitFor(`evaluation of ${d} at ${ts}`, async () => {
    const [s] = await q<{ last: string }>('SELECT last_ts AS last FROM helio_alarm_device_state WHERE device_id = $1', [dev[d].id]);
    return s && new Date(s.last).getTime() >= ts;
  });
}
const guardianReport = (leakMa: number) => ({ state: 2, gate: 1, power: 1200, freq: 50, leakMa, temp: 30 });
const active = async (d: keyof typeof dev, code: number) =>
  q<{ id: string; value: number | null }>(
    `SELECT a.id::text AS id, l.value FROM helio_alarm a LEFT JOIN helio_alarm_lifecycle l ON l.alarm_id = a.id
      WHERE a.device_id = $1 AND a.alarm_code = $2 AND a.alarm_status = 0`,
    [dev[d].id, code],
  );
const definition = async (deviceType: number, code: number): Promise<Row> => {
  const res = await get('admin', `${C}/alarmDefinition/list?deviceType=${deviceType}&alarmCode=${code}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records[0] as Row;
};
const editOf = (d: Row, change: Row = {}) => ({
  id: d.id, version: d.version, severity: d.severity, category: d.category, nameZh: d.nameZh, nameEn: d.nameEn,
  causeZh: d.causeZh, causeEn: d.causeEn, remedyZh: d.remedyZh, remedyEn: d.remedyEn, rule: d.rule, ...change,
});

beforeAll(async () => {
  t = await createTestApp({
    HELIO_MQTT_PORT: '0',
    HELIO_MQTT_HOST: '127.0.0.1',
    HELIO_JOB_POLL_MS: '60000',
    HELIO_STATUS_INTERVAL_SECONDS: '3600',
    ...(EXTERNAL ? { MQTT_URL: EXTERNAL, HELIO_MQTT_GROUP: `helio-rules-${randomBytes(4).toString('hex')}` } : {}),
  });
  const db = t.database.db;
  await createTenant(db, A);
  const admin = await createRole(db, A, 'administrator', 'all');
  await createUser(db, { tenantId: A, account: 'ada', password: 'Passw0rd1', roleId: admin });
  const agentDept = await createDept(db, A, 'Agent Rules');
  const agentRole = await createRole(db, A, 'agent', ['alarm_rule', 'alarm_rule_edit']);
  await createUser(db, { tenantId: A, account: 'agentr', password: 'Passw0rd1', roleId: agentRole, deptId: agentDept });
  const viewerRole = await createRole(db, A, 'viewer', ['alarm_rule']);
  await createUser(db, { tenantId: A, account: 'viewr', password: 'Passw0rd1', roleId: viewerRole });
  await createTenant(db, B);
  const bAdmin = await createRole(db, B, 'administrator', 'all');
  await createUser(db, { tenantId: B, account: 'bert', password: 'Passw0rd1', roleId: bAdmin });

  const plant = await createPlant(db, { tenantId: A, name: 'Rules plant', operationCompanyId: agentDept });
  const other = await createPlant(db, { tenantId: A, name: 'Other plant' });
  dev.inv = await createDevice(db, { plantId: plant, kind: 'inverter', tenantId: A, secret: `i-${randomBytes(8).toString('hex')}` });
  dev.grd = await createDevice(db, { plantId: plant, kind: 'guardian', tenantId: A, secret: `g-${randomBytes(8).toString('hex')}` });
  dev.grdOther = await createDevice(db, { plantId: other, kind: 'guardian', tenantId: A, secret: `o-${randomBytes(8).toString('hex')}` });

  headers.admin = await t.adminHeaders();
  for (const [who, account, tenant] of [['ada', 'ada', A], ['agent', 'agentr', A], ['viewer', 'viewr', A], ['bert', 'bert', B]] as const) {
    const s = await t.login(account, 'Passw0rd1', tenant);
    headers[who] = { 'blade-auth': `bearer ${s.access_token}` };
  }
  await t.start();
  const url = t.services.kernel.use('telemetry').running()!.broker.url;
  for (const k of ['inv', 'grd', 'grdOther'] as const) {
    clients[k] = await mqtt.connectAsync(url, { clientId: dev[k].sn, ...(EXTERNAL ? {} : { username: dev[k].sn, password: dev[k].secret }), reconnectPeriod: 0 });
  }
}, 120_000);

afterAll(async () => {
  for (const c of Object.values(clients)) await c?.endAsync(true).catch(() => undefined);
  await t?.stop();
});

const now = Date.now();
const m = 60_000;

describe('the catalogue', () => {
  it('lists definitions filtered by device type, category, severity, source and name; refuses unknown filters', async () => {
    const leak = await definition(3, 9104);
    expect(leak).toMatchObject({ alarmType: 4, severity: 4, category: 'safety', source: 'rule', edited: false, rule: { metric: 'leakMa', op: '>', threshold: 30, clear: 20, durationS: 60 } });
    const rules = (await get('viewer', `${C}/alarmDefinition/list?source=rule&size=50`)).json().data;
    expect(rules.records.map((r: Row) => r.alarmCode).sort()).toEqual([9101, 9102, 9103, 9104]);
    const temp = (await get('viewer', `${C}/alarmDefinition/list?category=temperature&severity=3&deviceType=1&size=50`)).json().data.records as Row[];
    expect(temp.length).toBeGreaterThan(0);
    expect(temp.every((r) => r.category === 'temperature' && r.severity === 3 && r.deviceType === 1)).toBe(true);
    expect((await get('viewer', `${C}/alarmDefinition/list?keyword=${encodeURIComponent('漏电流')}`)).json().data.records.map((r: Row) => r.alarmCode)).toContain(9104);
    for (const bad of ['foo=1', 'severity=9', 'category=weather', 'source=x', 'deviceType=abc']) {
      expect((await get('viewer', `${C}/alarmDefinition/list?${bad}`)).statusCode, bad).toBe(400);
    }
    expect((await get('viewer', `${C}/alarmDefinition/detail?id=${leak.id}`)).json().data.alarmCode).toBe(9104);
  });

  it('refuses malformed rules with a clear message in the caller’s language, and changes nothing', async () => {
    const d = await definition(1, 9101);
    const cases: [Row, string][] = [
      [{ rule: { ...(d.rule as Row), clear: 80 } }, 'For a ">" rule the clear level (80) must be below the threshold (75)'],
      [{ rule: { ...(d.rule as Row), metric: 'leakMa' } }, 'This device type does not report leakMa'],
      [{ rule: { ...(d.rule as Row), metric: 'voltage' } }, 'The metric must be one of: temperature, soc, leakMa'],
      [{ rule: { ...(d.rule as Row), op: '>=' } }, 'The comparison must be > or <'],
      [{ rule: { ...(d.rule as Row), durationS: 90_000 } }, 'The duration must be a whole number of seconds from 0 to 86400'],
      [{ rule: { ...(d.rule as Row), threshold: '1e999' } }, 'Threshold must be a finite number'],
      [{ rule: null }, 'A threshold rule cannot be removed'],
      [{ severity: 7, nameEn: '' }, 'The severity must be 1 (warning) to 4 (critical); English name is required'],
    ];
    for (const [change, message] of cases) {
      const res = await post('admin', `${C}/alarmDefinition/update`, editOf(d, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().msg).toContain(message);
    }
    const zh = await post('admin', `${C}/alarmDefinition/update`, editOf(d, { rule: { ...(d.rule as Row), clear: 80 } }), 'zh-CN');
    expect(zh.json().msg).toContain('恢复值(80)必须低于阈值(75)');
    const code = await definition(1, 8);
    const withRule = await post('admin', `${C}/alarmDefinition/update`, editOf(code, { rule: d.rule }));
    expect(withRule.json().msg).toContain('a device code cannot get one');
    expect(await definition(1, 9101)).toEqual(d);
  });

  it('only platform users edit it; a stale version is a 409; the evaluator uses an edit at once', async () => {
    const d = await definition(1, 9101);
    const lower = editOf(d, { severity: 4, nameEn: 'Inverter hot', rule: { metric: 'temperature', op: '>', threshold: 60, clear: 55, durationS: 0 } });
    expect((await post('ada', `${C}/alarmDefinition/update`, lower)).statusCode).toBe(403);
    expect((await post('viewer', `${C}/alarmDefinition/update`, lower)).statusCode).toBe(403);

    // Under the reference rule (75 °C for 10 minutes) 65 °C raises nothing.
    await report('inv', now - 50 * m, inverterReport(now - 50 * m));
    await report('inv', now - 49 * m, { ...inverterReport(now - 49 * m), temp: { inner: 40, sink: 65 } });
    expect(await active('inv', 9101)).toEqual([]);

    // Another process's catalogue (its own cache) sees the edit once its cache time is over.
    const elsewhere = new CatalogueCache(t.database.db, 500);
    expect((await elsewhere.snapshot()).rules(1).find((r) => r.code === 9101)!.rule.threshold).toBe(75);

    const res = await post('admin', `${C}/alarmDefinition/update`, lower);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ severity: 4, nameEn: 'Inverter hot', edited: true, updateUserName: expect.any(String), version: Number(d.version) + 1 });
    expect((await post('admin', `${C}/alarmDefinition/update`, lower)).statusCode).toBe(409); // the version it read is gone

    expect((await elsewhere.snapshot()).rules(1).find((r) => r.code === 9101)!.rule.threshold).toBe(75);
    await new Promise((r) => setTimeout(r, 600));
    expect((await elsewhere.snapshot()).rules(1).find((r) => r.code === 9101)!.rule.threshold).toBe(60);

    // This process's evaluator: the next report at 65 °C raises at once, with the edited severity.
    await report('inv', now - 48 * m, { ...inverterReport(now - 48 * m), temp: { inner: 40, sink: 65 } });
    const [raised] = await active('inv', 9101);
    expect(raised?.value).toBe(65);
    const [alarm] = (await get('ada', `${C}/alarmLog/list?deviceId=${dev.inv.id}&alarmCode=9101`)).json().data.records as Row[];
    expect(alarm).toMatchObject({ level: 4, alarmName: 'Inverter hot' });
    // … and clears below the edited clear level.
    await report('inv', now - 47 * m, { ...inverterReport(now - 47 * m), temp: { inner: 40, sink: 54 } });
    expect(await active('inv', 9101)).toEqual([]);
  });

  it('applying the reference data again keeps an administrator’s edit and brings unedited rows up to date', async () => {
    const edited = await definition(1, 9101);
    // An unedited row as an older release left it.
    await t.database.db.execute(sql`UPDATE helio_alarm_definition SET name_en = 'Old name', severity = 1 WHERE device_type = 2 AND alarm_code = 9103`);
    await t.database.db.execute(sql`DELETE FROM helio_reference_version WHERE module = 'alarm'`);
    const applied = await applyReferenceData(t.database.db, [alarmModule]);
    expect(Object.keys(applied)).toEqual(['alarm']);
    await applyCatalogue(t.database.db); // and once more: nothing moves
    expect(await definition(1, 9101)).toEqual(edited);
    expect(await definition(2, 9103)).toMatchObject({ nameEn: 'Battery temperature high', severity: 3, edited: false });
  });
});

describe('per-device thresholds', () => {
  it("a guardian's own leakage threshold drives its leakage rule; switching it off clears the alarm", async () => {
    await report('grd', now - 40 * m, guardianReport(15));
    expect(await active('grd', 9104)).toEqual([]); // 15 mA is below the type's 30 mA

    const found = (await get('ada', `${C}/alarmThreshold/device?deviceSn=${dev.grd.sn.toLowerCase()}`)).json().data;
    expect(found.device).toMatchObject({ id: dev.grd.id, deviceType: 3, plantName: 'Rules plant' });
    expect(found.rules.map((r: Row) => [r.alarmCode, r.override, r.enabled])).toEqual([[9104, null, 1]]);

    const bad = await post('ada', `${C}/alarmThreshold/save`, { deviceId: dev.grd.id, alarmCode: 9104, threshold: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('clear level (20) must be below the threshold (10)');
    expect((await post('ada', `${C}/alarmThreshold/save`, { deviceId: dev.grd.id, alarmCode: 9101, threshold: 10, clear: 5 })).json().msg).toContain('alarmCode');

    const saved = await post('ada', `${C}/alarmThreshold/save`, { deviceId: dev.grd.id, alarmCode: 9104, threshold: 10, clear: 6, durationS: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    const o = saved.json().data;
    expect(o).toMatchObject({ deviceSn: dev.grd.sn, alarmCode: 9104, threshold: 10, clear: 6, durationS: 0, enabled: 1, effective: { metric: 'leakMa', op: '>', threshold: 10, clear: 6, durationS: 0 }, version: 1 });

    await report('grd', now - 39 * m, guardianReport(15));
    expect((await active('grd', 9104)).map((a) => a.value)).toEqual([15]);
    // The other guardian keeps the type's rule.
    await report('grdOther', now - 39 * m, guardianReport(15));
    expect(await active('grdOther', 9104)).toEqual([]);

    // A stale edit is refused; switching the rule off for the device clears its alarm at the next report.
    expect((await post('ada', `${C}/alarmThreshold/save`, { deviceId: dev.grd.id, alarmCode: 9104, enabled: 0, version: 0 })).statusCode).toBe(409);
    const off = await post('ada', `${C}/alarmThreshold/save`, { deviceId: dev.grd.id, alarmCode: 9104, threshold: 10, clear: 6, durationS: 0, enabled: 0, version: o.version });
    expect(off.json().data).toMatchObject({ enabled: 0, version: 2 });
    await report('grd', now - 38 * m, guardianReport(50));
    expect(await active('grd', 9104)).toEqual([]);

    const list = (await get('ada', `${C}/alarmThreshold/list?deviceSn=${dev.grd.sn}`)).json().data;
    expect(list.records.map((r: Row) => [r.deviceSn, r.alarmCode, r.enabled])).toEqual([[dev.grd.sn, 9104, 0]]);
  });

  it('who may do what: the agent only on its stations, a reader reads, another tenant sees nothing', async () => {
    // The agent operates "Rules plant", not "Other plant".
    expect((await get('agent', `${C}/alarmThreshold/device?deviceId=${dev.grd.id}`)).statusCode).toBe(200);
    expect((await get('agent', `${C}/alarmThreshold/device?deviceId=${dev.grdOther.id}`)).statusCode).toBe(400);
    expect((await post('agent', `${C}/alarmThreshold/save`, { deviceId: dev.grdOther.id, alarmCode: 9104, threshold: 5, clear: 1 })).statusCode).toBe(400);
    const viewer = await post('viewer', `${C}/alarmThreshold/save`, { deviceId: dev.grd.id, alarmCode: 9104, threshold: 5, clear: 1 });
    expect(viewer.statusCode).toBe(403);

    const [row] = (await get('ada', `${C}/alarmThreshold/list?deviceId=${dev.grd.id}`)).json().data.records as Row[];
    expect((await get('bert', `${C}/alarmThreshold/list`)).json().data.records).toEqual([]);
    expect((await get('bert', `${C}/alarmThreshold/device?deviceSn=${dev.grd.sn}`)).statusCode).toBe(400);
    expect((await post('bert', `${C}/alarmThreshold/save`, { deviceId: dev.grd.id, alarmCode: 9104, threshold: 5, clear: 1 })).statusCode).toBe(400);
    expect((await post('bert', `${C}/alarmThreshold/remove`, { ids: String(row!.id) })).statusCode).toBe(400);
    expect((await q('SELECT threshold, enabled FROM helio_alarm_threshold WHERE id = $1', [row!.id]))).toEqual([{ threshold: 10, enabled: 0 }]);

    // Removing the override: the guardian follows its type's rule again.
    const removed = await post('agent', `${C}/alarmThreshold/remove`, { ids: String(row!.id) });
    expect(removed.json().data).toEqual({ removed: 1 });
    expect((await get('ada', `${C}/alarmThreshold/device?deviceId=${dev.grd.id}`)).json().data.rules[0]).toMatchObject({ override: null, enabled: 1, effective: { threshold: 30 } });
  });
});
