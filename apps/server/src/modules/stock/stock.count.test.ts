/**
 * The page total of the long stock lists (stock.count.ts) on a real database: exact up to the cap, the planner's
 * estimate for the same conditions beyond it (never below the cap or what the caller has paged through), and no
 * count at all for a last page. The cap is small here; the lists use COUNT_CAP.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helper.js';
import { estimateRows, pageTotal } from './stock.count.js';

let database: Awaited<ReturnType<typeof testDatabase>>;
const FROM = sql`helio_stock_movement m`;
const tenant = (id: string) => sql`m.tenant_id = ${id}`;
const page = (offset: number, size: number, rows: number) => ({ offset, size, rows });

beforeAll(async () => {
  database = await testDatabase();
  // 600 movements of tenant 800001 (one SKU of two for every third), 5 of tenant 800002.
  await database.rows(sql`INSERT INTO helio_stock_movement (id, tenant_id, warehouse_id, sku_id, movement_type, quantity, create_time)
    SELECT 7620000000000000000 + g, '800001', 7610000000000000001, 7600000000000000001 + (g % 3 = 0)::int, 'receive', 1, now() - make_interval(secs => g)
    FROM generate_series(1, 600) g`);
  await database.rows(sql`INSERT INTO helio_stock_movement (id, tenant_id, warehouse_id, sku_id, movement_type, quantity, create_time)
    SELECT 7630000000000000000 + g, '800002', 7610000000000000002, 7600000000000000003, 'issue', 1, now() FROM generate_series(1, 5) g`);
  await database.rows(sql`ANALYZE helio_stock_movement`);
});
afterAll(async () => database?.drop());

describe('the page total of a long list', () => {
  it('counts exactly up to the cap, within the tenant and the filters', async () => {
    expect(await pageTotal(database.db, FROM, tenant('800001'), page(0, 10, 10))).toBe(600);
    expect(await pageTotal(database.db, FROM, tenant('800002'), page(0, 10, 5))).toBe(5);
    expect(await pageTotal(database.db, FROM, sql`${tenant('800001')} AND m.sku_id = 7600000000000000002`, page(0, 10, 10), 200)).toBe(200);
    expect(await pageTotal(database.db, FROM, sql`${tenant('800001')} AND m.sku_id = 7600000000000000002`, page(0, 10, 10), 199)).toBeGreaterThan(199);
    expect(await pageTotal(database.db, FROM, tenant('800003'), page(0, 10, 0))).toBe(0);
    // Paged past the end: the exact count still.
    expect(await pageTotal(database.db, FROM, tenant('800002'), page(20, 10, 0))).toBe(5);
  });

  it('a page that is not full ends the list: its total without a count', async () => {
    expect(await pageTotal(database.db, FROM, tenant('800001'), page(590, 20, 10), 100)).toBe(600);
  });

  it('beyond the cap: the estimate for the same conditions, at least the cap and what was paged through', async () => {
    const estimate = await estimateRows(database.db, FROM, tenant('800001'));
    expect(estimate).toBeGreaterThan(0);
    // The planner's figure after ANALYZE: the tenant's 600 rows, not the table's 605 (give or take its statistics).
    expect(estimate).toBeGreaterThanOrEqual(500);
    expect(estimate).toBeLessThanOrEqual(700);
    const total = await pageTotal(database.db, FROM, tenant('800001'), page(0, 10, 10), 50);
    expect(total).toBe(Math.max(51, estimate));
    // A caller deep in the list (a full page at offset 2,000) always has a next page.
    expect(await pageTotal(database.db, FROM, tenant('800001'), page(2000, 10, 10), 50)).toBe(Math.max(2011, estimate));
  });
});
