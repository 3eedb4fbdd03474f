// Issue 18 benchmark: installer orders. Goals: the order list at 100,000 orders with filters p95 ≤ 100 ms; a stage
// transition p95 ≤ 50 ms. On PGlite (default) or on PostgreSQL (DATABASE_URL: a throwaway database whose name contains
// "bench"; the bench creates it afresh, and drops it after unless BENCH_KEEP_DB=1).
// 1. The list: BENCH_ORDERS orders written with SQL (bench/epc-order-seed.mjs: BENCH_COMPANIES agent companies made
//    through the API, every stage, Chinese and Latin customer names, two years of dates, the customer form, the inbox
//    tasks so mine=1 has work), then GET order/page with several filter sets as the platform administrator and as an
//    agent company's rollout manager (company-scoped): p50/p95/p99 of BENCH_REQUESTS sequential requests, beside the
//    raw SQL the route issues (the company look-up for staff, the page's ids, its rows, the count when the page is full, the agent names, the site addresses) sent to the same
//    database — with the server stopped on PGlite (one process owns its files), the same data. The API's total must
//    equal the raw count (the same query).
// 2. Transitions through HTTP, sequential, on orders seeded at their stage: survey date submit (rollout manager,
//    survey_date → designated_person) and the call-out quote pair (delivery manager submits the form for review,
//    finance approves: → survey_date), BENCH_TRANSITIONS orders each; beside the ceiling of a trivial authenticated
//    route of the same module (subStatus/list: the definition, no database) in the same run.
// Run: node bench/epc-order.bench.mjs   (builds the server if stale)
//   BENCH_ORDERS=100000 BENCH_COMPANIES=20 BENCH_REQUESTS=60 BENCH_WARMUP=5 BENCH_TRANSITIONS=200
//   BENCH_DIST=dist (another build folder under apps/server, e.g. a private copy others' builds cannot change mid-run)
//   quick mode: 10,000 orders, 20 requests, 2 warm-up, 30 transitions.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ADMIN_PASSWORD, dropPgDatabase, ensureBuilt, freshPgDatabase, loadavg, machine, percentile, quick, setting, signIn, startServer } from './lib.mjs';
import { customerName, order, seedOrders } from './epc-order-seed.mjs';

ensureBuilt();
const ORDERS = setting('BENCH_ORDERS', 100_000, 10_000);
const COMPANIES = setting('BENCH_COMPANIES', 20, 5);
const REQUESTS = setting('BENCH_REQUESTS', 60, 20);
const WARMUP = setting('BENCH_WARMUP', 5, 2);
const TRANSITIONS = setting('BENCH_TRANSITIONS', 200, 30);
const DIST = process.env.BENCH_DIST || 'dist';
const PW = 'Order2026pw';
const A = '/api/skyworth-agent';
const O = `${A}/order`;
const loadAtStart = loadavg();

