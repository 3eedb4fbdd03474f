/**
 * Tenant probes of the stock routes beyond the engine's generic ones (spread into `probes` of access.test.ts):
 * tenant B's administrator (200002) neither reads nor moves tenant A's (200001) SKUs, balances, movements, change
 * log, serials or materials. Each tenant gets a SKU with a balance, a movement, a log row and a serial, so every
 * list shows B's own row and not A's.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { STOCK_API } from '@helio/contracts/modules/stock/sku.resource';
import { nextId } from '../src/core/ids.js';
import { material, sku, stockBalance, stockLog, stockMovement, stockSerial, warehouse } from '../src/modules/stock/stock.tables.js';
import type { TestApp } from './helper.js';
import { multipart } from './multipart.js';

const A = '200001';
const B = '200002';

interface Side {
  skuId: string;
  sku: string;
  movementId: string;
  serial: string;
  material: string;
}

export function stockProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let seeded: Promise<{ a: Side; b: Side }> | undefined;
  const seedSide = async (tenantId: string): Promise<Side> => {
    const db = app().database.db;
    const ids = { sku: nextId(), wh: nextId(), mv: nextId() };
    const side = { skuId: ids.sku, sku: `S${tenantId}-${ids.sku.slice(-6)}`, movementId: ids.mv, serial: `SN${tenantId}${ids.sku.slice(-6)}`, material: `M${tenantId}-${ids.sku.slice(-6)}` };
    await db.insert(sku).values({ id: ids.sku, tenantId, sku: side.sku, skuName: side.sku, skuType: 1, serialTracked: 1, lowStockThreshold: 5 });
    await db.insert(warehouse).values({ id: ids.wh, tenantId, warehouseName: `W${ids.wh}` });
    await db.insert(stockBalance).values({ id: nextId(), tenantId, warehouseId: ids.wh, skuId: ids.sku, qtyIn: 1, balance: 1 });
    await db.insert(stockMovement).values({ id: ids.mv, tenantId, warehouseId: ids.wh, skuId: ids.sku, movementType: 'receive', quantity: 1, serials: [side.serial] });
    await db.insert(stockLog).values({ id: nextId(), tenantId, movementId: ids.mv, warehouseId: ids.wh, skuId: ids.sku, balanceBefore: 0, balanceAfter: 1, reservedBefore: 0, reservedAfter: 0 });
    await db.insert(stockSerial).values({ id: nextId(), tenantId, serial: side.serial, skuId: ids.sku, warehouseId: ids.wh, status: 'shipped', movementId: ids.mv });
    await db.insert(material).values({ id: nextId(), tenantId, materialName: side.material, unitPrice: '1', quantity: 1, totalValue: '1' });
    return side;
  };
  const seed = () => (seeded ??= (async () => ({ a: await seedSide(A), b: await seedSide(B) }))());
  const req = (method: 'GET' | 'POST', url: string, payload?: object) => app().req({ method, url, headers: headers(), ...(payload ? { payload } : {}) });
  const balanceOf = async (skuId: string) => (await app().database.db.select().from(stockBalance).where(eq(stockBalance.skuId, skuId)))[0];
  const text = (res: { body: string }) => res.body;

  /** A list answer: 200, B's own marker in it, A's not. */
  const list = (url: string, mine: (s: Side) => string) => async () => {
    const { a, b } = await seed();
    const res = await req('GET', url);
    expect(res.statusCode, url).toBe(200);
    expect(text(res)).toContain(mine(b));
    expect(text(res)).not.toContain(mine(a));
  };

  return {
    [`GET ${STOCK_API}/skuBaseInfo/pull-down`]: list(`${STOCK_API}/skuBaseInfo/pull-down`, (s) => s.sku),
    [`GET ${STOCK_API}/stock/list`]: list(`${STOCK_API}/stock/list?size=100`, (s) => s.sku),
    [`GET ${STOCK_API}/skuHistory/page`]: list(`${STOCK_API}/skuHistory/page?size=100`, (s) => s.movementId),
    [`GET ${STOCK_API}/skuStockLog/page`]: list(`${STOCK_API}/skuStockLog/page?size=100`, (s) => s.movementId),
    [`GET ${STOCK_API}/skuSerial/page`]: list(`${STOCK_API}/skuSerial/page?size=100`, (s) => s.serial),
    [`GET ${STOCK_API}/stock/summary`]: async () => {
      const { a, b } = await seed();
      const res = await req('GET', `${STOCK_API}/stock/summary`);
      expect(text(res)).toContain(b.sku);
      expect(text(res)).not.toContain(a.sku);
    },
    [`GET ${STOCK_API}/skuHistory/surplusQuantity`]: async () => {
      const { a } = await seed();
      expect((await req('GET', `${STOCK_API}/skuHistory/surplusQuantity?skuId=${a.skuId}`)).json().data).toMatchObject({ balance: 0, available: 0 });
    },
    [`POST ${STOCK_API}/skuHistory/save`]: async () => {
      const { a } = await seed();
      const before = await balanceOf(a.skuId);
      expect((await req('POST', `${STOCK_API}/skuHistory/save`, { movementType: 'reserve', skuId: a.skuId, quantity: 1 })).statusCode).toBe(400);
      expect(await balanceOf(a.skuId)).toEqual(before);
    },
    [`POST ${STOCK_API}/skuHistory/cancel`]: async () => {
      const { a } = await seed();
      expect((await req('POST', `${STOCK_API}/skuHistory/cancel`, { id: a.movementId })).statusCode).toBe(400);
      const [m] = await app().database.db.select().from(stockMovement).where(eq(stockMovement.id, a.movementId));
      expect(m!.cancelled).toBe(0);
    },
    [`POST ${STOCK_API}/skuSerial/status`]: async () => {
      const { a } = await seed();
      expect((await req('POST', `${STOCK_API}/skuSerial/status`, { serial: a.serial, status: 'installed' })).statusCode).toBe(400);
      const [s] = await app().database.db.select().from(stockSerial).where(eq(stockSerial.serial, a.serial));
      expect(s!.status).toBe('shipped');
    },
    [`POST ${STOCK_API}/skuBaseInfo/page/:size/:current`]: async () => {
      const { a, b } = await seed();
      const res = await req('POST', `${STOCK_API}/skuBaseInfo/page/100/1`, {});
      expect(res.statusCode).toBe(200);
      expect(text(res)).toContain(b.sku);
      expect(text(res)).not.toContain(a.sku);
    },
    ...Object.fromEntries(
      (['skuBaseInfo', 'warehouse', 'material'] as const).flatMap((res) =>
        ['save', 'update'].map((verb) => [
          `POST ${STOCK_API}/${res}/${verb}`,
          async () => {
            const { a } = await seed();
            const [before] = await app().database.db.select().from(sku).where(eq(sku.id, a.skuId));
            const r = await req('POST', `${STOCK_API}/${res}/${verb}`, { id: a.skuId, tenantId: A, sku: 'X', skuName: 'X', skuType: 1, warehouseName: 'X', materialName: 'X' });
            if (verb === 'update') expect(r.statusCode).toBe(400);
            const [after] = await app().database.db.select().from(sku).where(eq(sku.id, a.skuId));
            expect(after).toEqual(before);
          },
        ]),
      ),
    ),
    [`GET ${STOCK_API}/material/export`]: async () => {
      const { a, b } = await seed();
      const res = await req('GET', `${STOCK_API}/material/export`);
      expect(res.statusCode).toBe(200);
      const ExcelJS = (await import('exceljs')).default;
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      wb.worksheets[0]!.eachRow((row) => cells.push(...(row.values as unknown[]).map(String)));
      expect(cells).toContain(b.material);
      expect(cells).not.toContain(a.material);
    },
    [`GET ${STOCK_API}/material/import-template`]: async () => {
      expect((await req('GET', `${STOCK_API}/material/import-template`)).statusCode).toBe(200);
    },
    [`POST ${STOCK_API}/material/import`]: async () => {
      const { a } = await seed();
      const ExcelJS = (await import('exceljs')).default;
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('s');
      ws.addRow(['物料名称', '数量']);
      ws.addRow([a.material, 99]);
      const body = multipart([{ filename: 'm.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) }]);
      await app().req({ method: 'POST', url: `${STOCK_API}/material/import?isCovered=1`, headers: { ...headers(), ...body.headers }, payload: body.payload });
      const [row] = await app().database.db.select().from(material).where(eq(material.materialName, a.material));
      expect(row!.quantity).toBe(1);
    },
  };
}
