/**
 * Commissioning an installed system (installer orders, issue 19): the homeowner's station is found — the one named
 * (an earlier commissioning of the same order), else one the homeowner already owns at the site — or created with
 * the homeowner as its owner (their user account when the tenant has one with that phone or e-mail, and their name
 * and phone as recorded), and the serials become its devices through `registerDevices` (factory list, unused, all or
 * none). Runs inside the caller's transaction. Also where a list of SNs is installed now (any station).
 */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema.js';
import { device, plant, type DeviceKind } from '../../db/schema-device.js';
import { nextId } from '../../core/ids.js';
import { registerDevices } from './device-registry.js';

export interface InstalledAt {
  plantId: string;
  tenantId: string;
  plantName: string | null;
}

/** The station each SN is a (live) device of, SNs of no station left out. */
export async function devicePlants(db: Db, sns: readonly string[]): Promise<Map<string, InstalledAt>> {
  const list = [...new Set(sns.map((s) => s.trim()).filter(Boolean))];
  if (!list.length) return new Map();
  const rows = await db
    .select({ sn: device.deviceSn, plantId: device.plantId, tenantId: device.tenantId, plantName: plant.plantName })
    .from(device)
    .leftJoin(plant, eq(plant.id, device.plantId))
    .where(and(inArray(device.deviceSn, list), eq(device.isDeleted, 0)));
  return new Map(rows.map((r) => [r.sn, { plantId: String(r.plantId ?? ''), tenantId: r.tenantId, plantName: r.plantName ?? null }]));
}

export interface HomeOwner {
  name: string;
  phone?: string | undefined;
  diallingCode?: string | undefined;
  email?: string | undefined;
}

export interface CommissionInput {
  tenantId: string;
  owner: HomeOwner;
  plantName: string;
  address?: string | null;
  regionName?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  capacityKwp?: number | null;
  installDate?: string | null;
  /** The installer company's department and name (the station's operation company). */
  operationCompanyId?: string | null;
  operationCompanyName?: string | null;
  /** A station commissioned for the same order before: used when it still exists. */
  plantId?: string | null;
  userId: string;
  deptId?: string | null;
  devices: { type: DeviceKind; sn: string }[];
}

export interface Commissioned {
  plantId: string;
  plantName: string;
  created: boolean;
  /** The SNs registered now (those already devices of the station are left as they are). */
  registered: string[];
}

const digits = (v: string | undefined) => (v ?? '').replace(/\D/g, '');

async function ownerAccount(tx: Db, tenantId: string, o: HomeOwner): Promise<string | null> {
  const phone = digits(o.phone);
  const phones = [...new Set([phone, digits(o.diallingCode) && phone ? `${digits(o.diallingCode)}${phone}` : ''].filter((p) => p.length >= 5))];
  const email = (o.email ?? '').trim().toLowerCase();
  const match: SQL[] = [];
  if (phones.length) match.push(inArray(sql`regexp_replace(COALESCE(${user.phone}, ''), '[^0-9]', '', 'g')`, phones));
  if (email) match.push(eq(sql`lower(${user.email})`, email));
  if (!match.length) return null;
  const [u] = await tx.select({ id: user.id }).from(user).where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0), or(...match))).orderBy(user.id).limit(1);
  return u ? String(u.id) : null;
}

/**
 * The homeowner's station at this site: the named one, else theirs with the same address (newest first) that the
 * same company runs (or, with no company, one nobody runs). Another installer's station of the same homeowner and
 * address is not taken: its devices would land where this company cannot see them.
 */
async function existing(tx: Db, i: CommissionInput, ownerId: string | null): Promise<{ id: string; plantName: string } | undefined> {
  const alive = and(eq(plant.tenantId, i.tenantId), eq(plant.isDeleted, 0));
  if (i.plantId) {
    const [p] = await tx.select({ id: plant.id, plantName: plant.plantName }).from(plant).where(and(alive, eq(plant.id, i.plantId))).for('update');
    if (p) return { id: String(p.id), plantName: p.plantName };
  }
  const address = (i.address ?? '').trim();
  const phone = digits(i.owner.phone);
  const mine: SQL[] = [];
  if (ownerId) mine.push(eq(plant.ownerUserId, ownerId));
  if (phone.length >= 5) mine.push(sql`regexp_replace(COALESCE(${plant.ownerPhone}, ''), '[^0-9]', '', 'g') LIKE ${`%${phone}`}`);
  if (!address || !mine.length) return undefined;
  const sameCompany = i.operationCompanyId ? eq(plant.operationCompanyId, i.operationCompanyId) : isNull(plant.operationCompanyId);
  const [p] = await tx
    .select({ id: plant.id, plantName: plant.plantName })
    .from(plant)
    .where(and(alive, or(...mine), eq(sql`lower(trim(${plant.address}))`, address.toLowerCase()), sameCompany))
    .orderBy(desc(plant.createTime), desc(plant.id))
    .limit(1)
    .for('update');
  return p ? { id: String(p.id), plantName: p.plantName } : undefined;
}

/** Finds or creates the homeowner's station and registers the devices it does not have yet (in `tx`). */
export async function commissionPlant(tx: Db, i: CommissionInput): Promise<Commissioned> {
  const ownerId = await ownerAccount(tx, i.tenantId, i.owner);
  let found = await existing(tx, i, ownerId);
  const created = !found;
  if (!found) {
    const id = nextId();
    const name = i.plantName.slice(0, 100);
    await tx.insert(plant).values({
      id,
      tenantId: i.tenantId,
      plantName: name,
      regionName: i.regionName?.slice(0, 255) ?? null,
      address: i.address?.slice(0, 255) ?? null,
      latitude: i.latitude ?? null,
      longitude: i.longitude ?? null,
      capacityKwp: i.capacityKwp ?? null,
      installDate: i.installDate ?? null,
      ownerUserId: ownerId,
      ownerName: i.owner.name.slice(0, 50),
      ownerPhone: [i.owner.diallingCode, i.owner.phone].filter(Boolean).join(' ').slice(0, 20) || null,
      operationCompanyId: i.operationCompanyId ?? null,
      operationCompanyName: i.operationCompanyName?.slice(0, 100) ?? null,
      createUser: i.userId,
      createDept: i.deptId ?? null,
      updateUser: i.userId,
    });
    found = { id, plantName: name };
  }
  const have = await devicePlants(tx, i.devices.map((d) => d.sn));
  const todo = i.devices.filter((d) => have.get(d.sn)?.plantId !== found.id);
  const inverter = todo.find((d) => d.type === 'inverter')?.sn ?? i.devices.find((d) => d.type === 'inverter')?.sn ?? null;
  await registerDevices(
    tx,
    todo.map((d) => ({ tenantId: i.tenantId, plantId: found.id, type: d.type, sn: d.sn, parentSn: d.type === 'battery' ? inverter : null, userId: i.userId, deptId: i.deptId ?? null })),
  );
  return { plantId: found.id, plantName: found.plantName, created, registered: todo.map((d) => d.sn) };
}
