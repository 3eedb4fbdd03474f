/**
 * Remote settings (issue 15) over the real broker and database: the default catalogue and its registers, a
 * device's form in the caller's language, a power limit issued to a simulated device (the simulator's own
 * handlers) → succeeded → read back → verified, logged and versioned; bad values refused with the item's translated
 * name and nothing sent; a silent device timed out, a refusing one failed with its reason; an offline device's
 * command queued and delivered when it connects; grid-code items approved by a second person; restore; and another
 * tenant neither reading nor issuing to the device.
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCommands, devicePublisher } from '../src/simulator/commands.js';
import { simSettingsBehaviour } from '../src/simulator/settings.js';
import { rawDb } from '../src/modules/telemetry/index.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { createDevice, createPlant } from './station-fixtures.js';

const A = '320001';
const B = '320002';
const C = '/api/skyworth-client';
const EXTERNAL = process.env.HELIO_TEST_MQTT_URL;
type Row = Record<string, unknown>;
type Dev = { id: string; sn: string; secret: string; state: Record<string, unknown>; client?: MqttClient };

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const dev: Record<'inv' | 'late' | 'grd', Dev> = {} as never;

const q = async <T = Row>(text: string, params: unknown[] = []) => (await rawDb(t.database).query<T>(text, params)).rows;
const get = (who: string, url: string, lang = 'en-US') => t.req({ method: 'GET', url, headers: { ...headers[who], 'accept-language': lang } });
const post = (who: string, url: string, payload: object, lang = 'en-US') => t.req({ method: 'POST', url, headers: { ...headers[who], 'accept-language': lang }, payload });

async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Signs a device in and lets the simulator's command handlers answer for it. */
async function connect(d: Dev): Promise<void> {
  const url = t.services.kernel.use('telemetry').running()!.broker.url;
  const client = await mqtt.connectAsync(url, { clientId: d.sn, ...(EXTERNAL ? {} : { username: d.sn, password: d.secret }), reconnectPeriod: 0 });
  answerCommands(client, { sn: d.sn, deviceType: 'inverter', state: d.state, publish: devicePublisher(client, d.sn) });
  await client.subscribeAsync(`helio/v1/${d.sn}/cmd/req/+`, { qos: 1 });
  d.client = client;
  if (EXTERNAL) await q(`UPDATE helio_device SET online = true WHERE device_sn = $1`, [d.sn]);
}

async function issue(who: string, body: Row, lang = 'en-US') {
  const res = await post(who, `${C}/device/setup/commonSetup/issue`, body, lang);
  return res;
}
async function settled(id: string, who = 'ada', states = ['succeeded', 'failed', 'timed_out', 'expired', 'rejected']): Promise<Row> {
  return waitFor(`command ${id} in ${states.join('/')}`, async () => {
    const c = (await get(who, `${C}/device/setup/command/detail?id=${id}`)).json().data as Row;
    return states.includes(String(c.state)) && c;
  });
}

beforeAll(async () => {
  simSettingsBehaviour.refuseRate = 0;
  simSettingsBehaviour.silentRate = 0;
  t = await createTestApp({
    HELIO_MQTT_PORT: '0',
    HELIO_MQTT_HOST: '127.0.0.1',
    HELIO_JOB_POLL_MS: '100',
    HELIO_STATUS_INTERVAL_SECONDS: '3600',
    ...(EXTERNAL ? { MQTT_URL: EXTERNAL, HELIO_MQTT_GROUP: `helio-settings-${randomBytes(4).toString('hex')}` } : {}),
  });
  const db = t.database.db;
  await createTenant(db, A);
  const admin = await createRole(db, A, 'administrator', 'all');
  await createUser(db, { tenantId: A, account: 'ada', password: 'Passw0rd1', roleId: admin });
  const approver = await createRole(db, A, 'approver', ['inverter', 'inverter_issue', 'inverter_setting']);
  const bob = await createUser(db, { tenantId: A, account: 'bob', password: 'Passw0rd1', roleId: approver });
  const viewer = await createRole(db, A, 'viewer', ['inverter']);
  await createUser(db, { tenantId: A, account: 'vic', password: 'Passw0rd1', roleId: viewer });
  await createTenant(db, B);
  const bAdmin = await createRole(db, B, 'administrator', 'all');
  await createUser(db, { tenantId: B, account: 'bert', password: 'Passw0rd1', roleId: bAdmin });
  // bob (not an administrator) operates the station: it is in his data scope.
  const plant = await createPlant(db, { tenantId: A, name: 'Settings plant', operationUserId: bob });
  for (const [k, kind] of [['inv', 'inverter'], ['late', 'inverter'], ['grd', 'guardian']] as const) {
    dev[k] = { ...(await createDevice(db, { plantId: plant, kind, tenantId: A, secret: `s-${randomBytes(8).toString('hex')}` })), state: {} };
  }
  headers.admin = await t.adminHeaders();
  for (const [who, account, tenant] of [['ada', 'ada', A], ['bob', 'bob', A], ['vic', 'vic', A], ['bert', 'bert', B]] as const) {
    const s = await t.login(account, 'Passw0rd1', tenant);
    headers[who] = { 'blade-auth': `bearer ${s.access_token}` };
  }
  await t.start();
  await connect(dev.inv);
  await connect(dev.grd);
  await waitFor('devices online', async () => (await q(`SELECT 1 FROM helio_device WHERE online AND device_sn = ANY($1)`, [[dev.inv.sn, dev.grd.sn]])).length === 2);
}, 120_000);

