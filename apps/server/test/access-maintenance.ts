/**
 * Tenant probes of the maintenance-order routes (issue 20; contracts maint.api.ts), spread into `probes` of
 * access.test.ts: tenant B's administrator (200002) neither reads nor moves tenant A's (200001) maintenance order
 * through any installer-order twin, nor lists, looks up, counts or opens one on A's station, serial, alarm or company;
 * A's order, its station's device and the order count stay as they were.
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import * as m from '@helio/contracts/modules/epc/maint.api';
import { MAINT_ORDER_PROCESS } from '@helio/contracts/modules/epc/maint.process';
import { nextId } from '../src/core/ids.js';
import { alarm, device } from '../src/db/schema-device.js';
import { agentCompany } from '../src/modules/agent/agent.tables.js';
import { epcOrder, epcOrderForm } from '../src/modules/epc-order/epc-order.tables.js';
import { maintOrder } from '../src/modules/maintenance/maintenance.tables.js';
import { initialState } from '../src/stage/index.js';
import { orderRouteProbes } from './access/order-route-probes.js';
import type { TestApp } from './helper.js';
import { createDevice, createPlant } from './station-fixtures.js';

const A = '200001';
const B = '200002';
type Probe = () => Promise<void>;

export function maintenanceProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, Probe> {
  let seeded: Promise<{ orderId: string; agentId: string; plantId: string; sn: string; alarmId: string; number: string; ownNumber: string }> | undefined;
  const seed = () =>
    (seeded ??= (async () => {
      const db = app().database.db;
      const agentId = nextId();
      await db.insert(agentCompany).values({ id: agentId, tenantId: A, agentNumber: `M${agentId}`.slice(0, 32), companyName: `ServiceCo${agentId}`, agentType: 1, contactName: 'c', phone: '13800138000' });
      const plantId = await createPlant(db, { tenantId: A, name: `SecretPlant${agentId}` });
      const inv = await createDevice(db, { plantId, kind: 'inverter', tenantId: A });
      const alarmId = nextId();
      await db.insert(alarm).values({ id: alarmId, tenantId: A, plantId, deviceId: inv.id, deviceSn: inv.sn, deviceType: 1, alarmCode: 7, alarmType: 1, triggerTime: new Date() });
      const orderId = nextId();
      const number = `MNTA${orderId.slice(-8)}`;
      const state = { ...initialState(MAINT_ORDER_PROCESS, { tenantId: A, companyId: agentId, now: new Date() }), stage: 'qc_submission' };
      await db.insert(epcOrder).values({ id: orderId, tenantId: A, orderNumber: number, agentId, customerName: `Secret${orderId}`, process: MAINT_ORDER_PROCESS.id, stage: 'qc_submission', state, version: 0 });
      await db.insert(epcOrderForm).values({ id: nextId(), tenantId: A, orderId, formKey: 'customer', data: { name: `Secret${orderId}`, problem: 'Secret fault' } });
      await db.insert(maintOrder).values({ orderId, tenantId: A, agentId, callInTime: new Date(), feeType: '1', stationId: plantId, deviceSn: inv.sn, alarmId });
      // B's own maintenance order, so B's lists show a row of B's and not A's.
      const own = nextId();
      const bState = initialState(MAINT_ORDER_PROCESS, { tenantId: B, companyId: null, now: new Date() });
      await db.insert(epcOrder).values({ id: own, tenantId: B, orderNumber: `MNTB${own.slice(-8)}`, customerName: 'OwnB', process: MAINT_ORDER_PROCESS.id, stage: bState.stage, state: bState, version: 0 });
      await db.insert(maintOrder).values({ orderId: own, tenantId: B, callInTime: new Date(), feeType: '2' });
      return { orderId, agentId, plantId, sn: inv.sn, alarmId, number, ownNumber: `MNTB${own.slice(-8)}` };
    })());
  const req = (method: 'GET' | 'POST', url: string, payload?: object) => app().req({ method, url, headers: headers(), ...(payload ? { payload } : {}) });
  const unchanged = async (orderId: string) => {
    const db = app().database.db;
    const [row] = await db.select().from(epcOrder).where(eq(epcOrder.id, orderId));
    expect(row!.version).toBe(0);
    expect(row!.stage).toBe('qc_submission');
    const [mo] = await db.select().from(maintOrder).where(eq(maintOrder.orderId, orderId));
    const [d] = await db.select({ isDeleted: device.isDeleted }).from(device).where(eq(device.deviceSn, mo!.deviceSn!));
    expect(d!.isDeleted).toBe(0);
  };
  const count = async () => Number(((await app().database.db.execute(sql`SELECT count(*)::int AS n FROM helio_maint_order`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  // Every installer-order step's twin: A's maintenance order is "no such order" and stays as it was.
  const twins = Object.fromEntries([...m.MAINT_ALIASES.values(), ...m.MAINT_DOWNLOADS.values()].filter((e) => !e.url.endsWith('/subStatus/list')).map((e) => [e.url, e]));
  const fill: Record<string, unknown> = {
    approved: true,
    reason: 'x',
    form: { lines: [{ sku: 'SecretSku', quantity: 1 }], workDate: '2026-12-01', signedFile: ['1'], signedAt: '2026-12-01', amount: 1, paidAt: '2026-12-01' },
    date: '2026-12-01',
    technicianIds: ['1'],
    electricianIds: ['1'],
    signature: '1',
    signedAt: '2026-12-01 10:00',
    confirmed: true,
    photos: ['1'],
    location: { lat: -26.2, lng: 28.04 },
    nodes: { ppe: { status: 'pass' } },
    serials: ['SecretSn1'],
  };
  const out: Record<string, Probe> = { ...orderRouteProbes(twins, { seed, req, fill, unchanged, postQuery: '?deviceType=inverter', version: 'declared' }) };
  const key = (e: { method: string; url: string }) => `${e.method} ${e.url}`;
  const lists = async (res: Awaited<ReturnType<typeof req>>) => {
    const { number, ownNumber } = await seed();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(ownNumber);
    expect(res.body).not.toContain(number);
  };
  out[key(m.maintList)] = async () => lists(await (await seed(), req('GET', `${m.maintList.url}?size=100`)));
  out[key(m.maintPage)] = async () => lists(await (await seed(), req('POST', m.maintPage.url.replace(':size/:current', '100/1'), {})));
  out[key(m.maintInsert)] = async () => {
    const { plantId, agentId, alarmId, sn } = await seed();
    const before = await count();
    const customer = { name: 'x', phoneDiallingCode: '+27', phone: '1', installAddress: { country: 'ZA', province: 'G', city: 'J' }, address: 'a', callInTime: '2026-11-20 09:30', problem: 'p', feeType: '2', cocRequired: false };
    for (const body of [{ customer: { ...customer, stationId: plantId, deviceSn: sn } }, { customer: { ...customer, alarmId } }, { agentId, customer }]) {
      const res = await req('POST', m.maintInsert.url, body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await count()).toBe(before);
  };
  out[key(m.queryInstallOrder)] = async () => {
    const { sn, number } = await seed();
    const res = await req('POST', m.queryInstallOrder.url, { sn });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([]);
    expect((await req('POST', m.queryInstallOrder.url, { customerName: 'Secret' })).body).not.toContain(number);
  };
  out[key(m.queryMaintHistory)] = async () => {
    const { plantId, sn } = await seed();
    for (const q of [`stationId=${plantId}`, `sn=${sn}`]) {
      const res = await req('GET', `${m.queryMaintHistory.url}?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual([]);
    }
  };
  out[key(m.maintWarrantyDetail)] = async () => {
    const { orderId } = await seed();
    const res = await req('GET', `${m.maintWarrantyDetail.url}?orderId=${orderId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/订单不存在/);
    expect(res.body).not.toContain('Secret');
  };
  out[key(m.replaceDevice)] = async () => {
    const { orderId, sn } = await seed();
    const res = await req('POST', m.replaceDevice.url, { orderId, version: 0, oldSn: sn, newSn: 'SecretNew1', reason: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/订单不存在/);
    await unchanged(orderId);
  };
  out[key(m.maintByAlarm)] = async () => {
    const { alarmId } = await seed();
    const res = await req('GET', `${m.maintByAlarm.url}?alarmId=${alarmId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBeNull();
  };
  out[key(m.maintKpi)] = async () => {
    const { agentId } = await seed();
    const res = await req('GET', m.maintKpi.url);
    expect(res.statusCode).toBe(200);
    // B's own order only; A's company is not among B's agents.
    expect(res.json().data.callIns).toBe(1);
    expect(res.body).not.toContain(agentId);
  };
  return out;
}
