/**
 * The demo fleet (first start with the simulator on): operation companies, stations across real regions, factory
 * info for every device (plus unused stock), registrations with secrets derived from the fleet key, and the latest
 * state at T0. Runs once (helio_seed_log step `devices`); later starts rebuild the same fleet from its parameters
 * (helio_secret `simulator_fleet`). The fleet manifest (parameters incl. the key) is also written to
 * `<data dir>/simulator-fleet.json` for the standalone simulator (`npm run simulate`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import { nextId } from '../../core/ids.js';
import type { Database, Db } from '../../db/client.js';
import { dept, secret, seedLog, tenant } from '../../db/schema.js';
import { batteryFactory, chargerFactory, guardianFactory, inverterFactory, plant } from '../../db/schema-device.js';
import { SEED_IDS } from '../../seed/seed.js';
import { backfill, writeLatest, type DemoContext } from '../../simulator/backfill.js';
import { DEMO_COMPANIES, deviceSecret, generateFleet, type Fleet, type FleetParams, type SimDevice, type SimStation } from '../../simulator/fleet.js';
import { FleetModel } from '../../simulator/model.js';
import { addDays, localDay, rawDb, TelemetryRepository } from '../telemetry/index.js';
import { bulkInsert, registerDevices } from '../station/index.js';

export interface FleetManifest extends FleetParams {
  epochDay: string;
  t0: number;
}

export const MANIFEST_FILE = 'simulator-fleet.json';
const SECRET_NAME = 'simulator_fleet';
const AGENT_TENANT = '100001';

export interface SeedDevicesOptions {
  dataDir: string;
  stations: number;
  timeZone: string;
  now?: number;
  log?: { info(o: unknown, m?: string): void };
  /**
   * Leave the latest state at T0 to `writeDemoLatest` (the server's start: it computes the model for every device,
   * which can run after the server answers). Default: written here.
   */
  deferLatest?: boolean;
}

/** helio_seed_log step present while a registered fleet's latest state at T0 is still to be written. */
const LATEST_PENDING = 'devices-latest-pending';

export interface DemoFleet extends DemoContext {
  manifest: FleetManifest;
  fresh: boolean;
}

export function modelOf(m: FleetManifest): { fleet: Fleet; model: FleetModel } {
  const fleet = generateFleet({ key: m.key, stations: m.stations, agentTenantId: m.agentTenantId });
  return { fleet, model: new FleetModel(fleet, m.epochDay) };
}

/** Registers the demo fleet once; returns it (with its model and registered devices) on every start. */
export async function seedDevices(database: Database, o: SeedDevicesOptions): Promise<DemoFleet> {
  const db = database.db;
  const [saved] = await db.select().from(secret).where(eq(secret.name, SECRET_NAME));
  let manifest: FleetManifest;
  let fresh = false;
  if (saved) {
    manifest = JSON.parse(saved.value) as FleetManifest;
  } else {
    const now = o.now ?? Date.now();
    manifest = {
      key: randomBytes(18).toString('base64url'),
      stations: o.stations,
      agentTenantId: AGENT_TENANT,
      epochDay: addDays(localDay(now, o.timeZone), -90),
      t0: Math.floor(now / 300_000) * 300_000,
    };
    fresh = true;
  }
  const { fleet, model } = modelOf(manifest);
  const repo = new TelemetryRepository(rawDb(database));

  if (fresh) {
    await db.transaction(async (tx) => {
      await insertFleet(tx as unknown as Db, fleet, manifest);
      await tx.insert(secret).values({ name: SECRET_NAME, value: JSON.stringify(manifest) });
      await tx.insert(seedLog).values(o.deferLatest ? [{ step: 'devices' }, { step: LATEST_PENDING }] : [{ step: 'devices' }]);
    });
  }
  const all = await repo.loadDevices(o.timeZone);
  const sns = new Set(fleet.stations.flatMap((s) => s.devices.map((d) => d.sn)));
  const devices = new Map(all.filter((d) => sns.has(d.sn)).map((d) => [d.sn, d]));
  const ctx: DemoContext = { fleet, model, t0: manifest.t0, devices };
  if (fresh && !o.deferLatest) {
    const n = await writeLatest(rawDb(database), ctx);
    o.log?.info({ stations: fleet.stations.length, devices: devices.size, latest: n }, 'demo fleet registered');
  }
  try {
    fs.mkdirSync(o.dataDir, { recursive: true });
    fs.writeFileSync(path.join(o.dataDir, MANIFEST_FILE), JSON.stringify(manifest, null, 2), { mode: 0o600 });
  } catch {
    // the manifest is a convenience for `npm run simulate`; the server does not need it
  }
  return { ...ctx, manifest, fresh };
}

/**
 * The latest state at T0 of a fleet registered with `deferLatest`, if still pending (a no-op otherwise, so it runs on
 * every start: one interrupted before it finished writes it then). A few stations at a time, yielding between them:
 * the model's counters take CPU time, and the server is already answering requests. Start the live simulator after it
 * (its first report's energy delta continues from this state). Returns the number of devices written.
 */
