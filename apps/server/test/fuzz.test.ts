/**
 * The standing fuzz: every route of the app, with requests generated (fast-check) from its OpenAPI declaration plus
 * hostile mutations, never answers 5xx. Bad input is a 400 with a message; a server error is a defect.
 *
 * - Routes come from the route table (`t.routes`), their parameters and bodies from `app.swagger()`: a new route
 *   joins automatically. Routes hidden from the document (the docs UI, the default avatar) are fuzzed with the
 *   field names their siblings use.
 * - Each case draws: declared parameters and body fields (plausible, name-guided — ids from real list responses,
 *   dates, paging — or hostile: 65-bit ids, integers beyond 32 bits, NUL, 5000-character text, non-numbers,
 *   impossible dates, arrays and objects for scalars, huge `current`, negative `size`), unknown keys, list-filter
 *   suffixes (`status_ge`, `createTime_datege` …), broken percent-encodings, a JSON / form / multipart / text / XML /
 *   broken-JSON body, and a caller: the fuzz administrator (most cases), a limited user, no token, a forged token.
 * - Side effects are allowed and undone, not avoided: the callers are dedicated users (`fuzz/actors.ts`) restored
 *   and signed in again through the token service every 20 routes and whenever a case answers 401 (or 403 to the
 *   administrator) — after a logout, a password change, clear-cache, deleting or disabling themselves, a package on
 *   the platform tenant — and the case is retried; storage/SMS/data-source rows are pointed at a refused loopback
 *   address after every write, and any connection to something other than loopback fails the run.
 * - Guest registration is switched on (HELIO_REGISTER_MODE) so its route is fuzzed past the "disabled" answer.
 * - Excluded routes: none. Multipart routes (imports, uploads) get multipart bodies with a junk file like the rest.
 * - The process log runs at the default level (info) and is read: no line may show a failed query's parameters, and
 *   values the database refused (mapped to 400 by the last line of defence, core/errors.ts) are listed per route and
 *   SQLSTATE as candidates for validation before SQL.
 *
 * Budget: HELIO_FUZZ_RUNS cases per route (default 15, about 4,700 requests, well under a minute on 2 cores). A long
 * run: `HELIO_FUZZ_RUNS=300 HELIO_FUZZ_SEED=7 npx vitest run test/fuzz.test.ts` (the time-out grows with the runs).
 * The seed (HELIO_FUZZ_SEED, default fixed) is printed with every failure; each route's own seed is derived from it and
 * the route, so adding a route does not change the others' cases. Ids are real records and vary between runs, so each
 * failure also prints the exact request and the logged cause. Works on PGlite and on PostgreSQL.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '@helio/contracts/resources';
import { createTestApp, type TestApp } from './helper.js';
import { createActors, harvest, pointAtLoopback, watchOutbound, type Actors } from './fuzz/actors.js';
import { describe as describeRequest, operationsOf, requestArb, toInject, vocabulary, type OpenApiDoc, type Operation } from './fuzz/requests.js';
import type { Pool } from './fuzz/values.js';

const RUNS = Number(process.env.HELIO_FUZZ_RUNS || 15);
const SEED = Number(process.env.HELIO_FUZZ_SEED || 20260611);

/** Routes the fuzz does not send (with the reason); keep empty unless a route truly cannot be fuzzed. */
const EXCLUDED: Record<string, string> = {};

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 0);

let t: TestApp;
let actors: Actors;
let ops: Operation[];
let pool: Pool;
let vocab: ReturnType<typeof vocabulary>;
const outbound = watchOutbound();
/** The process log at the default level: warnings and errors are kept, and any line that shows query parameters. */
const logged = { warnings: [] as { msg?: string; sqlstate?: string; route?: string; level: number }[], errors: [] as string[], params: [] as string[] };
type LoggedError = { type?: string; message?: string; stack?: string };
/** What a logged server error was, for the failure report: the innermost cause (the driver's words), values masked. */
const causeOf = (e: LoggedError): string => {
  const inner = [...String(e.stack ?? '').matchAll(/caused by: ([^\n]*)/g)].pop()?.[1];
  return (inner ?? `${e.type}: ${String(e.message ?? '').split('\n')[0]}`).replace(/"[^"]*"/g, '"…"').slice(0, 160);
};
const log = {
  write(line: string) {
    // Drizzle's failed-query message (`…\nparams: a,b`) or an error's `params` property, unless redacted.
    if (/\\nparams: (?!\[REDACTED\])|"params":(?!"\[REDACTED\]")/.test(line)) logged.params.push(line.slice(0, 500));
    const entry = JSON.parse(line) as { level: number; msg?: string; sqlstate?: string; route?: string; err?: LoggedError };
    if (entry.level >= 40) logged.warnings.push(entry);
    if (entry.level >= 50 && entry.err) logged.errors.push(causeOf(entry.err));
  },
};

