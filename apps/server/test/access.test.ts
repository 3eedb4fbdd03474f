/**
 * Every route declares its access, permissions are enforced, and tenant B reads, changes and deletes nothing of
 * tenant A through any route that exists.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES } from '@helio/contracts/permissions';
import { describeAccess } from '../src/core/access.js';
import { nextId } from '../src/core/ids.js';
import * as schema from '../src/db/schema.js';
import { logError, param, post, user } from '../src/db/schema.js';
import { roleMenu, tenant as schemaTenant, topMenu as schemaTopMenu, topMenuSetting } from '../src/db/schema.js';
import { createDept, createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { RESOURCE_PUBLIC_ROUTES } from './access-resources.js';
import { engineProbes } from './access-engine.js';
import { listAudit } from './access/list-audit.js';
import { moduleProbes } from './access/module-probes.js';
import { B_POST_CODE, seedTenantB } from './access/seed-b.js';
import { userAdminProbes } from './access/user-probes.js';
import { NO_TENANT_DATA } from './access/no-tenant-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.stop());

/** Routes that are public on purpose; anything else public is a defect. */
const PUBLIC_ROUTES = new Set([
  'POST /api/blade-auth/oauth/token',
  'POST /api/blade-auth/token',
  'GET /api/blade-auth/oauth/captcha',
  'GET /api/blade-auth/captcha',
  'GET /api/blade-auth/oauth/logout',
  'POST /api/blade-auth/oauth/logout',
  'GET /api/blade-auth/logout',
  'POST /api/blade-auth/logout',
  'GET /api/blade-auth/oauth/public-key',
  'GET /api/helio/public-settings',
  'GET /api/blade-system/tenant/info',
  'GET /avatar-default.svg',
  'GET /api/blade-resource/avatar/default.svg',
  'POST /api/blade-system/user/register-guest', // the registration form (off by default; captcha; waits for approval)
  'GET /api/skyworth-toolkit/file/ota-download/:fileId', // firmware for devices: the signed, expiring link is the credential
  ...RESOURCE_PUBLIC_ROUTES,
  // Probes of load balancers and orchestrators (no session; no address or secret in them); the metrics need the
  // configured token or a scrape from this machine (test/ops.test.ts).
  'GET /api/live',
  'GET /api/ready',
  'GET /metrics',
]);

