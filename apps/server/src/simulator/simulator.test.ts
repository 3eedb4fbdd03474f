/**
 * The demo fleet end to end without MQTT: registration, the history backfill (against the model's own numbers,
 * resumable and idempotent), the latest state at T0 and the continuity of the first live report's energy delta.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/helper.js';
import { backfillDemo, seedDevices, type DemoFleet } from '../modules/demo/seed-devices.js';
import { IngestService } from '../modules/telemetry/ingest.service.js';
import { rawDb } from '../modules/telemetry/raw-db.js';
import { addDays, localDay } from '../modules/telemetry/solar.js';
import { StatusService } from '../modules/telemetry/status.service.js';
import { TelemetryRepository } from '../modules/telemetry/telemetry.repository.js';
import { countersOf, isPvOnly } from './model.js';
import { report } from './report.js';

type TestDb = Awaited<ReturnType<typeof testDatabase>>;
let database: TestDb;
let demo: DemoFleet;
const NOW = Date.UTC(2026, 5, 21, 6, 2, 0); // 14:02 in China, midsummer
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-demo-'));
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await rawDb(database).query<T>(text, params)).rows;

beforeAll(async () => {
  database = await testDatabase();
  demo = await seedDevices(database, { dataDir, stations: 14, timeZone: 'Asia/Shanghai', now: NOW });
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('demo fleet', () => {
  it('registers stations and devices once, with factory info, and writes the manifest', async () => {
    expect(demo.fresh).toBe(true);
    const devices = demo.fleet.stations.flatMap((s) => s.devices);
    expect(demo.devices.size).toBe(devices.length);
    const [{ n }] = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM helio_inverter_factory WHERE usage_flag = 1`)) as [{ n: number }];
    expect(n).toBe(devices.filter((d) => d.kind === 'inverter').length);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'simulator-fleet.json'), 'utf8')).key).toBe(demo.manifest.key);
    const again = await seedDevices(database, { dataDir, stations: 14, timeZone: 'Asia/Shanghai', now: NOW + 86_400_000 });
    expect(again.fresh).toBe(false);
    expect(again.manifest).toEqual(demo.manifest);
  });

  it('backfills history that matches the model, and a second run adds nothing', async () => {
    const first = await backfillDemo(database, demo);
    expect(first.chunks).toBeGreaterThan(0);
    const total = async () => Number((await q<{ pv: number }>('SELECT sum(pv_kwh) AS pv FROM helio_energy_plant_day'))[0]!.pv);
    const before = await total();
    const second = await backfillDemo(database, demo);
    expect(second.chunks).toBe(0);
    expect(await total()).toBe(before);

    const { model } = demo;
    for (const s of demo.fleet.stations.slice(0, 6)) {
      const plantId = demo.devices.get(s.devices[0]!.sn)!.plantId!;
      // A coarse day: the station's daily PV = the model's day totals of its inverters.
      const coarse = addDays(model.epochDay, 10);
      const totals = model.totals(s, coarse);
      const expected = s.devices.filter((d) => d.kind === 'inverter').reduce((a, d) => a + totals.get(d.sn)!.pv!, 0);
      const [row] = await q<{ pv: number }>(`SELECT pv_kwh AS pv FROM helio_energy_plant_day WHERE plant_id = $1 AND day = $2`, [plantId, coarse]);
      expect(row!.pv).toBeCloseTo(expected, 6);
      // A complete fine day: the sum of its 5-minute station rows equals the daily row.
      const fine = addDays(localDay(NOW, s.site.tz), -1);
      const [d5] = await q<{ pv: number; load: number }>(
        `SELECT sum(pv_kwh) AS pv, sum(load_kwh) AS load FROM helio_energy_plant_5m WHERE plant_id = $1 AND bucket >= $2::date - interval '8 hours' AND bucket < $2::date + interval '16 hours'`,
        [plantId, fine],
      );
      const [dd] = await q<{ pv: number; load: number }>(`SELECT pv_kwh AS pv, load_kwh AS load FROM helio_energy_plant_day WHERE plant_id = $1 AND day = $2`, [plantId, fine]);
      if (s.site.tz === 'Asia/Shanghai') {
        expect(d5!.pv).toBeCloseTo(dd!.pv, 6);
        expect(d5!.load).toBeCloseTo(dd!.load, 6);
      }
      // PV-only stations have no meter: no load figures at all.
      if (isPvOnly(s) && s.scenario === 'normal') expect(dd!.load).toBe(0);
    }
  });

  it('the latest state is the model at each device’s last report, and the first live report continues it', async () => {
    const { model } = demo;
    const s = demo.fleet.stations.find((x) => !isPvOnly(x) && x.scenario === 'normal')!;
    const d = s.devices.find((x) => x.kind === 'inverter')!;
    const info = demo.devices.get(d.sn)!;
    const at = model.lastReportAt(s, d, demo.t0)!;
    const expected = model.counters(s, d, at);
    const [latest] = await q<{ ts: Date; pv: number; load: number }>('SELECT ts, e_pv_total AS pv, e_load_total AS load FROM helio_device_latest WHERE device_id = $1', [info.id]);
    expect(new Date(latest!.ts).getTime()).toBe(at);
    expect(latest!.pv).toBe(expected.pv);
    expect(countersOf(s, d)).toContain('load');

    const ingest = new IngestService(new TelemetryRepository(rawDb(database)), { defaultTz: 'Asia/Shanghai', counterFlushMs: 0, now: () => demo.t0 + 10 * 60_000 });
    const day = localDay(demo.t0, s.site.tz);
    const today = async () => (await q<{ pv: number }>('SELECT pv_kwh AS pv FROM helio_energy_device_day WHERE device_id = $1 AND day = $2', [info.id, day]))[0]!.pv;
    const before = await today();
    const t = demo.t0 + 7 * 60_000;
    const r = await ingest.handle(`helio/v1/${d.sn}/telemetry`, Buffer.from(JSON.stringify(report(model, s, d, t))));
    expect(r.status).toBe('stored');
    expect((await today()) - before).toBeCloseTo(model.counters(s, d, t).pv! - expected.pv!, 6);
    await ingest.close();
  });

  it('gives the status job stations in every state', async () => {
    await new StatusService(rawDb(database), new TelemetryRepository(rawDb(database))).run(demo.t0 + 60_000);
    const rows = await q<{ s: number; n: number }>('SELECT network_status AS s, count(*)::int AS n FROM helio_plant GROUP BY 1 ORDER BY 1');
    const by = Object.fromEntries(rows.map((r) => [r.s, r.n]));
    expect(by[0]).toBeGreaterThan(0);
    expect(by[1]).toBeGreaterThan(0); // the offline demo station
    expect(by[2]).toBeGreaterThan(0); // the stuck-fault demo station
  });
});
