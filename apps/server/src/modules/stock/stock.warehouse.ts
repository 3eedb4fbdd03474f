/** Every tenant has a default warehouse: created the first time the tenant's stock is read or moved. */
import { and, eq } from 'drizzle-orm';
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { warehouse } from './stock.tables.js';

export const DEFAULT_WAREHOUSE_NAME = '默认仓库 Main warehouse';

/** The tenant's default warehouse id (created when missing; the partial unique index keeps it one per tenant). */
export async function defaultWarehouse(db: Db, tenantId: string): Promise<string> {
  const find = async () =>
    (
      await db
        .select({ id: warehouse.id })
        .from(warehouse)
        .where(and(eq(warehouse.tenantId, tenantId), eq(warehouse.isDefault, 1), eq(warehouse.isDeleted, 0)))
        .limit(1)
    )[0]?.id;
  const found = await find();
  if (found) return found;
  await db
    .insert(warehouse)
    .values({ id: nextId(), tenantId, warehouseName: DEFAULT_WAREHOUSE_NAME, isDefault: 1 })
    .onConflictDoNothing();
  return (await find())!;
}
