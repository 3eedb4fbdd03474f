/**
 * The stock ledger's harder rules (issue 17): serial numbers of serial-tracked SKUs (received against the factory
 * lists, count = quantity, unknown or duplicate refused naming the serial, status through reserve, issue, install,
 * return), cancels by a reversing entry (never editing history; once; not when it would go negative), concurrent
 * issues of the last unit (exactly one wins), and materials with their total value and Excel import/export.
 */
import { describe, expect, it } from 'vitest';
import { API, MOVE, en, factorySerials, get, h, makeSku, move, movements, post, surplus, t, useStockApp } from './stock-fixtures.js';
import { readXlsx, xlsx } from './factory-fixtures.js';
import { multipart } from './multipart.js';

useStockApp();

const serialsOf = async (skuId: string) => (await get(`${API}/skuSerial/page?skuId=${skuId}&size=100`)).json().data.records as { serial: string; status: string; orderRef: string | null }[];
const statusOf = async (skuId: string) => Object.fromEntries((await serialsOf(skuId)).map((s) => [s.serial, s.status]));

describe('serial numbers', () => {
  it('a serial-tracked receipt names every unit, each in the factory lists and new; refusals name the serial', async () => {
    const skuId = await makeSku({ skuType: 1, serialTracked: 1 });
    const [a, b, c] = await factorySerials(3);
    const enH = { ...h, ...en };
    expect((await move({ movementType: 'receive', skuId, quantity: 2 }, enH)).json().msg).toBe('Serial number: give exactly 2 serial numbers (0 given)');
    expect((await move({ movementType: 'receive', skuId, quantity: 2, serials: [a, 'NOPE-0001'] }, enH)).json().msg).toBe(
      'Serial number does not exist in the factory lists: NOPE-0001',
    );
    expect((await move({ movementType: 'receive', skuId, quantity: 2, serials: [a, a] }, enH)).json().msg).toContain(a);
    expect((await move({ movementType: 'receive', skuId, quantity: 1, serials: ['bad sn!'] }, enH)).json().msg).toBe('Serial number has an invalid format: bad sn!');
    expect(await surplus(skuId)).toMatchObject({ balance: 0 });
    expect((await move({ movementType: 'receive', skuId, quantity: 2, serials: [a, b] })).json().code).toBe(200);
    const again = await move({ movementType: 'receive', skuId, quantity: 2, serials: [c, b] }, enH);
    expect(again.json().msg).toBe(`Serial number already exists: ${b}`);
    expect(await surplus(skuId)).toMatchObject({ balance: 2 });
    expect(await statusOf(skuId)).toEqual({ [a!]: 'in_stock', [b!]: 'in_stock' });
    // A plain SKU takes no serials.
    const plain = await makeSku();
    expect((await move({ movementType: 'receive', skuId: plain, quantity: 1, serials: [c] }, enH)).json().msg).toBe('Serial number: this SKU is not serial-tracked');
    expect((await move({ movementType: 'adjust', skuId, quantity: 1, reason: 'x' })).statusCode).toBe(400);
  });

  it('reserve for an order, issue from the reservation, install at a station, return (RMA)', async () => {
    const skuId = await makeSku({ skuType: 2, serialTracked: 1 });
    const [a, b] = await factorySerials(2);
    await move({ movementType: 'receive', skuId, quantity: 2, serials: [a, b] });
    expect((await move({ movementType: 'reserve', skuId, quantity: 1, serials: [a], reference: 'ORD-9' })).json().code).toBe(200);
    expect((await serialsOf(skuId)).find((s) => s.serial === a)).toMatchObject({ status: 'reserved', orderRef: 'ORD-9' });
    // Issuing from what is available cannot take a reserved serial.
    const wrong = await move({ movementType: 'issue', skuId, quantity: 1, serials: [a] }, { ...h, ...en });
    expect(wrong.json().msg).toBe(`Serial number is not in stock in this warehouse: ${a}`);
    expect((await move({ movementType: 'issue', skuId, quantity: 1, serials: [a], fromReserved: true, reference: 'ORD-9' })).json().code).toBe(200);
    expect(await statusOf(skuId)).toEqual({ [a!]: 'shipped', [b!]: 'in_stock' });
    expect(await surplus(skuId)).toMatchObject({ balance: 1, reserved: 0, available: 1 });
    expect((await post(`${API}/skuSerial/status`, { serial: a, status: 'installed', plantId: '123' })).json().data).toMatchObject({ status: 'installed', plantId: '123' });
    expect((await post(`${API}/skuSerial/status`, { serial: b, status: 'installed' })).statusCode).toBe(400);
    expect((await post(`${API}/skuSerial/status`, { serial: a, status: 'returned' })).json().data.status).toBe('returned');
    expect((await post(`${API}/skuSerial/status`, { serial: 'UNKNOWN1', status: 'returned' })).statusCode).toBe(400);
    expect((await get(`${MOVE}/page?serial=${a}`)).json().data.total).toBe(3);
  });
});

