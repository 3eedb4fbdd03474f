/**
 * Alarm figures (issue 14; contracts alarm-stats.api): active counts by severity for the badges, per station for the
 * station list, and the analysis (MTTA / MTTR per station, agent and installer; counts by category per day) — on
 * the real database, with alarms of known times. Who sees what: an agent (a user of the operation company) sees its
 * stations' alarms only, another tenant none; a user without the `alarm` code is refused; bad input is a 400.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDateTime } from '../src/core/dates.js';
import { nextId } from '../src/core/ids.js';
import { createDept, createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { createPlant } from './station-fixtures.js';

const A = '310001';
const B = '310002';
const C = '/api/skyworth-client/alarmLog';

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
let plantX = '';
let plantY = '';
let agentDept = '';
let installerId = '';
const devX1 = nextId();
const devX2 = nextId();
const devY1 = nextId();

const at = (local: string) => parseDateTime(local)!.toISOString();

async function alarm(o: {
  tenantId?: string;
  plantId: string | null;
  deviceId: string;
  sn: string;
  level: number;
  trigger: string;
  recover?: string;
  ack?: string;
  category?: string;
  code?: number;
}): Promise<string> {
  const id = nextId();
  await t.database.rows(sql`
    INSERT INTO helio_alarm (id, tenant_id, plant_id, device_id, device_sn, device_type, alarm_code, alarm_type, level, alarm_status, trigger_time, recover_time)
    VALUES (${id}, ${o.tenantId ?? A}, ${o.plantId}, ${o.deviceId}, ${o.sn}, 1, ${o.code ?? 65000}, 1, ${o.level}, ${o.recover ? 1 : 0},
            ${at(o.trigger)}::timestamptz, ${o.recover ? at(o.recover) : null}::timestamptz) RETURNING id`);
  if (o.ack || o.category) {
    await t.database.rows(sql`
      INSERT INTO helio_alarm_lifecycle (alarm_id, tenant_id, last_seen, category, ack_status, ack_time)
      VALUES (${id}, ${o.tenantId ?? A}, ${at(o.trigger)}::timestamptz, ${o.category ?? null}, ${o.ack ? 1 : 0}, ${o.ack ? at(o.ack) : null}::timestamptz)
      RETURNING alarm_id`);
  }
  return id;
}

const get = (who: string, url: string, lang = 'en-US') => t.req({ method: 'GET', url, headers: { ...headers[who], 'accept-language': lang } });
async function data<T = Record<string, unknown>>(who: string, url: string): Promise<T> {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}
async function refused(who: string, url: string, lang = 'en-US'): Promise<string> {
  const res = await get(who, url, lang);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().success).toBe(false);
  return res.json().msg as string;
}

beforeAll(async () => {
  t = await createTestApp({ HELIO_STATUS_INTERVAL_SECONDS: '3600' });
  const db = t.database.db;
  await createTenant(db, A);
  const admin = await createRole(db, A, 'administrator', 'all');
  await createUser(db, { tenantId: A, account: 'ada', password: 'Passw0rd1', roleId: admin });
  agentDept = await createDept(db, A, 'Agent One');
  const agentRole = await createRole(db, A, 'agent', ['alarm']);
  await createUser(db, { tenantId: A, account: 'agent1', password: 'Passw0rd1', roleId: agentRole, deptId: agentDept });
  installerId = await createUser(db, { tenantId: A, account: 'ivan', password: 'Passw0rd1', roleId: agentRole });
  const viewerRole = await createRole(db, A, 'viewer', ['notice']);
  await createUser(db, { tenantId: A, account: 'viewer', password: 'Passw0rd1', roleId: viewerRole });
  await createTenant(db, B);
  await createUser(db, { tenantId: B, account: 'bob', password: 'Passw0rd1', roleId: await createRole(db, B, 'administrator', 'all') });

  plantX = await createPlant(db, { tenantId: A, name: 'X of Agent One', operationCompanyId: agentDept, operationUserId: installerId });
  plantY = await createPlant(db, { tenantId: A, name: 'Y of nobody' });
  // X: critical active (acknowledged after 10 min), major recovered (ack 30 min, recovered after 60 min), minor active.
  await alarm({ plantId: plantX, deviceId: devX1, sn: 'SNX1', level: 4, trigger: '2025-03-10 08:00:00', ack: '2025-03-10 08:10:00', category: 'grid' });
  await alarm({ plantId: plantX, deviceId: devX1, sn: 'SNX1', level: 3, trigger: '2025-03-10 09:00:00', code: 65001, ack: '2025-03-10 09:30:00', recover: '2025-03-10 10:00:00', category: 'pv' });
  await alarm({ plantId: plantX, deviceId: devX2, sn: 'SNX2', level: 2, trigger: '2025-03-11 12:00:00' });
  // Y: warning recovered after 120 min (never acknowledged), major active late on the 12th (local time).
  await alarm({ plantId: plantY, deviceId: devY1, sn: 'SNY1', level: 1, trigger: '2025-03-11 00:30:00', recover: '2025-03-11 02:30:00', category: 'grid' });
  await alarm({ plantId: plantY, deviceId: devY1, sn: 'SNY1', level: 3, trigger: '2025-03-12 23:30:00', code: 65001, category: 'battery' });
  // Before the analysed range, still active.
  await alarm({ plantId: plantX, deviceId: devX2, sn: 'SNX2', level: 4, trigger: '2025-02-01 12:00:00', category: 'safety', code: 65001 });
  // Tenant B: one active critical alarm on a station of its own.
  const plantB = await createPlant(db, { tenantId: B, name: 'B station' });
  await alarm({ tenantId: B, plantId: plantB, deviceId: nextId(), sn: 'SNB1', level: 4, trigger: '2025-03-10 08:00:00' });

  for (const [who, account, tenant] of [['ada', 'ada', A], ['agent', 'agent1', A], ['viewer', 'viewer', A], ['bob', 'bob', B]] as const) {
    const s = await t.login(account, 'Passw0rd1', tenant);
    headers[who] = { 'blade-auth': `bearer ${s.access_token}` };
  }
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('alarmLog/count', () => {
  it('counts the active alarms by severity and the unacknowledged ones', async () => {
    expect(await data('ada', `${C}/count`)).toEqual({ total: 4, critical: 2, major: 1, minor: 1, warning: 0, unacknowledged: 3 });
    expect(await data('ada', `${C}/count?plantId=${plantX}`)).toEqual({ total: 3, critical: 2, major: 0, minor: 1, warning: 0, unacknowledged: 2 });
    expect(await data('ada', `${C}/count?plantId=${plantY}`)).toEqual({ total: 1, critical: 0, major: 1, minor: 0, warning: 0, unacknowledged: 1 });
    expect(await data('ada', `${C}/count?deviceId=${devX1}`)).toEqual({ total: 1, critical: 1, major: 0, minor: 0, warning: 0, unacknowledged: 0 });
    expect(await data('ada', `${C}/count?deviceSn=SNX2`)).toEqual({ total: 2, critical: 1, major: 0, minor: 1, warning: 0, unacknowledged: 2 });
    expect((await data<{ total: number }>('ada', `${C}/count?deviceSn=SNX`)).total).toBe(0); // exact SN, not a pattern
  });

  it('an agent counts its company’s stations only; another tenant nothing of A', async () => {
    expect(await data('agent', `${C}/count`)).toEqual({ total: 3, critical: 2, major: 0, minor: 1, warning: 0, unacknowledged: 2 });
    expect((await data<{ total: number }>('agent', `${C}/count?plantId=${plantY}`)).total).toBe(0);
    expect(await data('bob', `${C}/count`)).toEqual({ total: 1, critical: 1, major: 0, minor: 0, warning: 0, unacknowledged: 1 });
    expect((await data<{ total: number }>('bob', `${C}/count?plantId=${plantX}`)).total).toBe(0);
  });

  it('refuses bad input with a 400 and a user without the alarm code with a 403', async () => {
    expect(await refused('ada', `${C}/count?plantId=abc`)).toBe('The value of parameter plantId is not valid');
    expect(await refused('ada', `${C}/count?deviceId=1;DROP`)).toContain('deviceId');
    expect(await refused('ada', `${C}/count?severity=4`)).toBe('Unsupported query parameter: severity');
    expect(await refused('ada', `${C}/count?deviceSn=${'S'.repeat(65)}`)).toContain('deviceSn');
    expect((await get('viewer', `${C}/count`)).statusCode).toBe(403);
  });
});

describe('alarmLog/countByPlant', () => {
  it('answers the stations named that have active alarms, the highest severity first', async () => {
    const rows = await data<{ plantId: string; total: number; critical: number }[]>('ada', `${C}/countByPlant?plantIds=${plantY},${plantX},${nextId()}`);
    expect(rows.map((r) => [r.plantId, r.total, r.critical])).toEqual([[plantX, 3, 2], [plantY, 1, 0]]);
    expect((await data<unknown[]>('ada', `${C}/countByPlant`)).length).toBe(2);
    expect(await data<unknown[]>('ada', `${C}/countByPlant?plantIds=`)).toHaveLength(2); // empty = not given
    expect(await data('ada', `${C}/countByPlant?plantIds=,`)).toEqual([]);
  });

  it('leaves out the stations the caller may not see', async () => {
    expect((await data<{ plantId: string }[]>('agent', `${C}/countByPlant?plantIds=${plantX},${plantY}`)).map((r) => r.plantId)).toEqual([plantX]);
    expect(await data('bob', `${C}/countByPlant?plantIds=${plantX},${plantY}`)).toEqual([]);
  });

  it(`refuses more than 200 ids and ids that are not ids`, async () => {
    const many = Array.from({ length: 201 }, () => nextId()).join(',');
    expect(await refused('ada', `${C}/countByPlant?plantIds=${many}`)).toContain('plantIds');
    expect(await refused('ada', `${C}/countByPlant?plantIds=${plantX},x`)).toContain('plantIds');
    expect(await refused('ada', `${C}/countByPlant?plantId=${plantX}`)).toContain('plantId');
  });
});

interface Analysis {
  total: number;
  mttaMinutes: number | null;
  mttrMinutes: number | null;
  groups: { key: string | null; name: string | null; alarms: number; acknowledged: number; recovered: number; mttaMinutes: number | null; mttrMinutes: number | null }[];
  groupCount: number;
  days: string[];
  categories: { category: string; counts: number[] }[];
  from: string;
  to: string;
}

describe('alarmLog/analysis', () => {
  const range = 'from=2025-03-10&to=2025-03-12';

  it('MTTA and MTTR per station, and the counts by category per local day', async () => {
    const a = await data<Analysis>('ada', `${C}/analysis?${range}`);
    expect(a).toMatchObject({ total: 5, mttaMinutes: 20, mttrMinutes: 90, groupCount: 2, from: '2025-03-10 00:00:00', to: '2025-03-13 00:00:00' });
    expect(a.groups).toEqual([
      { key: plantX, name: 'X of Agent One', alarms: 3, acknowledged: 2, recovered: 1, mttaMinutes: 20, mttrMinutes: 60 },
      { key: plantY, name: 'Y of nobody', alarms: 2, acknowledged: 0, recovered: 1, mttaMinutes: null, mttrMinutes: 120 },
    ]);
    expect(a.days).toEqual(['2025-03-10', '2025-03-11', '2025-03-12']);
    expect(a.categories).toEqual([
      { category: 'grid', counts: [1, 1, 0] },
      { category: 'pv', counts: [1, 0, 0] },
      { category: 'battery', counts: [0, 0, 1] },
      { category: 'device', counts: [0, 1, 0] },
    ]);
  });

  it('groups by agent (the operation company) and installer (the operation user); stations without one form the null group', async () => {
    const agent = await data<Analysis>('ada', `${C}/analysis?${range}&groupBy=agent`);
    expect(agent.groups.map((g) => [g.key, g.name, g.alarms, g.mttaMinutes, g.mttrMinutes])).toEqual([
      [agentDept, 'Agent One', 3, 20, 60],
      [null, null, 2, null, 120],
    ]);
    const installer = await data<Analysis>('ada', `${C}/analysis?${range}&groupBy=installer`);
    expect(installer.groups.map((g) => [g.key, g.name, g.alarms])).toEqual([[installerId, 'ivan', 3], [null, null, 2]]);
  });

  it('a range given to the second, and the default range (the last 30 days)', async () => {
    const a = await data<Analysis>('ada', `${C}/analysis?from=2025-03-10 08:30:00&to=2025-03-11 12:00:00`);
    expect(a.total).toBe(2); // 09:00 on the 10th and 00:30 on the 11th; 12:00 is the (exclusive) end
    expect(a.days).toEqual(['2025-03-10', '2025-03-11']);
    const d = await data<Analysis>('ada', `${C}/analysis`);
    expect(d.days).toHaveLength(30);
    expect(d.total).toBe(0);
  });

  it('the agent analyses its stations only, another tenant nothing of A', async () => {
    const a = await data<Analysis>('agent', `${C}/analysis?${range}`);
    expect(a.total).toBe(3);
    expect(a.groups.map((g) => g.key)).toEqual([plantX]);
    const b = await data<Analysis>('bob', `${C}/analysis?${range}`);
    expect(b.total).toBe(1);
    expect(JSON.stringify(b)).not.toContain(plantX);
  });

  it('refuses a range over 366 days, a reversed range, an unknown grouping and impossible dates, in the caller’s language', async () => {
    expect(await refused('ada', `${C}/analysis?from=2024-01-01&to=2025-03-12`)).toBe('The range may span at most 366 days');
    expect(await refused('ada', `${C}/analysis?from=2024-01-01&to=2025-03-12`, 'zh-CN')).toBe('统计时间范围最多 366 天');
    expect(await refused('ada', `${C}/analysis?from=2025-03-12&to=2025-03-10`)).toBe('The start of the range must not be after its end');
    expect(await refused('ada', `${C}/analysis?groupBy=tenant`)).toContain('groupBy');
    expect(await refused('ada', `${C}/analysis?from=2025-02-30`)).toContain('from');
    expect(await refused('ada', `${C}/analysis?to=9999-12-31`)).toContain('to');
    expect(await refused('ada', `${C}/analysis?to=yesterday`)).toContain('to');
    expect((await get('ada', `${C}/analysis?from=2024-03-13&to=2025-03-12`)).statusCode).toBe(200); // exactly 366 days
    expect((await get('viewer', `${C}/analysis`)).statusCode).toBe(403);
  });
});
