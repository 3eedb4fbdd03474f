// Issue 5 probe: the Helio CPU cost of one request with the API log off and on, without concurrency — one server at a
// time, one keep-alive client, 3,000 logged POSTs (error-log uploads) then 3,000 GET user/list, CPU read from /proc.
// Run: node bench/apilog-probe.mjs   (builds the server if stale; PROBE_MODES=off,changes; BENCH_PG_URL=postgres://…)
// Not a *.bench.mjs: run-all.mjs does not run it.
import http from 'node:http';
import { cpuSeconds as cpu, dropPgDatabase, ensureBuilt, freshPgDatabase, machine, signIn, startServer } from './lib.mjs';

ensureBuilt();

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(process.env.PROBE_N ?? 3000);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const call = (base, method, path, headers, body) =>
  new Promise((resolve) => {
    const r = http.request(`${base}${path}`, { method, agent, headers }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    r.on('error', resolve);
    r.end(body);
  });

console.log(`machine: ${machine()}; ${N} requests each`);
for (const mode of (process.env.PROBE_MODES ?? 'off,changes').split(',')) {
  const db = await freshPgDatabase(PG_URL, `helio_probe_${mode}`);
  if (!db) throw new Error(`no PostgreSQL at ${PG_URL}`);
  const s = await startServer({ HELIO_API_LOG: mode, DATABASE_URL: db });
  const h = { ...(await signIn(s.base)), 'content-type': 'application/json' };
  for (let i = 0; i < 300; i++) await call(s.base, 'POST', '/api/blade-log/error/upload', h, '[]'); // warm-up
  await new Promise((r) => setTimeout(r, 1000));
  let c0 = cpu(s.pid);
  for (let i = 0; i < N; i++) await call(s.base, 'POST', '/api/blade-log/error/upload', h, '[]');
  await new Promise((r) => setTimeout(r, 1000)); // the writer's flush counts for the POSTs
  const post = ((cpu(s.pid) - c0) / N) * 1e6;
  c0 = cpu(s.pid);
  for (let i = 0; i < N; i++) await call(s.base, 'GET', '/api/blade-system/user/list?current=1&size=10', h);
  const get = ((cpu(s.pid) - c0) / N) * 1e6;
  console.log(`HELIO_API_LOG=${mode}: POST ${post.toFixed(0)} µs CPU/request, GET user/list ${get.toFixed(0)} µs CPU/request`);
  await s.stop();
  await dropPgDatabase(PG_URL, `helio_probe_${mode}`);
}
agent.destroy();
