/** Stations, factory rows and registered devices for tests, written straight to the database. */
import { nextId } from '../src/core/ids.js';
import type { Db } from '../src/db/client.js';
import { batteryFactory, chargerFactory, guardianFactory, inverterFactory, plant, type DeviceKind } from '../src/db/schema-device.js';
import { registerDevices } from '../src/modules/station/device-registry.js';

let seq = 0;
export const uniqueSn = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(seq++).toString().padStart(4, '0')}`;

export async function createPlant(
  db: Db,
  o: {
    tenantId?: string;
    name?: string;
    lat?: number | null;
    lon?: number | null;
    tz?: string;
    capacityKwp?: number;
    operationCompanyId?: string | null;
    operationUserId?: string | null;
    ownerUserId?: string | null;
  } = {},
): Promise<string> {
  const id = nextId();
  await db.insert(plant).values({
    id,
    tenantId: o.tenantId ?? '000000',
    plantName: o.name ?? `Plant ${id.slice(-5)}`,
    latitude: o.lat === undefined ? 22.54 : o.lat,
    longitude: o.lon === undefined ? 114.06 : o.lon,
    timeZone: o.tz ?? 'Asia/Shanghai',
    capacityKwp: o.capacityKwp ?? 10,
    countryCode: 'CN',
    address: 'Test road 1',
    regionName: '广东省 深圳市',
    operationCompanyId: o.operationCompanyId ?? null,
    operationUserId: o.operationUserId ?? null,
    ownerUserId: o.ownerUserId ?? null,
  });
  return id;
}

export async function addFactory(db: Db, kind: DeviceKind, sn: string, extra: Record<string, unknown> = {}): Promise<void> {
  const base = { id: nextId(), deviceSn: sn, model: `${kind.toUpperCase()}-T1`, manufacturer: 'Helio Test' };
  if (kind === 'inverter') await db.insert(inverterFactory).values({ ...base, ratedPower: 10, phaseType: 2, gridType: 3, mpptCount: 2, gridPhases: 3, ratedFrequency: 50, ...extra });
  if (kind === 'battery') await db.insert(batteryFactory).values({ ...base, energyKwh: 10, ratedVoltage: 51.2, capacityAh: 200, ...extra });
  if (kind === 'guardian') await db.insert(guardianFactory).values({ ...base, cardNumber: `CARD-${sn}`, ...extra });
  if (kind === 'charger') await db.insert(chargerFactory).values({ ...base, ratedPower: 7, phases: 1, ...extra });
}

/** Factory row + registration; returns the registration id and MQTT secret. */
export async function createDevice(
  db: Db,
  o: { plantId: string; kind: DeviceKind; tenantId?: string; sn?: string; secret?: string; factory?: Record<string, unknown> },
): Promise<{ id: string; sn: string; secret: string }> {
  const sn = o.sn ?? uniqueSn(o.kind.slice(0, 3).toUpperCase());
  await addFactory(db, o.kind, sn, o.factory);
  const [r] = await registerDevices(db, [{ tenantId: o.tenantId ?? '000000', plantId: o.plantId, type: o.kind, sn, secret: o.secret ?? 'test-secret-0123456789' }]);
  return r!;
}

/** A minimal valid inverter report. */
export function inverterReport(ts: number, o: { pvTotal?: number; loadTotal?: number; importTotal?: number; exportTotal?: number; pvPower?: number; faults?: number[]; state?: number; soc?: number } = {}) {
  return {
    ts,
    state: o.state ?? 2,
    pv: [{ v: 380, i: 5 }, { v: 375, i: 4.8 }],
    pvPower: o.pvPower ?? 3700,
    grid: { v: [230, 231, 229], i: [2, 2, 2], p: [400, 400, 400], power: -1200, freq: 50.01 },
    load: { power: 1500 },
    battery: { v: 51.2, i: -10, power: -512, soc: o.soc ?? 55, temp: 25 },
    temp: { inner: 40, sink: 45 },
    energy: {
      pvTotal: o.pvTotal ?? 1000,
      loadTotal: o.loadTotal ?? 500,
      importTotal: o.importTotal ?? 100,
      exportTotal: o.exportTotal ?? 300,
      chargeTotal: 50,
      dischargeTotal: 40,
    },
    faults: o.faults ?? [],
  };
}
