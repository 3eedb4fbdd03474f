// Issue 2 benchmark: authenticated user/list and the token endpoint under load (autocannon, 20 connections),
// each beside a Fastify hello-world route measured in the same run; on embedded PGlite and on PostgreSQL.
// Run: node bench/auth.bench.mjs      (builds the server if stale; BENCH_SECONDS=10 (quick: 3), BENCH_PG_URL=postgres://…/postgres)
import Fastify from 'fastify';
import { dropPgDatabase, ensureBuilt, freshPgDatabase, load, loadavg, machine, quick, setting, signIn, startServer, summary, tokenUrl, WEB_BASIC } from './lib.mjs';

ensureBuilt();
const duration = setting('BENCH_SECONDS', 10, 3);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const hello = Fastify({ logger: false });
hello.get('/hello', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });
const helloUrl = `http://127.0.0.1:${hello.server.address().port}/hello`;
const helloRun = async () => summary('hello world (Fastify)', await load({ url: helloUrl, duration }));

const rows = [];
const variants = [['PGlite', {}]];
const pgUrl = await freshPgDatabase(pgAdminUrl, 'helio_bench');
if (pgUrl) variants.push(['PostgreSQL', { DATABASE_URL: pgUrl }]);

for (const [dbName, env] of variants) {
  const server = await startServer(env);
  try {
    const auth = await signIn(server.base);
    const h1 = await helloRun();
    const list = summary(`${dbName}: GET user/list (authenticated)`, await load({ url: `${server.base}/api/blade-system/user/list?current=1&size=10`, headers: auth, duration }));
    const h2 = await helloRun();
    const token = summary(
      `${dbName}: POST oauth/token (password grant, argon2id)`,
      await load({ url: tokenUrl(server.base), method: 'POST', headers: { authorization: WEB_BASIC }, duration, connections: 10 }),
    );
    const helloRps = (h1.rps + h2.rps) / 2;
    rows.push({ ...h1, name: `${dbName}: hello world before` }, { ...list, ratio: (list.rps / helloRps).toFixed(4) });
    rows.push({ ...h2, name: `${dbName}: hello world after` }, { ...token, ratio: (token.rps / helloRps).toFixed(4) });
  } finally {
    await server.stop();
  }
}
await hello.close();
if (pgUrl) await dropPgDatabase(pgAdminUrl, 'helio_bench');
console.log(`machine: ${machine()}; load average ${loadavg()}; ${duration} s per run${quick ? '; QUICK MODE' : ''}`);
console.table(rows);