const apiRoutes = () =>
  t.routes.filter(
    (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/api/docs') && !r.options.config?.webAsset,
  );

describe('route table audit', () => {
  it('every route declares public, login or a permission code', () => {
    const undeclared = apiRoutes()
      .filter((r) => !r.options.config?.access)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('only the known sign-in routes are public', () => {
    const pub = apiRoutes()
      .filter((r) => describeAccess(r.options.config?.access) === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(pub.filter((r) => !PUBLIC_ROUTES.has(r))).toEqual([]);
  });

  it('every permission code a route names exists in the menu seed', () => {
    const unknown = apiRoutes().flatMap((r) => {
      const a = r.options.config?.access;
      if (!a || !('permission' in a)) return [];
      return [a.permission].flat().filter((c) => !ALL_PERMISSION_CODES.has(c));
    });
    expect(unknown).toEqual([]);
  });

  it('every non-public route answers 401 without a token', async () => {
    for (const r of apiRoutes().filter((x) => !PUBLIC_ROUTES.has(`${x.method} ${x.url}`))) {
      const res = await t.req({ method: r.method as 'GET', url: r.url.replace(/:\w+/g, '1') });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('serves the OpenAPI document with the routes and the UI', async () => {
    const doc = (await t.req({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/blade-auth/oauth/token', '/api/blade-system/user/list']));
    expect(doc.info.description).toContain(t.services.keys.sm2PublicKey);
    const ui = await t.req({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('permissions', () => {
  it('a role without the user page gets 403 on user/list but may use login-only routes', async () => {
    const roleId = await createRole(t.database.db, '000000', 'viewer', ['notice']);
    await createUser(t.database.db, { tenantId: '000000', account: 'viewer', password: 'Passw0rd1', roleId });
    const s = await t.login('viewer', 'Passw0rd1');
    const h = { 'blade-auth': `bearer ${s.access_token}` };
    const denied = await t.req({ method: 'GET', url: '/api/blade-system/user/list', headers: h });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 403, success: false });
    expect((await t.req({ method: 'GET', url: '/api/blade-system/user/info', headers: h })).statusCode).toBe(200);
    expect((await t.req({ method: 'POST', url: '/api/blade-system/user/unlock?userIds=1', headers: h })).statusCode).toBe(403);
  });

  it('granting the page opens the list; the unlock button needs its own code', async () => {
    const roleId = await createRole(t.database.db, '000000', 'lister', ['user']);
    await createUser(t.database.db, { tenantId: '000000', account: 'lister', password: 'Passw0rd1', roleId });
    const s = await t.login('lister', 'Passw0rd1');
    const h = { 'blade-auth': `bearer ${s.access_token}` };
    expect((await t.req({ method: 'GET', url: '/api/blade-system/user/list', headers: h })).statusCode).toBe(200);
    expect((await t.req({ method: 'POST', url: '/api/blade-system/user/unlock?userIds=1', headers: h })).statusCode).toBe(403);
  });
});

describe('tenant isolation', () => {
  let aUserId: string;
  let aPostId: string;
  let aRoleId: string;
  let aTopMenuId: string;
  let bHeaders: Record<string, string>;
  const audit = listAudit('200002');

  beforeAll(async () => {
    audit.install(t);
    const db = t.database.db;
    // Tenant A and its data.
    await createTenant(db, '200001');
    const aRole = await createRole(db, '200001', 'administrator', 'all');
    const aDept = await createDept(db, '200001', 'A-HQ');
    aUserId = await createUser(db, { tenantId: '200001', account: 'alice', password: 'Passw0rd1', roleId: aRole, deptId: aDept });
    aRoleId = aRole;
    aTopMenuId = nextId();
    await db.insert(schemaTopMenu).values({ id: aTopMenuId, tenantId: '200001', code: 'a_top', name: 'A top', sort: 1 });
    aPostId = nextId();
    await db.insert(post).values({ id: aPostId, tenantId: '200001', category: 1, postCode: 'A-CEO', postName: 'A chief', sort: 1 });
    // Tenant B: an administrator of its own tenant (passes every permission check).
    await createTenant(db, '200002');
    const bRole = await createRole(db, '200002', 'administrator', 'all');
    await createUser(db, { tenantId: '200002', account: 'bob', password: 'Passw0rd1', roleId: bRole });
    const s = await t.login('bob', 'Passw0rd1', '200002');
    bHeaders = { 'blade-auth': `bearer ${s.access_token}` };
    // B's own rows, so that B's lists are not empty (an empty list proves nothing; see test/access/list-audit.ts).
    await seedTenantB(db, '200002');
  });

  /**
   * Every tenant-data route and the probe that proves B cannot reach A through it. A new route must be added here
   * (or to NO_TENANT_DATA with a reason): the last test fails otherwise.
   */
  const probes: Record<string, () => Promise<void>> = {
    'GET /api/blade-system/user/list': async () => {
      const body = (await t.req({ method: 'GET', url: '/api/blade-system/user/list?size=100', headers: bHeaders })).json();
      expect(body.data.records.map((r: { account: string }) => r.account)).toEqual(['bob']);
      // Even asking for A's tenant explicitly changes nothing.
      const asked = (await t.req({ method: 'GET', url: '/api/blade-system/user/list?tenantId=200001', headers: bHeaders })).json();
      expect(asked.data.records.map((r: { account: string }) => r.account)).toEqual(['bob']);
    },
    'GET /api/blade-system/user/page': async () => {
      const body = (await t.req({ method: 'GET', url: '/api/blade-system/user/page?account=alice', headers: bHeaders })).json();
      expect(body.data.total).toBe(0);
      // The page itself works: B's own user is found by the same filter.
      const own = await t.req({ method: 'GET', url: '/api/blade-system/user/page?account=bob', headers: bHeaders });
      expect(own.statusCode).toBe(200);
      expect(own.json().data.records.map((r: { account: string }) => r.account)).toEqual(['bob']);
    },
    'GET /api/blade-system/user/detail': async () => {
      const res = await t.req({ method: 'GET', url: `/api/blade-system/user/detail?id=${aUserId}`, headers: bHeaders });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).not.toContain('alice');
    },
    'GET /api/blade-system/user/info': async () => {
      const body = (await t.req({ method: 'GET', url: '/api/blade-system/user/info', headers: bHeaders })).json();
      expect(body.data.account).toBe('bob');
    },
    'POST /api/blade-system/user/update-info': async () => {
      await t.req({ method: 'POST', url: '/api/blade-system/user/update-info', headers: bHeaders, payload: { id: aUserId, realName: 'pwned' } });
      const [a] = await t.database.db.select().from(user).where(eq(user.id, aUserId));
      expect(a!.realName).toBe('alice');
    },
    'POST /api/blade-system/user/update-password': async () => {
      await t.req({
        method: 'POST',
        url: `/api/blade-system/user/update-password?oldPassword=Passw0rd1&newPassword=Hacked123&newPassword1=Hacked123&userId=${aUserId}`,
        headers: bHeaders,
      });
      expect((await t.login('alice', 'Passw0rd1', '200001')).access_token).toBeTruthy();
      // (it changed bob's own password; put it back from the same session, which stays alive)
      const back = await t.req({
        method: 'POST',
        url: '/api/blade-system/user/update-password?oldPassword=Hacked123&newPassword=Passw0rd1&newPassword1=Passw0rd1',
        headers: bHeaders,
      });
      expect(back.json().success).toBe(true);
    },
    'POST /api/blade-system/user/unlock': async () => {
      for (let i = 0; i < 5; i++) await t.login('alice', `Wrong${i}xx`, '200001');
      await t.req({ method: 'POST', url: `/api/blade-system/user/unlock?userIds=${aUserId}`, headers: bHeaders });
      expect((await t.login('alice', 'Passw0rd1', '200001')).access_token).toBeUndefined();
      await t.services.lockout.unlock('200001', 'alice');
    },
    'POST /api/blade-system/user/unlock-ip': async () => {
      // The per-IP sign-in counter is shared by every tenant: only the platform may clear it.
      const res = await t.req({ method: 'POST', url: '/api/blade-system/user/unlock-ip?ips=127.0.0.1', headers: bHeaders });
      expect(res.statusCode).toBe(403);
    },
    'POST /api/blade-log/error/upload': async () => {
      await t.req({ method: 'POST', url: '/api/blade-log/error/upload', headers: bHeaders, payload: [{ message: 'b-error', url: '/x' }] });
      const rows = await t.database.db.select().from(logError).where(eq(logError.message, 'b-error'));
      expect(rows.map((r) => r.tenantId)).toEqual(['200002']);
    },
    'GET /api/blade-system/post/list': async () => {
      const body = (await t.req({ method: 'GET', url: '/api/blade-system/post/list?size=100', headers: bHeaders })).json();
      expect(body.data.records.some((r: { id: string }) => r.id === aPostId)).toBe(false);
      expect(body.data.records.map((r: { postCode: string }) => r.postCode)).toEqual([B_POST_CODE]);
    },
    'GET /api/blade-system/post/page': async () => {
      const body = (await t.req({ method: 'GET', url: '/api/blade-system/post/page?postCode=A-CEO', headers: bHeaders })).json();
      expect(body.data.total).toBe(0);
      const own = (await t.req({ method: 'GET', url: `/api/blade-system/post/page?postCode=${B_POST_CODE}`, headers: bHeaders })).json();
      expect(own.data.records.map((r: { postCode: string }) => r.postCode)).toEqual([B_POST_CODE]);
    },
    'GET /api/blade-system/post/detail': async () => {
      expect((await t.req({ method: 'GET', url: `/api/blade-system/post/detail?id=${aPostId}`, headers: bHeaders })).statusCode).toBe(400);
    },
    'POST /api/blade-system/post/submit': async () => {
      await t.req({ method: 'POST', url: '/api/blade-system/post/submit', headers: bHeaders, payload: { id: aPostId, postName: 'taken' } });
      const [row] = await t.database.db.select().from(post).where(eq(post.id, aPostId));
      expect(row!.postName).toBe('A chief');
    },
    'POST /api/blade-system/post/remove': async () => {
      await t.req({ method: 'POST', url: `/api/blade-system/post/remove?ids=${aPostId}`, headers: bHeaders });
      const [row] = await t.database.db.select().from(post).where(eq(post.id, aPostId));
      expect(row!.isDeleted).toBe(0);
    },
    // Parameters are platform-wide: a tenant's own administrator may neither read nor change them.
    ...Object.fromEntries(
      ['GET list', 'GET page', 'GET detail', 'POST submit', 'POST remove'].map((v) => {
        const [method, verb] = v.split(' ') as ['GET' | 'POST', string];
        return [
          `${method} /api/blade-system/param/${verb}`,
          async () => {
            const [p] = await t.database.db.select().from(param).where(eq(param.paramKey, 'account.failCount'));
            const res = await t.req({
              method,
              url: `/api/blade-system/param/${verb}?id=${p!.id}&ids=${p!.id}`,
              headers: bHeaders,
              ...(method === 'POST' ? { payload: { id: p!.id, paramValue: 'owned' } } : {}),
            });
            expect(res.statusCode).toBe(403);
            const [after] = await t.database.db.select().from(param).where(eq(param.id, p!.id));
            expect(after).toMatchObject({ paramValue: p!.paramValue, isDeleted: 0 });
          },
        ];
      }),
    ),
    // Tenant administration is platform-only.
    ...Object.fromEntries(
      [
        ['POST', '/api/blade-system/tenant/setting', { ids: '1', accountNumber: 1 }],
        ['POST', '/api/blade-system/tenant/package-setting?tenantId=200001&packageId=', undefined],
        ['GET', '/api/blade-system/tenant/package-detail?tenantId=200001', undefined],
        ['POST', '/api/blade-system/tenant/restore?ids=1', undefined],
        ['POST', '/api/blade-system/tenant/datasource?tenantId=200001&datasourceId=1', undefined],
        ['GET', '/api/blade-system/tenant-package/menu-tree', undefined],
        ['GET', '/api/blade-system/dict/parent-list', undefined],
        ['GET', '/api/blade-system/dict/child-list?parentId=1', undefined],
        ['GET', '/api/blade-system/menu/menu-list', undefined],
        ['GET', '/api/blade-system/menu/lazy-menu-list', undefined],
      ].map(([method, url, payload]) => [
        `${method} ${(url as string).split('?')[0]}`,
        async () => {
          const before = await t.database.db.select().from(schemaTenant).where(eq(schemaTenant.tenantId, '200001'));
          const res = await t.req({ method: method as 'GET', url: url as string, headers: bHeaders, ...(payload ? { payload: payload as object } : {}) });
          expect(res.statusCode).toBe(403);
          expect(await t.database.db.select().from(schemaTenant).where(eq(schemaTenant.tenantId, '200001'))).toEqual(before);
        },
      ]),
    ),
    'GET /api/blade-system/tenant/tenant-select': async () => {
      const body = (await t.req({ method: 'GET', url: '/api/blade-system/tenant/tenant-select', headers: bHeaders })).json();
      expect(body.data.map((x: { tenantId: string }) => x.tenantId)).toEqual(['200002']);
    },
    ...Object.fromEntries(
      ['parent-list', 'child-list'].map((verb) => [
        `GET /api/blade-system/dict-biz/${verb}`,
        async () => {
          const [platformParent] = await t.database.db.select().from(schema.dictBiz).where(eq(schema.dictBiz.parentId, '0')).limit(1);
          const body = (await t.req({ method: 'GET', url: `/api/blade-system/dict-biz/${verb}?parentId=${platformParent!.id}&size=100`, headers: bHeaders })).json();
          expect(body.data.records.every((r: { tenantId: string }) => r.tenantId === '200002')).toBe(true);
        },
      ]),
    ),
    'GET /api/blade-system/menu/role-tree-keys': async () => {
      const body = (await t.req({ method: 'GET', url: `/api/blade-system/menu/role-tree-keys?roleIds=${aRoleId}`, headers: bHeaders })).json();
      expect(body.data).toEqual({ menu: [], dataScope: [], apiScope: [] });
    },
    'POST /api/blade-system/role/grant': async () => {
      const before = await t.database.db.select().from(roleMenu).where(eq(roleMenu.roleId, aRoleId));
      const res = await t.req({ method: 'POST', url: '/api/blade-system/role/grant', headers: bHeaders, payload: { roleIds: [aRoleId], menuIds: [] } });
      expect(res.statusCode).toBe(400);
      expect(await t.database.db.select().from(roleMenu).where(eq(roleMenu.roleId, aRoleId))).toHaveLength(before.length);
    },
    'GET /api/blade-system/role/tree-by-id': async () => {
      expect((await t.req({ method: 'GET', url: `/api/blade-system/role/tree-by-id?roleId=${aRoleId}`, headers: bHeaders })).statusCode).toBe(400);
    },
    'GET /api/blade-system/menu/top-tree-keys': async () => {
      await t.database.db.insert(topMenuSetting).values({ id: nextId(), topMenuId: aTopMenuId, menuId: '1' });
      const body = (await t.req({ method: 'GET', url: `/api/blade-system/menu/top-tree-keys?topMenuIds=${aTopMenuId}`, headers: bHeaders })).json();
      expect(body.data.menu).toEqual([]);
    },
    'POST /api/blade-system/topmenu/grant': async () => {
      const res = await t.req({ method: 'POST', url: '/api/blade-system/topmenu/grant', headers: bHeaders, payload: { topMenuIds: [aTopMenuId], menuIds: [] } });
      expect(res.statusCode).toBe(400);
      expect(await t.database.db.select().from(topMenuSetting).where(eq(topMenuSetting.topMenuId, aTopMenuId))).toHaveLength(1);
    },
    // User administration never reaches another tenant's users (test/access/user-probes.ts).
    ...userAdminProbes(() => ({ t, bHeaders, aUserId, aRoleId })),
    // Regions are platform reference data: tenants read them, only the platform changes them.
    ...Object.fromEntries(
      ['submit', 'remove', 'import-region'].map((verb) => [
        `POST /api/blade-system/region/${verb}`,
        async () => {
          const res = await t.req({ method: 'POST', url: `/api/blade-system/region/${verb}?id=110000`, headers: bHeaders, payload: { code: '110000', name: 'x', regionLevel: 1, sort: 1 } });
          expect(res.statusCode).toBe(403);
          expect((await t.req({ method: 'GET', url: '/api/blade-system/region/detail?code=110000', headers: bHeaders })).json().data.name).toBe('北京市');
        },
      ]),
    ),
    'GET /api/blade-system/menu/top-menu': async () => {
      const body = (await t.req({ method: 'GET', url: '/api/blade-system/menu/top-menu', headers: bHeaders })).json();
      expect(body.data.every((m: { tenantId: string }) => m.tenantId === '200002')).toBe(true);
    },
    // Each module's probes (files, stations, alarms, … installer orders): test/access/module-probes.ts.
    ...moduleProbes(() => t, () => bHeaders),
  };

  const generic: Record<string, () => Promise<void>> = {};


  for (const [route, probe] of Object.entries(probes)) {
    it(`B cannot reach A's data through ${route}`, audit.wrap(route, probe));
  }

  /**
   * Every route of the generic CRUD engine, probed from its resource definition (test/access-engine.ts). Its list,
   * page, lazy-list, select and tree probes are real: 200 with B's own row and without A's.
   */
  Object.assign(generic, engineProbes(() => t, () => bHeaders, new Set(Object.keys(probes))));
  for (const [route, probe] of Object.entries(generic)) {
    it(`B cannot reach other tenants' data through ${route}`, audit.wrap(route, probe));
  }

  it('every list, page and lazy-list probe read 200 with rows of B only (or 403): it could have failed', () => {
    const lists = apiRoutes().map((r) => `${r.method} ${r.url}`);
    expect(audit.defects(lists)).toEqual([]);
  });

  it('every authenticated route is covered by a probe or explained', () => {
    const uncovered = apiRoutes()
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !PUBLIC_ROUTES.has(k) && !(k in probes) && !(k in generic) && !NO_TENANT_DATA.has(k));
    expect(uncovered).toEqual([]);
  });
});
