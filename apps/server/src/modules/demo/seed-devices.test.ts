/**
 * The server's start-up path of the demo fleet: registration with the latest state deferred (written after the server
 * answers, resumable, once), and the bulk insert the registration uses (the same rows as Drizzle's insert).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helper.js';
import { nextId } from '../../core/ids.js';
import { plant } from '../../db/schema-device.js';
import { countersOf } from '../../simulator/model.js';
import { rawDb } from '../telemetry/index.js';
import { bulkInsert } from '../station/index.js';
import { seedDevices, writeDemoLatest, type DemoFleet } from './seed-devices.js';

type TestDb = Awaited<ReturnType<typeof testDatabase>>;
let database: TestDb;
let demo: DemoFleet;
const NOW = Date.UTC(2026, 5, 21, 6, 2, 0);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-demo-defer-'));
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await rawDb(database).query<T>(text, params)).rows;

beforeAll(async () => {
  database = await testDatabase();
  demo = await seedDevices(database, { dataDir, stations: 12, timeZone: 'Asia/Shanghai', now: NOW, deferLatest: true });
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('demo fleet with the latest state deferred', () => {
  it('registers every device without a latest state, and marks it pending', async () => {
    expect(demo.fresh).toBe(true);
    expect(demo.devices.size).toBe(demo.fleet.stations.flatMap((s) => s.devices).length);
    const [{ n }] = (await q<{ n: number }>('SELECT count(*)::int AS n FROM helio_device_latest WHERE ts IS NOT NULL')) as [{ n: number }];
    expect(n).toBe(0);
    expect(await q(`SELECT step FROM helio_seed_log WHERE step = 'devices-latest-pending'`)).toHaveLength(1);
  });

  it('writes it later, resuming after an interruption, then never again', async () => {
    let calls = 0;
    const partial = await writeDemoLatest(database, demo, { stop: () => calls++ > 0 });
    expect(partial).toBeGreaterThan(0);
    expect(await q(`SELECT step FROM helio_seed_log WHERE step = 'devices-latest-pending'`)).toHaveLength(1);

    const all = await writeDemoLatest(database, demo);
    const written = [...demo.devices.values()].length;
    expect(all).toBeGreaterThan(written / 2);
    expect(await q(`SELECT step FROM helio_seed_log WHERE step = 'devices-latest-pending'`)).toEqual([]);
    for (const s of demo.fleet.stations) {
      for (const d of s.devices) {
        const at = demo.model.lastReportAt(s, d, demo.t0);
        const [row] = await q<{ ts: Date | null; counters: Record<string, number> }>(
          `SELECT ts, json_build_object('pv', e_pv_total, 'load', e_load_total, 'charge', e_charge_total) AS counters FROM helio_device_latest WHERE device_id = $1`,
          [demo.devices.get(d.sn)!.id],
        );
        if (at === undefined) {
          expect(row!.ts).toBeNull();
          continue;
        }
        expect(new Date(row!.ts!).getTime()).toBe(at);
        const model = demo.model.counters(s, d, at);
        for (const k of ['pv', 'load', 'charge'].filter((x) => countersOf(s, d).includes(x))) expect(row!.counters[k]).toBe(model[k]);
      }
    }
    // Later starts: the fleet is known, nothing is pending.
    const again = await seedDevices(database, { dataDir, stations: 12, timeZone: 'Asia/Shanghai', now: NOW + 86_400_000, deferLatest: true });
    expect(again.fresh).toBe(false);
    expect(await writeDemoLatest(database, again)).toBe(0);
  });
});

describe('bulkInsert', () => {
  it('stores the same rows as Drizzle’s insert: dates, nulls, numbers, quotes and any script', async () => {
    const row = (id: string, name: string) => ({
      id,
      tenantId: '000000',
      plantName: name,
      plantType: 3,
      address: `O'Brien "Road" 7 \\ 第九街 🌞`,
      regionName: null,
      latitude: 22.543096,
      longitude: -0.000001,
      capacityKwp: 12.345,
      installDate: '2025-02-28',
      operationCompanyId: '1123598813738675201',
      networkStatus: 0,
      statusTime: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)),
      createTime: new Date(Date.UTC(2025, 11, 31, 23, 59, 59, 1)),
    });
    const [a, b] = [nextId(), nextId()];
    await database.db.insert(plant).values(row(a, 'drizzle'));
    await bulkInsert(database.db, plant, [row(b, 'bulk')]);
    const rows = await q<Record<string, unknown>>(`SELECT * FROM helio_plant WHERE id IN (${a}, ${b}) ORDER BY plant_name DESC`);
    const strip = ({ id: _id, plant_name: _n, update_time: _u, ...rest }: Record<string, unknown>) => rest;
    expect(rows).toHaveLength(2);
    expect(strip(rows[1]!)).toEqual(strip(rows[0]!));
    await expect(bulkInsert(database.db, plant, [row(nextId(), 'x'), { ...row(nextId(), 'y'), address: undefined } as never])).rejects.toThrow(/has no address/);
  });
});
