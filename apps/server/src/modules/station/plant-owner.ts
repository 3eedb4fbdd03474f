/**
 * The stations a person already owns, found by their contact details (spec §7 "plant by user info"): the order's
 * warranty verification checks the homeowner's existing system with it. A station matches when its recorded owner
 * phone, or its owner account's phone or e-mail, is the person's (phone compared by digits, with or without the
 * dialling code). Only stations of `tenantId`; at most 50, newest first, each with its registered devices.
 */
import { and, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema.js';
import { DEVICE_KINDS, device, plant } from '../../db/schema-device.js';
import { formatDateTime } from '../../core/dates.js';

export interface OwnedPlant {
  id: string;
  plantName: string;
  address: string | null;
  ownerName: string | null;
  ownerPhone: string | null;
  installDate: string | null;
  createTime: string | null;
  devices: { sn: string; deviceType: string; model: string | null }[];
}

const digits = (v: string | undefined) => (v ?? '').replace(/\D/g, '');

export async function plantsOwnedBy(db: Db, tenantId: string, who: { phone?: string; diallingCode?: string; email?: string }): Promise<OwnedPlant[]> {
  const phone = digits(who.phone);
  const code = digits(who.diallingCode);
  const email = (who.email ?? '').trim().toLowerCase();
  const phones = [...new Set([phone, code && phone ? `${code}${phone}` : ''].filter((p) => p.length >= 5))];
  const match: SQL[] = [];
  const digitsOf = (col: AnyColumn) => sql`regexp_replace(COALESCE(${col}, ''), '[^0-9]', '', 'g')`;
  if (phones.length) match.push(inArray(digitsOf(plant.ownerPhone), phones));
  const owners: SQL[] = [];
  if (phones.length) owners.push(inArray(digitsOf(user.phone), phones));
  if (email) owners.push(eq(sql`lower(${user.email})`, email));
  if (owners.length) {
    match.push(inArray(plant.ownerUserId, db.select({ id: user.id }).from(user).where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0), or(...owners)))));
  }
  if (!match.length) return [];
  const rows = await db
    .select()
    .from(plant)
    .where(and(eq(plant.tenantId, tenantId), eq(plant.isDeleted, 0), or(...match)))
    .orderBy(desc(plant.createTime), desc(plant.id))
    .limit(50);
  if (!rows.length) return [];
  const devices = await db
    .select({ plantId: device.plantId, sn: device.deviceSn, type: device.deviceType, model: device.model })
    .from(device)
    .where(and(inArray(device.plantId, rows.map((r) => r.id)), eq(device.isDeleted, 0)))
    .orderBy(device.deviceType, device.deviceSn);
  return rows.map((r) => ({
    id: String(r.id),
    plantName: r.plantName,
    address: [r.regionName, r.address].filter(Boolean).join(' ') || null,
    ownerName: r.ownerName ?? null,
    ownerPhone: r.ownerPhone ?? null,
    installDate: r.installDate ? String(r.installDate) : null,
    createTime: formatDateTime(r.createTime) ?? null,
    devices: devices.filter((d) => String(d.plantId) === String(r.id)).map((d) => ({ sn: d.sn, deviceType: DEVICE_KINDS[d.type] ?? String(d.type), model: d.model ?? null })),
  }));
}
