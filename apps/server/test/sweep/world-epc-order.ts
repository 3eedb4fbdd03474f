/**
 * A world's installer order (modules/epc-order): an order of the world's agent company in its create stage, its
 * customer form, a history row and a (failed) quote mail attempt. Names carry the world's marker.
 */
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import { nextId } from '../../src/core/ids.js';
import { epcOrder, epcOrderForm, epcOrderHistory } from '../../src/modules/epc-order/epc-order.tables.js';
import { epcOrderMail } from '../../src/modules/epc-order/epc-order.mail.tables.js';
import { epcOrderShipment } from '../../src/modules/epc-order/epc-order.shipment.tables.js';
import { epcOrderSubmission } from '../../src/modules/epc-order/epc-order.submission.tables.js';
import { initialState } from '../../src/stage/index.js';
import type { TestApp } from '../helper.js';
import type { Kind } from './world.js';

export async function epcOrderWorld(t: TestApp, ids: Record<Kind, string>, tenantId: string, marker: string): Promise<void> {
  const db = t.database.db;
  ids.epcOrder = nextId();
  const state = initialState(EPC_ORDER_PROCESS, { tenantId, companyId: ids.agentCompany, now: new Date() });
  await db.insert(epcOrder).values({
    id: ids.epcOrder, tenantId, orderNumber: `${marker}o`.slice(0, 32), agentId: ids.agentCompany, customerName: `${marker} customer`,
    process: EPC_ORDER_PROCESS.id, stage: state.stage, subStatus: state.subStatus, state, version: 0, createUser: ids.admin, updateUser: ids.admin,
  });
  await db.insert(epcOrderForm).values({ id: nextId(), tenantId, orderId: ids.epcOrder, formKey: 'customer', data: { name: `${marker} customer` } });
  await db.insert(epcOrderHistory).values({ id: nextId(), tenantId, orderId: ids.epcOrder, stage: 'create', toStage: 'create', action: 'save', userId: ids.admin, role: 'agent', version: 0 });
  await db.insert(epcOrderMail).values({
    id: nextId(), tenantId, orderId: ids.epcOrder, kind: 'quote', toAddress: `${marker}@example.com`, subject: `${marker} quote`, body: `Dear ${marker} customer`,
    language: 'en-US', attachments: [{ name: `${marker}.pdf`, size: 1, contentType: 'application/pdf' }], status: 'failed', error: 'No mail configuration is enabled', orderVersion: 0, createUser: ids.admin,
  });
  // Part 2: a draft shipment and a stored offline submission of the order.
  await db.insert(epcOrderShipment).values({ id: nextId(), tenantId, orderId: ids.epcOrder, seq: 1, state: 'unshipped', lines: [{ sku: `${marker}sku`.slice(0, 64), quantity: 1, serials: [] }] });
  await db.insert(epcOrderSubmission).values({ id: nextId(), tenantId, orderId: ids.epcOrder, submissionId: `${marker}-sub`.slice(0, 64), stage: 'create', action: 'save', version: 0, userId: ids.admin });
}
