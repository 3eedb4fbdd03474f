/**
 * Registering devices to stations (spec §5): the SN must exist in the factory list of its type and be unused
 * (usage 0 → 1); the same SN cannot be chosen twice in one request. Registration issues the device's MQTT secret
 * (returned once, stored as sha256). Unbinding frees the SN (usage → 0) and soft-deletes the registration; its
 * telemetry stays and is still found by SN.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { BizError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import {
  batteryFactory,
  chargerFactory,
  device,
  deviceLatest,
  DEVICE_TYPES,
  guardianFactory,
  inverterFactory,
  type DeviceKind,
} from '../../db/schema-device.js';
import { deviceChanged, sha256Hex, SN_PATTERN } from '../telemetry/index.js';
import { bulkInsert } from './bulk-insert.js';

export const FACTORY_TABLES = {
  inverter: inverterFactory,
  battery: batteryFactory,
  guardian: guardianFactory,
  charger: chargerFactory,
} as const;

export function newDeviceSecret(): string {
  return randomBytes(24).toString('base64url');
}

export interface RegisterInput {
  tenantId: string;
  plantId: string;
  type: DeviceKind;
  sn: string;
  parentSn?: string | null;
  /** Given by the caller (seeding, tests); otherwise generated. */
  secret?: string;
  userId?: string | null;
  deptId?: string | null;
}

export interface Registered {
  id: string;
  sn: string;
  /** Shown once; only its hash is stored. */
  secret: string;
}

/** Registers several devices in one transaction (all or none). */
export async function registerDevices(db: Db, inputs: RegisterInput[]): Promise<Registered[]> {
  const seen = new Set<string>();
  for (const i of inputs) {
    if (!SN_PATTERN.test(i.sn)) throw new BizError('snInvalid', { sn: i.sn.slice(0, 64) });
    if (seen.has(i.sn)) throw new BizError('snChosenTwice', { sn: i.sn });
    seen.add(i.sn);
  }
  return db.transaction(async (tx) => {
    const out: Registered[] = [];
    for (const kind of Object.keys(FACTORY_TABLES) as DeviceKind[]) {
      const group = inputs.filter((i) => i.type === kind);
      if (!group.length) continue;
      const table = FACTORY_TABLES[kind];
      const sns = group.map((g) => g.sn);
      const rows = await tx
        .select({ sn: table.deviceSn, usage: table.usageFlag, model: table.model })
        .from(table)
        .where(and(inArray(table.deviceSn, sns), eq(table.isDeleted, 0)))
        .for('update');
      const bySn = new Map(rows.map((r) => [r.sn, r]));
      for (const g of group) {
        const f = bySn.get(g.sn);
        if (!f) throw new BizError('snNotInFactory', { sn: g.sn });
        if (f.usage === 1) throw new BizError('snInUse', { sn: g.sn });
      }
      const inUse = await tx
        .select({ sn: device.deviceSn })
        .from(device)
        .where(and(inArray(device.deviceSn, sns), eq(device.isDeleted, 0)));
      if (inUse.length) throw new BizError('snInUse', { sn: inUse[0]!.sn });
      const now = new Date();
      const values = group.map((g) => {
        const secret = g.secret ?? newDeviceSecret();
        const id = nextId();
        out.push({ id, sn: g.sn, secret });
        return {
          id,
          tenantId: g.tenantId,
          plantId: g.plantId,
          deviceType: DEVICE_TYPES[kind],
          deviceSn: g.sn,
          parentSn: g.parentSn ?? null,
          model: bySn.get(g.sn)!.model,
          secretHash: sha256Hex(secret),
          registerTime: now,
          createUser: g.userId ?? null,
          createDept: g.deptId ?? null,
          updateUser: g.userId ?? null,
        };
      });
      // One statement per table whatever the count (the demo fleet registers ~500 devices at once).
      await bulkInsert(tx, device, values);
      await bulkInsert(tx, deviceLatest, values.map((v) => ({ deviceId: v.id, deviceType: v.deviceType, plantId: v.plantId })), sql`ON CONFLICT DO NOTHING`);
      await tx
        .update(table)
        .set(kind === 'inverter' ? ({ usageFlag: 1, activationDate: sql`coalesce(activation_date, current_date)` } as never) : { usageFlag: 1 })
        .where(and(inArray(table.deviceSn, sns), eq(table.isDeleted, 0)));
    }
    for (const r of out) deviceChanged(r.sn);
    return out;
  });
}

/** Unbinds devices (by registration id): the SN becomes free, the data stays. Returns how many were unbound. */
export async function unbindDevices(db: Db, ids: string[], userId: string | null, scope?: SQL): Promise<number> {
  if (!ids.length) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(device)
      .set({ isDeleted: 1, unbindTime: new Date(), updateUser: userId, updateTime: new Date() })
      .where(and(inArray(device.id, ids), eq(device.isDeleted, 0), scope))
      .returning({ sn: device.deviceSn, type: device.deviceType });
    for (const kind of Object.keys(FACTORY_TABLES) as DeviceKind[]) {
      const sns = rows.filter((r) => r.type === DEVICE_TYPES[kind]).map((r) => r.sn);
      if (!sns.length) continue;
      const table = FACTORY_TABLES[kind];
      await tx.update(table).set({ usageFlag: 0 }).where(and(inArray(table.deviceSn, sns), eq(table.isDeleted, 0)));
    }
    for (const r of rows) deviceChanged(r.sn);
    return rows.length;
  });
}
