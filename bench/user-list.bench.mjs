// Issue 4 benchmark: GET user/list with 100,000 users and a department filter (department + its children), p95 at
// 20 concurrent clients, beside the raw SQL of the same query at the same concurrency; on PGlite and PostgreSQL.
// Run: node bench/user-list.bench.mjs      (builds the server if stale; BENCH_USERS=100000 BENCH_SECONDS=10, quick mode
// 10,000 users and 3 s; BENCH_PG_URL=postgres://…/postgres — without a PostgreSQL there, PGlite only)
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { dropPgDatabase, ensureBuilt, freshPgDatabase, load, loadavg, machine, quick, setting, signIn, startServer, summary } from './lib.mjs';

ensureBuilt();
const USERS = setting('BENCH_USERS', 100_000, 10_000);
const duration = setting('BENCH_SECONDS', 10, 3);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** 100 departments in a two-level tree under the seeded root; users spread over them. */
async function fill(query) {
  const root = (await query(`select id from blade_dept where tenant_id = '000000' and parent_id = 0 limit 1`))[0].id;
  const role = (await query(`select id from blade_role where role_alias = 'administrator' limit 1`))[0].id;
  const depts = [];
  let next = 9_000_000_000_000_000n;
  for (let r = 0; r < 10; r++) {
    const region = String(next++);
    depts.push([region, String(root), `0,${root}`, `Region ${r}`]);
    for (let b = 0; b < 9; b++) depts.push([String(next++), region, `0,${root},${region}`, `Branch ${r}-${b}`]);
  }
  await query(
    `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name, dept_category, sort) values ${depts
      .map((d) => `(${d[0]}, '000000', ${d[1]}, '${d[2]}', '${d[3]}', '${d[3]}', 2, 1)`)
      .join(',')}`,
  );
  const hash = `$argon2id$v=19$m=19456,t=2,p=1$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`;
  const batch = 2000;
  for (let i = 0; i < USERS; i += batch) {
    const users = [];
    const links = [];
    for (let j = i; j < Math.min(USERS, i + batch); j++) {
      const id = String(next++);
      const dept = depts[j % depts.length][0];
      users.push(`(${id}, '000000', 'bench${j}', '${hash}', 'Bench ${j}', 'Bench User ${j}', '${role}', '${dept}', now() - interval '${j} seconds')`);
      links.push(`(${String(next++)}, ${id}, ${dept})`);
    }
    await query(`insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, create_time) values ${users.join(',')}`);
    await query(`insert into blade_user_dept (id, user_id, dept_id) values ${links.join(',')}`);
  }
  await query('analyze');
  return depts[0][0]; // Region 0: itself + 9 branches ≈ 10 % of the users
}

/** The queries user/list runs for `deptId=<region>`: the page (an index walk) and the total (link table). */
const rawSql = (deptId) => {
  const depts = `(select id from blade_dept where is_deleted = 0 and tenant_id = '000000' and (id = ${deptId} or ancestors ilike '%${deptId}%'))`;
  return [
    // The platform administrator's list spans tenants: no tenant condition.
    `select u.* from blade_user u
      where u.is_deleted = 0
        and exists (select 1 from blade_user_dept ud where ud.user_id = u.id and ud.dept_id in ${depts})
      order by u.create_time desc nulls last, u.id desc nulls last limit 10 offset 0`,
    `select count(distinct user_id) from blade_user_dept where dept_id in ${depts}`,
  ];
};

async function rawLoad(query, deptId, connections) {
  const latencies = [];
  const end = Date.now() + duration * 1000;
  const [pageSql, countSql] = rawSql(deptId);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        await Promise.all([query(pageSql), query(countSql)]);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] * 10) / 10;
  return { rps: Math.round(latencies.length / duration), p50: pct(50), p95: pct(95), p99: pct(99) };
}

async function variant(name, env, openDb) {
  // First start migrates and seeds; stop, add 100,000 users, start again.
  let server = await startServer(env);
  const dataDir = server.dataDir;
  await server.stop({ keepData: true });
  const db = await openDb(dataDir);
  const t0 = performance.now();
  const deptId = await fill(db.query);
  const fillMs = Math.round(performance.now() - t0);
  const raw = await rawLoad(db.query, deptId, 20);
  await db.close();
  server = await startServer({ ...env, HELIO_DATA_DIR: dataDir });
  const headers = await signIn(server.base);
  const url = `${server.base}/api/blade-system/user/list?current=1&size=10&deptId=${deptId}`;
  const check = await (await fetch(url, { headers })).json();
  const api = summary(`${name}: GET user/list?deptId (${check.data.total} of ${USERS} users)`, await load({ url, headers, duration, connections: 20 }));
  await server.stop();
  return { fillMs, raw, api };
}

const rows = [];
const pglite = await variant('PGlite', {}, async (dataDir) => {
  const db = await PGlite.create({ dataDir: `${dataDir}/pglite` });
  return { query: async (sql) => (await db.query(sql)).rows, close: () => db.close() };
});
rows.push({ name: 'PGlite: raw SQL, same query, 20 concurrent', ...pglite.raw }, { ...pglite.api, p95: pglite.api.p97_5 });

const pgUrl = await freshPgDatabase(pgAdminUrl, 'helio_bench_users');
let postgres;
if (pgUrl) {
  postgres = await variant('PostgreSQL', { DATABASE_URL: pgUrl }, async () => {
    const pool = new pg.Pool({ connectionString: pgUrl, max: 20 });
    return { query: async (sql) => (await pool.query(sql)).rows, close: () => pool.end() };
  });
  rows.push({ name: 'PostgreSQL: raw SQL, same query, 20 concurrent', ...postgres.raw }, { ...postgres.api, p95: postgres.api.p97_5 });
  await dropPgDatabase(pgAdminUrl, 'helio_bench_users');
} else console.error(`no PostgreSQL at ${pgAdminUrl}: PGlite only`);

console.log(`machine: ${machine()}; load average ${loadavg()}; ${USERS} users; ${duration} s per run; fill ${pglite.fillMs} ms (PGlite)` +
  `${postgres ? `, ${postgres.fillMs} ms (PostgreSQL)` : ''}${quick ? '; QUICK MODE' : ''}`);
console.log('(autocannon reports p97.5, shown in the p95 column for the API rows; raw rows are true p95)');
console.table(rows.map((r) => ({ name: r.name, rps: r.rps, p50: r.p50, p95: r.p95, p99: r.p99 })));