describe('cancel by a reversing entry', () => {
  it('reverses the counters and serials, marks and links the original, once; a cancel cannot be cancelled', async () => {
    const skuId = await makeSku({ skuType: 1, serialTracked: 1 });
    const [a, b] = await factorySerials(2);
    const recv = (await move({ movementType: 'receive', skuId, quantity: 2, serials: [a, b] })).json().data;
    const issue = (await move({ movementType: 'issue', skuId, quantity: 1, serials: [a], reference: 'SHP-1' })).json().data;
    const rev = await post(`${MOVE}/cancel`, { id: issue.id, reason: 'wrong unit' });
    expect(rev.json().data).toMatchObject({ movementType: 'cancel', quantity: 1, reversalOf: issue.id, serials: [a], reason: 'wrong unit', reference: 'SHP-1' });
    const list = (await movements(skuId)).records as { id: string; cancelled: boolean; reversedBy: string | null; quantity: number }[];
    expect(list).toHaveLength(3);
    expect(list.find((m) => m.id === issue.id)).toMatchObject({ cancelled: true, reversedBy: rev.json().data.id, quantity: 1 });
    expect(await surplus(skuId)).toMatchObject({ balance: 2, available: 2 });
    expect(await statusOf(skuId)).toEqual({ [a!]: 'in_stock', [b!]: 'in_stock' });
    const twice = await post(`${MOVE}/cancel`, { id: issue.id }, { ...h, ...en });
    expect(twice.json().msg).toBe('This movement has already been cancelled');
    expect((await post(`${MOVE}/cancel`, { id: rev.json().data.id }, { ...h, ...en })).json().msg).toBe('A cancelling entry cannot itself be cancelled');
    // Cancelling the receipt takes both serials out of stock again.
    expect((await post(`${MOVE}/cancel`, { id: recv.id })).json().code).toBe(200);
    expect(await surplus(skuId)).toMatchObject({ balance: 0 });
    expect(await serialsOf(skuId)).toEqual([]);
    const log = (await get(`${API}/skuStockLog/page?skuId=${skuId}`)).json().data.records;
    expect(log[0]).toMatchObject({ movementType: 'cancel', balanceBefore: 2, balanceAfter: 0 });
  });

  it('refuses a cancel that would take stock below zero (a receipt already issued)', async () => {
    const skuId = await makeSku();
    const recv = (await move({ movementType: 'receive', skuId, quantity: 5 })).json().data;
    await move({ movementType: 'issue', skuId, quantity: 4 });
    const res = await post(`${MOVE}/cancel`, { id: recv.id }, { ...h, ...en });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Cancelling would take the stock below zero (available 1, reserved 0)');
    expect((await movements(skuId)).records.every((m: { cancelled: boolean }) => !m.cancelled)).toBe(true);
    expect((await post(`${MOVE}/cancel`, { id: '1' })).statusCode).toBe(400);
  });
});

