// Compares server builds on an authenticated GET user/list under load (20 concurrent clients, PostgreSQL): each build
// in its own server, one at a time, in alternating order, BENCH_RUNS rounds of BENCH_SECONDS each; p50 latency,
// throughput and the server's CPU per request (from /proc). For a before/after of a change: build, copy
// apps/server/dist to apps/server/dist-before, apply the change, build again, then
//   BENCH_BUILDS=dist-before,dist BENCH_SERVER_CPUS=1 taskset -c 0 node bench/list-builds.bench.mjs
// (BENCH_SERVER_CPUS=1 with `taskset -c 0` gives the server a core of its own, away from the load generator.)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { freshPgDatabase, machine, startServer } from './lib.mjs';

const md5 = (s) => createHash('md5').update(s).digest('hex');
const BASIC = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
const builds = (process.env.BENCH_BUILDS ?? 'dist').split(',');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = 20;
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cpuSeconds = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

async function load(url, headers, secs) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const lat = [];
  const end = performance.now() + secs * 1000;
  const one = () =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      http
        .get(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}`));
            lat.push(performance.now() - t0);
            resolve();
          });
        })
        .on('error', reject);
    });
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < end) await one();
  }));
  agent.destroy();
  return lat.sort((a, b) => a - b);
}

const results = Object.fromEntries(builds.map((b) => [b, { lat: [], requests: 0, cpu: 0 }]));
for (let r = 0; r < runs; r++) {
  for (const dist of r % 2 ? [...builds].reverse() : builds) {
    const db = await freshPgDatabase(pgAdminUrl, 'helio_bench_builds');
    if (!db) throw new Error(`no PostgreSQL at ${pgAdminUrl}`);
    const server = await startServer({ DATABASE_URL: db }, { dist });
    try {
      const tokenUrl = `${server.base}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5('Bench-Admin-2026')}&grant_type=password&scope=all`;
      const login = await (await fetch(tokenUrl, { method: 'POST', headers: { authorization: BASIC } })).json();
      const headers = { 'blade-auth': `bearer ${login.access_token}` };
      const url = `${server.base}/api/blade-system/user/list?current=1&size=10`;
      await load(url, headers, 3); // warm-up
      const c0 = cpuSeconds(server.pid);
      const lat = await load(url, headers, seconds);
      results[dist].cpu += cpuSeconds(server.pid) - c0;
      results[dist].requests += lat.length;
      results[dist].lat.push(...lat);
    } finally {
      await server.stop();
    }
  }
}
const fmt = (n) => Math.round(n * 100) / 100;
console.log(`machine: ${machine()}; ${runs} rounds × ${seconds} s per build; ${connections} connections; PostgreSQL`);
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