export async function writeDemoLatest(database: Database, demo: DemoFleet, o: { stop?: () => boolean; log?: SeedDevicesOptions['log'] } = {}): Promise<number> {
  const [pending] = await database.db.select().from(seedLog).where(eq(seedLog.step, LATEST_PENDING));
  if (!pending) return 0;
  const raw = rawDb(database);
  const stations = demo.fleet.stations;
  let n = 0;
  for (let i = 0; i < stations.length; i += 10) {
    if (o.stop?.()) return n;
    n += await writeLatest(raw, { ...demo, fleet: { ...demo.fleet, stations: stations.slice(i, i + 10) } });
    await new Promise((r) => setImmediate(r));
  }
  await database.db.delete(seedLog).where(eq(seedLog.step, LATEST_PENDING));
  o.log?.info({ stations: stations.length, devices: demo.devices.size, latest: n }, 'demo fleet latest state written');
  return n;
}

/** Loads the manifest written by the server (standalone simulator). */
export function readManifest(dataDir: string): FleetManifest {
  const file = path.join(dataDir, MANIFEST_FILE);
  if (!fs.existsSync(file)) {
    throw new Error(`${file} not found: start the server once with the simulator on (it registers the demo fleet and writes this file)`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as FleetManifest;
}

export function secretOf(manifest: FleetManifest, sn: string): string {
  return deviceSecret(manifest.key, sn);
}

/**
 * Background history backfill (resumable); resolves when done. PGlite never analyzes tables by itself (there is no
 * autovacuum): the station tables are analyzed before, and the rollups after a backfill that wrote something, so the
 * planner knows their sizes (PostgreSQL's autovacuum does this on its own).
 */
export async function backfillDemo(database: Database, demo: DemoFleet, log?: { info(o: unknown, m?: string): void }, stop?: () => boolean) {
  const analyze = (tables: string[]) => (database.kind === 'pglite' && !stop?.() ? rawDb(database).query(`ANALYZE ${tables.join(', ')}`) : undefined);
  await analyze(STATION_TABLES);
  const done = await backfill(rawDb(database), demo, { log, yieldMs: database.kind === 'pglite' ? 25 : 0, stop });
  if (done.chunks) await analyze(ROLLUP_TABLES);
  return done;
}

const STATION_TABLES = ['helio_plant', 'helio_device', 'helio_device_latest', 'helio_inverter_factory', 'helio_battery_factory', 'helio_guardian_factory', 'helio_charger_factory'];
const ROLLUP_TABLES = ['helio_energy_plant_day', 'helio_energy_plant_month', 'helio_energy_tenant_day', 'helio_energy_tenant_month', 'helio_energy_device_day', 'helio_energy_device_month'];

// ---------------------------------------------------------------------------------------------------------------

async function insertFleet(db: Db, fleet: Fleet, m: FleetManifest): Promise<void> {
  // The demo agent tenant (stations abroad) and the operation companies.
  const [t] = await db.select({ id: tenant.id }).from(tenant).where(eq(tenant.tenantId, m.agentTenantId));
  if (!t) await db.insert(tenant).values({ id: nextId(), tenantId: m.agentTenantId, tenantName: 'Helio Demo Agent 示例代理商', linkman: 'Demo', address: 'Munich' });
  const companies = new Map<string, { id: string; name: string }>();
  for (const c of DEMO_COMPANIES) {
    const intl = c.key === 'intl';
    const id = nextId();
    const tenantId = intl ? m.agentTenantId : PLATFORM_TENANT_ID;
    const parentId = intl ? '0' : SEED_IDS.rootDept;
    const [root] = intl ? [] : await db.select({ id: dept.id, ancestors: dept.ancestors }).from(dept).where(eq(dept.id, SEED_IDS.rootDept));
    await db.insert(dept).values({
      id,
      tenantId,
      parentId: root ? parentId : '0',
      ancestors: root ? `${root.ancestors},${parentId}` : '0',
      deptCategory: 2,
      deptName: c.zh,
      fullName: `${c.zh} ${c.en}`.slice(0, 45),
      sort: 10,
    });
    companies.set(c.key, { id, name: c.zh });
  }

  const plantIds = new Map<string, string>();
  // Stations created before the fleet was seeded — for the station list's install info.
  const created = new Date(m.t0 - 90 * 86_400_000);
  const plants = fleet.stations.map((s) => {
    const id = nextId();
    plantIds.set(s.key, id);
    const county = s.site.county;
    return {
      id,
      tenantId: s.tenantId,
      plantName: s.name,
      plantType: s.plantType,
      countryCode: s.site.country,
      provinceCode: county ? `${county.slice(0, 2)}0000` : null,
      cityCode: county ? `${county.slice(0, 4)}00` : null,
      countyCode: county || null,
      regionName: s.site.country === 'CN' ? s.site.region : s.site.regionEn,
      address: s.address,
      latitude: s.site.lat,
      longitude: s.site.lon,
      timeZone: s.site.tz,
      capacityKwp: s.capacityKwp,
      installDate: s.installDate,
      ownerName: s.ownerName,
      ownerPhone: s.ownerPhone,
      operationCompanyId: companies.get(s.company)!.id,
      operationCompanyName: companies.get(s.company)!.name,
      networkStatus: 1,
      createTime: created,
    };
  });
  await bulkInsert(db, plant, plants);

  // Factory info: every fleet device plus some unused stock.
  const all = fleet.stations.flatMap((s) => s.devices.map((d) => ({ s, d })));
  const stock: { s?: SimStation; d: SimDevice }[] = [];
  for (let i = 1; i <= 20; i++) stock.push({ d: { kind: 'inverter', sn: `HLS${String(900000 + i)}`, index: 0, model: i % 2 ? 'HS-6K-1P-H' : 'HS-10K-3P-H', ratedKw: i % 2 ? 6 : 10, energyKwh: 0 } });
  for (let i = 1; i <= 10; i++) stock.push({ d: { kind: 'battery', sn: `HLT${String(900000 + i)}`, index: 0, model: 'HB-5.12-LV', ratedKw: 0, energyKwh: 5.12 } });
  for (let i = 1; i <= 5; i++) stock.push({ d: { kind: 'guardian', sn: `HLU${String(900000 + i)}`, index: 0, model: 'HG-63A-3P', ratedKw: 0, energyKwh: 0 } });
  for (let i = 1; i <= 3; i++) stock.push({ d: { kind: 'charger', sn: `HLV${String(900000 + i)}`, index: 0, model: 'HC-7K-AC', ratedKw: 7, energyKwh: 0 } });
  const rows = [...all, ...stock];
  const common = (x: { s?: SimStation; d: SimDevice }) => {
    const install = x.s?.installDate ?? '2026-01-15';
    return { id: nextId(), deviceSn: x.d.sn, model: x.d.model, manufacturer: 'Helio Power 赫利能源', factoryDate: addDays(install, -45), usageFlag: 0 };
  };
  const inv = rows.filter((x) => x.d.kind === 'inverter').map((x) => {
    const install = x.s?.installDate ?? '2026-01-15';
    const three = x.d.ratedKw > 8;
    return {
      ...common(x),
      phaseType: three ? 2 : 1,
      gridType: x.s && x.s.devices.some((d) => d.kind === 'battery') ? 3 : x.s ? 2 : 3,
      ratedPower: x.d.ratedKw,
      warrantyYears: 10,
      warrantyStart: install,
      warrantyEnd: addDays(install, 3652),
      fwProtocol: 'V1.08',
      fwMaster: 'V2.3.1',
      fwSlave: 'V1.9.0',
      fwEms: 'E1.4.2',
      fwDcdc: 'D1.2.0',
      mpptCount: x.s && x.s.plantType >= 3 ? 4 : 2,
      gridPhases: three ? 3 : 1,
      ratedFrequency: 50,
    };
  });
  const bat = rows.filter((x) => x.d.kind === 'battery').map((x) => {
    const hv = x.d.energyKwh >= 50;
    const volts = hv ? 409.6 : 51.2;
    return {
      ...common(x),
      ratedVoltage: volts,
      capacityAh: Math.round((x.d.energyKwh * 1000) / volts),
      energyKwh: x.d.energyKwh,
      cellSeries: hv ? 128 : 16,
      cellParallel: 1,
      cellCapacityAh: Math.round((x.d.energyKwh * 1000) / volts),
      bmsSn: `BMS${x.d.sn.slice(3)}`,
      inverterSn: x.d.parentSn ?? null,
    };
  });
  const grd = rows.filter((x) => x.d.kind === 'guardian').map((x) => ({ ...common(x), cardNumber: `89860${x.d.sn.slice(3).padStart(15, '0')}`, ratedCurrent: 63 }));
  const chg = rows.filter((x) => x.d.kind === 'charger').map((x) => ({ ...common(x), ratedPower: x.d.ratedKw, phases: 1, connectorType: 1 }));
  await bulkInsert(db, inverterFactory, inv);
  await bulkInsert(db, batteryFactory, bat);
  await bulkInsert(db, guardianFactory, grd);
  await bulkInsert(db, chargerFactory, chg);

  // Registrations (SN must exist in factory info and be unused: the same rule as the API).
  await registerDevices(
    db,
    all.map(({ s, d }) => ({
      tenantId: s.tenantId,
      plantId: plantIds.get(s.key)!,
      type: d.kind,
      sn: d.sn,
      parentSn: d.parentSn ?? null,
      secret: deviceSecret(m.key, d.sn),
    })),
  );
}
