/**
 * Applies the rules (alarm.engine.ts) to device reports and writes the outcome: alarms raised, seen again (count and
 * last seen) or cleared (recover time), and the rule memory per device — one transaction per batch, the device
 * state rows locked, so two evaluators never decide on the same device at once and a crash loses nothing (the
 * reports after the last committed `last_ts` are evaluated again). `alarm.raised` / `alarm.recovered` follow the
 * commit.
 *
 * Where reports come from: `pollLatest` reads the latest state the ingest keeps (`helio_device_latest`) for devices
 * whose report is newer than the one last evaluated. It runs after each `telemetry.reported` event (a batch of
 * reports committed in this process) and from a recurring job that catches up (reports another process stored, a
 * run that failed) — module.ts.
 *
 * Rules: the catalogue's threshold rules of the device's type (CatalogueCache, read before the transaction) with the
 * device's own overrides (`helio_alarm_threshold`, read inside it, so a saved override applies to the next report).
 */
import { sql } from 'drizzle-orm';
import { nextId } from '../../core/ids.js';
import type { ModuleContext } from '../../kernel/types.js';
import type { CatalogueCache } from './alarm.catalogue.js';
import { rowsOf } from './alarm.catalogue.js';
import { decide, metricsOf, withOverrides, type ActiveAlarm, type Pending, type RuleOverride, type Sample } from './alarm.engine.js';
import { idArray } from '../../db/rows.js';

