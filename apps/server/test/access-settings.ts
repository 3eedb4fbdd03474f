/**
 * Tenant probes for the remote-settings routes (issue 15), spread into `probes` of access.test.ts: tenant B's
 * administrator (200002) reads its own devices' forms, commands, log and versions and never tenant A's (200001);
 * it cannot issue to, approve, reject or restore A's; the platform's item and register look-ups are platform-only.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { configSheetProbes } from './access-config-sheets.js';
import type { TestApp } from './helper.js';
import { createDevice, createPlant } from './station-fixtures.js';

const C = '/api/skyworth-client';
type Row = Record<string, unknown>;

interface Side {
  inverter: string;
  guardian: string;
  command: string;
  version: string;
}
interface World {
  a: Side;
  b: Side;
}

async function side(t: TestApp, tenantId: string, name: string): Promise<Side> {
  const plantId = await createPlant(t.database.db, { tenantId, name });
  const inv = await createDevice(t.database.db, { plantId, kind: 'inverter', tenantId });
  const grd = await createDevice(t.database.db, { plantId, kind: 'guardian', tenantId });
  const command = nextId();
  const version = nextId();
  await t.database.rows(sql`INSERT INTO helio_setting_command (id, tenant_id, batch_id, device_id, device_sn, device_type, items, old_values, state, grid_code, timeout_ms, expires_at, create_user)
    VALUES (${command}, ${tenantId}, ${nextId()}, ${inv.id}, ${inv.sn}, 1, '{"gridOverVoltage1": 260}'::jsonb, '{"gridOverVoltage1": "264.5"}'::jsonb, 'pending_approval', 1, 5000, now() + interval '1 day', 1)`);
  await t.database.rows(sql`INSERT INTO helio_setting_log (id, tenant_id, command_id, device_sn, device_type, item_key, old_value, new_value, result, operator)
    VALUES (${nextId()}, ${tenantId}, ${command}, ${inv.sn}, 1, 'powerLimitPct', '100', '70', 'succeeded', 1)`);
  await t.database.rows(sql`INSERT INTO helio_setting_version (id, tenant_id, device_sn, version_no, setting_values, changed, command_id, create_user)
    VALUES (${version}, ${tenantId}, ${inv.sn}, 1, '{"powerLimitPct": 70}'::jsonb, '{"powerLimitPct": 70}'::jsonb, ${command}, 1)`);
  return { inverter: inv.sn, guardian: grd.sn, command, version };
}

export function settingsProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let setup: Promise<World> | undefined;
  const world = () => (setup ??= (async () => ({ a: await side(app(), '200001', 'A-settings-station'), b: await side(app(), '200002', 'B-settings-station') }))());
  const get = (url: string) => app().req({ method: 'GET', url, headers: headers() });
  const post = (url: string, payload: object) => app().req({ method: 'POST', url, headers: headers(), payload });
  const state = async (id: string) => (await app().database.rows<{ state: string }>(sql`SELECT state FROM helio_setting_command WHERE id = ${id}`))[0]!.state;
  const commandsOf = async (sn: string) => Number((await app().database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM helio_setting_command WHERE device_sn = ${sn}`))[0]!.n);
  const rows = (body: { data: { records: Row[] } }) => body.data.records;

  return {
    ...configSheetProbes(app, headers),
    [`GET ${C}/setItemConfig/getSetItemDetail`]: async () => {
      const [item] = await app().database.rows<{ id: string }>(sql`SELECT id::text AS id FROM helio_setting_item LIMIT 1`);
      expect((await get(`${C}/setItemConfig/getSetItemDetail?id=${item!.id}`)).statusCode).toBe(403);
    },
    [`POST ${C}/addressMapDefinition/getMappingBySetItem`]: async () => {
      expect((await post(`${C}/addressMapDefinition/getMappingBySetItem`, { itemKey: 'powerLimitPct' })).statusCode).toBe(403);
    },
    [`GET ${C}/device/setup/commonSetup/queryAll`]: async () => {
      const { a, b } = await world();
      expect((await get(`${C}/device/setup/commonSetup/queryAll?deviceSn=${b.inverter}`)).json().data.settingsVersion).toBe(1);
      expect((await get(`${C}/device/setup/commonSetup/queryAll?deviceSn=${a.inverter}`)).statusCode).toBe(404);
    },
    [`GET ${C}/inverter/mode`]: async () => {
      const { a } = await world();
      expect((await get(`${C}/inverter/mode?deviceSn=${a.inverter}`)).statusCode).toBe(404);
    },
    [`GET ${C}/guardian/alarmSetup/queryAll`]: async () => {
      const { a } = await world();
      expect((await get(`${C}/guardian/alarmSetup/queryAll?deviceSn=${a.guardian}`)).statusCode).toBe(404);
    },
    [`GET ${C}/guardian/GatePositionSetup/queryAll`]: async () => {
      const { a } = await world();
      expect((await get(`${C}/guardian/GatePositionSetup/queryAll?deviceSn=${a.guardian}`)).statusCode).toBe(404);
    },
    [`POST ${C}/device/setup/commonSetup/issue`]: async () => {
      const { a } = await world();
      const before = await commandsOf(a.inverter);
      expect((await post(`${C}/device/setup/commonSetup/issue`, { deviceSn: a.inverter, items: [{ key: 'powerLimitPct', value: 10 }] })).statusCode).toBe(404);
      // A filter reaches B's own devices only.
      const res = await post(`${C}/device/setup/commonSetup/issue`, { filter: { deviceType: 1 }, items: [{ key: 'powerLimitPct', value: 10 }], ttlSeconds: 1 });
      expect(res.statusCode).toBe(200);
      expect((res.json().data.commands as Row[]).map((c) => c.deviceSn)).not.toContain(a.inverter);
      expect(await commandsOf(a.inverter)).toBe(before);
    },
    [`GET ${C}/device/setup/command/list`]: async () => {
      const { a, b } = await world();
      const mine = rows((await get(`${C}/device/setup/command/list?size=100`)).json());
      expect(mine.map((c) => c.id)).toContain(b.command);
      expect(mine.map((c) => c.deviceSn)).not.toContain(a.inverter);
      expect((await get(`${C}/device/setup/command/list?deviceSn=${a.inverter}`)).json().data.total).toBe(0);
    },
    [`GET ${C}/device/setup/command/detail`]: async () => {
      const { a } = await world();
      expect((await get(`${C}/device/setup/command/detail?id=${a.command}`)).statusCode).toBe(404);
    },
    [`POST ${C}/device/setup/command/approve`]: async () => {
      const { a } = await world();
      expect((await post(`${C}/device/setup/command/approve`, { id: a.command })).statusCode).toBe(404);
      expect(await state(a.command)).toBe('pending_approval');
    },
    [`POST ${C}/device/setup/command/reject`]: async () => {
      const { a } = await world();
      expect((await post(`${C}/device/setup/command/reject`, { id: a.command })).statusCode).toBe(404);
      expect(await state(a.command)).toBe('pending_approval');
    },
    [`GET ${C}/device/setup/approval/list`]: async () => {
      const { a, b } = await world();
      const mine = rows((await get(`${C}/device/setup/approval/list?size=100`)).json());
      expect(mine.map((c) => c.id)).toContain(b.command);
      expect(mine.map((c) => c.id)).not.toContain(a.command);
      expect((await get(`${C}/device/setup/approval/list?deviceSn=${a.inverter}`)).json().data.total).toBe(0);
    },
    [`GET ${C}/advancedSettingsOperationLog/list`]: async () => {
      const { a, b } = await world();
      const mine = rows((await get(`${C}/advancedSettingsOperationLog/list?size=100`)).json());
      expect(mine.map((l) => l.deviceSn)).toContain(b.inverter);
      expect(mine.map((l) => l.deviceSn)).not.toContain(a.inverter);
    },
    [`GET ${C}/device/setup/version/list`]: async () => {
      const { a, b } = await world();
      expect(rows((await get(`${C}/device/setup/version/list?deviceSn=${b.inverter}`)).json()).map((v) => v.id)).toEqual([b.version]);
      expect((await get(`${C}/device/setup/version/list?deviceSn=${a.inverter}`)).json().data.total).toBe(0);
    },
    [`POST ${C}/device/setup/version/restore`]: async () => {
      const { a } = await world();
      const before = await commandsOf(a.inverter);
      expect((await post(`${C}/device/setup/version/restore`, { id: a.version })).statusCode).toBe(400);
      expect(await commandsOf(a.inverter)).toBe(before);
    },
  };
}
