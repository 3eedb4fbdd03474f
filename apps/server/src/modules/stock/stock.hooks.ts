/**
 * Rules of the stock module's CRUD entities beyond the shared field rules: prices left empty are 0; a material's
 * total value is its unit price × quantity, worked out on every write (exact decimals, never taken from a body); a
 * SKU with stock movements cannot be removed.
 */
import { inArray } from 'drizzle-orm';
import type { CrudHooks, Row, WriteCall } from '../../crud/register-crud.js';
import { stockMovement } from './stock.tables.js';
import { stockError } from './stock.messages.js';

const emptyPrice = (values: Row, key: string) => {
  if (key in values && (values[key] === '' || values[key] === null)) values[key] = '0';
};

/** price × quantity as exact decimal text (3 decimals), without floating point. */
export function times(price: string, quantity: number): string {
  const [whole = '0', frac = ''] = price.split('.');
  const milli = BigInt(whole) * 1000n + BigInt((frac + '000').slice(0, 3));
  const total = milli * BigInt(Math.trunc(quantity));
  const sign = total < 0n ? '-' : '';
  const abs = total < 0n ? -total : total;
  return `${sign}${abs / 1000n}.${String(abs % 1000n).padStart(3, '0')}`;
}

export const skuHooks: CrudHooks = {
  saveAndUpdate: true,
  beforeWrite: (_call, _existing, values) => {
    emptyPrice(values, 'unitPrice');
    if ('serialTracked' in values && (values.serialTracked === null || values.serialTracked === '')) values.serialTracked = 0;
    if ('lowStockThreshold' in values && (values.lowStockThreshold === null || values.lowStockThreshold === '')) values.lowStockThreshold = 0;
  },
  beforeRemove: async (call: WriteCall, rows: Row[]) => {
    if (rows.length === 0) return;
    const used = await call.db
      .select({ skuId: stockMovement.skuId })
      .from(stockMovement)
      .where(inArray(stockMovement.skuId, rows.map((r) => String(r.id))))
      .limit(1);
    if (used.length) throw stockError(call.lang, 'skuInUse', { sku: String(rows.find((r) => String(r.id) === used[0]!.skuId)?.sku ?? '') });
  },
};

export const materialHooks: CrudHooks = {
  saveAndUpdate: true,
  beforeWrite: (_call, existing, values) => {
    emptyPrice(values, 'unitPrice');
    if ('quantity' in values && (values.quantity === null || values.quantity === '')) values.quantity = 0;
    const price = String(values.unitPrice ?? existing?.unitPrice ?? '0');
    const quantity = Number(values.quantity ?? existing?.quantity ?? 0);
    values.totalValue = times(price, quantity);
  },
};
