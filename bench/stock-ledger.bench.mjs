// Issue 17 benchmark: the stock ledger at 1 M movements (BENCH_MOVEMENTS) on PostgreSQL (BENCH_PG_URL): the movement
// list (skuHistory/page: newest first, and filtered by SKU) and the balances (stock/list, stock/summary, the surplus of
// one SKU), p50/p95 of sequential requests, beside the raw SQL of the same reads sent with node-postgres. Movements,
// their change-log rows and the balances are inserted with SQL (200 SKUs, 2 warehouses, platform tenant); the server
// is then started on that database. The two ledger lists count their total up to 10,000 rows and take the planner's
// estimate beyond (stock.count.ts); their raw SQL is the same page + capped count + EXPLAIN, and a second column
// times the page with a full count(*) (what the lists did before).
// Run: node bench/stock-ledger.bench.mjs   (builds the server if stale)
//   BENCH_MOVEMENTS=1000000 BENCH_REQUESTS=60 BENCH_WARMUP=5 BENCH_DIST=dist (another build folder under apps/server);
//   quick mode: 50,000 movements, 20 requests.
import pg from 'pg';
import { dropPgDatabase, ensureBuilt, freshPgDatabase, loadavg, machine, quick, setting, signIn, startServer, timedRuns } from './lib.mjs';

ensureBuilt();
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MOVEMENTS = setting('BENCH_MOVEMENTS', 1_000_000, 50_000);
const REQUESTS = setting('BENCH_REQUESTS', 60, 20);
const WARMUP = setting('BENCH_WARMUP', 5, 2);
const DB = 'helio_stock_bench';
const SKUS = 200;
const DIST = process.env.BENCH_DIST || 'dist';
/** stock.count.ts COUNT_CAP. */
const CAP = 10_000;

