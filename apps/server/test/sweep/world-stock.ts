/**
 * A world's stock rows (modules/stock): a SKU for the CRUD routes (no movements, so it can be removed), a warehouse,
 * a material, and a serial-tracked ledger SKU received through the ledger (a balance,
 * movements and change-log rows) with a reservation to cancel and a shipped serial to install. Names carry the
 * world's marker; the serial is stockSerialOf(marker).
 */
import { nextId } from '../../src/core/ids.js';
import { inverterFactory } from '../../src/db/schema-device.js';
import type { Actor } from '../../src/kernel/types.js';
import { material, sku, warehouse } from '../../src/modules/stock/stock.tables.js';
import type { TestApp } from '../helper.js';
import type { Kind } from './world.js';

/** Not the marker itself: the factory lists are reference data every tenant reads, and a marker there is a leak. */
export const stockSerialOf = (marker: string) => `SWEEP${[...marker].reverse().join('')}`;

export async function stockWorld(t: TestApp, ids: Record<Kind, string>, tenantId: string, marker: string): Promise<void> {
  const db = t.database.db;
  const ledger = t.services.kernel.use('stock').ledger;
  const actor: Actor = {
    userId: ids.admin, tenantId, account: `${marker}adm`, userName: `${marker}adm`, nickName: `${marker}adm`, roleIds: [ids.adminRole],
    roleAliases: ['administrator'], deptIds: [ids.deptRoot], postIds: [], clientId: 'helio', sid: '', isAdministrator: true,
  };
  const audit = { createUser: ids.admin, updateUser: ids.admin };
  ids.sku = nextId();
  ids.stockSku = nextId();
  await db.insert(sku).values([
    { id: ids.sku, tenantId, sku: `${marker}-sku`, skuName: `${marker} panel`, skuType: 3, unitPrice: '10', ...audit },
    { id: ids.stockSku, tenantId, sku: `${marker}-inv`, skuName: `${marker} inverter`, skuType: 1, unitPrice: '100', serialTracked: 1, lowStockThreshold: 1000, ...audit },
  ]);
  ids.warehouse = nextId();
  await db.insert(warehouse).values({ id: ids.warehouse, tenantId, warehouseName: `${marker} warehouse`, ...audit });
  ids.material = nextId();
  await db.insert(material).values({ id: ids.material, tenantId, materialName: `${marker} cable`, unitPrice: '1.5', quantity: 2, totalValue: '3', ...audit });
  // The ledger: 3 serials received, one issued (shipped, to install), one reserved (the movement to cancel).
  const serials = [stockSerialOf(marker), `${stockSerialOf(marker)}B`, `${stockSerialOf(marker)}C`];
  await db.insert(inverterFactory).values(serials.map((deviceSn) => ({ id: nextId(), deviceSn })));
  await ledger.record(actor, { movementType: 'receive', skuId: ids.stockSku, quantity: 3, serials, reference: `${marker}-po` }, 'en-US');
  await ledger.record(actor, { movementType: 'issue', skuId: ids.stockSku, quantity: 1, serials: [serials[0]!], reference: `${marker}-so` }, 'en-US');
  ids.stockMovement = (await ledger.record(actor, { movementType: 'reserve', skuId: ids.stockSku, quantity: 1, reference: `${marker}-ord` }, 'en-US')).id;
}