afterAll(async () => {
  for (const d of Object.values(dev)) await d.client?.endAsync(true).catch(() => undefined);
  await t?.stop();
});

describe('configuration', () => {
  it('seeds the catalogue and its registers; the item detail and getMappingBySetItem resolve the register', async () => {
    const list = (await get('admin', `${C}/setItemConfig/list?itemKey=powerLimitPct`)).json().data;
    const item = (list.records as Row[]).find((r) => r.itemKey === 'powerLimitPct')!;
    expect(item).toMatchObject({ deviceType: 1, settingType: 'advanced', itemCategory: 'power_limit', unit: '%', minValue: 0, maxValue: 110, addressMapping: '40232' });
    const detail = (await get('admin', `${C}/setItemConfig/getSetItemDetail?id=${item.id}`)).json().data;
    expect(detail.mapping.map((m: Row) => m.physicalAddress)).toContain(40232);
    const byKey = await post('admin', `${C}/addressMapDefinition/getMappingBySetItem`, { itemKey: 'gridOverVoltage1', protocolVersion: 'V1.08' });
    expect(byKey.json().data[0]).toMatchObject({ physicalAddress: 41100, attributeName: 'gridOverVoltage1', manufacturer: 'Helio' });
    // The spec's key rule, and decimals ≤ 3.
    const bad = await post('admin', `${C}/setItemConfig/submit`, { ...item, id: undefined, itemKey: 'bad key!', decimals: 4 });
    expect(bad.statusCode).toBe(400);
    // Tenants do not edit (or read) the platform's configuration.
    expect((await get('ada', `${C}/setItemConfig/list`)).statusCode).toBe(403);
  });

  it("answers a device's form in the caller's language, and the inverter mode and guardian tabs", async () => {
    const zh = (await get('ada', `${C}/device/setup/commonSetup/queryAll?deviceSn=${dev.inv.sn}`, 'zh-CN')).json().data;
    const power = zh.groups.find((g: Row) => g.category === 'power_limit');
    expect(power.name).toBe('功率限制');
    expect(power.items.find((i: Row) => i.key === 'powerLimitPct')).toMatchObject({ name: '有功功率限制', min: 0, max: 110, value: null, defaultValue: '100' });
    const mode = (await get('ada', `${C}/inverter/mode?deviceSn=${dev.inv.sn}`)).json().data;
    expect(mode.groups.flatMap((g: Row) => (g.items as Row[]).map((i) => i.key))).toEqual(['runMode', 'powerSwitch', 'maintenanceMode']);
    expect(mode.groups[0].items[0].options[0]).toEqual({ value: '0', label: 'Self-use' });
    const alarm = (await get('ada', `${C}/guardian/alarmSetup/queryAll?deviceSn=${dev.grd.sn}`)).json().data;
    expect(alarm.groups[0].items.map((i: Row) => i.key)).toContain('leakageThresholdMa');
    const gate = (await get('ada', `${C}/guardian/GatePositionSetup/queryAll?deviceSn=${dev.grd.sn}`)).json().data;
    expect(gate.groups.map((g: Row) => g.category)).toEqual(['gate_position', 'protection']);
    expect((await get('ada', `${C}/guardian/alarmSetup/queryAll?deviceSn=${dev.inv.sn}`)).statusCode).toBe(404);
  });
});

