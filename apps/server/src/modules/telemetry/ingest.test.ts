/**
 * The ingest against a real database: validation and rejection counters, duplicates, energy deltas and the
 * 5-minute/hour/day/month rollups per device, station and tenant (checked against hand-computed values, in a
 * station time zone 5:30 ahead of UTC so local hours start at :30 UTC).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helper.js';
import { createDevice, createPlant, inverterReport } from '../../../test/station-fixtures.js';
import { IngestService } from './ingest.service.js';
import { rawDb } from './raw-db.js';
import { TelemetryRepository } from './telemetry.repository.js';

type TestDb = Awaited<ReturnType<typeof testDatabase>>;
let database: TestDb;
let ingest: IngestService;
let inv: { id: string; sn: string };
let plantId: string;
// 2026-03-10 04:00 UTC = 09:30 in Asia/Kolkata
const T0 = Date.UTC(2026, 2, 10, 4, 0, 0);
let now = T0 + 3_600_000;

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await rawDb(database).query<T>(text, params)).rows;
const send = (sn: string, kind: string, body: unknown, auth?: string) =>
  ingest.handle(`helio/v1/${sn}/${kind}`, Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)), auth);

beforeAll(async () => {
  database = await testDatabase();
  const repo = new TelemetryRepository(rawDb(database));
  ingest = new IngestService(repo, { defaultTz: 'Asia/Shanghai', counterFlushMs: 0, now: () => now });
  plantId = await createPlant(database.db, { tz: 'Asia/Kolkata', lat: 19.07, lon: 72.88 });
  inv = await createDevice(database.db, { plantId, kind: 'inverter' });
});
afterAll(async () => {
  await ingest?.close();
  await database?.drop();
});

describe('validation and rejections', () => {
  it('stores a valid report and keeps the latest state', async () => {
    expect(await send(inv.sn, 'telemetry', inverterReport(T0, { pvTotal: 100, pvPower: 4200 }))).toEqual({ status: 'stored' });
    const [raw] = await q<{ pv_power: number; e_pv_total: number; grid_vb: number }>(
      'SELECT pv_power, e_pv_total, grid_vb FROM helio_telemetry_inverter WHERE device_id = $1',
      [inv.id],
    );
    expect(raw).toMatchObject({ pv_power: 4200, e_pv_total: 100, grid_vb: 231 });
    const [latest] = await q<{ ts: Date; pv_power: number; data: { state: number } }>('SELECT ts, pv_power, data FROM helio_device_latest WHERE device_id = $1', [inv.id]);
    expect(new Date(latest!.ts).getTime()).toBe(T0);
    expect(latest!.pv_power).toBe(4200);
    expect(latest!.data.state).toBe(2);
  });

  it('rejects and counts malformed, out-of-range, unknown, foreign-topic and skewed messages without disturbing others', async () => {
    const before = { ...ingest.totals };
    const outcomes = await Promise.all([
      send(inv.sn, 'telemetry', '{"ts": 1, "state":'),
      send(inv.sn, 'telemetry', { ts: T0 + 60_000, state: 'running' }),
      send(inv.sn, 'telemetry', { ...inverterReport(T0 + 120_000), battery: { soc: 150 } }),
      send('NOSUCHDEVICE01', 'telemetry', inverterReport(T0 + 60_000)),
      send(inv.sn, 'telemetry', inverterReport(T0 + 60_000), 'OTHERDEVICE01'),
      send(inv.sn, 'telemetry', inverterReport(now + 86_400_000)),
      send(inv.sn, 'telemetry', inverterReport(now - 30 * 86_400_000)),
      send(inv.sn, 'telemetry', 'x'.repeat(20_000)),
      send(inv.sn, 'telemetry', inverterReport(T0 + 180_000, { pvTotal: 100 })), // valid, in the same burst
    ]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? o.reason : o.status))).toEqual([
      'malformed',
      'malformed',
      'out_of_range',
      'unknown_sn',
      'forbidden_topic',
      'clock_skew',
      'clock_skew',
      'too_large',
      'stored',
    ]);
    expect(ingest.totals.malformed! - (before.malformed ?? 0)).toBe(2);
    expect(ingest.totals.clock_skew! - (before.clock_skew ?? 0)).toBe(2);
    await ingest.flushCounters();
    const rows = await q<{ reason: string; count: string; last_sn: string }>('SELECT reason, count::text, last_sn FROM helio_ingest_counter ORDER BY reason');
    const byReason = Object.fromEntries(rows.map((r) => [r.reason, Number(r.count)]));
    expect(byReason).toMatchObject({ malformed: 2, out_of_range: 1, unknown_sn: 1, forbidden_topic: 1, clock_skew: 2, too_large: 1 });
    expect(rows.find((r) => r.reason === 'unknown_sn')!.last_sn).toBe('NOSUCHDEVICE01');
    const [{ n }] = (await q<{ n: number }>('SELECT count(*)::int AS n FROM helio_telemetry_inverter WHERE device_id = $1', [inv.id])) as [{ n: number }];
    expect(n).toBe(2);
  });

  it('a duplicate (same device and timestamp) is stored once and adds nothing', async () => {
    const energy = async () => (await q<{ pv: number; s: number }>('SELECT sum(pv_kwh) AS pv, sum(samples)::int AS s FROM helio_energy_device_day WHERE device_id = $1', [inv.id]))[0]!;
    const before = await energy();
    const r1 = await send(inv.sn, 'telemetry', inverterReport(T0 + 180_000, { pvTotal: 100 }));
    const both = await Promise.all([
      send(inv.sn, 'telemetry', inverterReport(T0 + 240_000, { pvTotal: 101 })),
      send(inv.sn, 'telemetry', inverterReport(T0 + 240_000, { pvTotal: 101 })),
    ]);
    expect(r1).toEqual({ status: 'duplicate' });
    expect(both.map((b) => b.status).sort()).toEqual(['duplicate', 'stored']);
    const after = await energy();
    expect(after.s - before.s).toBe(1);
    expect(after.pv - before.pv).toBeCloseTo(1, 9);
  });
});

describe('energy rollups', () => {
  it('match hand-computed 5-minute, hourly, daily and monthly values per device, station and tenant', async () => {
    // A fresh inverter in the same Kolkata station (UTC+5:30).
    const d = await createDevice(database.db, { plantId, kind: 'inverter' });
    const B = Date.UTC(2026, 2, 10, 5, 20, 0); // 10:50 local
    const M = 60_000;
    // pvTotal per report (kWh); load, import and export move too.
    const reports: [number, number][] = [
      [B, 500], // first report: baseline only, no delta
      [B + 5 * M, 500.4], // +0.4 → bucket 05:25Z, local hour 10:00 (starts 04:30Z)
      [B + 10 * M, 501.0], // +0.6 → bucket 05:30Z, local hour 11:00 (starts 05:30Z)
      [B + 15 * M, 501.2], // +0.2 → bucket 05:35Z
      [B + 40 * M, 503.2], // +2.0 → bucket 06:00Z (gap of 25 min: attributed to the report's bucket)
    ];
    for (const [t, pv] of reports) {
      now = t + M;
      expect((await send(d.sn, 'telemetry', inverterReport(t, { pvTotal: pv, exportTotal: pv / 2, loadTotal: 10, importTotal: 5 }))).status).toBe('stored');
    }
    // A late report (older than the latest) is stored but adds no energy; a counter that goes back adds nothing
    // and becomes the new baseline.
    expect((await send(d.sn, 'telemetry', inverterReport(B + 12 * M, { pvTotal: 501.1 }))).status).toBe('stored');
    now = B + 46 * M;
    expect((await send(d.sn, 'telemetry', inverterReport(B + 45 * M, { pvTotal: 3, exportTotal: 1.5, loadTotal: 10, importTotal: 5 }))).status).toBe('stored');
    now = B + 51 * M;
    expect((await send(d.sn, 'telemetry', inverterReport(B + 50 * M, { pvTotal: 3.5, exportTotal: 1.75, loadTotal: 10, importTotal: 5 }))).status).toBe('stored');

    const five = await q<{ bucket: Date; pv: number; ex: number; s: number }>(
      'SELECT bucket, pv_kwh AS pv, export_kwh AS ex, samples AS s FROM helio_energy_device_5m WHERE device_id = $1 ORDER BY bucket',
      [d.id],
    );
    const iso = (t: Date) => new Date(t).toISOString().slice(11, 16);
    expect(five.map((r) => [iso(r.bucket), +r.pv.toFixed(6), +r.ex.toFixed(6), r.s])).toEqual([
      ['05:20', 0, 0, 1],
      ['05:25', 0.4, 0.2, 1],
      ['05:30', 0.6, 0.3, 2], // the late 05:32 report counts as a sample, adds no energy
      ['05:35', 0.2, 0.1, 1],
      ['06:00', 2, 1, 1],
      ['06:05', 0, 0, 1], // counter reset: no energy
      ['06:10', 0.5, 0.25, 1],
    ]);
    const hours = await q<{ bucket: Date; pv: number; s: number }>(
      'SELECT bucket, pv_kwh AS pv, samples AS s FROM helio_energy_device_hour WHERE device_id = $1 ORDER BY bucket',
      [d.id],
    );
    // Local hours start at :30 UTC in Kolkata: 10:00–11:00 local = 04:30–05:30Z; 11:00–12:00 local = 05:30–06:30Z.
    expect(hours.map((r) => [iso(r.bucket), +r.pv.toFixed(6), r.s])).toEqual([
      ['04:30', 0.4, 2],
      ['05:30', 3.3, 6],
    ]);
    const [day] = await q<{ day: string; pv: number; ex: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, pv_kwh AS pv, export_kwh AS ex FROM helio_energy_device_day WHERE device_id = $1`,
      [d.id],
    );
    expect(day!.day).toBe('2026-03-10');
    expect(day!.pv).toBeCloseTo(3.7, 9);
    expect(day!.ex).toBeCloseTo(1.85, 9);
    const [month] = await q<{ month: string; pv: number }>(`SELECT to_char(month, 'YYYY-MM-DD') AS month, pv_kwh AS pv FROM helio_energy_device_month WHERE device_id = $1`, [d.id]);
    expect(month!.month).toBe('2026-03-01');
    expect(month!.pv).toBeCloseTo(3.7, 9);

    // Station and tenant rollups = both inverters of the station (the first one added 1 kWh on this day).
    const [pd] = await q<{ pv: number }>(`SELECT pv_kwh AS pv FROM helio_energy_plant_day WHERE plant_id = $1 AND day = '2026-03-10'`, [plantId]);
    expect(pd!.pv).toBeCloseTo(4.7, 9);
    const [pm] = await q<{ pv: number }>(`SELECT pv_kwh AS pv FROM helio_energy_plant_month WHERE plant_id = $1`, [plantId]);
    expect(pm!.pv).toBeCloseTo(4.7, 9);
    const [td] = await q<{ pv: number }>(`SELECT pv_kwh AS pv FROM helio_energy_tenant_day WHERE tenant_id = '000000' AND day = '2026-03-10'`);
    expect(td!.pv).toBeCloseTo(4.7, 9);
    const p5 = await q<{ bucket: Date; pv: number }>(`SELECT bucket, pv_kwh AS pv FROM helio_energy_plant_5m WHERE plant_id = $1 AND bucket >= $2 ORDER BY bucket`, [
      plantId,
      new Date(B).toISOString(),
    ]);
    expect(p5.map((r) => [iso(r.bucket), +r.pv.toFixed(6)])).toEqual([
      ['05:20', 0],
      ['05:25', 0.4],
      ['05:30', 0.6],
      ['05:35', 0.2],
      ['06:00', 2],
      ['06:05', 0],
      ['06:10', 0.5],
    ]);
    const [latest] = await q<{ e: number }>('SELECT e_pv_total AS e FROM helio_device_latest WHERE device_id = $1', [d.id]);
    expect(latest!.e).toBe(3.5);
  });

  it('stores events idempotently and applies status messages', async () => {
    const ev = { ts: now - 1000, events: [{ code: 8, type: 1, action: 1, msg: 'over temperature' }] };
    expect((await send(inv.sn, 'event', ev)).status).toBe('stored');
    expect((await send(inv.sn, 'event', ev)).status).toBe('duplicate');
    const events = await q<{ code: number; level: number }>('SELECT code, level FROM helio_device_event WHERE device_id = $1 AND event_type = 1', [inv.id]);
    expect(events).toEqual([{ code: 8, level: 3 }]);
    expect((await send(inv.sn, 'status', { ts: now - 500, online: true, interval: 60, fw: { master: 'V2.1.0', ems: 'E1.3' } })).status).toBe('stored');
    const [dev] = await q<{ fw_master: string; fw_ems: string; report_interval: number }>('SELECT fw_master, fw_ems, report_interval FROM helio_device WHERE id = $1', [inv.id]);
    expect(dev).toEqual({ fw_master: 'V2.1.0', fw_ems: 'E1.3', report_interval: 60 });
  });
});
