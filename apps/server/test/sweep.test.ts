/**
 * Cross-tenant and cross-role sweep over every route (issue 11), driven by the route table and the OpenAPI document.
 *
 * Two tenants hold the same world of records (test/sweep/world.ts: a row in every tenant-owned table). From tenant
 * B's administrator, every route is called with tenant A's record ids, with ids that exist nowhere and with B's own
 * ids; from a limited user of tenant A (a role with two read permissions and an "own rows" data scope), every route
 * is called once. The oracles are in test/sweep/checks.ts; routes that are not swept are listed with their reasons
 * in test/sweep/listings.ts, and a route that is neither swept nor listed fails the audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aOptions, checkLimited, checkRead, checkWrite } from './sweep/checks.js';
import { A_TENANT, isCollection, readRecords, setupSweep, swept, sweepApp, type Sweep } from './sweep/context.js';
import { isReference, NO_CONTROL, NO_OWN_DATA, NOT_SWEPT, platformOnly, PUBLIC, VOLATILE } from './sweep/listings.js';
import { catalog, undocumented, type Route } from './sweep/routes.js';
import { changed, CHILD_TABLES, emptyFor, fingerprint, GLOBAL_TABLES, isTenantOwned } from './sweep/tables.js';
import type { TestApp } from './helper.js';
import { LIMITED_CODES } from './sweep/world.js';

// The app is built while the tests are collected, so that each route of its table is a test of its own.
const app: TestApp = await sweepApp();
const table: Route[] = catalog(app);
let s: Sweep;
beforeAll(async () => {
  s = await setupSweep(app);
}, 120_000);
afterAll(async () => app.stop());
const sweptRoutes = table.filter(swept);
const reads = sweptRoutes.filter((r) => r.method === 'GET');
/** Writes: those acting on the caller's own data first, removals last (they take B's own records away). */
const writes = sweptRoutes
  .filter((r) => r.method === 'POST')
  .sort((x, y) => Number(x.url.endsWith('/remove') || x.url.endsWith('/unbind')) - Number(y.url.endsWith('/remove') || y.url.endsWith('/unbind')));

describe('the sweep covers every route', () => {
  it('every route is swept or listed with a reason, and every listing names a route', () => {
    const keys = new Set(table.map((r) => r.key));
    const listed = { ...PUBLIC, ...NOT_SWEPT };
    expect(Object.keys({ ...listed, ...NO_OWN_DATA, ...NO_CONTROL, ...VOLATILE }).filter((k) => !keys.has(k))).toEqual([]);
    expect(Object.values({ ...listed, ...NO_OWN_DATA, ...NO_CONTROL, ...VOLATILE }).filter((why) => why.trim().length < 8)).toEqual([]);
    // Public routes are exactly the listed ones (access.test.ts checks the same from its side).
    const publicRoutes = table.filter((r) => r.access && 'public' in r.access).map((r) => r.key);
    expect(publicRoutes.filter((k) => !(k in PUBLIC))).toEqual([]);
    expect(Object.keys(PUBLIC).filter((k) => !publicRoutes.includes(k))).toEqual([]);
    expect(sweptRoutes.length + Object.keys(listed).length).toBe(table.length);
    expect(sweptRoutes.length).toBeGreaterThan(250);
  });

  it('every route is in the OpenAPI document the sweep reads', () => {
    expect(undocumented(s.t)).toEqual([]);
  });

  it('every route naming records by id names a known kind (else its probes would send no id)', () => {
    const unknown = sweptRoutes.filter((r) => r.query.some((p) => p.name === 'id' || p.name === 'ids') && !r.kind && !platformOnly(r.key) && !isReference(r.key));
    expect(unknown.map((r) => r.key)).toEqual([]);
  });

  it('every table is classified, and both worlds have a row in every tenant-owned table', async () => {
    const unclassified = s.tables.filter((x) => !isTenantOwned(x) && !CHILD_TABLES[x.name] && !GLOBAL_TABLES[x.name]).map((x) => x.name);
    expect(unclassified).toEqual([]);
    expect(await emptyFor(s.t, s.tables, s.a.tenantId)).toEqual([]);
    expect(await emptyFor(s.t, s.tables, s.b.tenantId)).toEqual([]);
  });
});

describe("tenant B's administrator reads nothing of tenant A", () => {
  let rows: Record<string, string>;
  beforeAll(async () => {
    rows = await fingerprint(s.t, s.tables, s.a.tenantId, { ...aOptions(s), globals: true });
  });
  for (const route of reads) {
    it(`${route.key}${isCollection(route) ? '' : ' (by id)'}`, async () => {
      expect(await checkRead(s, route)).toEqual([]);
    });
  }
  it('and changed nothing of A by reading', async () => {
    expect(changed(rows, await fingerprint(s.t, s.tables, s.a.tenantId, { ...aOptions(s), globals: true }))).toEqual([]);
  });
});

describe(`a limited user of tenant A (codes ${LIMITED_CODES.join(', ')}): deny by default, and only its scope`, () => {
  let rows: Record<string, string>;
  const others = () => ({ ...aOptions(s), except: s.a.ids.member, globals: true });
  beforeAll(async () => {
    rows = await fingerprint(s.t, s.tables, s.a.tenantId, others());
  });
  for (const route of sweptRoutes) {
    it(route.key, async () => {
      expect(await checkLimited(s, route)).toEqual([]);
    });
  }
  it("and changed nothing of anybody else's in its tenant, nor anything platform-wide", async () => {
    expect(changed(rows, await fingerprint(s.t, s.tables, s.a.tenantId, others()))).toEqual([]);
  });

  it('its data scope ("own rows" on posts) holds on the post list', async () => {
    for (const verb of ['list', 'page']) {
      const res = await s.t.req({ method: 'GET', url: `/api/blade-system/post/${verb}?size=100`, headers: s.a.memberHeaders });
      const rows = res.json().data.records as { id: string; createUser: string }[];
      expect(rows.map((r) => r.id)).toEqual([s.a.ids.memberPost]);
      // … while A's administrator sees both posts of A.
      const all = await s.t.req({ method: 'GET', url: `/api/blade-system/post/${verb}?size=100`, headers: s.a.headers });
      expect(all.json().data.records.map((r: { id: string }) => r.id).sort()).toEqual([s.a.ids.post, s.a.ids.memberPost].sort());
    }
  });
});

describe("tenant B's administrator changes nothing of tenant A", () => {
  beforeAll(async () => {
    s.aView = await readRecords(s.t, s.a);
    s.aRows = await fingerprint(s.t, s.tables, s.a.tenantId, { ...aOptions(s), globals: true });
  });
  for (const route of writes) {
    it(route.key, async () => {
      expect(await checkWrite(s, route)).toEqual([]);
    });
  }
});

describe('tenant A afterwards', () => {
  it("A's administrator reads its records exactly as before the sweep", async () => {
    const now = await readRecords(s.t, s.a);
    expect(Object.fromEntries(now)).toEqual(Object.fromEntries(s.aView));
  });

  it("A's rows in every table and the platform-wide tables are as before B's writes", async () => {
    expect(changed(s.aRows, await fingerprint(s.t, s.tables, s.a.tenantId, { ...aOptions(s), globals: true }))).toEqual([]);
  });

  it("A's sessions are intact", async () => {
    for (const h of [s.a.headers, s.a.memberHeaders]) {
      const res = await s.t.req({ method: 'GET', url: '/api/blade-system/user/info', headers: h });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.tenantId).toBe(A_TENANT);
    }
  });
});
