/**
 * Base packages (issue 18: "a bill of materials from a base package plus customised materials"; spec §7 "base
 * package SKU info"): CRUD with a unique code per tenant, the enabled list, the SKU info of a package with stock
 * available, and the design step refusing a `basePackage` that names no enabled package (both languages).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_API } from '@helio/contracts/modules/epc/package.resource';
import { loadManifests } from '../src/kernel/module-list.js';
import type { ModuleManifest } from '../src/kernel/types.js';
import { packageExtension } from '../src/modules/epc-order/epc-order.package.js';
import { createTestApp, type TestApp } from './helper.js';
import { customer, designForm, helpers, INSERT, tag, type Crew, type H } from './epc-order-fixtures.js';
import { part2 } from './epc-order-part2-fixtures.js';

let t: TestApp;
let admin: H;
let crew: Crew;
const { post, get, crew: makeCrew } = helpers(() => t);
const { sku, step, placeAt } = part2(() => t, () => admin, () => crew);
const en = (h: H) => ({ ...h, 'accept-language': 'en-US' });

/**
 * The epc-order module with `packageExtension` among its step extensions and `epc-package` in its dependsOn — what
 * its module.ts lists once the extension is wired there (then this changes nothing).
 */
async function withPackageExtension(): Promise<ModuleManifest[]> {
  return (await loadManifests()).map((m) => {
    if (m.name !== 'epc-order' || !m.services) return m;
    const services = m.services;
    return {
      ...m,
      dependsOn: [...new Set([...(m.dependsOn ?? []), 'epc-package'])],
      services: (ctx) => {
        const api = services(ctx) as { steps: { extensions: unknown[] } };
        if (!api.steps.extensions.includes(packageExtension)) api.steps.extensions = [...api.steps.extensions, packageExtension];
        return api;
      },
    } as ModuleManifest;
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { modules: await withPackageExtension() });
  admin = await t.adminHeaders();
  crew = await makeCrew(admin);
}, 120_000);
afterAll(async () => t?.stop());

const savePackage = (body: Record<string, unknown>, h: H = admin) =>
  post(`${PACKAGE_API}/submit`, h, { name: 'Hybrid 5 kW + 10 kWh', enabled: 1, kwp: '5.5', inverterKw: '5', batteryKwh: '10.24', ...body });

describe('base packages: CRUD', () => {
  it('saves, reads, lists and removes a package and its lines; the code is unique per tenant', async () => {
    const code = tag('BP-');
    const saved = await savePackage({ code, description: 'Ten panels, one hybrid inverter, two batteries' });
    expect(saved.json().code, saved.body).toBe(200);
    const id = saved.json().data.id as string;
    const detail = (await get(`${PACKAGE_API}/detail?id=${id}`, admin)).json().data;
    expect(detail).toMatchObject({ code, name: 'Hybrid 5 kW + 10 kWh', enabled: 1, description: 'Ten panels, one hybrid inverter, two batteries' });
    expect(Number(detail.batteryKwh)).toBe(10.24);

    const again = await savePackage({ code });
    expect(again.json().code).not.toBe(200);
    expect(again.json().msg).toMatch(/套餐编码|Code/);
    const badCode = await savePackage({ code: 'no spaces allowed' });
    expect(badCode.json().code).toBe(400);

    const line = await post(`${PACKAGE_API}/line/submit`, admin, { packageId: id, sku: 'HLS-X', quantity: 2, equipmentType: 'battery' });
    expect(line.json().code, line.body).toBe(200);
    const orphan = await post(`${PACKAGE_API}/line/submit`, en(admin), { packageId: '123', sku: 'HLS-X', quantity: 1 });
    expect(orphan.json().code).toBe(400);
    expect(orphan.json().msg).toMatch(/base package does not exist/);
    const lines = (await get(`${PACKAGE_API}/line/list?packageId=${id}`, admin)).json().data.records;
    expect(lines).toEqual([expect.objectContaining({ sku: 'HLS-X', quantity: 2, equipmentType: 'battery' })]);

    const list = (await get(`${PACKAGE_API}/list?code=${code}`, admin)).json().data.records;
    expect(list.map((r: { code: string }) => r.code)).toEqual([code]);
    expect((await post(`${PACKAGE_API}/remove?ids=${id}`, admin)).json().code).toBe(200);
    // Removed: its code is free again.
    expect((await savePackage({ code })).json().code).toBe(200);
  });
});

