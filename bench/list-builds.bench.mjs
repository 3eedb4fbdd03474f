// Compares server builds on an authenticated GET user/list under load (20 concurrent clients, PostgreSQL): each build
// in its own server, one at a time, in alternating order, BENCH_RUNS rounds of BENCH_SECONDS each; p50 latency,
// throughput and the server's CPU per request (from /proc). For a before/after of a change: build, copy
// apps/server/dist to apps/server/dist-before, apply the change, build again, then
//   BENCH_BUILDS=dist-before,dist BENCH_SERVER_CPUS=1 taskset -c 0 node bench/list-builds.bench.mjs
// (BENCH_SERVER_CPUS=1 with `taskset -c 0` gives the server a core of its own, away from the load generator.)
// Needs PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres). Builds `dist` if stale (not
// the other build folders). Quick mode: one round of 3 s.
import { closedLoop, cpuSeconds, dropPgDatabase, ensureBuilt, freshPgDatabase, loadavg, machine, quick, setting, signIn, startServer } from './lib.mjs';

const builds = (process.env.BENCH_BUILDS ?? 'dist').split(',');
if (builds.includes('dist')) ensureBuilt();
const runs = setting('BENCH_RUNS', 3, 1);
const seconds = setting('BENCH_SECONDS', 15, 3);
const connections = 20;
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const results = Object.fromEntries(builds.map((b) => [b, { lat: [], requests: 0, cpu: 0 }]));
for (let r = 0; r < runs; r++) {
  for (const dist of r % 2 ? [...builds].reverse() : builds) {
    const db = await freshPgDatabase(pgAdminUrl, 'helio_bench_builds');
    if (!db) throw new Error(`no PostgreSQL at ${pgAdminUrl}`);
    const server = await startServer({ DATABASE_URL: db }, { dist });
    try {
      const headers = await signIn(server.base);
      const url = `${server.base}/api/blade-system/user/list?current=1&size=10`;
      await closedLoop(url, headers, quick ? 1 : 3, connections); // warm-up
      const c0 = cpuSeconds(server.pid);
      const { lat, bad, firstBad } = await closedLoop(url, headers, seconds, connections);
      if (bad) throw new Error(`${dist}: ${bad} failed requests (first: ${firstBad})`);
      results[dist].cpu += cpuSeconds(server.pid) - c0;
      results[dist].requests += lat.length;
      results[dist].lat.push(...lat);
    } finally {
      await server.stop();
    }
  }
}
await dropPgDatabase(pgAdminUrl, 'helio_bench_builds');
const fmt = (n) => Math.round(n * 100) / 100;
console.log(`machine: ${machine()}; load average ${loadavg()}; ${runs} rounds × ${seconds} s per build; ${connections} connections; PostgreSQL${quick ? '; QUICK MODE' : ''}`);
console.table(
  builds.map((dist) => {
    const { lat, requests, cpu } = results[dist];
    lat.sort((a, b) => a - b);
    return {
      build: dist,
      'req/s': Math.round(requests / (runs * seconds)),
      p50: fmt(lat[Math.floor(lat.length / 2)]),
      p99: fmt(lat[Math.floor(lat.length * 0.99)]),
      'server CPU µs/req': Math.round((cpu / requests) * 1e6),
    };
  }),
);
