/**
 * Stock (issue 17) through the API: SKU base info (the spec's POST page/{size}/{current}, save, update, pull-down;
 * duplicate SKU, negative price, too many decimals), movements and balances (receive, reserve, issue, release,
 * adjust, opening; never below zero; nothing half-written), the surplus, the change log, the valuation, low-stock
 * notices in the bell, and another tenant sees nothing. Serials, cancels and concurrency: stock-ledger.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stockBalance, stockLog, stockMovement } from '../src/modules/stock/stock.tables.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { API, MOVE, SKU, code, en, get, h, makeSku, move, movements, post, surplus, t, useStockApp } from './stock-fixtures.js';

useStockApp();

describe('SKU base info', () => {
  it('save, the POST page with a filter body, update and the pull-down', async () => {
    const sku = code('PNL');
    const res = await post(`${SKU}/save`, { sku, skuName: 'Panel 450W', manufacturer: 'Sun', spec: '450W', model: 'P-450', skuType: 3, unit: 'pcs', unitPrice: '99.125', serialTracked: 0, lowStockThreshold: 2 });
    expect(res.json()).toMatchObject({ code: 200 });
    const id = res.json().data.id as string;
    const page = (await post(`${SKU}/page/10/1`, { sku })).json().data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ id, sku, skuName: 'Panel 450W', skuType: 3, lowStockThreshold: 2 });
    expect(Number(page.records[0].unitPrice)).toBe(99.125);
    expect((await post(`${SKU}/update`, { id, skuName: 'Panel 455W' })).json().code).toBe(200);
    const pull = (await get(`${SKU}/pull-down?keyword=${sku}`)).json().data;
    expect(pull).toEqual([{ id, sku, skuName: 'Panel 455W', skuType: 3, unit: 'pcs', unitPrice: '99.125', serialTracked: 0 }]);
    expect((await get(`${SKU}/pull-down?skuType=1&keyword=${sku}`)).json().data).toEqual([]);
  });

  it('refuses a duplicate SKU, a negative or over-precise price, naming the field, in the caller language', async () => {
    const sku = code();
    expect((await post(`${SKU}/save`, { sku, skuName: 'a', skuType: 8 })).json().code).toBe(200);
    const dup = await post(`${SKU}/save`, { sku, skuName: 'b', skuType: 8 }, { ...h, ...en });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().msg).toBe('SKU already exists');
    const neg = await post(`${SKU}/save`, { sku: code(), skuName: 'b', skuType: 8, unitPrice: '-1' });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().msg).toBe('单价格式不正确');
    const dec = await post(`${SKU}/save`, { sku: code(), skuName: 'b', skuType: 8, unitPrice: '1.2345' }, { ...h, ...en });
    expect(dec.json().msg).toBe('Unit price has an invalid format');
    const type = await post(`${SKU}/save`, { sku: code(), skuName: 'b', skuType: 9 }, { ...h, ...en });
    expect(type.json().msg).toBe('Type is out of the allowed range');
  });
});

describe('movements and balances', () => {
  it('receive, reserve, issue from the reservation, release, adjust: counters, surplus and the change log agree', async () => {
    const skuId = await makeSku();
    expect((await move({ movementType: 'receive', skuId, quantity: 10, reference: 'PO-1', reason: 'supplier delivery' })).json()).toMatchObject({
      code: 200,
      data: { movementType: 'receive', quantity: 10, reference: 'PO-1', cancelled: false, createUserName: expect.any(String) },
    });
    expect((await move({ movementType: 'reserve', skuId, quantity: 4, reference: 'ORD-1' })).json().code).toBe(200);
    expect(await surplus(skuId)).toMatchObject({ balance: 10, reserved: 4, available: 6 });
    expect((await move({ movementType: 'issue', skuId, quantity: 3, reference: 'ORD-1', fromReserved: true })).json().code).toBe(200);
    expect((await move({ movementType: 'release', skuId, quantity: 1, reference: 'ORD-1' })).json().code).toBe(200);
    expect((await move({ movementType: 'issue', skuId, quantity: 2 })).json().code).toBe(200);
    expect((await move({ movementType: 'adjust', skuId, quantity: -1, reason: 'stocktake' })).json().code).toBe(200);
    expect(await surplus(skuId)).toMatchObject({ balance: 4, reserved: 0, available: 4 });
    const row = (await get(`${API}/stock/list?sku=${encodeURIComponent((await skuCode(skuId)))}`)).json().data.records[0];
    expect(row).toMatchObject({ opening: 0, qtyIn: 10, qtyOut: 5, adjusted: -1, reserved: 0, balance: 4, available: 4, value: '402' });
    const log = (await get(`${API}/skuStockLog/page?skuId=${skuId}&size=50`)).json().data;
    expect(log.total).toBe(6);
    // Newest first; each row's before is the previous row's after.
    const recs = [...log.records].reverse();
    expect(recs[0]).toMatchObject({ movementType: 'receive', balanceBefore: 0, balanceAfter: 10, reservedBefore: 0, reservedAfter: 0 });
    for (let i = 1; i < recs.length; i++) {
      expect(recs[i].balanceBefore).toBe(recs[i - 1].balanceAfter);
      expect(recs[i].reservedBefore).toBe(recs[i - 1].reservedAfter);
    }
    expect((await movements(skuId)).records.map((m: { movementType: string }) => m.movementType)).toEqual(['adjust', 'issue', 'release', 'issue', 'reserve', 'receive']);
  });

  it('refuses what would take stock below zero, naming the field, and writes nothing', async () => {
    const skuId = await makeSku();
    await move({ movementType: 'receive', skuId, quantity: 2 });
    await move({ movementType: 'reserve', skuId, quantity: 1 });
    const before = await counts(skuId);
    const over = await move({ movementType: 'issue', skuId, quantity: 2 }, { ...h, ...en });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toBe('Quantity exceeds the available stock (1 available)');
    expect((await move({ movementType: 'issue', skuId, quantity: 2, fromReserved: true })).json().msg).toBe('数量超过已预留数量(已预留 1)');
    expect((await move({ movementType: 'release', skuId, quantity: 2 })).statusCode).toBe(400);
    expect((await move({ movementType: 'reserve', skuId, quantity: 2 })).statusCode).toBe(400);
    expect((await move({ movementType: 'adjust', skuId, quantity: -2, reason: 'lost' })).statusCode).toBe(400);
    const neg = await move({ movementType: 'receive', skuId, quantity: -3 }, { ...h, ...en });
    expect(neg.json().msg).toBe('Quantity is out of the allowed range');
    expect((await move({ movementType: 'receive', skuId, quantity: 1.5 })).json().msg).toBe('数量格式不正确');
    expect((await move({ movementType: 'adjust', skuId, quantity: 1 }, { ...h, ...en })).json().msg).toBe('Reason is required');
    expect((await move({ movementType: 'receive', skuId: '1', quantity: 1 }, { ...h, ...en })).json().msg).toBe('SKU: no such SKU');
    expect(await counts(skuId)).toEqual(before);
    expect(await surplus(skuId)).toMatchObject({ balance: 2, reserved: 1, available: 1 });
  });

  it('an opening balance only as the first entry', async () => {
    const skuId = await makeSku();
    expect((await move({ movementType: 'opening', skuId, quantity: 7 })).json().code).toBe(200);
    expect((await move({ movementType: 'opening', skuId, quantity: 7 })).statusCode).toBe(400);
    expect(await surplus(skuId)).toMatchObject({ balance: 7 });
  });

  it('valuation and low stock: the summary, the list flag and one notice in the bell when the threshold is crossed', async () => {
    const sku = code('LOW');
    const skuId = await makeSku({ sku, unitPrice: '2.5', lowStockThreshold: 5 });
    const before = (await get(`${API}/stock/summary`)).json().data;
    await move({ movementType: 'receive', skuId, quantity: 6 });
    const after = (await get(`${API}/stock/summary`)).json().data;
    expect(Number(after.valuation) - Number(before.valuation)).toBeCloseTo(15, 3);
    expect(after.lowStock.find((l: { skuId: string }) => l.skuId === skuId)).toBeUndefined();
    await move({ movementType: 'issue', skuId, quantity: 2 });
    await move({ movementType: 'issue', skuId, quantity: 1 });
    const low = (await get(`${API}/stock/summary`)).json().data;
    expect(low.lowStock).toContainEqual({ skuId, sku, skuName: 'Panel 450W', available: 3, threshold: 5 });
    expect((await get(`${API}/stock/list?lowStock=1&sku=${sku}`)).json().data.records[0]).toMatchObject({ skuId, lowStock: true, available: 3 });
    const notices = (await get('/api/blade-desk/notice/unread')).json().data as { title: string }[];
    expect(notices.filter((n) => n.title.includes(sku))).toHaveLength(1);
    expect(notices.find((n) => n.title.includes(sku))!.title).toContain('Low stock');
  });
});

describe('tenancy', () => {
  it("another tenant's administrator sees none of it and cannot move it", async () => {
    const skuId = await makeSku();
    await move({ movementType: 'receive', skuId, quantity: 3 });
    const db = t.database.db;
    await createTenant(db, '300171');
    const role = await createRole(db, '300171', 'stock_admin', ['epc_stock', 'epc_stock_add', 'epc_stock_edit', 'epc_material']);
    await createUser(db, { tenantId: '300171', account: 'stockb', password: 'Passw0rd!', roleId: role });
    const s = await t.login('stockb', 'Passw0rd!', '300171');
    const b = { 'blade-auth': `bearer ${s.access_token}` };
    expect((await post(`${SKU}/page/10/1`, {}, b)).json().data.total).toBe(0);
    expect((await get(`${API}/stock/list`, b)).json().data.total).toBe(0);
    expect((await get(`${MOVE}/page`, b)).json().data.total).toBe(0);
    expect((await get(`${API}/skuStockLog/page`, b)).json().data.total).toBe(0);
    expect((await get(`${SKU}/pull-down`, b)).json().data).toEqual([]);
    expect(await surplus(skuId, b)).toMatchObject({ balance: 0, available: 0 });
    expect((await move({ movementType: 'issue', skuId, quantity: 1 }, b)).statusCode).toBe(400);
    const m = (await movements(skuId)).records[0];
    expect((await post(`${MOVE}/cancel`, { id: m.id }, b)).statusCode).toBe(400);
    expect(await surplus(skuId)).toMatchObject({ balance: 3 });
    // B's own SKU goes to B's own default warehouse.
    const mine = await makeSku({}, b);
    expect((await move({ movementType: 'receive', skuId: mine, quantity: 1 }, b)).json().data.warehouseName).toContain('Main warehouse');
    expect((await get(`${API}/warehouse/list`, b)).json().data.total).toBe(1);
  });
});

async function skuCode(id: string): Promise<string> {
  return (await get(`${SKU}/detail?id=${id}`)).json().data.sku as string;
}

async function counts(skuId: string) {
  const db = t.database.db;
  return {
    moves: (await db.select().from(stockMovement).where(eq(stockMovement.skuId, skuId))).length,
    logs: (await db.select().from(stockLog).where(eq(stockLog.skuId, skuId))).length,
    balance: (await db.select().from(stockBalance).where(eq(stockBalance.skuId, skuId)))[0],
  };
}
