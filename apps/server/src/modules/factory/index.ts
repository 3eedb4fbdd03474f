/**
 * The factory module's public entry: a look-up of serial numbers in the factory (exit-factory) lists, for modules
 * that take in units by serial (the stock module receives serial-tracked SKUs against these lists).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { DeviceKind } from '../../db/schema-device.js';
import { FACTORY_TABLES } from '../station/index.js';

/** Which of `sns` are in a factory list (live rows), and in which: serial → device kind. */
export async function findFactorySerials(db: Db, sns: readonly string[]): Promise<Map<string, DeviceKind>> {
  const found = new Map<string, DeviceKind>();
  const unique = [...new Set(sns)];
  for (let i = 0; i < unique.length; i += 1000) {
    const chunk = unique.slice(i, i + 1000);
    for (const kind of Object.keys(FACTORY_TABLES) as DeviceKind[]) {
      const t = FACTORY_TABLES[kind];
      for (const r of await db.select({ sn: t.deviceSn }).from(t).where(and(inArray(t.deviceSn, chunk), eq(t.isDeleted, 0)))) found.set(r.sn, kind);
    }
  }
  return found;
}