describe('issuing settings', () => {
  it('sends a power limit, reads it back, marks it verified, logs and versions it', async () => {
    const res = await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'powerLimitPct', value: 80 }], timeoutSeconds: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const c = await settled(res.json().data.commands[0].id);
    expect(c).toMatchObject({ state: 'succeeded', verified: 1, items: { powerLimitPct: 80 }, oldValues: { powerLimitPct: '100' } });
    expect((dev.inv.state.settings as Row).powerLimitPct).toBe(80);
    const log = (await get('ada', `${C}/advancedSettingsOperationLog/list?deviceSn=${dev.inv.sn}`)).json().data.records as Row[];
    expect(log[0]).toMatchObject({ itemKey: 'powerLimitPct', itemName: 'Active power limit', oldValue: '100', newValue: '80', result: 'succeeded', verified: 1, operatorName: 'ada' });
    const form = (await get('ada', `${C}/device/setup/commonSetup/queryAll?deviceSn=${dev.inv.sn}&settingType=advanced`)).json().data;
    expect(form.settingsVersion).toBe(1);
    expect(form.groups.find((g: Row) => g.category === 'power_limit').items[0].value).toBe(80);
    // The log is append-only: no route changes it.
    expect((await post('ada', `${C}/advancedSettingsOperationLog/remove?ids=${String(log[0]!.id)}`, {})).statusCode).toBe(404);
  });

  it('marks a write whose read back differs as succeeded but not verified', async () => {
    dev.inv.state.readOffset = 1;
    const res = await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'socMin', value: 15 }], timeoutSeconds: 5 });
    const c = await settled(res.json().data.commands[0].id);
    delete dev.inv.state.readOffset;
    expect(c).toMatchObject({ state: 'succeeded', verified: 0 });
    expect(String(c.reason)).toContain('socMin=16');
  });

  it('refuses bad values before anything is sent, naming the item in the caller\'s language', async () => {
    const before = (await q(`SELECT count(*)::int AS n FROM helio_setting_command`))[0]!.n;
    const en = await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'powerLimitPct', value: 150 }] });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe('Active power limit must be between 0 and 110');
    const zh = await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'powerLimitPct', value: 80 }, { key: 'gridOverFrequency1', value: 51.123 }] }, 'zh-CN');
    expect(zh.json().msg).toBe('过频保护值1最多2位小数');
    expect((await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'socMax', value: 'lots' }] })).json().msg).toBe('Charge cut-off SoC must be a number');
    expect((await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'chargeStart1', value: '25:00' }] })).json().msg).toBe('Charge window 1 start must be a time as HH:mm');
    expect((await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'leakageThresholdMa', value: 30 }] })).json().msg).toBe('The device model has no such setting item: leakageThresholdMa');
    expect((await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'runMode', value: 9 }] })).json().msg).toBe('Run mode must be one of its options');
    expect((await q(`SELECT count(*)::int AS n FROM helio_setting_command`))[0]!.n).toBe(before);
  });

  it('ends a silent device as timed out, and a refusal as failed with the device\'s reason', async () => {
    dev.inv.state.silent = true;
    const silent = await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'maxChargeCurrent', value: 50 }], timeoutSeconds: 1 });
    expect(await settled(silent.json().data.commands[0].id)).toMatchObject({ state: 'timed_out', verified: null });
    dev.inv.state.silent = false;
    dev.inv.state.refuseWrites = 'parameter locked by local display';
    const refused = await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'maxChargeCurrent', value: 60 }], timeoutSeconds: 5 });
    expect(await settled(refused.json().data.commands[0].id)).toMatchObject({ state: 'failed', reason: 'parameter locked by local display' });
    delete dev.inv.state.refuseWrites;
    const log = (await get('ada', `${C}/advancedSettingsOperationLog/list?deviceSn=${dev.inv.sn}&itemKey=maxChargeCurrent`)).json().data.records as Row[];
    expect(log.map((l) => l.result).sort()).toEqual(['failed', 'timed_out']);
  });

  it('queues a command for an offline device and delivers it when the device connects', async () => {
    const res = await issue('ada', { deviceSn: dev.late.sn, items: [{ key: 'runMode', value: 2 }], timeoutSeconds: 5, ttlSeconds: 600 });
    const id = res.json().data.commands[0].id as string;
    expect(res.json().data.commands[0].state).toBe('queued');
    await new Promise((r) => setTimeout(r, 300));
    expect((await get('ada', `${C}/device/setup/command/detail?id=${id}`)).json().data.state).toBe('queued');
    await connect(dev.late);
    expect(await settled(id)).toMatchObject({ state: 'succeeded', verified: 1 });
    expect((dev.late.state.settings as Row).runMode).toBe(2);
  });

  it('expires a queued command whose TTL passes while the device is offline', async () => {
    await dev.late.client!.endAsync(true);
    await waitFor('late offline', async () => (await q(`SELECT 1 FROM helio_device WHERE NOT online AND device_sn = $1`, [dev.late.sn])).length === 1);
    const res = await issue('ada', { deviceSn: dev.late.sn, items: [{ key: 'runMode', value: 1 }], ttlSeconds: 1 });
    expect(await settled(res.json().data.commands[0].id)).toMatchObject({ state: 'expired' });
  });
});