describe('concurrency', () => {
  it('of ten parallel issues of the last unit exactly one succeeds', async () => {
    const skuId = await makeSku();
    await move({ movementType: 'receive', skuId, quantity: 1 });
    const results = await Promise.all(Array.from({ length: 10 }, () => move({ movementType: 'issue', skuId, quantity: 1 })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(9);
    expect(await surplus(skuId)).toMatchObject({ balance: 0, available: 0 });
    expect((await movements(skuId)).total).toBe(2);
  });

  it('parallel receipts and issues keep the balance equal to the ledger', async () => {
    const skuId = await makeSku();
    await move({ movementType: 'receive', skuId, quantity: 5 });
    const ops = Array.from({ length: 16 }, (_, i) => move({ movementType: i % 2 ? 'issue' : 'receive', skuId, quantity: i % 2 ? 2 : 1 }));
    const done = await Promise.all(ops);
    const ok = (type: string) => done.filter((r, i) => r.statusCode === 200 && (i % 2 ? 'issue' : 'receive') === type).length;
    expect(await surplus(skuId)).toMatchObject({ balance: 5 + ok('receive') - 2 * ok('issue') });
  });
});

describe('materials', () => {
  const MAT = `${API}/material`;
  it('total value is unit price × quantity (exact); negative or over-precise values are refused', async () => {
    const res = await post(`${MAT}/save`, { materialName: `Cable ${Date.now()}`, sku: 'CBL-1', materialType: 5, unitPrice: '0.333', quantity: 3 });
    expect(res.json().code).toBe(200);
    const d = (await get(`${MAT}/detail?id=${res.json().data.id}`)).json().data;
    expect(Number(d.totalValue)).toBe(0.999);
    expect((await post(`${MAT}/submit`, { id: d.id, quantity: 10 })).json().code).toBe(200);
    expect(Number((await get(`${MAT}/detail?id=${d.id}`)).json().data.totalValue)).toBe(3.33);
    expect((await post(`${MAT}/save`, { materialName: 'neg', quantity: -1 }, { ...h, ...en })).json().msg).toBe('Quantity is out of the allowed range');
    expect((await post(`${MAT}/save`, { materialName: 'dec', unitPrice: '1.0001' }, { ...h, ...en })).json().msg).toBe('Unit price has an invalid format');
  });

  it('Excel: export, and an import with row-level errors imports nothing', async () => {
    const name = `Breaker ${Date.now()}`;
    await post(`${MAT}/save`, { materialName: name, unitPrice: '12', quantity: 2 });
    const exp = await get(`${MAT}/export?materialName=${encodeURIComponent(name)}`);
    expect(exp.statusCode).toBe(200);
    const rows = await readXlsx(exp.rawPayload);
    expect(rows.some((r) => r.includes(name))).toBe(true);
    const tpl = await readXlsx((await get(`${MAT}/import-template`, { ...h, ...en })).rawPayload);
    const header = tpl[0]!;
    const row = (vals: Record<string, string | number>) => header.map((hd) => vals[hd] ?? null);
    const file = await xlsx([header, row({ 'Material name': `Imp ${Date.now()}`, 'Unit price': '1.5', Quantity: 4 }), row({ 'Material name': 'Bad', 'Unit price': '-2', Quantity: 1 })]);
    const body = multipart([{ filename: 'm.xlsx', content: file }]);
    const bad = await t.req({ method: 'POST', url: `${MAT}/import`, payload: body.payload, headers: { ...h, ...en, ...body.headers } });
    expect(bad.json()).toMatchObject({ code: 400, success: false, data: { imported: 0 } });
    expect(bad.json().data.errors).toEqual([{ row: 3, column: 'unitPrice', reason: 'Unit price has an invalid format' }]);
    expect((await get(`${MAT}/list?materialName=Imp`)).json().data.total).toBe(0);
  });
});
