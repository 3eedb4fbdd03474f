/**
 * Incident grouping (issue 14): alarms of the same code raised within `windowMin` minutes of one another at
 * `minStations` or more stations of one region (the stations' city code) and one tenant become one incident
 * (`helio_alarm_incident`) with its member links (`helio_alarm_incident_member`, an alarm in at most one incident).
 *
 * Each run, in one transaction under an advisory lock (so overlapping runs — the job, the run after a status
 * change, another process — never group the same alarm twice):
 * 1. alarms raised in the last `lookbackH` hours and in no incident yet, of stations with a city code, in time order;
 * 2. one joins the open incident of its tenant, region and code whose span it falls in: not before its first
 *    trigger minus the window and within `joinGapMin` minutes of its last (a grid outage's stragglers);
 * 3. the others, per tenant, region and code: the first window of `windowMin` minutes holding alarms of
 *    `minStations` distinct stations opens an incident with them; later alarms within the join gap go with it;
 * 4. an open incident whose members have all recovered closes, at the last recover time.
 * Alarms that were recovered before they were grouped still count (the outage happened); such an incident opens
 * and closes in the same run. Everything is in the database, so a restart loses nothing.
 */
import { sql } from 'drizzle-orm';
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import type { ModuleContext } from '../../kernel/types.js';
import { rowsOf } from './alarm.catalogue.js';

export const INCIDENT = { windowMin: 10, minStations: 3, joinGapMin: 60, lookbackH: 6 } as const;
export type IncidentSettings = { [K in keyof typeof INCIDENT]: number };

/** Transaction-scoped advisory lock key of the grouping run ("helioinc"). */
const LOCK_KEY = 0x68656c696f696e63n;
const MIN = 60_000;

interface Candidate {
  id: string;
  tenantId: string;
  plantId: string;
  region: string;
  code: number;
  deviceType: number;
  level: number;
  t: number;
}

interface OpenIncident {
  id: string;
  key: string;
  first: number;
  last: number;
}

export interface GroupResult {
  opened: number;
  joined: number;
  closed: number;
}