describe('base packages: SKU info and the enabled list', () => {
  it('answers the lines with each SKU’s name, spec, model, unit price and stock available', async () => {
    const inv = await sku(7, 'Inverter');
    const code = tag('BP-');
    const id = (await savePackage({ code })).json().data.id as string;
    expect((await post(`${PACKAGE_API}/line/submit`, admin, { packageId: id, sku: inv.code, quantity: 1, equipmentType: 'inverter' })).json().code).toBe(200);
    expect((await post(`${PACKAGE_API}/line/submit`, admin, { packageId: id, sku: 'GONE-1', quantity: 3, equipmentType: 'panel' })).json().code).toBe(200);

    const info = await get(`${PACKAGE_API}/skuInfo?code=${code}`, admin);
    expect(info.json().code, info.body).toBe(200);
    expect(info.json().data).toMatchObject({ code, enabled: 1, summary: { kwp: '5.5', inverterKw: '5', batteryKwh: '10.24' } });
    const byCode = Object.fromEntries((info.json().data.lines as { sku: string; unitPrice: string }[]).map((l) => [l.sku, l]));
    expect(byCode[inv.code]).toMatchObject({ quantity: 1, equipmentType: 'inverter', skuName: `Inverter ${inv.code}`, available: 7 });
    expect(Number(byCode[inv.code]?.unitPrice)).toBe(10);
    expect(byCode['GONE-1']).toMatchObject({ quantity: 3, skuName: null, available: 0 });
    // The designer (epc_order, not epc_package) reads it too.
    expect((await get(`${PACKAGE_API}/skuInfo?code=${code}`, crew.designer)).json().code).toBe(200);

    const unknown = await get(`${PACKAGE_API}/skuInfo?code=NOPE-1`, en(admin));
    expect(unknown.json().code).toBe(400);
    expect(unknown.json().msg).toBe('Unknown base package: NOPE-1');
    expect((await get(`${PACKAGE_API}/skuInfo?code=NOPE-1`, admin)).json().msg).toBe('基础套餐不存在: NOPE-1');

    const off = tag('BP-');
    await savePackage({ code: off, enabled: 0 });
    const enabled = (await get(`${PACKAGE_API}/enabled`, crew.designer)).json().data as { code: string }[];
    expect(enabled.map((p) => p.code)).toEqual(expect.arrayContaining([code, 'BP-5K']));
    expect(enabled.map((p) => p.code)).not.toContain(off);
  });
});

describe('base packages: the design step', () => {
  it('refuses an unknown or disabled package in both languages and accepts an enabled one', async () => {
    const created = await post(INSERT, crew.admin, { customer: customer(), submit: true });
    expect(created.json().code, created.body).toBe(200);
    let o = await placeAt(created.json().data, 'design');
    const part = await sku(3, 'Battery');
    const form = (basePackage: string) => ({ form: { ...designForm([{ sku: part.code, equipmentType: 'battery', quantity: 1 }]), basePackage } });
    const attempt = (h: H, basePackage: string) => post(`/api/skyworth-agent/order/design/submit`, h, { orderId: o.id, version: o.version, ...form(basePackage) });

    const unknown = await attempt(en(crew.designer), 'NOPE-2');
    expect(unknown.json().code).toBe(400);
    expect(unknown.json().msg).toBe('Unknown base package: NOPE-2');
    expect((await attempt(crew.designer, 'NOPE-2')).json().msg).toBe('基础套餐不存在: NOPE-2');

    const off = tag('BP-');
    await savePackage({ code: off, enabled: 0 });
    expect((await attempt(en(crew.designer), off)).json().msg).toBe(`The base package is disabled: ${off}`);
    expect((await attempt(crew.designer, off)).json().msg).toBe(`基础套餐已停用: ${off}`);
    // A refused step leaves the order as it was.
    const same = (await get(`/api/skyworth-agent/order/design/detail?orderId=${o.id}`, crew.designer)).json().data.order;
    expect(same).toMatchObject({ stage: 'design', version: o.version });

    // A draft naming an unknown package is refused too; the enabled one passes.
    const draft = await post(`/api/skyworth-agent/order/design/save`, en(crew.designer), { orderId: o.id, version: o.version, ...form('NOPE-3') });
    expect(draft.json().msg).toBe('Unknown base package: NOPE-3');
    o = await step(o, 'design/submit', crew.designer, form('BP-5K'));
    expect(o.stage).toBe('design');
    expect((o as unknown as { inReview: boolean }).inReview).toBe(true);
  });
});
