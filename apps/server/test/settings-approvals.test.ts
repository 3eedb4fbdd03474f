/**
 * The fleet-wide approvals list of grid-code settings (issue 15): waiting and decided commands across the devices a
 * user sees (tenant, then station scope), filters by state and device SN, paging, item names in the caller's
 * language; the requester cannot approve from it (`canDecide` false, and the server refuses), the list's own approve
 * button code lets a second person approve and reject; another tenant's approvals never appear. Also the item names
 * the command and version VOs carry. No device is connected: an approved command waits in `queued`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { createDevice, createPlant } from './station-fixtures.js';

const A = '320011';
const B = '320012';
const C = '/api/skyworth-client';
const LIST = `${C}/device/setup/approval/list`;
type Row = Record<string, unknown>;

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const sns: Record<'inv' | 'inv2' | 'bInv', string> = {} as never;
const cmd: Record<string, string> = {};

const get = (who: string, url: string, lang = 'en-US') => t.req({ method: 'GET', url, headers: { ...headers[who], 'accept-language': lang } });
const post = (who: string, url: string, payload: object, lang = 'en-US') => t.req({ method: 'POST', url, headers: { ...headers[who], 'accept-language': lang }, payload });
const list = async (who: string, query = '', lang = 'en-US') => {
  const res = await get(who, `${LIST}?size=50${query}`, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { records: Row[]; total: number; pages: number };
};
async function issue(who: string, sn: string, items: { key: string; value: number }[]): Promise<Row> {
  const res = await post(who, `${C}/device/setup/commonSetup/issue`, { deviceSn: sn, items, ttlSeconds: 3600 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.commands[0] as Row;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createTenant(db, A);
  const admin = await createRole(db, A, 'administrator', 'all');
  await createUser(db, { tenantId: A, account: 'ada', password: 'Passw0rd1', roleId: admin });
  const approver = await createRole(db, A, 'approver', ['setting_approval', 'setting_approval_approve']);
  const bob = await createUser(db, { tenantId: A, account: 'bob', password: 'Passw0rd1', roleId: approver });
  // cai has the same role but operates no station: no device is in his scope.
  await createUser(db, { tenantId: A, account: 'cai', password: 'Passw0rd1', roleId: approver });
  const viewer = await createRole(db, A, 'viewer', ['setting_approval']);
  await createUser(db, { tenantId: A, account: 'vic', password: 'Passw0rd1', roleId: viewer });
  await createTenant(db, B);
  const bAdmin = await createRole(db, B, 'administrator', 'all');
  await createUser(db, { tenantId: B, account: 'bert', password: 'Passw0rd1', roleId: bAdmin });
  const plant = await createPlant(db, { tenantId: A, name: 'Approvals plant', operationUserId: bob });
  sns.inv = (await createDevice(db, { plantId: plant, kind: 'inverter', tenantId: A, sn: `APPRA${Date.now().toString(36).toUpperCase()}` })).sn;
  sns.inv2 = (await createDevice(db, { plantId: plant, kind: 'inverter', tenantId: A })).sn;
  const bPlant = await createPlant(db, { tenantId: B, name: 'B approvals plant' });
  sns.bInv = (await createDevice(db, { plantId: bPlant, kind: 'inverter', tenantId: B })).sn;
  for (const [who, tenant] of [['ada', A], ['bob', A], ['cai', A], ['vic', A], ['bert', B]] as const) {
    const s = await t.login(who, 'Passw0rd1', tenant);
    headers[who] = { 'blade-auth': `bearer ${s.access_token}` };
  }
  cmd.first = String((await issue('ada', sns.inv, [{ key: 'gridOverVoltage1', value: 260 }, { key: 'powerLimitPct', value: 80 }])).id);
  cmd.second = String((await issue('ada', sns.inv2, [{ key: 'exportLimitW', value: 3000 }])).id);
  cmd.plain = String((await issue('ada', sns.inv, [{ key: 'powerLimitPct', value: 70 }])).id);
  cmd.b = String((await issue('bert', sns.bInv, [{ key: 'gridOverVoltage1', value: 250 }])).id);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('the fleet-wide approvals list', () => {
  it("lists the waiting grid-code commands of the caller's devices with item names in the caller's language", async () => {
    const zh = await list('bob', '', 'zh-CN');
    expect(zh.records.map((r) => r.id).sort()).toEqual([cmd.first, cmd.second].sort());
    const first = zh.records.find((r) => r.id === cmd.first)!;
    expect(first).toMatchObject({
      deviceSn: sns.inv,
      approval: 'pending',
      state: 'pending_approval',
      requesterName: 'ada',
      approverName: null,
      plantName: 'Approvals plant',
      canDecide: true,
      itemNames: { gridOverVoltage1: '过压保护值1', powerLimitPct: '有功功率限制' },
    });
    const en = await list('bob', `&deviceSn=${sns.inv.slice(2, 9).toLowerCase()}`);
    expect(en.records.map((r) => r.id)).toEqual([cmd.first]);
    expect(en.records[0]!.itemNames).toEqual({ gridOverVoltage1: 'Over-voltage trip 1', powerLimitPct: 'Active power limit' });
    // Paging.
    const paged = (await get('bob', `${LIST}?size=1&current=2`)).json().data;
    expect(paged).toMatchObject({ total: 2, size: 1, current: 2, pages: 2 });
    expect(paged.records).toHaveLength(1);
    // A LIKE wildcard in the SN filter is a plain character.
    expect((await list('bob', '&deviceSn=%25')).total).toBe(0);
  });

  it('keeps other tenants and devices outside the station scope away', async () => {
    expect((await list('cai')).total).toBe(0);
    const bert = await list('bert');
    expect(bert.records.map((r) => r.id)).toEqual([cmd.b]);
    expect((await list('bert', `&deviceSn=${sns.inv}`)).total).toBe(0);
    expect((await list('ada')).records.map((r) => r.id)).not.toContain(cmd.b);
    // Out of scope is unknown: neither approved nor rejected.
    expect((await post('cai', `${C}/device/setup/command/approve`, { id: cmd.first })).statusCode).toBe(404);
    expect((await post('bert', `${C}/device/setup/command/reject`, { id: cmd.first })).statusCode).toBe(404);
    expect((await get('ada', `${C}/device/setup/command/detail?id=${cmd.first}`)).json().data.state).toBe('pending_approval');
  });

  it('does not let the requester approve; a second person approves and rejects from the list', async () => {
    const mine = (await list('ada')).records.find((r) => r.id === cmd.first)!;
    expect(mine.canDecide).toBe(false);
    const own = await post('ada', `${C}/device/setup/command/approve`, { id: cmd.first });
    expect(own.statusCode).toBe(400);
    expect(own.json().msg).toBe('You cannot approve a command you requested');
    // The page without its approve button: read only.
    expect((await post('vic', `${C}/device/setup/command/approve`, { id: cmd.first })).statusCode).toBe(403);

    const ok = await post('bob', `${C}/device/setup/command/approve`, { id: cmd.first }, 'zh-CN');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ state: 'queued', itemNames: { gridOverVoltage1: '过压保护值1' } });
    const rejected = await post('bob', `${C}/device/setup/command/reject`, { id: cmd.second, reason: 'not agreed with the DSO' });
    expect(rejected.json().data).toMatchObject({ state: 'rejected', itemNames: { exportLimitW: 'Export power limit' } });

    expect((await list('bob', '&state=pending')).total).toBe(0);
    const approved = await list('bob', '&state=approved');
    expect(approved.records.map((r) => r.id)).toEqual([cmd.first]);
    expect(approved.records[0]).toMatchObject({ approval: 'approved', approverName: 'bob', canDecide: false });
    expect((await list('bob', '&state=rejected')).records).toMatchObject([{ id: cmd.second, approval: 'rejected', reason: 'not agreed with the DSO' }]);
    // Without a filter: the decided ones, newest decision first; a command that never needed approval is not listed.
    expect((await list('bob')).records.map((r) => r.id)).toEqual([cmd.second, cmd.first]);
    expect((await get('bob', `${LIST}?state=sent`)).statusCode).toBe(400);
  });
});

describe('item names in the command and version lists', () => {
  it("answers the names of a command's and a version's items in the caller's language", async () => {
    const commands = (await get('ada', `${C}/device/setup/command/list?deviceSn=${sns.inv}`, 'zh-CN')).json().data.records as Row[];
    expect(commands.find((c) => c.id === cmd.plain)!.itemNames).toEqual({ powerLimitPct: '有功功率限制' });
    await t.database.rows(sql`INSERT INTO helio_setting_version (id, tenant_id, device_sn, version_no, setting_values, changed, command_id, create_user)
      VALUES (${nextId()}, ${A}, ${sns.inv}, 1, '{"powerLimitPct": 70, "gridOverVoltage1": 260, "retired": 1}'::jsonb, '{"powerLimitPct": 70}'::jsonb, ${cmd.plain}, 1)`);
    const zh = (await get('ada', `${C}/device/setup/version/list?deviceSn=${sns.inv}`, 'zh-CN')).json().data.records as Row[];
    expect(zh[0]!.itemNames).toEqual({ powerLimitPct: '有功功率限制', gridOverVoltage1: '过压保护值1', retired: 'retired' });
    const en = (await get('ada', `${C}/device/setup/version/list?deviceSn=${sns.inv}`)).json().data.records as Row[];
    expect(en[0]!.itemNames).toMatchObject({ powerLimitPct: 'Active power limit' });
  });
});
