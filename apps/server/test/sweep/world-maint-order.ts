/**
 * A world's maintenance order (modules/maintenance): an order of the world's agent company on the world's station and
 * its inverter, from the world's alarm, in its warranty verification — the shared order row (process `maint_order`),
 * its call-in form and its `helio_maint_order` row. Names carry the world's marker.
 */
import { MAINT_ORDER_PROCESS } from '@helio/contracts/modules/epc/maint.process';
import { nextId } from '../../src/core/ids.js';
import { epcOrder, epcOrderForm } from '../../src/modules/epc-order/epc-order.tables.js';
import { maintOrder } from '../../src/modules/maintenance/maintenance.tables.js';
import { initialState } from '../../src/stage/index.js';
import type { TestApp } from '../helper.js';
import type { Kind } from './world.js';

export async function maintOrderWorld(t: TestApp, ids: Record<Kind, string>, tenantId: string, marker: string, sn: string): Promise<void> {
  const db = t.database.db;
  ids.maintOrder = nextId();
  const state = { ...initialState(MAINT_ORDER_PROCESS, { tenantId, companyId: ids.agentCompany, now: new Date() }), stage: 'warranty_verification', subStatus: 'pending' };
  await db.insert(epcOrder).values({
    id: ids.maintOrder, tenantId, orderNumber: `${marker}m`.slice(0, 32), agentId: ids.agentCompany, customerName: `${marker} caller`,
    process: MAINT_ORDER_PROCESS.id, stage: state.stage, subStatus: state.subStatus, state, version: 0, createUser: ids.admin, updateUser: ids.admin,
  });
  await db.insert(epcOrderForm).values({ id: nextId(), tenantId, orderId: ids.maintOrder, formKey: 'customer', data: { name: `${marker} caller`, problem: `${marker} fault`, feeType: '1' } });
  await db.insert(maintOrder).values({
    orderId: ids.maintOrder, tenantId, agentId: ids.agentCompany, callInTime: new Date(), feeType: '1', stationId: ids.plant, deviceSn: sn, alarmId: ids.alarm, workOrderNumber: `${marker}wo`.slice(0, 64),
  });
}
