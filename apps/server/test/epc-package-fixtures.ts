/** Base packages for the installer-order tests: the design step needs `basePackage` to name an enabled one. */
import { and, eq } from 'drizzle-orm';
import { nextId } from '../src/core/ids.js';
import type { Db } from '../src/db/client.js';
import { epcPackage } from '../src/modules/epc-package/epc-package.tables.js';

/** The enabled package `code` of the tenant, made when missing (no lines: the orders' tests bring their own BOM). */
export async function ensurePackage(db: Db, tenantId: string, code = 'BP-5K'): Promise<void> {
  const [found] = await db.select({ id: epcPackage.id }).from(epcPackage).where(and(eq(epcPackage.tenantId, tenantId), eq(epcPackage.code, code), eq(epcPackage.isDeleted, 0)));
  if (found) return;
  await db.insert(epcPackage).values({ id: nextId(), tenantId, code, name: `${code} test package`, kwp: '5', inverterKw: '5', batteryKwh: '10', enabled: 1 }).onConflictDoNothing();
}
