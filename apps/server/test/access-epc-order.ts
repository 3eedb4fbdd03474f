/**
 * Tenant probes of the installer-order routes (spread into `probes` of access.test.ts): tenant B's administrator
 * (200002) neither lists, reads nor moves tenant A's (200001) order, nor creates one for A's agent company.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as api from '@helio/contracts/modules/epc/order.api';
import * as quoteApi from '@helio/contracts/modules/epc/order.quote.api';
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import { nextId } from '../src/core/ids.js';
import { agentCompany } from '../src/modules/agent/agent.tables.js';
import { epcOrder } from '../src/modules/epc-order/epc-order.tables.js';
import { epcOrderMail } from '../src/modules/epc-order/epc-order.mail.tables.js';
import { initialState } from '../src/stage/index.js';
import type { TestApp } from './helper.js';

const A = '200001';

export function epcOrderProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let seeded: Promise<{ orderId: string; agentId: string; number: string; ownNumber: string }> | undefined;
  const seed = () =>
    (seeded ??= (async () => {
      const db = app().database.db;
      const agentId = nextId();
      await db.insert(agentCompany).values({ id: agentId, tenantId: A, agentNumber: `N${agentId}`.slice(0, 32), companyName: `OrderCo${agentId}`, agentType: 1, contactName: 'c', phone: '13800138000' });
      const orderId = nextId();
      const number = `EPCA${orderId.slice(-8)}`;
      const state = initialState(EPC_ORDER_PROCESS, { tenantId: A, companyId: agentId, now: new Date() });
      await db.insert(epcOrder).values({ id: orderId, tenantId: A, orderNumber: number, agentId, customerName: `Secret${orderId}`, process: EPC_ORDER_PROCESS.id, stage: state.stage, state, version: 0 });
      // B's own order, so the page shows a row of B's and not A's.
      const own = nextId();
      const bState = initialState(EPC_ORDER_PROCESS, { tenantId: '200002', companyId: null, now: new Date() });
      await db.insert(epcOrder).values({ id: own, tenantId: '200002', orderNumber: `EPCB${own.slice(-8)}`, customerName: 'OwnB', process: EPC_ORDER_PROCESS.id, stage: bState.stage, state: bState, version: 0 });
      return { orderId, agentId, number, ownNumber: `EPCB${own.slice(-8)}` };
    })());
  const req = (method: 'GET' | 'POST', url: string, payload?: object) => app().req({ method, url, headers: headers(), ...(payload ? { payload } : {}) });
  const unchanged = async (orderId: string) => {
    const [row] = await app().database.db.select().from(epcOrder).where(eq(epcOrder.id, orderId));
    expect(row!.version).toBe(0);
    expect(row!.stage).toBe('create');
  };
  const out: Record<string, () => Promise<void>> = {};
  for (const e of Object.values(api)) {
    if (!e || typeof e !== 'object' || !('url' in e) || !('method' in e)) continue;
    const key = `${e.method} ${e.url}`;
    if (e === api.subStatusList) continue; // definition data, no tenant rows (NO_TENANT_DATA)
    if (e === api.orderPage) {
      out[key] = async () => {
        const { number, ownNumber } = await seed();
        const res = await req('GET', `${e.url}?size=100`);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(ownNumber);
        expect(res.body).not.toContain(number);
      };
    } else if (e === api.insertOrder) {
      out[key] = async () => {
        const { agentId } = await seed();
        const res = await req('POST', e.url, { agentId, customer: { name: 'x', phoneDiallingCode: '+27', phone: '1', email: 'e', installAddress: { country: 'ZA', province: 'G', city: 'J' }, address: 'a', projectType: '1' } });
        expect(res.statusCode).toBe(400);
      };
    } else if (e.method === 'GET') {
      out[key] = async () => {
        const { orderId } = await seed();
        const res = await req('GET', `${e.url}?orderId=${orderId}`);
        expect(res.statusCode, key).toBe(400);
        expect(res.body).not.toContain('Secret');
      };
    } else {
      out[key] = async () => {
        const { orderId } = await seed();
        // A body the route's schema accepts (only its own keys), so the refusal is the order's, not the validator's.
        const fill: Record<string, unknown> = { approved: true, reason: 'x', form: {}, date: '2026-12-01', technicianIds: ['1'], electricianIds: ['1'] };
        const props = Object.keys((e.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
        const body = Object.fromEntries(props.filter((k) => k in fill).map((k) => [k, fill[k]]));
        const res = await req('POST', e.url, { ...body, orderId, version: 0 });
        expect(res.json().msg, key).toMatch(/订单不存在/);
        expect(res.statusCode, key).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, key).toBeLessThan(500);
        await unchanged(orderId);
      };
    }
  }
  // The quote PDF, the quote and payment mails and their details (order.quote.api.ts): A's order is missing for B,
  // nothing is sent or recorded; the SN check reads the factory lists (platform reference data) only.
  for (const e of Object.values(quoteApi)) {
    if (!e || typeof e !== 'object' || !('url' in e) || !('method' in e)) continue;
    const key = `${e.method} ${e.url}`;
    if (e === quoteApi.serialNumberCheck) {
      out[key] = async () => {
        const res = await req('POST', e.url, { sns: ['SWEEPSN1', 'SWEEPSN1'] });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual({ results: [{ sn: 'SWEEPSN1', exists: false, deviceType: null, used: false, repeated: true }], missing: ['SWEEPSN1'], repeated: ['SWEEPSN1'] });
      };
    } else if (e.method === 'GET') {
      out[key] = async () => {
        const { orderId } = await seed();
        const res = await req('GET', `${e.url}?orderId=${orderId}`);
        expect(res.statusCode, key).toBe(400);
        expect(res.json().msg, key).toMatch(/订单不存在/);
        expect(res.body).not.toContain('Secret');
      };
    } else {
      out[key] = async () => {
        const { orderId } = await seed();
        const res = await req('POST', e.url, { orderId });
        expect(res.statusCode, key).toBe(400);
        expect(res.json().msg, key).toMatch(/订单不存在/);
        await unchanged(orderId);
        expect(await app().database.db.select().from(epcOrderMail).where(eq(epcOrderMail.orderId, orderId))).toEqual([]);
      };
    }
  }
  return out;
}
