/**
 * Shared by the part-2 installer-order tests (issue 19): an order walked through the whole sales half over the API
 * (paid, at the installation date, stock reserved under its number), and `placeAt` — a stage's own tests start at it
 * with the data the earlier stages would have stored (the chain test walks every stage for real).
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { epcOrder, epcOrderForm } from '../src/modules/epc-order/epc-order.tables.js';
import type { TestApp } from './helper.js';
import { addFactory, uniqueSn } from './station-fixtures.js';
import { customer, designForm, helpers, INSERT, ORDER, quoteForm, surveyForm, tag, type Crew, type H } from './epc-order-fixtures.js';

type Rec = Record<string, unknown>;
export interface OrderRef {
  id: string;
  orderNumber: string;
  version: number;
  stage: string;
}
export interface Line {
  sku: string;
  skuId: string;
  equipmentType: string;
  quantity: number;
}

export function part2(t: () => TestApp, admin: () => H, crew: () => Crew) {
  const { post } = helpers(t);

  /** A SKU with `quantity` units received (not serial-tracked). */
  const sku = async (quantity: number, name = 'Item'): Promise<{ code: string; id: string }> => {
    const code = tag('SKU-');
    const res = await post('/api/skyworth-agent/skuBaseInfo/save', admin(), { sku: code, skuName: `${name} ${code}`, skuType: 3, unit: 'pcs', unitPrice: '10' });
    expect(res.json().code, res.body).toBe(200);
    if (quantity) expect((await post('/api/skyworth-agent/skuHistory/save', admin(), { movementType: 'receive', skuId: res.json().data.id, quantity, reference: 'PO' })).json().code).toBe(200);
    return { code, id: res.json().data.id as string };
  };

  /** One step by `h`; the order after it (fails the test on any other answer). */
  const step = async (o: OrderRef, url: string, h: H, body: Rec = {}): Promise<OrderRef> => {
    const res = await post(`${ORDER}/${url}`, h, { orderId: o.id, version: o.version, ...body });
    expect(res.json().code, `${url}: ${res.body}`).toBe(200);
    return res.json().data as OrderRef;
  };

  /**
   * A new order of the crew's company taken through create → ESS payment by the stages' roles (technician and
   * electrician designated), its BOM `lines` (default: one inverter and two batteries, SKUs made here) reserved.
   */
  const paidOrder = async (lines?: Line[]): Promise<{ order: OrderRef; lines: Line[] }> => {
    const c = crew();
    let bom = lines;
    if (!bom) {
      const inv = await sku(5, 'Inverter');
      const bat = await sku(5, 'Battery');
      bom = [
        { sku: inv.code, skuId: inv.id, equipmentType: 'inverter', quantity: 1 },
        { sku: bat.code, skuId: bat.id, equipmentType: 'battery', quantity: 2 },
      ];
    }
    const created = await post(INSERT, c.admin, { customer: customer({ location: { latitude: -26.2041, longitude: 28.0473 } }), submit: true });
    expect(created.json().code, created.body).toBe(200);
    let o = created.json().data as OrderRef;
    o = await step(o, 'calloutQuote/submit', c.delivery, { form: { amount: 50, recipient: { name: 'Z', contact: 'c', address: 'a' } } });
    o = await step(o, 'calloutQuote/audit', c.finance, { approved: true });
    o = await step(o, 'explorationDate/submit', c.rollout, { date: '2026-12-01' });
    o = await step(o, 'designatedPerson/assign', c.rollout, { technicianIds: [c.techId], electricianIds: [c.elecId] });
    o = await step(o, 'survey/submit', c.tech, { form: surveyForm() });
    o = await step(o, 'survey/audit', c.rollout, { approved: true });
    o = await step(o, 'design/submit', c.designer, { form: designForm(bom.map(({ sku: s, equipmentType, quantity }) => ({ sku: s, equipmentType, quantity }))) });
    o = await step(o, 'design/audit', c.rollout, { approved: true });
    o = await step(o, 'stock/audit', c.warehouse, { approved: true, form: { lines: bom.map((l) => ({ sku: l.sku, quantity: l.quantity, status: 'confirmed' })) } });
    o = await step(o, 'quote/submit', c.delivery, { form: quoteForm(bom[0]!.sku) });
    o = await step(o, 'quote/quoteAudit', c.finance, { approved: true });
    o = await step(o, 'installPay/confirm', c.finance, { form: { amount: 1000, paidAt: '2026-11-28' } });
    expect(o.stage).toBe('installation_date');
    return { order: o, lines: bom };
  };

  /**
   * Moves an order straight to `stage` (sub-status pending, no request, not in review), storing `forms` as the earlier
   * stages' data and `assignees` (default: the crew's technician and electrician), and bumping its version: test
   * set-up for one stage's rules. The inbox is left as it was.
   */
  const placeAt = async (o: OrderRef, stage: string, forms: Record<string, Rec> = {}, assignees?: Record<string, string[]>): Promise<OrderRef> => {
    const db = t().database.db;
    const c = crew();
    const who = assignees ?? { site_technician: [c.techId], electrician: [c.elecId] };
    const version = o.version + 1;
    await db.execute(sql`
      UPDATE helio_epc_order SET stage = ${stage}, sub_status = 'pending', in_review = false, pending = NULL, version = ${version},
        state = state || jsonb_build_object('stage', ${stage}::text, 'subStatus', 'pending', 'inReview', false, 'pending', NULL, 'version', ${version}::int, 'assignees', ${JSON.stringify(who)}::jsonb)
      WHERE id = ${o.id}`);
    const [row] = await db.select({ tenantId: epcOrder.tenantId }).from(epcOrder).where(eq(epcOrder.id, o.id));
    for (const [formKey, data] of Object.entries(forms)) {
      await db
        .insert(epcOrderForm)
        .values({ id: nextId(), tenantId: row!.tenantId, orderId: o.id, formKey, data })
        .onConflictDoUpdate({ target: [epcOrderForm.orderId, epcOrderForm.formKey], set: { data } });
    }
    return { ...o, stage, version };
  };

  /** A serial-tracked SKU with `count` units received, each a new serial of the factory list of `kind`. */
  const serialSku = async (kind: 'inverter' | 'battery', count: number): Promise<{ code: string; id: string; sns: string[] }> => {
    const code = tag(kind === 'inverter' ? 'SINV-' : 'SBAT-');
    const res = await post('/api/skyworth-agent/skuBaseInfo/save', admin(), { sku: code, skuName: `${kind} ${code}`, skuType: 1, unit: 'pcs', unitPrice: '10', serialTracked: 1 });
    expect(res.json().code, res.body).toBe(200);
    const sns = Array.from({ length: count }, () => uniqueSn(kind === 'inverter' ? 'FI' : 'FB'));
    for (const sn of sns) await addFactory(t().database.db, kind, sn);
    const rec = await post('/api/skyworth-agent/skuHistory/save', admin(), { movementType: 'receive', skuId: res.json().data.id, quantity: count, serials: sns, reference: 'PO' });
    expect(rec.json().code, rec.body).toBe(200);
    return { code, id: res.json().data.id as string, sns };
  };

  /**
   * A paid order (one serial-tracked inverter, two serial-tracked batteries) dated, assigned, shipped with serials and
   * signed: at EHS submission. Answers the shipped serials and ones still in stock (not the order's).
   */
  const toEhs = async (): Promise<{ order: OrderRef; inverter: string; batteries: string[]; spareInverter: string; spareBattery: string }> => {
    const c = crew();
    const inv = await serialSku('inverter', 2);
    const bat = await serialSku('battery', 3);
    const { order } = await paidOrder([
      { sku: inv.code, skuId: inv.id, equipmentType: 'inverter', quantity: 1 },
      { sku: bat.code, skuId: bat.id, equipmentType: 'battery', quantity: 2 },
    ]);
    let o = await step(order, 'installationDate/examineInstallationDate', c.rollout, { date: '2026-12-10' });
    o = await step(o, 'installWoAssignment/examineWoAssignment', c.rollout, { technicianIds: [c.techId], electricianIds: [c.elecId] });
    const lines = [{ sku: inv.code, quantity: 1, serials: [inv.sns[0]] }, { sku: bat.code, quantity: 2, serials: bat.sns.slice(0, 2) }];
    o = await step(o, 'materialCollection/examine', c.warehouse, { form: { lines } });
    o = await step(o, 'sign/submit', c.tech, { signature: '90001', signedAt: '2026-12-10 10:00', confirmed: true });
    expect(o.stage).toBe('ehs_submission');
    return { order: o, inverter: inv.sns[0]!, batteries: bat.sns.slice(0, 2), spareInverter: inv.sns[1]!, spareBattery: bat.sns[2]! };
  };

  return { sku, step, paidOrder, placeAt, serialSku, toEhs };
}
