/**
 * Network status from data freshness and fault codes, including night: a PV-only inverter that went quiet at dusk is
 * "normal" at midnight, one that went quiet at noon is "disconnected", and so is a hybrid (battery) site whose
 * devices should report around the clock, and a guardian. Shenzhen, 21 June 2026 (UTC+8; sunset ≈ 11:10Z).
 * The status run writes no alarms (the alarm module's no-data alarm follows this status: test/alarm-nodata.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helper.js';
import { createDevice, createPlant, inverterReport } from '../../../test/station-fixtures.js';
import { IngestService } from './ingest.service.js';
import { rawDb } from './raw-db.js';
import { StatusService } from './status.service.js';
import { TelemetryRepository } from './telemetry.repository.js';

type TestDb = Awaited<ReturnType<typeof testDatabase>>;
let database: TestDb;
let ingest: IngestService;
let status: StatusService;
let now = 0;
const H = 3_600_000;
const DAY0 = Date.UTC(2026, 5, 21);
const DUSK = DAY0 + 11 * H; // sun 1.4° above the horizon
const NOON = DAY0 + 4 * H; // sun 84°
const MIDNIGHT = DAY0 + 16 * H; // sun −44°
const AFTERNOON = DAY0 + 6 * H;

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await rawDb(database).query<T>(text, params)).rows;
const report = async (sn: string, ts: number, o: Parameters<typeof inverterReport>[1] = {}) => {
  now = ts + 1000;
  const r = await ingest.handle(`helio/v1/${sn}/telemetry`, Buffer.from(JSON.stringify(inverterReport(ts, o))));
  expect(r.status).toBe('stored');
};
const deviceStatus = async (id: string) => (await q<{ s: number }>('SELECT network_status AS s FROM helio_device WHERE id = $1', [id]))[0]!.s;
const plantStatus = async (id: string) => (await q<{ s: number }>('SELECT network_status AS s FROM helio_plant WHERE id = $1', [id]))[0]!.s;
const alarmCount = async () => (await q<{ n: number }>('SELECT count(*)::int AS n FROM helio_alarm'))[0]!.n;

beforeAll(async () => {
  database = await testDatabase();
  const repo = new TelemetryRepository(rawDb(database));
  ingest = new IngestService(repo, { defaultTz: 'Asia/Shanghai', counterFlushMs: 0, now: () => now, maxPastMs: 30 * 86_400_000 });
  status = new StatusService(rawDb(database), repo);
});
afterAll(async () => {
  await ingest?.close();
  await database?.drop();
});

describe('network status', () => {
  it('a PV-only inverter that went quiet at dusk is normal at midnight; one quiet since noon is disconnected', async () => {
    const duskPlant = await createPlant(database.db);
    const dusk = await createDevice(database.db, { plantId: duskPlant, kind: 'inverter' });
    const noonPlant = await createPlant(database.db);
    const noon = await createDevice(database.db, { plantId: noonPlant, kind: 'inverter' });
    await report(dusk.sn, DUSK);
    await report(noon.sn, NOON);
    await status.run(MIDNIGHT);
    expect(await deviceStatus(dusk.id)).toBe(0);
    expect(await plantStatus(duskPlant)).toBe(0);
    expect(await deviceStatus(noon.id)).toBe(1);
    expect(await plantStatus(noonPlant)).toBe(1);
    // The same quiet inverter the next afternoon (sun high, still silent): disconnected.
    await status.run(DAY0 + 24 * H + 6 * H);
    expect(await deviceStatus(dusk.id)).toBe(1);
  });

  it('a site with a battery is expected to report at night', async () => {
    const p = await createPlant(database.db);
    const inv = await createDevice(database.db, { plantId: p, kind: 'inverter' });
    await createDevice(database.db, { plantId: p, kind: 'battery' });
    await report(inv.sn, DUSK);
    await status.run(MIDNIGHT);
    expect(await deviceStatus(inv.id)).toBe(1);
    expect(await plantStatus(p)).toBe(1);
  });

  it('a guardian is expected to report at night; the PV-only inverter beside it may sleep', async () => {
    const p = await createPlant(database.db);
    const inv = await createDevice(database.db, { plantId: p, kind: 'inverter' });
    const guard = await createDevice(database.db, { plantId: p, kind: 'guardian' });
    await report(inv.sn, DUSK);
    now = DUSK + 2000;
    expect((await ingest.handle(`helio/v1/${guard.sn}/telemetry`, Buffer.from(JSON.stringify({ ts: DUSK, state: 2, gate: 1, v: [230] })))).status).toBe('stored');
    await status.run(MIDNIGHT);
    expect(await deviceStatus(inv.id)).toBe(0);
    expect(await deviceStatus(guard.id)).toBe(1);
  });

  it('fault codes turn device and station to fault until a clean report; the status run writes no alarm', async () => {
    const p = await createPlant(database.db);
    const inv = await createDevice(database.db, { plantId: p, kind: 'inverter' });
    const other = await createDevice(database.db, { plantId: p, kind: 'guardian' });
    await report(inv.sn, AFTERNOON, { faults: [8, 20] });
    now = AFTERNOON + 2000;
    const g = await ingest.handle(`helio/v1/${other.sn}/telemetry`, Buffer.from(JSON.stringify({ ts: AFTERNOON, state: 2, gate: 1, v: [230] })));
    expect(g.status).toBe('stored');
    const first = await status.run(AFTERNOON + 60_000);
    expect(first.devicesChanged).toBeGreaterThan(0);
    expect(await deviceStatus(inv.id)).toBe(2);
    expect(await deviceStatus(other.id)).toBe(0);
    expect(await plantStatus(p)).toBe(2);
    // Running again changes nothing.
    const again = await status.run(AFTERNOON + 90_000);
    expect(again).toEqual({ devicesChanged: 0, plantsChanged: 0 });
    await report(inv.sn, AFTERNOON + 10 * 60_000);
    await status.run(AFTERNOON + 11 * 60_000);
    expect(await deviceStatus(inv.id)).toBe(0);
    expect(await plantStatus(p)).toBe(0);
  });

  it('the fault state without codes is a fault; a device silent in daylight is disconnected until it reports', async () => {
    const p = await createPlant(database.db);
    const inv = await createDevice(database.db, { plantId: p, kind: 'inverter' });
    await report(inv.sn, AFTERNOON, { state: 4 });
    await status.run(AFTERNOON + 1000);
    expect(await deviceStatus(inv.id)).toBe(2);
    await status.run(AFTERNOON + H);
    expect(await deviceStatus(inv.id)).toBe(1);
    await report(inv.sn, AFTERNOON + H + 60_000);
    await status.run(AFTERNOON + H + 120_000);
    expect(await deviceStatus(inv.id)).toBe(0);
    expect(await alarmCount()).toBe(0);
  });
});

describe('partition maintenance', () => {
  it('creates partitions ahead and drops those past retention', async () => {
    const dropped = await new StatusService(rawDb(database), new TelemetryRepository(rawDb(database)), { raw: 1, fiveMinute: 1, hourly: 40 }).maintain(
      DAY0 + 40 * 86_400_000,
    );
    expect(dropped.some((n) => n.startsWith('helio_telemetry_inverter_p20260621'))).toBe(true);
    const parts = await q<{ n: string }>(
      `SELECT c.relname AS n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'helio_telemetry_inverter' ORDER BY 1`,
    );
    expect(parts.map((p) => p.n)).toContain('helio_telemetry_inverter_p20260801');
    expect(parts.map((p) => p.n)).not.toContain('helio_telemetry_inverter_p20260621');
  });
});
