/**
 * Alarm notifications (issue 14, "Notifications"; docs/notifications.md) on the real database: alarms raised and
 * cleared by the real evaluator (its `alarm.raised` / `alarm.recovered` events), subscriptions through the API,
 * delivery by the notify jobs (run here with `jobs.poll()`), SMS and e-mail through senders registered in the
 * module's channel registry (recorders standing in for providers, one that never answers).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/core/ids.js';
import type { Sample } from '../src/modules/alarm/index.js';
import type { ChannelMessage } from '../src/modules/notify/index.js';
import { localTime } from '../src/modules/notify/recipients.js';
import { registerDevices } from '../src/modules/station/device-registry.js';
import { createDept, createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { addFactory, createPlant, uniqueSn } from './station-fixtures.js';

const A = '310001';
const B = '310002';
const C = '/api/skyworth-client';
type Row = Record<string, unknown>;

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const users: Record<string, string> = {};
let plantX = '';
let plantY = '';
let devicesX: { id: string; sn: string }[] = [];
let deviceY: { id: string; sn: string };
const sent: { channel: string; tenantId: string; msg: ChannelMessage }[] = [];
let clock = Date.now() - 3_600_000;

const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.req({ method, url, headers: { ...headers[who], 'accept-language': 'en-US' }, ...(payload ? { payload } : {}) });
const rows = <T = Row>(q: ReturnType<typeof sql>) => t.database.rows<T>(q);
const jobs = () => t.services.kernel.jobs;
const evaluator = () => t.services.kernel.use('alarm').evaluator;
const setParam = async (key: string, value: string) => {
  await rows(sql`DELETE FROM blade_param WHERE param_key = ${key}`);
  await rows(sql`INSERT INTO blade_param (id, param_name, param_key, param_value) VALUES (${nextId()}, ${key}, ${key}, ${value}) RETURNING id`);
};
/** Runs due jobs until none is left (a flush enqueued by an escalation runs in the next round). */
const drain = async () => {
  for (let i = 0; i < 10 && (await jobs().poll()) > 0; i++);
};
const sample = (d: { id: string; sn: string }, plantId: string, faults: number[], ts = clock): Sample => ({
  deviceId: d.id, tenantId: A, plantId, sn: d.sn, deviceType: 1, ts, faults, state: null, metrics: {},
});
const raise = async (samples: Sample[]) => {
  clock += 1000;
  return evaluator().evaluate(samples.map((s) => ({ ...s, ts: clock })));
};
const alarmOf = async (deviceId: string, code: number) =>
  (await rows<{ id: string }>(sql`SELECT id::text AS id FROM helio_alarm WHERE device_id = ${deviceId} AND alarm_code = ${code} ORDER BY trigger_time DESC LIMIT 1`))[0]!.id;
const records = (alarmId: string) =>
  rows<{ user: string; channel: string; kind: string; status: string; error: string | null; batch: number | null }>(sql`
    SELECT user_id::text AS user, channel, kind, status, error, batch_size AS batch FROM helio_alarm_notification WHERE alarm_id = ${alarmId} ORDER BY user_id, channel, kind`);
const inbox = async (who: string) => (await api(who, 'GET', `${C}/alarmInbox/list?size=50`)).json().data.records as Row[];