const url = await freshPgDatabase(PG_URL, DB);
if (!url) throw new Error(`no PostgreSQL at ${PG_URL}`);
const c = new pg.Client({ connectionString: url });
await c.connect();
try {
  // First start: migrations and the seed; then the data, with the server stopped.
  const s1 = await startServer({ DATABASE_URL: url }, { dist: DIST });
  await s1.stop({ keepData: true });
  const SKU0 = 7500000000000000000n;
  const WH0 = 7510000000000000000n;
  await c.query(`INSERT INTO helio_warehouse (id, tenant_id, warehouse_name, is_default) VALUES (${WH0 + 1n}, '000000', 'Bench A', 1), (${WH0 + 2n}, '000000', 'Bench B', 0)`);
  await c.query(`INSERT INTO helio_sku (id, tenant_id, sku, sku_name, sku_type, unit_price, low_stock_threshold)
    SELECT ${SKU0} + g, '000000', 'BENCH-' || g, 'Bench SKU ' || g, 1 + g % 8, (g % 97) + 0.5, 10 FROM generate_series(1, ${SKUS}) g`);
  const t0 = performance.now();
  await c.query(
    `INSERT INTO helio_stock_movement (id, tenant_id, warehouse_id, sku_id, movement_type, quantity, reference, create_user, create_time)
     SELECT 7520000000000000000 + g, '000000', ${WH0} + 1 + g % 2, ${SKU0} + 1 + g % ${SKUS}, CASE WHEN g % 3 = 0 THEN 'issue' ELSE 'receive' END, 1,
       'REF-' || (g % 5000), 1123598821738675201, now() - make_interval(secs => $1 - g)
     FROM generate_series(1, $1) g`,
    [MOVEMENTS],
  );
  await c.query(
    `INSERT INTO helio_stock_log (id, tenant_id, movement_id, warehouse_id, sku_id, balance_before, balance_after, reserved_before, reserved_after, create_time)
     SELECT 7530000000000000000 + g, '000000', 7520000000000000000 + g, ${WH0} + 1 + g % 2, ${SKU0} + 1 + g % ${SKUS}, 0, 1, 0, 0, now() - make_interval(secs => $1 - g)
     FROM generate_series(1, $1) g`,
    [MOVEMENTS],
  );
  await c.query(`INSERT INTO helio_stock_balance (id, tenant_id, warehouse_id, sku_id, qty_in, qty_out, balance)
    SELECT 7540000000000000000 + row_number() OVER (), '000000', warehouse_id, sku_id,
      count(*) FILTER (WHERE movement_type = 'receive'), count(*) FILTER (WHERE movement_type = 'issue'),
      count(*) FILTER (WHERE movement_type = 'receive') - count(*) FILTER (WHERE movement_type = 'issue')
    FROM helio_stock_movement GROUP BY warehouse_id, sku_id`);
  // What autovacuum does to a table this size soon after: statistics, and the visibility map the index-only counts use.
  await c.query('VACUUM ANALYZE');
  const loadMs = Math.round(performance.now() - t0);

  const s = await startServer({ DATABASE_URL: url, HELIO_DATA_DIR: s1.dataDir }, { dist: DIST });
  const headers = await signIn(s.base);
  const api = (path) => async () => {
    const r = await (await fetch(`${s.base}/api/skyworth-agent/${path}`, { headers })).json();
    if (r.code !== 200) throw new Error(`${path}: ${r.msg}`);
  };
  const sku = (i) => `${SKU0 + 1n + BigInt(i % SKUS)}`;
  const rows = [];
  // Each variant is warmed up (WARMUP untimed calls) before it is timed, so none pays for the others' cold cache.
  const timed = async (fn) => {
    for (let i = 0; i < WARMUP; i++) await fn(i);
    return timedRuns(REQUESTS, fn);
  };
  const row = async (name, http, sql, full) =>
    rows.push({ name, ...(await timed(http)), sql: (await timed(sql)).p95, full: full ? (await timed(full)).p95 : undefined });
  /** The service's total (stock.count.ts): count up to the cap; past it, the planner's estimate. */
  const capped = async (from, where, params = []) => {
    const r = await c.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${CAP + 1}) x`, params);
    if (r.rows[0].n > CAP) await c.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${where}`, params);
  };
  const MOVE_PAGE = `SELECT m.*, k.sku, k.sku_name, w.warehouse_name, COALESCE(u.real_name, u.account) FROM helio_stock_movement m LEFT JOIN helio_sku k ON k.id = m.sku_id
    LEFT JOIN helio_warehouse w ON w.id = m.warehouse_id LEFT JOIN blade_user u ON u.id = m.create_user`;
  const LOG_PAGE = `SELECT l.*, m.movement_type, k.sku, k.sku_name, w.warehouse_name, COALESCE(u.real_name, u.account) FROM helio_stock_log l
    LEFT JOIN helio_stock_movement m ON m.id = l.movement_id LEFT JOIN helio_sku k ON k.id = l.sku_id LEFT JOIN helio_warehouse w ON w.id = l.warehouse_id
    LEFT JOIN blade_user u ON u.id = l.create_user`;
  await row('skuHistory/page (newest 10)', api('skuHistory/page?size=10'),
    () => c.query(`${MOVE_PAGE} WHERE TRUE ORDER BY m.create_time DESC, m.id DESC LIMIT 10`).then(() => capped('helio_stock_movement m', 'TRUE')),
    () => c.query(`${MOVE_PAGE} WHERE TRUE ORDER BY m.create_time DESC, m.id DESC LIMIT 10`).then(() => c.query('SELECT count(*) FROM helio_stock_movement')));
  await row('skuHistory/page?skuId (one SKU)', (i) => api(`skuHistory/page?size=10&skuId=${sku(i)}`)(),
    (i) => c.query(`${MOVE_PAGE} WHERE m.sku_id = $1 ORDER BY m.create_time DESC, m.id DESC LIMIT 10`, [sku(i)]).then(() => capped('helio_stock_movement m', 'm.sku_id = $1', [sku(i)])),
    (i) => c.query(`${MOVE_PAGE} WHERE m.sku_id = $1 ORDER BY m.create_time DESC, m.id DESC LIMIT 10`, [sku(i)]).then(() => c.query('SELECT count(*) FROM helio_stock_movement WHERE sku_id = $1', [sku(i)])));
  await row('skuHistory/page?movementType=issue, page 50', api('skuHistory/page?size=10&current=50&movementType=issue'),
    () => c.query(`${MOVE_PAGE} WHERE m.movement_type = $1 ORDER BY m.create_time DESC, m.id DESC LIMIT 10 OFFSET 490`, ['issue']).then(() => capped('helio_stock_movement m', 'm.movement_type = $1', ['issue'])),
    () => c.query(`${MOVE_PAGE} WHERE m.movement_type = $1 ORDER BY m.create_time DESC, m.id DESC LIMIT 10 OFFSET 490`, ['issue']).then(() => c.query('SELECT count(*) FROM helio_stock_movement WHERE movement_type = $1', ['issue'])));
  await row('skuStockLog/page (newest 10)', api('skuStockLog/page?size=10'),
    () => c.query(`${LOG_PAGE} WHERE TRUE ORDER BY l.create_time DESC, l.id DESC LIMIT 10`).then(() => capped('helio_stock_log l', 'TRUE')),
    () => c.query(`${LOG_PAGE} WHERE TRUE ORDER BY l.create_time DESC, l.id DESC LIMIT 10`).then(() => c.query('SELECT count(*) FROM helio_stock_log')));
  // What a Blade client's pager gets: the list's total (estimated past the cap) beside the real count.
  const totals = {};
  for (const [k, path, real] of [
    ['movements', 'skuHistory/page?size=10', 'SELECT count(*)::int AS n FROM helio_stock_movement'],
    ['movements of one SKU', `skuHistory/page?size=10&skuId=${sku(0)}`, `SELECT count(*)::int AS n FROM helio_stock_movement WHERE sku_id = ${sku(0)}`],
    ['change log', 'skuStockLog/page?size=10', 'SELECT count(*)::int AS n FROM helio_stock_log'],
  ]) {
    const d = (await (await fetch(`${s.base}/api/skyworth-agent/${path}`, { headers })).json()).data;
    totals[k] = { total: d.total, pages: d.pages, 'real count': (await c.query(real)).rows[0].n };
  }
  await row('stock/list (balances, page of 10)', api('stock/list?size=10'), () =>
    c.query(`SELECT k.id, SUM(b.balance), SUM(b.reserved) FROM helio_sku k LEFT JOIN helio_stock_balance b ON b.sku_id = k.id WHERE k.is_deleted = 0 GROUP BY k.id ORDER BY k.sku LIMIT 10`));
  await row('stock/summary (valuation, low stock)', api('stock/summary'), () =>
    c.query('SELECT SUM(b.balance * k.unit_price) FROM helio_stock_balance b JOIN helio_sku k ON k.id = b.sku_id'));
  await row('skuHistory/surplusQuantity', (i) => api(`skuHistory/surplusQuantity?skuId=${sku(i)}`)(), (i) =>
    c.query('SELECT SUM(balance), SUM(reserved) FROM helio_stock_balance WHERE sku_id = $1', [sku(i)]));
  await s.stop();
  console.log(JSON.stringify({ bench: 'stock-ledger', quick, movements: MOVEMENTS, loadMs, requests: REQUESTS, machine: machine(), loadavg: loadavg() }));
  console.table(rows.map((r) => ({ route: r.name, 'p50 ms': r.p50, 'p95 ms': r.p95, 'raw SQL p95 ms': r.sql, 'p95 ÷ raw SQL': Number((r.p95 / r.sql).toFixed(2)), 'raw SQL with a full count(*) p95 ms': r.full ?? '' })));
  console.table(totals);
} finally {
  await c.end();
  await dropPgDatabase(PG_URL, DB);
}