// --- the database: PGlite in the server's data dir, or the PostgreSQL of DATABASE_URL --------------------------------
const pgUrl = process.env.DATABASE_URL;
let pgAdmin;
let pgName;
if (pgUrl) {
  const u = new URL(pgUrl);
  pgName = u.pathname.slice(1);
  if (!/bench/.test(pgName) || !/^[a-z0-9_]+$/.test(pgName)) throw new Error(`DATABASE_URL must name a throwaway database whose name contains "bench" (it is dropped and created): ${pgName}`);
  u.pathname = '/postgres';
  pgAdmin = u.toString();
  if (!(await freshPgDatabase(pgAdmin, pgName))) throw new Error(`no PostgreSQL at ${pgAdmin}`);
}
const engine = pgUrl ? 'PostgreSQL' : 'PGlite';
/** A direct connection to the bench database: { query(sql, params) → rows, close }. */
async function openDb(dataDir) {
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    return { query: async (s, p) => (await c.query(s, p)).rows, close: () => c.end() };
  }
  const db = await PGlite.create({ dataDir: `${dataDir}/pglite` });
  return { query: async (s, p) => (await db.query(s, p)).rows, close: () => db.close() };
}
const env = pgUrl ? { DATABASE_URL: pgUrl } : {};
const json = async (r) => {
  const j = await r.json();
  if (j.code !== 200) throw new Error(`${r.url}: ${r.status} ${JSON.stringify(j).slice(0, 300)}`);
  return j.data;
};
const post = (base, headers, path, body) => fetch(`${base}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(json);
const get = (base, headers, path) => fetch(`${base}${path}`, { headers }).then(json);
const stats = (xs) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95), p99: percentile(xs, 99) });

try {
  // --- set-up: companies and staff through the API; then, server stopped, the orders with SQL ------------------------
  const s1 = await startServer(env, { dist: DIST });
  const admin = await signIn(s1.base);
  const companies = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < COMPANIES; i++) {
    const c = await post(s1.base, admin, `${A}/agent/save`, {
      companyName: `Bench Solar ${i} ${stamp}`, agentType: 1, contactName: 'Li Lei', phoneDiallingCode: '+27', phone: '821234567',
      email: `agent${i}@example.com`, adminAccount: `bagt${i}${stamp}`, adminPassword: PW,
    });
    companies.push({ id: c.id, index: i, account: `bagt${i}${stamp}` });
  }
  const bench = companies[0];
  bench.staff = {};
  for (const role of ['rollout_manager', 'delivery_manager']) {
    const account = `b${role.slice(0, 4)}${stamp}`;
    const r = await post(s1.base, admin, `${A}/agent/staff/save`, { agentId: bench.id, account, realName: account, phone: '13800000011', roleAlias: role, password: PW });
    bench.staff[role] = r.id;
    bench[role] = account;
  }
  await s1.stop({ keepData: true });

  let db = await openDb(s1.dataDir);
  const adminId = (await db.query(`SELECT id::text AS id FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'`))[0].id;
  for (const c of companies) c.adminUser = (await db.query('SELECT id::text AS id FROM blade_user WHERE account = $1', [c.account]))[0].id;
  // A platform finance user (the seeded finance role; the administrator's password hash, so the same password).
  const financeAccount = `bfin${stamp}`;
  await db.query(`INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, status)
    SELECT 7740000000000000001, '000000', $1, password, $1, $1, (SELECT id::text FROM blade_role WHERE role_alias = 'finance' AND tenant_id = '000000' AND is_deleted = 0 LIMIT 1), '', 1
    FROM blade_user WHERE id = $2`, [financeAccount, adminId]);
  const t0 = performance.now();
  const now = Date.now();
  const { reserved, tasks } = await seedOrders(db.query, { total: ORDERS, companies, bench, reserve: TRANSITIONS, now });
  const seedSeconds = Math.round((performance.now() - t0) / 1000);

  // --- 1. the list ----------------------------------------------------------------------------------------------------
  const one = order(Math.floor(ORDERS * 0.61), { total: ORDERS, companies, bench, reserve: TRANSITIONS, now });
  const rare = customerName(Math.floor(ORDERS * 0.37)); // a full name, a few hundredths of a per cent of the orders
  const month = `EPC${new Date(now - 200 * 86_400_000).toISOString().slice(2, 7).replace('-', '')}`;
  const [staffUser] = await db.query('SELECT id::text AS id, role_id FROM blade_user WHERE account = $1', [bench.rollout_manager]);
  const deptIds = (await db.query('SELECT dept_id::text AS d FROM blade_user_dept WHERE user_id = $1', [staffUser.id])).map((r) => r.d);
  const cases = [
    ['admin', 'no filter', {}],
    ['admin', 'stage=survey', { stage: 'survey' }],
    ['admin', 'customerName contains 王', { customerName: '王' }],
    ['admin', `customerName = a full name`, { customerName: rare }],
    ['admin', 'orderNumber exact', { orderNumber: one.orderNumber }],
    ['admin', 'orderNumber month prefix', { orderNumber: month }],
    ['admin', 'agentId (one company)', { agentId: companies[1].id }],
    ['admin', 'mine=1 (administrator tasks)', { mine: '1' }],
    ['admin', 'no filter, page 100', { current: '100' }],
    ['staff', 'no filter', {}],
    ['staff', 'stage=survey_date', { stage: 'survey_date' }],
    ['staff', 'customerName contains Dlamini', { customerName: 'Dlamini' }],
    ['staff', 'orderNumber month prefix', { orderNumber: month }],
    ['staff', 'mine=1 (my tasks)', { mine: '1' }],
  ];
  const like = (v) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const explained = new Set();
  /** The SQL OrderReads.page issues for a case (drizzle's, with the same parameters; `*` for its column list), minus the session check. */
  const rawList = async (who, q) => {
    const params = [];
    const where = ['helio_epc_order.is_deleted = 0', "helio_epc_order.process = 'epc_order'"];
    const p = (v) => `$${params.push(v)}`;
    if (who === 'staff') {
      const own = await db.query(`SELECT c.id::text AS id FROM helio_agent_company c
        WHERE c.is_deleted = 0 AND c.dept_id IS NOT NULL AND c.tenant_id = '000000'
          AND c.dept_id IN (SELECT d.id FROM blade_dept d WHERE d.is_deleted = 0 AND (d.id IN (${deptIds.map((d) => `'${d}'`).join(', ')})
                OR d.id IN (SELECT unnest(string_to_array(x.ancestors, ','))::bigint FROM blade_dept x WHERE x.id IN (${deptIds.map((d) => `'${d}'`).join(', ')}) AND x.ancestors ~ '^[0-9,]+$')))`);
      where.push(`helio_epc_order.agent_id IN (${own.map((r) => p(r.id)).join(', ')})`);
    }
    // As numberFilter and the name filter in epc-order.service.ts: a whole number is an equality, a number's start a range
    // of the order-number index as well as the ILIKE; a name without letter case a LIKE.
    if (q.orderNumber) {
      const upper = q.orderNumber.toUpperCase();
      if (/^[A-Za-z]{3}\d{12}$/.test(q.orderNumber)) where.push(`helio_epc_order.order_number = ${p(upper)}`);
      else {
        if (/^[A-Za-z]{3}\d{0,11}$/.test(q.orderNumber)) where.push(`helio_epc_order.order_number BETWEEN ${p(upper)} AND ${p(upper.padEnd(15, '9'))}`);
        where.push(`helio_epc_order.order_number ILIKE ${p(like(q.orderNumber))}`);
      }
    }
    if (q.customerName) {
      const caseless = q.customerName.toLowerCase() === q.customerName.toUpperCase();
      where.push(`helio_epc_order.customer_name ${caseless ? 'LIKE' : 'ILIKE'} ${p(like(q.customerName))}`);
    }
    if (q.stage) where.push(`helio_epc_order.stage = ${p(q.stage)}`);
    if (q.agentId) where.push(`helio_epc_order.agent_id = ${p(q.agentId)}`);
    if (q.mine) {
      const userId = who === 'staff' ? staffUser.id : adminId;
      const keys = [`u:${userId}`, who === 'staff' ? 'g:rollout_manager' : 'g:administrator'];
      const arr = `ARRAY[${keys.map(p).join(', ')}]::text[]`;
      where.push(`(helio_epc_order.id::text IN (SELECT t.ref_id FROM helio_flow_task t WHERE t.kind = ${p('epc')} AND t.status = 'open' AND t.assignee IS NULL AND t.candidates && ${arr})
        OR helio_epc_order.id::text IN (SELECT t.ref_id FROM helio_flow_task t WHERE t.kind = ${p('epc')} AND t.status IN ('open', 'claimed') AND t.assignee IS NOT NULL
          AND (t.assignee = ${p(userId)} OR t.candidates && ${arr})))`);
    }
    const w = where.join(' AND ');
    // The page's ids (index-only), then those rows; the count only for a full page or an empty one past the first.
    const size = 10;
    const offset = size * (Number(q.current ?? 1) - 1);
    const pageSql = `SELECT id::text AS id FROM helio_epc_order WHERE ${w} ORDER BY create_time DESC, id DESC LIMIT ${p(size)} OFFSET ${p(offset)}`;
    // BENCH_EXPLAIN=1: the plans of the page and the count, once per case (what to look at when a figure moves).
    if (process.env.BENCH_EXPLAIN === '1' && !explained.has(JSON.stringify([who, q]))) {
      explained.add(JSON.stringify([who, q]));
      for (const [what, text, args] of [['page', pageSql, params], ['count', `SELECT count(*)::int AS n FROM helio_epc_order WHERE ${w}`, params.slice(0, -2)]]) {
        const plan = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, args);
        console.log(`-- ${who} ${JSON.stringify(q)} ${what}\n${plan.map((r) => r['QUERY PLAN'].replace(/'\{[^}]{200,}\}'/g, "'{…}'")).join('\n')}`);
      }
    }
    const picked = (await db.query(pageSql, params)).map((r) => r.id);
    const rows = picked.length ? await db.query(`SELECT * FROM helio_epc_order WHERE id IN (${picked.map((_, i) => `$${i + 1}`).join(', ')})`, picked) : [];
    params.splice(-2);
    const ended = picked.length < size && (picked.length > 0 || offset === 0);
    const n = ended ? offset + picked.length : (await db.query(`SELECT count(*)::int AS n FROM helio_epc_order WHERE ${w}`, params))[0].n;
    const ids = [...new Set(rows.map((r) => String(r.agent_id)))];
    if (ids.length) await db.query(`SELECT id, company_name FROM helio_agent_company WHERE id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')})`, ids);
    // The site address of each row (its customer form); the processors' names need no query here (no assignees yet).
    const orderIds = rows.map((r) => String(r.id));
    if (orderIds.length) await db.query(`SELECT order_id, data FROM helio_epc_order_form WHERE order_id IN (${orderIds.map((_, i) => `$${i + 1}`).join(', ')}) AND form_key = 'customer'`, orderIds);
    return n;
  };
  const timed = async (fn) => {
    const ms = [];
    let last;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const t = performance.now();
      last = await fn(i);
      if (i >= WARMUP) ms.push(performance.now() - t);
    }
    return { ...stats(ms), last };
  };
  // What autovacuum does to tables this size soon after a bulk load on PostgreSQL (statistics, visibility map); PGlite
  // has no autovacuum, so there it is the best case.
  await db.query('VACUUM ANALYZE');
  if (!pgUrl) await db.close(); // PGlite: one process owns the data dir

  const serve = async () => {
    const srv = await startServer({ ...env, HELIO_DATA_DIR: s1.dataDir }, { dist: DIST });
    const h = {
      admin: await signIn(srv.base),
      staff: await signIn(srv.base, { account: bench.rollout_manager, password: PW }),
      delivery: await signIn(srv.base, { account: bench.delivery_manager, password: PW }),
      finance: await signIn(srv.base, { account: financeAccount, password: ADMIN_PASSWORD }),
    };
    return { srv, h };
  };
  // PostgreSQL: each request followed by its raw SQL (same moment, same load). PGlite: the raw SQL after the server
  // has stopped, on the same data (nothing is written between the two), then the server again for the transitions.
  let { srv: s, h: heads } = await serve();
  const api = [];
  const raw = [];
  for (const [who, , q] of cases) {
    const qs = new URLSearchParams({ size: '10', ...q });
    const ms = [];
    const rawMs = [];
    let total;
    let rawTotal;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      let t = performance.now();
      total = await get(s.base, heads[who], `${O}/page?${qs}`).then((d) => d.total);
      if (i >= WARMUP) ms.push(performance.now() - t);
      if (!pgUrl) continue;
      t = performance.now();
      rawTotal = await rawList(who, q);
      if (i >= WARMUP) rawMs.push(performance.now() - t);
    }
    api.push({ ...stats(ms), last: total });
    if (pgUrl) raw.push({ ...stats(rawMs), last: rawTotal });
  }
  if (!pgUrl) {
    await s.stop({ keepData: true });
    db = await openDb(s1.dataDir);
    for (const [who, , q] of cases) raw.push(await timed(() => rawList(who, q)));
    await db.close();
    ({ srv: s, h: heads } = await serve());
  }
  const listRows = cases.map(([who, name], i) => {
    if (api[i].last !== raw[i].last) throw new Error(`${who} ${name}: the API counts ${api[i].last}, the raw SQL ${raw[i].last} — not the same query`);
    return { as: who === 'admin' ? 'platform admin' : 'agent staff', filter: name, total: api[i].last, 'p50 ms': api[i].p50, 'p95 ms': api[i].p95, 'p99 ms': api[i].p99,
      'raw SQL p50': raw[i].p50, 'raw SQL p95': raw[i].p95, 'p95 ÷ raw': Number((api[i].p95 / raw[i].p95).toFixed(2)), 'goal p95 ≤ 100': api[i].p95 <= 100 ? 'met' : 'MISSED' };
  });

  // --- 2. transitions, sequential --------------------------------------------------------------------------------------
  const ceiling = await timed(() => get(s.base, heads.staff, `${O}/subStatus/list?stage=survey`));
  const step = async (h, path, body) => {
    const t = performance.now();
    const o = await post(s.base, h, `${O}/${path}`, body);
    return { ms: performance.now() - t, o };
  };
  const surveyDate = [];
  for (const r of reserved.surveyDate) {
    const { ms, o } = await step(heads.staff, 'explorationDate/submit', { orderId: r.id, version: r.version, date: '2026-12-01' });
    if (o.stage !== 'designated_person') throw new Error(`survey date: the order went to ${o.stage}`);
    surveyDate.push(ms);
  }
  const submit = [];
  const approve = [];
  const form = { amount: 450, recipient: { name: '王小明', contact: '+27 821234567', address: '1 Main Road, Johannesburg' } };
  for (const r of reserved.callout) {
    const a = await step(heads.delivery, 'calloutQuote/submit', { orderId: r.id, version: r.version, form });
    if (!a.o.inReview) throw new Error('call-out quote: not in review after the submit');
    const b = await step(heads.finance, 'calloutQuote/audit', { orderId: r.id, version: a.o.version, approved: true });
    if (b.o.stage !== 'survey_date') throw new Error(`call-out quote: approved to ${b.o.stage}`);
    submit.push(a.ms);
    approve.push(b.ms);
  }
  const ceiling2 = await timed(() => get(s.base, heads.staff, `${O}/subStatus/list?stage=survey`));
  await s.stop();
  if (pgUrl) await db.close();
  const c95 = Math.max(ceiling.p95, ceiling2.p95);
  const tRow = (name, xs) => {
    const x = stats(xs);
    return { transition: name, n: xs.length, 'p50 ms': x.p50, 'p95 ms': x.p95, 'p99 ms': x.p99, 'p95 ÷ ceiling p95': Number((x.p95 / c95).toFixed(1)), 'goal p95 ≤ 50': x.p95 <= 50 ? 'met' : 'MISSED' };
  };
  const transitionRows = [
    { transition: 'ceiling: GET subStatus/list (before / after)', n: REQUESTS, 'p50 ms': `${ceiling.p50} / ${ceiling2.p50}`, 'p95 ms': `${ceiling.p95} / ${ceiling2.p95}`, 'p99 ms': `${ceiling.p99} / ${ceiling2.p99}` },
    tRow('explorationDate/submit (survey_date → designated_person)', surveyDate),
    tRow('calloutQuote/submit (form, → in review)', submit),
    tRow('calloutQuote/audit approve (→ survey_date)', approve),
  ];

  console.log(JSON.stringify({ bench: 'epc-order', quick, engine, orders: ORDERS, tasks, companies: COMPANIES, seedSeconds, requests: REQUESTS, warmup: WARMUP, transitions: TRANSITIONS, machine: machine(), loadavgAtStart: loadAtStart, loadavgAtEnd: loadavg() }));
  console.log(`\n1. GET order/page at ${ORDERS.toLocaleString('en')} orders (${engine}), ${REQUESTS} sequential requests per filter (ms):`);
  console.table(listRows);
  console.log(`2. Stage transitions through HTTP (${engine}), sequential, one order each (ms):`);
  console.table(transitionRows);
} finally {
  if (pgUrl) await dropPgDatabase(pgAdmin, pgName);
}