beforeAll(async () => {
  t = await createTestApp(
    { HELIO_API_DOCS: 'on', HELIO_LOGIN_IP_MAX_FAILURES: '100000', HELIO_REGISTER_MODE: 'on', HELIO_LOG_LEVEL: 'info' },
    { logStream: log },
  );
  actors = await createActors(t);
  ops = operationsOf(t.routes, t.app.swagger() as unknown as OpenApiDoc);
  const listUrls = ops.filter((o) => o.method === 'GET' && /\/(list|page|select|tree|lazy-list|lazy-tree|menu-list)$/.test(o.url)).map((o) => o.url);
  pool = await harvest(t, actors.tokens.admin, listUrls, actors.userIds);
  vocab = vocabulary(ops, RESOURCES.flatMap((r) => r.fields.map((f) => f.key)));
});
afterAll(async () => {
  outbound.stop();
  await t?.stop();
});

describe('OpenAPI fuzz', () => {
  it('covers every route of the route table', () => {
    const fuzzed = ops.filter((o) => !EXCLUDED[`${o.method} ${o.url}`]);
    expect(fuzzed.length).toBeGreaterThan(250);
    expect(ops.filter((o) => o.documented).length).toBeGreaterThan(250);
    // The harvested pool holds real records, so cases reach existing rows.
    expect(pool.ids.length).toBeGreaterThan(50);
  });

  it(`no request answers 5xx (seed ${SEED}, ${RUNS} cases per route)`, { timeout: 600_000 + RUNS * 60_000 }, async () => {
    const failures = new Map<string, string[]>();
    const byStatus = new Map<number, number>();
    let recoveries = 0;
    for (const [i, op] of ops.entries()) {
      const key = `${op.method} ${op.url}`;
      if (EXCLUDED[key]) continue;
      if (i % 20 === 0) await actors.restore();
      const seed = SEED ^ hash(key);
      const property = fc.asyncProperty(requestArb(op, pool, vocab), async (r) => {
        const errorsBefore = logged.errors.length;
        let inject = toInject(r, actors.tokens);
        let res = await t.req(inject);
        const broken = (res.statusCode === 401 && r.caller !== 'none' && r.caller !== 'garbage') || (res.statusCode === 403 && r.caller === 'admin');
        if (broken) {
          // An earlier case logged the caller out, changed its password, deleted it or took its role: restore, retry.
          recoveries++;
          await actors.restore();
          inject = toInject(r, actors.tokens);
          res = await t.req(inject);
        }
        byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
        if (op.method !== 'GET') await pointAtLoopback(t);
        if (res.statusCode >= 500) {
          const list = failures.get(key) ?? [];
          const cause = logged.errors.slice(errorsBefore).join(' / ') || 'no error logged';
          if (list.length < 3) list.push(`${res.statusCode} ${cause}\n    ${describeRequest(inject)}`);
          failures.set(key, list);
        }
      });
      // Every case runs (a 5xx is recorded, not thrown), so one run lists every failing route.
      await fc.assert(property, { seed, numRuns: RUNS });
    }
    const late = new Map<string, number>();
    for (const w of logged.warnings) if (w.sqlstate) late.set(`${w.route} ${w.sqlstate}`, (late.get(`${w.route} ${w.sqlstate}`) ?? 0) + 1);
    // Values only the database refused (mapped to 400 by the last line of defence): worth validating earlier.
    if (late.size) console.info(`fuzz: refused by the database, not before it: ${[...late].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
    console.info(`fuzz: ${[...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}; ${recoveries} caller recoveries`);
    const report = [...failures].map(([k, v]) => `${k} (route seed ${SEED ^ hash(k)})\n  ${v.join('\n  ')}`);
    expect(report, `${failures.size} routes answered 5xx (HELIO_FUZZ_SEED=${SEED}, HELIO_FUZZ_RUNS=${RUNS}):\n${report.join('\n')}`).toEqual([]);
    expect(outbound.violations, 'connections to anything but loopback').toEqual([]);
    // Query parameters (which may hold personal data) never reach the log at the default level.
    expect(logged.params).toEqual([]);
  });
});
