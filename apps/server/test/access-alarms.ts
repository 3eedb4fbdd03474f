/**
 * Tenant probes for the alarm routes (issue 14), spread into `probes` of access.test.ts: tenant B (an administrator
 * of its own tenant, 200002) against tenant A's alarm (200001, on A's station) — B's lists show B's own alarm and
 * its record and never A's; B's writes on A's alarm are refused and change nothing.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { nextId } from '../src/core/ids.js';
import type { TestApp } from './helper.js';
import { createPlant } from './station-fixtures.js';

const C = '/api/skyworth-client';

interface Alarms {
  a: string;
  b: string;
  plantA: string;
}

async function insertAlarm(t: TestApp, tenantId: string, plantId: string | null, sn: string): Promise<string> {
  const id = nextId();
  // A device id of its own: the alarm routes read the alarm, not the device.
  await t.database.rows(
    sql`INSERT INTO helio_alarm (id, tenant_id, plant_id, device_id, device_sn, device_type, alarm_code, alarm_type, level, trigger_time)
      VALUES (${id}, ${tenantId}, ${plantId}, ${nextId()}, ${sn}, 1, 8, 1, 3, now() - interval '1 minute') RETURNING id`,
  );
  await t.database.rows(sql`INSERT INTO helio_alarm_record (id, tenant_id, alarm_id, handle_status, content) VALUES (${nextId()}, ${tenantId}, ${id}, 1, ${`${sn} record`}) RETURNING id`);
  return id;
}

export function alarmProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let setup: Promise<Alarms> | undefined;
  const alarms = () =>
    (setup ??= (async () => {
      const t = app();
      const plantId = await createPlant(t.database.db, { tenantId: '200001', name: 'A-alarm-station' });
      return { a: await insertAlarm(t, '200001', plantId, 'A-ALARM-SN'), b: await insertAlarm(t, '200002', null, 'B-ALARM-SN'), plantA: plantId };
    })());
  const get = (url: string) => app().req({ method: 'GET', url, headers: headers() });
  const post = (url: string, payload: object) => app().req({ method: 'POST', url, headers: headers(), payload });
  const state = async (id: string) =>
    (await app().database.rows<{ handle: number; ack: number | null; records: number }>(
      sql`SELECT a.handle_status AS handle, l.ack_status AS ack,
        (SELECT count(*)::int FROM helio_alarm_record r WHERE r.alarm_id = a.id) AS records
        FROM helio_alarm a LEFT JOIN helio_alarm_lifecycle l ON l.alarm_id = a.id WHERE a.id = ${id}`,
    ))[0];

  return {
    // Alarm figures (alarm-stats.api): B counts its own alarm, never A's, whatever station or device it names.
    [`GET ${C}/alarmLog/count`]: async () => {
      const { plantA } = await alarms();
      expect((await get(`${C}/alarmLog/count`)).json().data).toMatchObject({ total: 1, major: 1 });
      for (const q of [`plantId=${plantA}`, 'deviceSn=A-ALARM-SN', 'tenantId=200001']) {
        expect((await get(`${C}/alarmLog/count?${q}`)).json().data.total, q).toBe(q.startsWith('tenantId') ? 1 : 0);
      }
    },
    [`GET ${C}/alarmLog/countByPlant`]: async () => {
      const { plantA } = await alarms();
      for (const q of ['', `?plantIds=${plantA}`, '?tenantId=200001']) {
        const res = await get(`${C}/alarmLog/countByPlant${q}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual([]); // B's alarm has no station; A's station is not B's
      }
    },
    [`GET ${C}/alarmLog/analysis`]: async () => {
      const { plantA } = await alarms();
      for (const g of ['station', 'agent', 'installer']) {
        const res = await get(`${C}/alarmLog/analysis?groupBy=${g}&tenantId=200001`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.total).toBe(1);
        expect(res.body).not.toContain(plantA);
        expect(res.body).not.toContain('A-alarm-station');
      }
    },
    [`GET ${C}/alarmLog/list`]: async () => {
      const { b } = await alarms();
      for (const q of ['', '?tenantId=200001']) {
        const res = await get(`${C}/alarmLog/list${q}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.records.map((r: { id: string }) => r.id)).toEqual([b]);
        expect(res.body).not.toContain('A-ALARM-SN');
      }
    },
    [`GET ${C}/alarmLog/detail`]: async () => {
      const { a, b } = await alarms();
      expect((await get(`${C}/alarmLog/detail?id=${b}`)).json().data.deviceSn).toBe('B-ALARM-SN');
      const res = await get(`${C}/alarmLog/detail?id=${a}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('A-ALARM-SN');
    },
    [`POST ${C}/alarmLog/acknowledge`]: async () => {
      const { a } = await alarms();
      const before = await state(a);
      expect((await post(`${C}/alarmLog/acknowledge`, { ids: a })).statusCode).toBe(400);
      expect(await state(a)).toEqual(before);
    },
    [`POST ${C}/alarmLogOperationRecord/save`]: async () => {
      const { a } = await alarms();
      const before = await state(a);
      expect((await post(`${C}/alarmLogOperationRecord/save`, { alarmId: a, handleStatus: 3, content: 'B was here' })).statusCode).toBe(400);
      expect(await state(a)).toEqual(before);
    },
    [`GET ${C}/alarmLog/plantAgentViewInfo`]: async () => {
      const { a, plantA } = await alarms();
      for (const q of [`plantId=${plantA}`, `alarmId=${a}`, `plantId=${plantA}&tenantId=200001`]) {
        const res = await get(`${C}/alarmLog/plantAgentViewInfo?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.body).not.toContain('A-alarm-station');
      }
    },
    [`GET ${C}/alarmLogOperationRecord/list`]: async () => {
      const { a, b } = await alarms();
      const own = await get(`${C}/alarmLogOperationRecord/list?alarmId=${b}`);
      expect(own.json().data.records.map((r: { content: string }) => r.content)).toEqual(['B-ALARM-SN record']);
      const res = await get(`${C}/alarmLogOperationRecord/list?alarmId=${a}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('A-ALARM-SN');
    },
  };
}
