/**
 * Tenant probes of the install routes of installer orders (issue 19; contracts order.install.api.ts), spread into
 * `probes` of access.test.ts: tenant B's administrator (200002) neither reads tenant A's (200001) order, its clashes,
 * staff, material or shipments, nor moves it (date, assignment, shipment, signing, loss); nothing is written.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as api from '@helio/contracts/modules/epc/order.install.api';
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import { nextId } from '../src/core/ids.js';
import { agentCompany } from '../src/modules/agent/agent.tables.js';
import { epcOrder } from '../src/modules/epc-order/epc-order.tables.js';
import { epcOrderShipment } from '../src/modules/epc-order/epc-order.shipment.tables.js';
import { initialState } from '../src/stage/index.js';
import type { TestApp } from './helper.js';
import { orderRouteProbes } from './access/order-route-probes.js';

const A = '200001';

export function epcInstallProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let seeded: Promise<{ orderId: string }> | undefined;
  const seed = () =>
    (seeded ??= (async () => {
      const db = app().database.db;
      const agentId = nextId();
      await db.insert(agentCompany).values({ id: agentId, tenantId: A, agentNumber: `I${agentId}`.slice(0, 32), companyName: `InstallCo${agentId}`, agentType: 1, contactName: 'c', phone: '13800138000' });
      const orderId = nextId();
      const state = { ...initialState(EPC_ORDER_PROCESS, { tenantId: A, companyId: agentId, now: new Date() }), stage: 'material_signing' };
      await db.insert(epcOrder).values({ id: orderId, tenantId: A, orderNumber: `EPCI${orderId.slice(-8)}`, agentId, customerName: `Secret${orderId}`, process: EPC_ORDER_PROCESS.id, stage: 'material_signing', state, version: 0 });
      await db.insert(epcOrderShipment).values({ id: nextId(), tenantId: A, orderId, seq: 1, state: 'shipped', lines: [{ sku: 'SecretSku', quantity: 1, serials: [] }] });
      return { orderId };
    })());
  const req = (method: 'GET' | 'POST', url: string, payload?: object) => app().req({ method, url, headers: headers(), ...(payload ? { payload } : {}) });
  const unchanged = async (orderId: string) => {
    const db = app().database.db;
    const [row] = await db.select().from(epcOrder).where(eq(epcOrder.id, orderId));
    expect(row!.version).toBe(0);
    expect(row!.stage).toBe('material_signing');
    expect((await db.select().from(epcOrderShipment).where(eq(epcOrderShipment.orderId, orderId))).map((s) => s.state)).toEqual(['shipped']);
  };
  // A body each route's schema accepts (only its own keys), so the refusal is the order's, not the validator's.
  const fill: Record<string, unknown> = {
    approved: true,
    reason: 'x',
    form: { lines: [{ sku: 'SecretSku', quantity: 1 }] },
    date: '2026-12-01',
    technicianIds: ['1'],
    electricianIds: ['1'],
    signature: '1',
    signedAt: '2026-12-01 10:00',
    confirmed: true,
    photos: ['1'],
  };
  return orderRouteProbes(api, { seed, req, fill, unchanged, });
}
