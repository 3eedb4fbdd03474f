/** What the shell loads after sign-in: menus by role and language, buttons, dictionaries, countries. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, PAGES } from '@helio/contracts/permissions';
import { createRole, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
});
afterAll(async () => t?.stop());

interface MenuNode {
  code: string;
  name: string;
  path: string;
  category: number;
  children?: MenuNode[];
}
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const get = (url: string, h = admin, lang = 'zh-CN') => t.req({ method: 'GET', url, headers: { ...h, 'accept-language': lang } });

describe('menu/routes', () => {
  it('gives the administrator every area and page of the spec, in order, with paths', async () => {
    const tree = (await get('/api/blade-system/menu/routes')).json().data as MenuNode[];
    expect(tree.map((n) => n.code)).toEqual(AREAS.map((a) => a.code));
    const all = flatten(tree);
    for (const p of PAGES) expect(all.find((n) => n.code === p.code)?.path, p.code).toBe(p.path);
    expect(all.every((n) => n.category === 1)).toBe(true);
  });

  it('names menus in the request language', async () => {
    const zh = flatten((await get('/api/blade-system/menu/routes')).json().data);
    const en = flatten((await get('/api/blade-system/menu/routes', admin, 'en-US')).json().data);
    const zhUser = zh.find((n) => n.code === 'user')!;
    const enUser = en.find((n) => n.code === 'user')!;
    expect(zhUser.name).toMatch(/[\u4e00-\u9fff]/);
    expect(enUser.name).toMatch(/^[A-Za-z]/);
  });

  it('shows a limited role only its granted pages and their ancestors, and only their buttons', async () => {
    const roleId = await createRole(t.database.db, '000000', 'installer-test', ['power_station', 'inverter', 'inverter_view']);
    await createUser(t.database.db, { tenantId: '000000', account: 'installer', password: 'Passw0rd1', roleId });
    const s = await t.login('installer', 'Passw0rd1');
    const h = { 'blade-auth': `bearer ${s.access_token}` };
    const tree = (await get('/api/blade-system/menu/routes', h)).json().data as MenuNode[];
    expect(tree.map((n) => n.code)).toEqual(['station']);
    expect(tree[0]!.children!.map((n) => n.code)).toEqual(['power_station', 'inverter']);
    const buttons = (await get('/api/blade-system/menu/buttons', h)).json().data as MenuNode[];
    const leafCodes = flatten(buttons).filter((n) => !n.children).map((n) => n.code);
    expect(leafCodes).toEqual(['inverter_view']);
  });

  it('gives the administrator the button codes the console checks', async () => {
    const buttons = flatten((await get('/api/blade-system/menu/buttons')).json().data as MenuNode[]);
    const codes = new Set(buttons.filter((n) => !n.children).map((n) => n.code));
    for (const c of ['user_add', 'user_edit', 'user_delete', 'user_view', 'tenant_package_add', 'region_import']) {
      expect(codes.has(c), c).toBe(true);
    }
    expect(codes.has('tenant_package_view')).toBe(false);
  });

  it('top-menu answers an empty list when none are configured', async () => {
    expect((await get('/api/blade-system/menu/top-menu')).json()).toMatchObject({ code: 200, data: [] });
  });
});

describe('dictionaries', () => {
  it('serves system dictionary items in the request language', async () => {
    const zh = (await get('/api/blade-system/dict/dictionary?code=sex')).json().data;
    expect(zh.map((d: { dictKey: string }) => d.dictKey)).toEqual(['1', '2', '3']);
    expect(zh[0].dictValue).toBe('男');
    const en = (await get('/api/blade-system/dict/dictionary?code=sex', admin, 'en-US')).json().data;
    expect(en[0].dictValue).toBe('Male');
  });

  it('serves every spec business dictionary group', async () => {
    for (const code of ['agent_project_type', 'roof_type', 'inverter_type', 'delivery_type', 'agent_maint_fee_type']) {
      const items = (await get(`/api/blade-system/dict-biz/dictionary?code=${code}`)).json().data;
      expect(items.length, code).toBeGreaterThan(0);
    }
  });

  it('lists countries with their dialling codes', async () => {
    const list = (await get('/api/blade-system/dict-biz/list?code=country')).json().data;
    expect(list[0]).toMatchObject({ dictKey: 'CN', dictValue: '中国', attribute1: '+86' });
    const keys = list.map((c: { dictKey: string }) => c.dictKey);
    expect(new Set(keys).size).toBe(keys.length);
    const en = (await get('/api/blade-system/dict-biz/list?code=country', admin, 'en-US')).json().data;
    expect(en.find((c: { dictKey: string }) => c.dictKey === 'US')).toMatchObject({ dictValue: 'United States', attribute1: '+1' });
  });

  it('answers an unknown code with an empty list and a missing code with 400', async () => {
    expect((await get('/api/blade-system/dict/dictionary?code=nope')).json().data).toEqual([]);
    expect((await get('/api/blade-system/dict/dictionary')).statusCode).toBe(400);
  });
});

describe('tenant/info', () => {
  it('answers {} for an unknown domain without a token', async () => {
    const res = await t.req({ method: 'GET', url: '/api/blade-system/tenant/info?domain=http://localhost:8080' });
    expect(res.json()).toMatchObject({ code: 200, data: {} });
  });
});
