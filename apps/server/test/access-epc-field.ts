/**
 * Tenant probes of the field routes of installer orders (issue 19; contracts order.field.api.ts), spread into
 * `probes` of access.test.ts: tenant B's administrator (200002) neither reads tenant A's (200001) order's EHS, QC,
 * shipped serials or history, nor checks serials against it, nor moves it (EHS draft and submission, sub-node
 * statuses, EHS and QC decisions, QC draft and submission); nothing is written.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as api from '@helio/contracts/modules/epc/order.field.api';
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import { nextId } from '../src/core/ids.js';
import { agentCompany } from '../src/modules/agent/agent.tables.js';
import { epcOrder, epcOrderForm } from '../src/modules/epc-order/epc-order.tables.js';
import { initialState } from '../src/stage/index.js';
import type { TestApp } from './helper.js';
import { orderRouteProbes } from './access/order-route-probes.js';

const A = '200001';

export function epcFieldProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let seeded: Promise<{ orderId: string }> | undefined;
  const seed = () =>
    (seeded ??= (async () => {
      const db = app().database.db;
      const agentId = nextId();
      await db.insert(agentCompany).values({ id: agentId, tenantId: A, agentNumber: `F${agentId}`.slice(0, 32), companyName: `FieldCo${agentId}`, agentType: 1, contactName: 'c', phone: '13800138000' });
      const orderId = nextId();
      const state = { ...initialState(EPC_ORDER_PROCESS, { tenantId: A, companyId: agentId, now: new Date() }), stage: 'ehs_verification' };
      await db.insert(epcOrder).values({ id: orderId, tenantId: A, orderNumber: `EPCF${orderId.slice(-8)}`, agentId, customerName: `Secret${orderId}`, process: EPC_ORDER_PROCESS.id, stage: 'ehs_verification', state, version: 0 });
      await db.insert(epcOrderForm).values({ id: nextId(), tenantId: A, orderId, formKey: 'ehs', data: { workDate: '2026-12-01', risks: [{ risk: 'SecretRisk', solution: 's' }] } });
      return { orderId };
    })());
  const req = (method: 'GET' | 'POST', url: string, payload?: object) => app().req({ method, url, headers: headers(), ...(payload ? { payload } : {}) });
  const unchanged = async (orderId: string) => {
    const db = app().database.db;
    const [row] = await db.select().from(epcOrder).where(eq(epcOrder.id, orderId));
    expect(row!.version).toBe(0);
    expect(row!.stage).toBe('ehs_verification');
    expect((await db.select().from(epcOrderForm).where(eq(epcOrderForm.orderId, orderId))).map((f) => f.formKey)).toEqual(['ehs']);
  };
  // A body each route's schema accepts (only its own keys), so the refusal is the order's, not the validator's.
  const fill: Record<string, unknown> = {
    approved: true,
    reason: 'x',
    form: { workDate: '2026-12-01' },
    location: { lat: -26.2, lng: 28.04 },
    nodes: { ppe: { status: 'pass' } },
    serials: ['SecretSn1'],
  };
  return orderRouteProbes(api, { seed, req, fill, unchanged, postQuery: '?deviceType=inverter', version: 'declared', });
}