describe('grid-code approval', () => {
  it('holds grid-code items for a second person; the requester cannot approve; a rejection ends it', async () => {
    const res = await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'gridOverVoltage1', value: 260 }], timeoutSeconds: 5 });
    const c = res.json().data.commands[0] as Row;
    expect(c).toMatchObject({ state: 'pending_approval', gridCode: 1 });
    const own = await post('ada', `${C}/device/setup/command/approve`, { id: c.id });
    expect(own.statusCode).toBe(400);
    expect(own.json().msg).toBe('You cannot approve a command you requested');
    expect((await post('vic', `${C}/device/setup/command/approve`, { id: c.id })).statusCode).toBe(403);
    expect((await post('bert', `${C}/device/setup/command/approve`, { id: c.id })).statusCode).toBe(404);
    const ok = await post('bob', `${C}/device/setup/command/approve`, { id: c.id });
    expect(ok.json().data).toMatchObject({ state: 'queued' });
    expect(await settled(String(c.id))).toMatchObject({ state: 'succeeded', verified: 1 });

    const second = (await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'exportLimitW', value: 3000 }] })).json().data.commands[0] as Row;
    expect((await post('bob', `${C}/device/setup/command/reject`, { id: second.id, reason: 'not agreed with the DSO' })).json().data).toMatchObject({ state: 'rejected', reason: 'not agreed with the DSO' });
    expect((await post('bob', `${C}/device/setup/command/approve`, { id: second.id })).statusCode).toBe(400);
  });

  it('sends grid-code items at once when the platform parameter turns approval off', async () => {
    await q(`INSERT INTO blade_param (id, param_name, param_key, param_value) VALUES (9913001, 'grid code approval', 'settings.gridCode.approval', 'false')`);
    const c = (await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'reconnectDelayS', value: 120 }], timeoutSeconds: 5 })).json().data.commands[0] as Row;
    expect(c.state).toBe('queued');
    expect(await settled(String(c.id))).toMatchObject({ state: 'succeeded' });
    await q(`DELETE FROM blade_param WHERE id = 9913001`);
  });
});

describe('versions and tenants', () => {
  it('restores a previous version', async () => {
    const c = (await issue('ada', { deviceSn: dev.inv.sn, items: [{ key: 'powerLimitPct', value: 60 }], timeoutSeconds: 5 })).json().data.commands[0] as Row;
    await settled(String(c.id));
    const versions = (await get('ada', `${C}/device/setup/version/list?deviceSn=${dev.inv.sn}&size=50`)).json().data.records as Row[];
    expect(versions[0]).toMatchObject({ current: true, changed: { powerLimitPct: 60 } });
    const first = versions.find((v) => v.versionNo === 1)!;
    const restored = await post('ada', `${C}/device/setup/version/restore`, { id: first.id, timeoutSeconds: 5 });
    expect(restored.statusCode, restored.body).toBe(200);
    const r = restored.json().data.commands[0] as Row;
    expect(r).toMatchObject({ restoreOf: first.id });
    expect((r.items as Row).powerLimitPct).toBe(80);
    await settled(String(r.id));
    expect((dev.inv.state.settings as Row).powerLimitPct).toBe(80);
  });

  it("keeps tenant B away from tenant A's device, commands, log and versions", async () => {
    expect((await get('bert', `${C}/device/setup/commonSetup/queryAll?deviceSn=${dev.inv.sn}`)).statusCode).toBe(404);
    expect((await issue('bert', { deviceSn: dev.inv.sn, items: [{ key: 'powerLimitPct', value: 10 }] })).statusCode).toBe(404);
    expect((await issue('bert', { filter: { deviceType: 1 }, items: [{ key: 'powerLimitPct', value: 10 }] })).statusCode).toBe(400);
    expect((await get('bert', `${C}/device/setup/command/list?deviceSn=${dev.inv.sn}`)).json().data.total).toBe(0);
    expect((await get('bert', `${C}/advancedSettingsOperationLog/list`)).json().data.total).toBe(0);
    expect((await get('bert', `${C}/device/setup/version/list?deviceSn=${dev.inv.sn}`)).json().data.total).toBe(0);
    const anyCommand = (await q<{ id: string }>(`SELECT id::text AS id FROM helio_setting_command LIMIT 1`))[0]!;
    expect((await get('bert', `${C}/device/setup/command/detail?id=${anyCommand.id}`)).statusCode).toBe(404);
    expect((dev.inv.state.settings as Row).powerLimitPct).toBe(80);
  });

  it('issues to every device matching a filter', async () => {
    const res = await issue('ada', { filter: { deviceType: 3 }, items: [{ key: 'leakageThresholdMa', value: 50 }], timeoutSeconds: 5 });
    expect(res.json().data.total).toBe(1);
    expect(await settled(res.json().data.commands[0].id)).toMatchObject({ state: 'succeeded', verified: 1 });
  });
});