async function subscribe(who: string, body: Partial<Row> = {}): Promise<Row> {
  const res = await api(who, 'POST', `${C}/alarmSubscription/submit`, {
    plantIds: [], minSeverity: 1, categories: [], channels: ['inapp'], recovery: true, escalation: false, enabled: true, ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row;
}

async function devices(plantId: string, n: number): Promise<{ id: string; sn: string }[]> {
  const sns = Array.from({ length: n }, () => uniqueSn('NTF'));
  for (const sn of sns) await addFactory(t.database.db, 'inverter', sn);
  const out = await registerDevices(t.database.db, sns.map((sn) => ({ tenantId: A, plantId, type: 'inverter' as const, sn, secret: 'test-secret-0123456789' })));
  return out.map((r) => ({ id: r.id, sn: r.sn }));
}

beforeAll(async () => {
  // Jobs are run by the tests (`jobs.poll()`); the server's own poller is not started.
  t = await createTestApp({ HELIO_JOB_POLL_MS: '60000', HELIO_STATUS_INTERVAL_SECONDS: '3600' });
  const db = t.database.db;
  await createTenant(db, A);
  const admin = await createRole(db, A, 'administrator', 'all');
  users.amy = await createUser(db, { tenantId: A, account: 'n-amy', password: 'Passw0rd1', roleId: admin });
  const agentDept = await createDept(db, A, 'Agent Notify');
  const agentRole = await createRole(db, A, 'agent', ['alarm', 'alarm_handle']);
  users.agent = await createUser(db, { tenantId: A, account: 'n-agent', password: 'Passw0rd1', roleId: agentRole, deptId: agentDept });
  users.quiet = await createUser(db, { tenantId: A, account: 'n-quiet', password: 'Passw0rd1', roleId: agentRole, deptId: agentDept });
  const viewerRole = await createRole(db, A, 'viewer', ['notice']);
  users.viewer = await createUser(db, { tenantId: A, account: 'n-viewer', password: 'Passw0rd1', roleId: viewerRole });
  await createTenant(db, B);
  const bAdmin = await createRole(db, B, 'administrator', 'all');
  users.bea = await createUser(db, { tenantId: B, account: 'n-bea', password: 'Passw0rd1', roleId: bAdmin });
  await rows(sql`UPDATE blade_user SET phone = '13800000000' WHERE tenant_id IN (${A}, ${B}) RETURNING id`);
  await rows(sql`UPDATE blade_user SET phone = NULL WHERE id = ${users.agent} RETURNING id`);

  plantX = await createPlant(db, { tenantId: A, name: 'X by Agent Notify', operationCompanyId: agentDept });
  plantY = await createPlant(db, { tenantId: A, name: 'Y of nobody' });
  devicesX = await devices(plantX, 205);
  [deviceY] = await devices(plantY, 1) as [{ id: string; sn: string }];

  for (const who of ['amy', 'agent', 'quiet', 'viewer', 'bea'] as const) {
    const s = await t.login(`n-${who}`, 'Passw0rd1', who === 'bea' ? B : A);
    headers[who] = { 'blade-auth': `bearer ${s.access_token}` };
  }
  const notify = t.services.kernel.use('notify');
  for (const channel of ['sms', 'mail']) {
    notify.channels.register(channel, {
      send: async (tenantId, msg) => {
        sent.push({ channel, tenantId, msg });
        return { ok: true };
      },
    });
  }
  await setParam('notify.gatherSeconds', '0');
  await setParam('notify.digestWindowSeconds', '60');
  await setParam('notify.sendTimeoutSeconds', '0.3');
  await setParam('notify.escalationMinutes', '60');
}, 120_000);

afterAll(async () => t?.stop());

describe('subscriptions', () => {
  it('are the caller’s own, checked field by field with clear 400s', async () => {
    const own = await subscribe('agent', { name: 'mine', plantIds: [plantX], categories: ['grid'], minSeverity: 3 });
    expect(own).toMatchObject({ name: 'mine', plantIds: [plantX], plantNames: ['X by Agent Notify'], categories: ['grid'], channels: ['inapp'], quietStart: null });
    const bad = async (body: Row, text: RegExp) => {
      const res = await api('agent', 'POST', `${C}/alarmSubscription/submit`, { plantIds: [], minSeverity: 1, categories: [], channels: ['inapp'], recovery: true, escalation: false, enabled: true, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toMatch(text);
    };
    await bad({ plantIds: [plantY] }, /plantIds/); // a station the agent cannot see
    await bad({ quietStart: '22:00' }, /quietEnd/);
    await bad({ quietStart: '25:00', quietEnd: '06:00' }, /./);
    await bad({ categories: ['weather'] }, /./);
    await bad({ channels: [] }, /./);
    await bad({ minSeverity: 9 }, /./);
    // Another user's subscription is a missing one, to read, change and remove.
    expect((await api('amy', 'GET', `${C}/alarmSubscription/detail?id=${own.id}`)).statusCode).toBe(400);
    expect((await api('amy', 'POST', `${C}/alarmSubscription/submit`, { ...own, id: own.id, name: 'hijack' })).statusCode).toBe(400);
    expect((await api('amy', 'POST', `${C}/alarmSubscription/remove`, { ids: String(own.id) })).statusCode).toBe(400);
    expect((await api('amy', 'GET', `${C}/alarmSubscription/list`)).json().data).toEqual([]);
    expect((await api('agent', 'GET', `${C}/alarmSubscription/list`)).json().data.map((s: Row) => s.name)).toEqual(['mine']);
    expect((await api('agent', 'POST', `${C}/alarmSubscription/remove`, { ids: String(own.id) })).json().data).toEqual({ removed: 1 });
    const channels = (await api('agent', 'GET', `${C}/alarmSubscription/channels`)).json().data;
    expect(channels).toEqual([
      { name: 'inapp', available: true, hasAddress: true },
      { name: 'sms', available: true, hasAddress: false }, // the agent has no phone
      { name: 'mail', available: true, hasAddress: true },
    ]);
  });
});

describe('flood control', () => {
  it('200 devices raising the same code: one message per person and channel, a digest naming the count', async () => {
    await subscribe('amy', { channels: ['inapp', 'sms', 'mail'], categories: ['grid'], escalation: true });
    await subscribe('agent', { channels: ['inapp'], plantIds: [plantX] });
    await subscribe('viewer', { channels: ['inapp', 'sms'] }); // no alarm permission: told nothing
    await subscribe('bea', { channels: ['inapp', 'sms'] }); // another tenant: told nothing
    const before = sent.length;
    const started = Date.now();
    const r = await raise(devicesX.slice(0, 200).map((d) => sample(d, plantX, [11])));
    expect(r.raised).toBe(200);
    expect(sent.length).toBe(before); // nothing is sent by the event handlers
    await drain();
    const mine = sent.slice(before);
    expect(mine.map((s) => `${s.channel}:${s.msg.userId}`).sort()).toEqual([`mail:${users.amy}`, `sms:${users.amy}`]);
    const sms = mine.find((s) => s.channel === 'sms')!;
    expect(sms.msg.address).toBe('13800000000');
    expect(sms.msg.subject).toMatch(/电网过压.*200/);
    expect(Date.now() - started).toBeLessThan(60_000);
    for (const who of ['amy', 'agent']) {
      const box = await inbox(who);
      expect(box).toHaveLength(1);
      expect(box[0]).toMatchObject({ count: 200, kind: 'raised', alarmCode: 11, read: false });
      expect(box[0]!.title).toBe('[Major] Grid over-voltage on 200 devices');
      expect(box[0]!.content).toMatch(/and 195 more · X by Agent Notify$/);
    }
    expect(await inbox('viewer')).toEqual([]);
    expect(await inbox('bea')).toEqual([]);
    const first = await alarmOf(devicesX[0]!.id, 11);
    expect((await records(first)).map((x) => [x.user, x.channel, x.status, x.batch])).toEqual(
      [[users.amy, 'inapp', 'sent', 200], [users.amy, 'mail', 'sent', 200], [users.amy, 'sms', 'sent', 200], [users.agent, 'inapp', 'sent', 200]].sort(),
    );
  }, 60_000);

  it('more of the same code inside the window wait for its end and go out as one digest', async () => {
    const before = sent.length;
    await raise(devicesX.slice(200, 203).map((d) => sample(d, plantX, [11])));
    await drain();
    expect(sent.length).toBe(before); // the window (60 s) since the last message is still open
    const late = await alarmOf(devicesX[200]!.id, 11);
    expect((await records(late)).every((x) => x.status === 'queued')).toBe(true);
    // The window ends (moved back instead of waited for): one digest per person and channel for the three.
    await rows(sql`UPDATE helio_job SET run_at = now() WHERE name = 'notify.flush' RETURNING id`);
    await drain();
    expect(sent.slice(before).map((s) => s.channel).sort()).toEqual(['mail', 'sms']);
    expect(sent.at(-1)!.msg.subject).toMatch(/3/);
    expect((await records(late)).map((x) => x.batch)).toEqual([3, 3, 3, 3]);
  });
});

describe('quiet hours, escalation, recovery, a hanging provider', () => {
  it('quiet hours hold back SMS of non-critical alarms (recorded as suppressed); in-app and critical ones go out', async () => {
    const now = localTime(new Date(), t.services.kernel.context('notify').config.timeZone);
    const [h] = now.split(':').map(Number) as [number];
    const hh = (x: number) => `${String((x + 24) % 24).padStart(2, '0')}:00`;
    await subscribe('quiet', { channels: ['inapp', 'sms'], plantIds: [plantX], quietStart: hh(h - 1), quietEnd: hh(h + 1) });
    await raise([sample(devicesX[203]!, plantX, [8])]); // over-temperature: major
    await drain();
    const major = await records(await alarmOf(devicesX[203]!.id, 8));
    expect(major.filter((x) => x.user === users.quiet).map((x) => [x.channel, x.status, x.error])).toEqual([['inapp', 'sent', null], ['sms', 'suppressed', 'quiet hours']]);
    await raise([sample(devicesX[204]!, plantX, [1])]); // ground fault: critical
    await drain();
    const critical = await records(await alarmOf(devicesX[204]!.id, 1));
    expect(critical.filter((x) => x.user === users.quiet).map((x) => [x.channel, x.status])).toEqual([['inapp', 'sent'], ['sms', 'sent']]);
  });

  it('a critical alarm not acknowledged in time is escalated to the administrators; an acknowledged one is not', async () => {
    await setParam('notify.escalationMinutes', '0.005'); // 0.3 s
    await subscribe('agent', { channels: ['inapp', 'mail'], plantIds: [plantX], recovery: false, escalation: true });
    await raise([sample(devicesX[1]!, plantX, [11, 17]), sample(devicesX[2]!, plantX, [11, 17])]); // DC arc fault: critical
    const open = await alarmOf(devicesX[1]!.id, 17);
    const acked = await alarmOf(devicesX[2]!.id, 17);
    const ack = await api('amy', 'POST', `${C}/alarmLog/acknowledge`, { ids: acked });
    expect(ack.json().data).toEqual({ acknowledged: 1 });
    await new Promise((r) => setTimeout(r, 400));
    await drain();
    const esc = (await records(open)).filter((x) => x.kind === 'escalation');
    // amy: an administrator (in-app; her escalation subscription is for grid alarms only); the agent: the channels of
    // an escalation subscription for the station.
    expect(esc.map((x) => [x.user, x.channel, x.status])).toEqual(
      [[users.amy, 'inapp', 'sent'], [users.agent, 'inapp', 'sent'], [users.agent, 'mail', 'sent']].sort(),
    );
    expect((await records(acked)).filter((x) => x.kind === 'escalation')).toEqual([]);
    expect((await inbox('amy')).find((m) => m.kind === 'escalation')!.title).toMatch(/^Escalation: Critical DC arc fault not acknowledged for \d+ min$/);
    await setParam('notify.escalationMinutes', '60');
  });

  it('a recovery is told to those who asked for recovery notices', async () => {
    const alarm = await alarmOf(devicesX[5]!.id, 11);
    const r = await raise([sample(devicesX[5]!, plantX, [])]);
    expect(r.cleared).toBe(1);
    await drain();
    const rec = (await records(alarm)).filter((x) => x.kind === 'recovered');
    expect(rec.map((x) => [x.user, x.channel, x.status])).toEqual(
      [
        [users.amy, 'inapp', 'sent'], [users.amy, 'mail', 'sent'], [users.amy, 'sms', 'sent'], [users.agent, 'inapp', 'sent'],
        [users.quiet, 'inapp', 'sent'], [users.quiet, 'sms', 'suppressed'], // recovery notices keep quiet hours
      ].sort(),
    );
    expect((await inbox('agent')).find((m) => m.kind === 'recovered')!.title).toBe('Recovered: Grid over-voltage');
  });

  it('a provider that never answers fails its own records after the time limit and holds up nothing else', async () => {
    const undo = t.services.kernel.use('notify').channels.register('sms', { send: () => new Promise(() => undefined) });
    try {
      const started = Date.now();
      await raise([sample(deviceY, plantY, [13])]); // string fuse: major, pv (amy subscribes to grid only: nothing)
      await raise([sample(devicesX[6]!, plantX, [9])]); // grid over-frequency: minor, grid
      expect(Date.now() - started).toBeLessThan(5000);
      const t0 = Date.now();
      await drain();
      expect(Date.now() - t0).toBeLessThan(5000);
      const rec = await records(await alarmOf(devicesX[6]!.id, 9));
      expect(rec.filter((x) => x.user === users.amy).map((x) => [x.channel, x.status, x.error])).toEqual([
        ['inapp', 'sent', null], ['mail', 'sent', null], ['sms', 'failed', 'timed out after 300 ms'],
      ]);
    } finally {
      undo();
    }
  });
});

describe('records and inbox through the API', () => {
  it('an alarm’s records are visible with the alarm’s permission and scope', async () => {
    const alarm = await alarmOf(devicesX[0]!.id, 11);
    const res = await api('amy', 'GET', `${C}/alarmLog/notifications?alarmId=${alarm}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.records.map((r: Row) => `${r.userName}:${r.channel}:${r.status}`).sort()).toEqual(
      ['n-agent:inapp:sent', 'n-amy:inapp:sent', 'n-amy:mail:sent', 'n-amy:sms:sent'],
    );
    expect((await api('agent', 'GET', `${C}/alarmLog/notifications?alarmId=${alarm}`)).statusCode).toBe(200);
    const onY = await alarmOf(deviceY.id, 13);
    expect((await api('agent', 'GET', `${C}/alarmLog/notifications?alarmId=${onY}`)).statusCode).toBe(400); // not the agent's station
    expect((await api('bea', 'GET', `${C}/alarmLog/notifications?alarmId=${alarm}`)).statusCode).toBe(400);
    expect((await api('viewer', 'GET', `${C}/alarmLog/notifications?alarmId=${alarm}`)).statusCode).toBe(403);
    expect((await api('amy', 'GET', `${C}/alarmLog/notifications?alarmId=abc`)).statusCode).toBe(400);
  });

  it('the inbox counts unread, lists in the reader’s language and marks read only the caller’s own', async () => {
    const unread = (await api('agent', 'GET', `${C}/alarmInbox/unread`)).json().data;
    expect(unread.count).toBeGreaterThanOrEqual(2);
    const zh = await t.req({ method: 'GET', url: `${C}/alarmInbox/unread`, headers: { ...headers.agent, 'accept-language': 'zh-CN' } });
    expect(zh.json().data.records.map((r: Row) => r.title)).toContain('[重要] 电网过压(200 台设备)');
    const one = unread.records[0].id as string;
    expect((await api('amy', 'POST', `${C}/alarmInbox/read`, { ids: one })).json().data).toEqual({ read: 0 });
    expect((await api('agent', 'POST', `${C}/alarmInbox/read`, { ids: one })).json().data).toEqual({ read: 1 });
    expect((await api('agent', 'GET', `${C}/alarmInbox/unread`)).json().data.count).toBe(unread.count - 1);
    expect((await api('agent', 'POST', `${C}/alarmInbox/read`, {})).statusCode).toBe(400);
    expect((await api('agent', 'POST', `${C}/alarmInbox/read`, { all: true })).json().data.read).toBe(unread.count - 1);
    expect((await api('agent', 'GET', `${C}/alarmInbox/unread`)).json().data).toEqual({ count: 0, records: [] });
    expect((await api('agent', 'GET', `${C}/alarmInbox/list?read=2`)).statusCode).toBe(400);
  });
});