const keyOf = (c: { tenantId: string; region: string; code: number }) => `${c.tenantId}|${c.region}|${c.code}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** The first run of candidates (time order) holding `minStations` distinct stations within the window, if any. */
function firstCluster(list: readonly Candidate[], s: IncidentSettings): { start: number; end: number } | undefined {
  for (let i = 0; i < list.length; i++) {
    const plants = new Set<string>();
    let j = i;
    while (j < list.length && list[j]!.t - list[i]!.t <= s.windowMin * MIN) plants.add(list[j++]!.plantId);
    if (plants.size >= s.minStations) return { start: i, end: j };
  }
  return undefined;
}

export async function groupIncidents(ctx: ModuleContext, nowMs = Date.now(), settings: IncidentSettings = INCIDENT): Promise<GroupResult> {
  const s = settings;
  return ctx.tx(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY.toString()}::bigint)`);
    const result: GroupResult = { opened: 0, joined: 0, closed: 0 };
    const candidates = (
      await rowsOf<Omit<Candidate, 't'> & { t: Date }>(tx, sql`
        SELECT a.id::text AS id, a.tenant_id AS "tenantId", a.plant_id::text AS "plantId", p.city_code AS region, a.alarm_code AS code,
               a.device_type AS "deviceType", a.level, a.trigger_time AS t
          FROM helio_alarm a JOIN helio_plant p ON p.id = a.plant_id
         WHERE a.is_deleted = 0 AND a.trigger_time >= ${iso(nowMs - s.lookbackH * 3_600_000)}::timestamptz
           AND p.city_code IS NOT NULL AND p.city_code <> ''
           AND NOT EXISTS (SELECT 1 FROM helio_alarm_incident_member m WHERE m.alarm_id = a.id)
         ORDER BY a.trigger_time, a.id LIMIT 20000`)
    ).map((c) => ({ ...c, code: Number(c.code), deviceType: Number(c.deviceType), level: Number(c.level), t: new Date(c.t).getTime() }));

    if (candidates.length) {
      const open = (
        await rowsOf<{ id: string; tenantId: string; region: string; code: number; first: Date; last: Date }>(tx, sql`
          SELECT id::text AS id, tenant_id AS "tenantId", region_code AS region, alarm_code AS code, first_trigger AS first, last_trigger AS last
            FROM helio_alarm_incident WHERE incident_status = 0 ORDER BY last_trigger DESC FOR UPDATE`)
      ).map((o): OpenIncident => ({ id: o.id, key: keyOf({ ...o, code: Number(o.code) }), first: new Date(o.first).getTime(), last: new Date(o.last).getTime() }));

      const join = async (incident: OpenIncident, members: readonly Candidate[]) => {
        if (members.length === 0) return;
        const rows = members.map((m) => ({ alarm_id: m.id, incident_id: incident.id, tenant_id: m.tenantId, plant_id: m.plantId }));
        await tx.execute(sql`
          INSERT INTO helio_alarm_incident_member (alarm_id, incident_id, tenant_id, plant_id)
          SELECT alarm_id, incident_id, tenant_id, plant_id
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(alarm_id bigint, incident_id bigint, tenant_id varchar, plant_id bigint)
          ON CONFLICT (alarm_id) DO NOTHING`);
        incident.first = Math.min(incident.first, ...members.map((m) => m.t));
        incident.last = Math.max(incident.last, ...members.map((m) => m.t));
        await tx.execute(sql`
          UPDATE helio_alarm_incident SET first_trigger = ${iso(incident.first)}::timestamptz, last_trigger = ${iso(incident.last)}::timestamptz,
                 level = greatest(level, ${Math.max(...members.map((m) => m.level))}), update_time = now()
           WHERE id = ${incident.id}`);
      };
      const fits = (o: OpenIncident, c: Candidate) => c.t >= o.first - s.windowMin * MIN && c.t <= o.last + s.joinGapMin * MIN;

      // 2. Join the open incidents.
      const rest = new Map<string, Candidate[]>();
      const joining = new Map<OpenIncident, Candidate[]>();
      for (const c of candidates) {
        const target = open.find((o) => o.key === keyOf(c) && fits(o, c));
        if (target) joining.set(target, [...(joining.get(target) ?? []), c]);
        else rest.set(keyOf(c), [...(rest.get(keyOf(c)) ?? []), c]);
      }
      for (const [incident, members] of joining) {
        await join(incident, members);
        result.joined += members.length;
      }

      // 3. Open new incidents.
      for (const list of rest.values()) {
        let pending = list;
        for (;;) {
          const cluster = firstCluster(pending, s);
          if (!cluster) break;
          const first = pending[cluster.start]!;
          const incident: OpenIncident = { id: nextId(), key: keyOf(first), first: first.t, last: first.t };
          await tx.execute(sql`
            INSERT INTO helio_alarm_incident (id, tenant_id, region_code, alarm_code, device_type, level, first_trigger, last_trigger)
            VALUES (${incident.id}, ${first.tenantId}, ${first.region}, ${first.code}, ${first.deviceType}, ${first.level},
                    ${iso(first.t)}::timestamptz, ${iso(first.t)}::timestamptz)`);
          let end = cluster.end;
          let last = pending[end - 1]!.t;
          while (end < pending.length && pending[end]!.t <= last + s.joinGapMin * MIN) last = pending[end++]!.t;
          await join(incident, pending.slice(cluster.start, end));
          result.opened++;
          result.joined += end - cluster.start;
          pending = pending.slice(end);
        }
      }
    }

    // 4. Close the incidents whose members have all recovered.
    const closed = await rowsOf(tx, closeRecovered());
    result.closed = closed.length;
    return result;
  });
}

function closeRecovered() {
  return sql`
    UPDATE helio_alarm_incident i SET incident_status = 1, update_time = now(),
           close_time = (SELECT max(a.recover_time) FROM helio_alarm_incident_member m JOIN helio_alarm a ON a.id = m.alarm_id WHERE m.incident_id = i.id)
     WHERE i.incident_status = 0
       AND NOT EXISTS (SELECT 1 FROM helio_alarm_incident_member m JOIN helio_alarm a ON a.id = m.alarm_id
                        WHERE m.incident_id = i.id AND a.alarm_status = 0 AND a.is_deleted = 0)
    RETURNING i.id`;
}

/** For tests and tools: the incidents an alarm belongs to (at most one). */
export async function incidentOf(db: Db, alarmId: string): Promise<string | undefined> {
  const [row] = await rowsOf<{ id: string }>(db, sql`SELECT incident_id::text AS id FROM helio_alarm_incident_member WHERE alarm_id = ${alarmId}`);
  return row?.id;
}