export interface EvaluateResult {
  samples: number;
  raised: number;
  repeated: number;
  cleared: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class AlarmEvaluator {
  constructor(
    private readonly ctx: ModuleContext,
    /** The catalogue this evaluator reads (alarm-rules.service.ts invalidates it after an edit). */
    readonly catalogue: CatalogueCache,
    private readonly batch = 200,
  ) {}

  /** Evaluates every device whose latest report is newer than the last evaluated one (at most `limit` per run). */
  async pollLatest(limit = 5000): Promise<EvaluateResult> {
    const total: EvaluateResult = { samples: 0, raised: 0, repeated: 0, cleared: 0 };
    const rows = await rowsOf<{ deviceId: string; tenantId: string; plantId: string | null; sn: string; deviceType: number; ts: Date; faults: number[] | null; state: number | null; data: unknown }>(
      this.ctx.db,
      sql`SELECT d.id::text AS "deviceId", d.tenant_id AS "tenantId", d.plant_id::text AS "plantId", d.device_sn AS sn, d.device_type AS "deviceType",
                 l.ts, l.fault_codes AS faults, l.state, l.data
            FROM helio_device_latest l
            JOIN helio_device d ON d.id = l.device_id AND d.is_deleted = 0
            LEFT JOIN helio_alarm_device_state s ON s.device_id = l.device_id
           WHERE l.ts IS NOT NULL AND (s.last_ts IS NULL OR l.ts > s.last_ts)
           ORDER BY l.ts LIMIT ${limit}`,
    );
    const samples: Sample[] = rows.map((r) => ({
      deviceId: r.deviceId, tenantId: r.tenantId, plantId: r.plantId, sn: r.sn, deviceType: Number(r.deviceType),
      ts: new Date(r.ts).getTime(), faults: r.faults ?? [], state: r.state === null ? null : Number(r.state), metrics: metricsOf(Number(r.deviceType), r.data),
    }));
    for (let i = 0; i < samples.length; i += this.batch) {
      const r = await this.evaluate(samples.slice(i, i + this.batch));
      total.samples += r.samples;
      total.raised += r.raised;
      total.repeated += r.repeated;
      total.cleared += r.cleared;
    }
    return total;
  }

  /** Evaluates reports (any order, several per device allowed); a report not newer than the last evaluated is skipped. */
  async evaluate(samples: readonly Sample[]): Promise<EvaluateResult> {
    const result: EvaluateResult = { samples: 0, raised: 0, repeated: 0, cleared: 0 };
    if (samples.length === 0) return result;
    const ids = [...new Set(samples.map((s) => s.deviceId))].sort();
    const catalogue = await this.catalogue.snapshot();
    await this.ctx.tx(async (tx, hooks) => {
      // Lock the devices' memory rows (created first so the lock covers a device seen for the first time).
      await tx.execute(sql`
        INSERT INTO helio_alarm_device_state (device_id, tenant_id, last_ts)
        SELECT u.id, d.tenant_id, to_timestamp(0) FROM unnest(${idArray(ids)}) AS u(id) JOIN helio_device d ON d.id = u.id
        ON CONFLICT (device_id) DO NOTHING`);
      const states = await rowsOf<{ deviceId: string; lastTs: Date | string; pending: Pending }>(tx, sql`
        SELECT device_id::text AS "deviceId", last_ts AS "lastTs", pending FROM helio_alarm_device_state
         WHERE device_id = ANY(${idArray(ids)}) ORDER BY device_id FOR UPDATE`);
      const memory = new Map(states.map((s) => [s.deviceId, { lastTs: new Date(s.lastTs).getTime(), pending: s.pending ?? {} }]));
      const activeRows = await rowsOf<{ id: string; deviceId: string; code: number; alarmType: number; triggerTime: Date }>(tx, sql`
        SELECT id::text AS id, device_id::text AS "deviceId", alarm_code AS code, alarm_type AS "alarmType", trigger_time AS "triggerTime"
          FROM helio_alarm WHERE device_id = ANY(${idArray(ids)}) AND alarm_status = 0 AND is_deleted = 0`);
      const active = new Map<string, ActiveAlarm[]>();
      for (const a of activeRows) {
        active.set(a.deviceId, [...(active.get(a.deviceId) ?? []), { id: a.id, code: Number(a.code), alarmType: Number(a.alarmType), triggerTime: new Date(a.triggerTime).getTime() }]);
      }

      const overrideRows = await rowsOf<RuleOverride & { deviceId: string }>(tx, sql`
        SELECT device_id::text AS "deviceId", alarm_code AS code, threshold, clear_level AS clear, duration_s AS "durationS", enabled = 1 AS enabled
          FROM helio_alarm_threshold WHERE device_id = ANY(${idArray(ids)})`);
      const overrides = new Map<string, RuleOverride[]>();
      for (const o of overrideRows) {
        const row: RuleOverride = {
          code: Number(o.code), threshold: o.threshold === null ? null : Number(o.threshold), clear: o.clear === null ? null : Number(o.clear),
          durationS: o.durationS === null ? null : Number(o.durationS), enabled: Boolean(o.enabled),
        };
        overrides.set(o.deviceId, [...(overrides.get(o.deviceId) ?? []), row]);
      }

      const touched = new Set<string>();
      for (const s of [...samples].sort((a, b) => a.ts - b.ts)) {
        const mem = memory.get(s.deviceId);
        if (!mem || s.ts <= mem.lastTs) continue; // unknown device, or already evaluated
        result.samples++;
        touched.add(s.deviceId);
        const mine = active.get(s.deviceId) ?? [];
        const d = decide(s, mine, mem.pending, withOverrides(catalogue.rules(s.deviceType), overrides.get(s.deviceId)));
        for (const c of d.clear) {
          const done = await rowsOf(tx, sql`
            UPDATE helio_alarm SET alarm_status = 1, recover_time = ${iso(c.ts)}::timestamptz, update_time = now()
             WHERE id = ${c.alarmId} AND alarm_status = 0 RETURNING id`);
          if (done.length) {
            result.cleared++;
            hooks.afterCommit(() => this.ctx.events.emit('alarm.recovered', { alarmId: c.alarmId, tenantId: s.tenantId, plantId: s.plantId, deviceSn: s.sn, code: c.code, recoverTime: iso(c.ts) }));
          }
        }
        const still = mine.filter((a) => !d.clear.some((c) => c.alarmId === a.id));
        for (const seen of d.seen) {
          const def = catalogue.definition(s.deviceType, seen.code);
          const [row] = await rowsOf<{ id: string; inserted: boolean; triggerTime: Date }>(tx, sql`
            INSERT INTO helio_alarm (id, tenant_id, plant_id, device_id, device_sn, device_type, alarm_code, alarm_type, level, trigger_time, description, solution)
            VALUES (${nextId()}, ${s.tenantId}, ${s.plantId}, ${s.deviceId}, ${s.sn}, ${s.deviceType}, ${seen.code}, ${seen.alarmType}, ${def.severity},
                    ${iso(seen.ts)}::timestamptz, ${def.nameEn.slice(0, 500)}, ${def.remedyEn?.slice(0, 500) ?? null})
            ON CONFLICT (device_id, alarm_code) WHERE alarm_status = 0 AND is_deleted = 0 DO UPDATE SET update_time = now()
            RETURNING id::text AS id, (xmax = 0) AS inserted, trigger_time AS "triggerTime"`);
          await tx.execute(sql`
            INSERT INTO helio_alarm_lifecycle (alarm_id, tenant_id, occurrences, last_seen, category, value)
            VALUES (${row!.id}, ${s.tenantId}, ${row!.inserted || new Date(row!.triggerTime).getTime() >= seen.ts ? 1 : 2}, ${iso(seen.ts)}::timestamptz,
                    ${def.category}, ${seen.value ?? null})
            ON CONFLICT (alarm_id) DO UPDATE SET occurrences = helio_alarm_lifecycle.occurrences + 1,
              last_seen = greatest(helio_alarm_lifecycle.last_seen, excluded.last_seen),
              value = coalesce(excluded.value, helio_alarm_lifecycle.value), update_time = now()`);
          if (row!.inserted) {
            result.raised++;
            still.push({ id: row!.id, code: seen.code, alarmType: seen.alarmType, triggerTime: seen.ts });
            const payload = {
              alarmId: row!.id, tenantId: s.tenantId, plantId: s.plantId, deviceSn: s.sn, deviceType: s.deviceType, code: seen.code,
              severity: def.severity, category: def.category, triggerTime: iso(seen.ts),
            };
            hooks.afterCommit(() => this.ctx.events.emit('alarm.raised', payload));
          } else {
            result.repeated++;
          }
        }
        active.set(s.deviceId, still);
        mem.lastTs = s.ts;
        mem.pending = d.pending;
      }
      for (const deviceId of touched) {
        const mem = memory.get(deviceId)!;
        await tx.execute(sql`
          UPDATE helio_alarm_device_state SET last_ts = ${iso(mem.lastTs)}::timestamptz, pending = ${JSON.stringify(mem.pending)}::jsonb, update_time = now()
           WHERE device_id = ${deviceId}`);
      }
    });
    return result;
  }
}
