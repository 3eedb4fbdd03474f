/**
 * Serial-number existence (spec §5/§7 "serial number existence check"): which SNs of a list are in the factory
 * (exit-factory) lists — of one device type, or of any — with their type and whether a station already uses them,
 * and which occur more than once in the list. The factory lists are platform reference data (no tenant column).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { DeviceKind } from '../../db/schema-device.js';
import { FACTORY_TABLES } from './device-registry.js';

export interface SnExistence {
  sn: string;
  exists: boolean;
  /** The factory list it is in (null: none). */
  deviceType: DeviceKind | null;
  /** A station uses it (usage flag 1). */
  used: boolean;
  /** It occurs more than once in the list asked about. */
  repeated: boolean;
}

/** One answer per distinct SN (trimmed, in the order first given); blank entries are ignored. */
export async function snExistence(db: Db, list: readonly string[], kind?: DeviceKind): Promise<SnExistence[]> {
  const count = new Map<string, number>();
  for (const raw of list) {
    const sn = raw.trim();
    if (sn) count.set(sn, (count.get(sn) ?? 0) + 1);
  }
  const sns = [...count.keys()];
  const found = new Map<string, { kind: DeviceKind; used: boolean }>();
  if (sns.length) {
    for (const k of kind ? [kind] : (Object.keys(FACTORY_TABLES) as DeviceKind[])) {
      const table = FACTORY_TABLES[k];
      const rows = await db
        .select({ sn: table.deviceSn, usage: table.usageFlag })
        .from(table)
        .where(and(inArray(table.deviceSn, sns), eq(table.isDeleted, 0)));
      for (const r of rows) if (!found.has(r.sn)) found.set(r.sn, { kind: k, used: r.usage === 1 });
    }
  }
  return sns.map((sn) => {
    const f = found.get(sn);
    return { sn, exists: !!f, deviceType: f?.kind ?? null, used: f?.used ?? false, repeated: (count.get(sn) ?? 0) > 1 };
  });
}
