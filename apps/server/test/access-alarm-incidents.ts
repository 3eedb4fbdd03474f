/**
 * Tenant probes for the alarm incident routes (issue 14), spread into `probes` of access.test.ts: tenant B's
 * administrator (200002) against tenant A's incident (200001, one member alarm on A's station). B's list never shows
 * it (not even with `tenantId=200001`; B's own incident shows), its detail is a missing record, and handling it is refused and writes nothing.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { nextId } from '../src/core/ids.js';
import type { TestApp } from './helper.js';
import { createPlant } from './station-fixtures.js';

const C = '/api/skyworth-client/alarmIncident';

export function alarmIncidentProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let setup: Promise<{ incident: string; alarm: string; own: string }> | undefined;
  const incidentOf = async (tenant: string, sn: string) => {
    const t = app();
    const plant = await createPlant(t.database.db, { tenantId: tenant, name: `${sn}-station` });
    const alarm = nextId();
    const incident = nextId();
    await t.database.rows(sql`INSERT INTO helio_alarm (id, tenant_id, plant_id, device_id, device_sn, device_type, alarm_code, alarm_type, level, trigger_time)
      VALUES (${alarm}, ${tenant}, ${plant}, ${nextId()}, ${sn}, 3, 9001, 3, 2, now()) RETURNING id`);
    await t.database.rows(sql`INSERT INTO helio_alarm_incident (id, tenant_id, region_code, alarm_code, device_type, level, first_trigger, last_trigger)
      VALUES (${incident}, ${tenant}, '440300', 9001, 3, 2, now(), now()) RETURNING id`);
    await t.database.rows(sql`INSERT INTO helio_alarm_incident_member (alarm_id, incident_id, tenant_id, plant_id)
      VALUES (${alarm}, ${incident}, ${tenant}, ${plant}) RETURNING alarm_id`);
    return { incident, alarm };
  };
  const world = () =>
    (setup ??= (async () => {
      const a = await incidentOf('200001', 'A-INCIDENT-SN');
      const b = await incidentOf('200002', 'B-INCIDENT-SN');
      return { ...a, own: b.incident };
    })());
  const get = (url: string) => app().req({ method: 'GET', url, headers: headers() });
  const post = (url: string, payload: object) => app().req({ method: 'POST', url, headers: headers(), payload });

  return {
    [`GET ${C}/list`]: async () => {
      const { incident, own } = await world();
      for (const q of ['', '?tenantId=200001']) {
        const res = await get(`${C}/list${q}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.records.map((r: { id: string }) => r.id)).toEqual([own]);
        expect(res.body).not.toContain(incident);
      }
    },
    [`GET ${C}/detail`]: async () => {
      const { incident } = await world();
      const res = await get(`${C}/detail?id=${incident}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('A-INCIDENT-SN');
    },
    [`POST ${C}/handle`]: async () => {
      const { incident, alarm } = await world();
      expect((await post(`${C}/handle`, { id: incident, handleStatus: 2, content: 'B was here' })).statusCode).toBe(400);
      const [row] = await app().database.rows<{ handle: number; records: number }>(
        sql`SELECT a.handle_status AS handle, (SELECT count(*)::int FROM helio_alarm_record r WHERE r.alarm_id = a.id) AS records FROM helio_alarm a WHERE a.id = ${alarm}`,
      );
      expect(row).toEqual({ handle: 0, records: 0 });
    },
  };
}
