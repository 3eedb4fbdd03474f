/**
 * Tenant probes of the handover routes of installer orders (issue 19; contracts order.handover.api.ts), spread into
 * `probes` of access.test.ts: tenant B's administrator (200002) neither reads tenant A's (200001) order at FAC sign
 * audit — FAC, COC and balance forms, the FAC template PDF — nor moves it (FAC save/submit/review, COC, balance);
 * nothing is written.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as api from '@helio/contracts/modules/epc/order.handover.api';
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import { nextId } from '../src/core/ids.js';
import { agentCompany } from '../src/modules/agent/agent.tables.js';
import { epcOrder } from '../src/modules/epc-order/epc-order.tables.js';
import { initialState } from '../src/stage/index.js';
import type { TestApp } from './helper.js';
import { orderRouteProbes } from './access/order-route-probes.js';

const A = '200001';
const STAGE = 'fac_sign_audit';

export function epcHandoverProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let seeded: Promise<{ orderId: string }> | undefined;
  const seed = () =>
    (seeded ??= (async () => {
      const db = app().database.db;
      const agentId = nextId();
      await db.insert(agentCompany).values({ id: agentId, tenantId: A, agentNumber: `H${agentId}`.slice(0, 32), companyName: `HandoverCo${agentId}`, agentType: 1, contactName: 'c', phone: '13800138000' });
      const orderId = nextId();
      const state = { ...initialState(EPC_ORDER_PROCESS, { tenantId: A, companyId: agentId, now: new Date() }), stage: STAGE };
      await db.insert(epcOrder).values({ id: orderId, tenantId: A, orderNumber: `EPCH${orderId.slice(-8)}`, agentId, customerName: `Secret${orderId}`, process: EPC_ORDER_PROCESS.id, stage: STAGE, state, version: 0 });
      return { orderId };
    })());
  const req = (method: 'GET' | 'POST', url: string, payload?: object) => app().req({ method, url, headers: headers(), ...(payload ? { payload } : {}) });
  const unchanged = async (orderId: string) => {
    const [row] = await app().database.db.select().from(epcOrder).where(eq(epcOrder.id, orderId));
    expect(row!.version).toBe(0);
    expect(row!.stage).toBe(STAGE);
  };
  // A body each route's schema accepts (only its own keys), so the refusal is the order's, not the validator's.
  const fill: Record<string, unknown> = {
    approved: true,
    reason: 'x',
    form: { signedFile: ['1'], signedAt: '2026-12-01', signatures: { landlord: '1', installer: '1', electrician: '1', owner: '1' }, confirmed: true, amount: 1, paidAt: '2026-12-01' },
  };
  return orderRouteProbes(api, { seed, req, fill, unchanged, });
}
