/**
 * Installer orders, part 2 — installation (issue 19): installation date with the team's clashes, work-order
 * assignment (excluded staff refused), material collection that issues the reserved stock and serials through the
 * stock ledger, signing (signature and statement required, §8 messages in both languages), loss or damage with a
 * reshipment, two technicians signing at once (one wins, the other 409) and a cancelled order's draft shipment.
 * Orders come from `paidOrder()` (the whole sales half walked for real, stock reserved under the order number).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inverterFactory } from '../src/db/schema-device.js';
import { nextId } from '../src/core/ids.js';
import { epcOrderShipment } from '../src/modules/epc-order/epc-order.shipment.tables.js';
import { stockMovement, stockSerial } from '../src/modules/stock/stock.tables.js';
import { createTestApp, type TestApp } from './helper.js';
import { helpers, ORDER, type Crew, type H } from './epc-order-fixtures.js';
import { part2, type OrderRef } from './epc-order-part2-fixtures.js';
import { uniqueSn } from './station-fixtures.js';

let t: TestApp;
let admin: H;
let crew: Crew;
const { post, get, crew: makeCrew } = helpers(() => t);
const p2 = part2(() => t, () => admin, () => crew);
const en = (h: H): H => ({ ...h, 'accept-language': 'en-US' });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  crew = await makeCrew(admin);
}, 120_000);
afterAll(async () => t?.stop());

/** A step expected to be refused with `status`; answers the message. */
const refused = async (url: string, h: H, o: OrderRef, body: object, status = 400): Promise<string> => {
  const res = await post(`${ORDER}/${url}`, h, { orderId: o.id, version: o.version, ...body });
  expect(res.statusCode, res.body).toBe(status);
  return String(res.json().msg);
};
const balance = async (skuId: string) => {
  const rows = (await t.database.db.execute(sql`SELECT COALESCE(SUM(balance),0)::int AS balance, COALESCE(SUM(reserved),0)::int AS reserved FROM helio_stock_balance WHERE sku_id = ${skuId}`)) as unknown as { rows: { balance: number; reserved: number }[] };
  return rows.rows[0]!;
};
const shipments = (orderId: string) => t.database.db.select().from(epcOrderShipment).where(eq(epcOrderShipment.orderId, orderId)).orderBy(epcOrderShipment.seq);

/** Date and assignment done: the order at material collection. */
async function toCollection(o: OrderRef, date = '2026-12-10'): Promise<OrderRef> {
  o = await p2.step(o, 'installationDate/examineInstallationDate', crew.rollout, { date });
  expect(o.stage).toBe('install_assignment');
  o = await p2.step(o, 'installWoAssignment/examineWoAssignment', crew.rollout, { technicianIds: [crew.techId], electricianIds: [crew.elecId] });
  expect(o.stage).toBe('material_collection');
  return o;
}

describe('installer order: installation date and work-order assignment', () => {
  it("shows the team's other installations near the date; refuses excluded staff and wrong roles, translated", async () => {
    const a = (await p2.paidOrder()).order;
    const b = (await p2.paidOrder()).order;
    const aDated = await p2.step(a, 'installationDate/examineInstallationDate', crew.rollout, { date: '2026-12-10', remark: 'morning' });
    expect(aDated.stage).toBe('install_assignment');

    const near = await get(`${ORDER}/installationDate/selectInstallDateInfo?orderId=${b.id}&date=2026-12-11`, crew.rollout);
    expect(near.json().code, near.body).toBe(200);
    expect(near.json().data.team).toEqual(expect.arrayContaining([crew.techId, crew.elecId]));
    const clash = (near.json().data.clashes as { orderNumber: string; date: string; people: string[] }[]).find((c) => c.orderNumber === a.orderNumber);
    expect(clash).toMatchObject({ date: '2026-12-10' });
    expect(clash!.people).toHaveLength(2);
    const far = await get(`${ORDER}/installationDate/selectInstallDateInfo?orderId=${b.id}&date=2026-12-20`, crew.rollout);
    expect((far.json().data.clashes as { orderNumber: string }[]).some((c) => c.orderNumber === a.orderNumber)).toBe(false);
    const stored = await get(`${ORDER}/installationDate/selectInstallDateInfo?orderId=${a.id}`, crew.rollout);
    expect(stored.json().data).toMatchObject({ date: '2026-12-10', form: { date: '2026-12-10', remark: 'morning' } });

    // The assignment: the company's technicians and electricians listed, the excluded one marked.
    const staff = (await get(`${ORDER}/installWoAssignment/selectAssignedConstructInfo?orderId=${a.id}`, crew.rollout)).json().data;
    expect(staff.staff.find((s: { id: string }) => s.id === crew.excludedId)).toMatchObject({ excluded: true });
    const body = { technicianIds: [crew.excludedId], electricianIds: [crew.elecId] };
    expect(await refused('installWoAssignment/examineWoAssignment', crew.rollout, aDated, body)).toMatch(/已被排除/);
    expect(await refused('installWoAssignment/examineWoAssignment', en(crew.rollout), aDated, body)).toMatch(/excluded from the company's orders/);
    expect(await refused('installWoAssignment/examineWoAssignment', en(crew.rollout), aDated, { technicianIds: [crew.techId], electricianIds: [crew.techId] })).toMatch(/does not have the role \(electrician\)/);
    await refused('installWoAssignment/examineWoAssignment', crew.tech, aDated, { technicianIds: [crew.techId], electricianIds: [crew.elecId] }, 403);
    const done = await p2.step(aDated, 'installWoAssignment/examineWoAssignment', crew.rollout, { technicianIds: [crew.techId], electricianIds: [crew.elecId] });
    expect(done.stage).toBe('material_collection');
    const detail = (await get(`${ORDER}/selectBaseOrderInfo?orderId=${a.id}`, crew.admin)).json().data;
    expect(detail.assignees).toMatchObject({ site_technician: [crew.techId], electrician: [crew.elecId] });
  }, 180_000);
});

describe('installer order: material collection, signing, loss and reshipment', () => {
  it('issues the reserved stock and serials, signs, reships after a loss, and one of two signers wins', async () => {
    // A serial-tracked inverter (3 units, factory serials) and a battery by quantity.
    const code = `INV-${Date.now().toString(36)}`;
    const made = await post('/api/skyworth-agent/skuBaseInfo/save', admin, { sku: code, skuName: `Inverter ${code}`, skuType: 1, unit: 'pcs', unitPrice: '10', serialTracked: 1 });
    expect(made.json().code, made.body).toBe(200);
    const inv = { code, id: made.json().data.id as string };
    const sns = Array.from({ length: 3 }, () => uniqueSn('INS'));
    await t.database.db.insert(inverterFactory).values(sns.map((deviceSn) => ({ id: nextId(), deviceSn })));
    const rec = await post('/api/skyworth-agent/skuHistory/save', admin, { movementType: 'receive', skuId: inv.id, quantity: 3, serials: sns, reference: 'PO' });
    expect(rec.json().code, rec.body).toBe(200);
    const bat = await p2.sku(5, 'Battery');
    const { order } = await p2.paidOrder([
      { sku: inv.code, skuId: inv.id, equipmentType: 'inverter', quantity: 1 },
      { sku: bat.code, skuId: bat.id, equipmentType: 'battery', quantity: 2 },
    ]);
    expect(await balance(inv.id)).toEqual({ balance: 3, reserved: 1 });
    let o = await toCollection(order);

    const select = (await get(`${ORDER}/materialCollection/select?orderId=${o.id}`, crew.warehouse)).json().data;
    const invLine = select.lines.find((l: { sku: string }) => l.sku === inv.code);
    expect(invLine).toMatchObject({ serialTracked: true, ordered: 1, reserved: 1, shipped: 0, unshipped: 1 });
    expect(invLine.serialChoices).toEqual(expect.arrayContaining(sns));
    expect(select.lines.find((l: { sku: string }) => l.sku === bat.code)).toMatchObject({ serialTracked: false, ordered: 2, reserved: 2, unshipped: 2 });

    // Refusals: a line left out, more than is left, serials missing — nothing moves.
    expect(await refused('materialCollection/examine', crew.warehouse, o, { form: { lines: [{ sku: inv.code, quantity: 1, serials: [sns[0]] }] } })).toMatch(`物料尚未全部发货: ${bat.code}`);
    expect(await refused('materialCollection/examine', en(crew.warehouse), o, { form: { lines: [{ sku: inv.code, quantity: 1, serials: [sns[0]] }, { sku: bat.code, quantity: 3 }] } })).toMatch(`More than is left to ship: ${bat.code} (2 left)`);
    expect(await refused('materialCollection/examine', en(crew.warehouse), o, { form: { lines: [{ sku: inv.code, quantity: 1 }, { sku: bat.code, quantity: 2 }] } })).toMatch(/give exactly 1 serial numbers \(0 given\)/);
    expect(await balance(bat.id)).toEqual({ balance: 5, reserved: 2 });

    // A draft is an unshipped shipment; the submit ships it (the ledger issues under the order number).
    const lines1 = [{ sku: inv.code, quantity: 1, serials: [sns[0]] }, { sku: bat.code, quantity: 2 }];
    o = await p2.step(o, 'materialCollection/examine', crew.warehouse, { form: { lines: lines1, deliveryNumber: 'DN-1' }, save: true });
    expect(o.stage).toBe('material_collection');
    expect((await shipments(o.id)).map((s) => s.state)).toEqual(['unshipped']);
    o = await p2.step(o, 'materialCollection/examine', crew.warehouse, { form: { lines: lines1, deliveryNumber: 'DN-1' } });
    expect(o.stage).toBe('material_signing');
    expect((await shipments(o.id)).map((s) => [s.seq, s.state, s.deliveryNumber])).toEqual([[1, 'shipped', 'DN-1']]);
    expect(await balance(inv.id)).toEqual({ balance: 2, reserved: 0 });
    expect(await balance(bat.id)).toEqual({ balance: 3, reserved: 0 });
    const [serial] = await t.database.db.select().from(stockSerial).where(eq(stockSerial.serial, sns[0]!));
    expect(serial).toMatchObject({ status: 'shipped', orderRef: order.orderNumber });
    const issues = await t.database.db.select().from(stockMovement).where(and(eq(stockMovement.reference, order.orderNumber), eq(stockMovement.movementType, 'issue')));
    expect(issues.map((m) => [m.quantity, m.fromReserved]).sort()).toEqual([[1, 1], [2, 1]]);

    // Signing refusals (spec §8), translated; only the assigned site technician signs.
    const sign = { signature: '90001', signedAt: '2026-12-10 10:00', confirmed: true };
    expect(await refused('sign/submit', crew.tech, o, { ...sign, signature: '' })).toBe('请先签名');
    expect(await refused('sign/submit', en(crew.tech), o, { ...sign, signature: undefined })).toBe('Please provide your signature first');
    expect(await refused('sign/submit', crew.tech, o, { ...sign, confirmed: false })).toBe('请勾选确认声明');
    expect(await refused('sign/submit', en(crew.tech), o, { ...sign, confirmed: undefined })).toBe('Please tick the statement');
    await refused('sign/submit', crew.elec, o, sign, 403);

    // Loss or damage: a reason, at most 3 photos; back to collection, the shipment closed as lost.
    await refused('sign/loss', crew.tech, o, { reason: 'broken', photos: ['1', '2', '3', '4'] });
    expect(await refused('sign/loss', en(crew.tech), o, { reason: ' ' })).toBe('Give the reason for the loss or damage');
    o = await p2.step(o, 'sign/loss', crew.tech, { reason: 'Panel glass broken', photos: ['70001', '70002'] });
    expect(o.stage).toBe('material_collection');
    const lost = (await shipments(o.id))[0]!;
    expect(lost).toMatchObject({ state: 'loss_damage', lossReason: 'Panel glass broken', lossPhotos: ['70001', '70002'] });
    const again = (await get(`${ORDER}/materialCollection/select?orderId=${o.id}`, crew.warehouse)).json().data;
    expect(again.lines.find((l: { sku: string }) => l.sku === bat.code)).toMatchObject({ reserved: 0, shipped: 0, unshipped: 2 });

    // The reshipment is a new shipment, issued from what is available.
    o = await p2.step(o, 'deviceShipment/audit', crew.warehouse, { form: { lines: [{ sku: inv.code, quantity: 1, serials: [sns[1]] }, { sku: bat.code, quantity: 2 }] } });
    expect(o.stage).toBe('material_signing');
    expect((await shipments(o.id)).map((s) => [s.seq, s.state])).toEqual([[1, 'loss_damage'], [2, 'shipped']]);
    expect(await balance(bat.id)).toEqual({ balance: 1, reserved: 0 });
    expect(await balance(inv.id)).toEqual({ balance: 1, reserved: 0 });

    // Two people sign the same shipment at once: one wins, the other is told the order changed (409).
    const [r1, r2] = await Promise.all([
      post(`${ORDER}/sign/submit`, crew.tech, { orderId: o.id, version: o.version, ...sign, submissionId: 'sign-0000-0001' }),
      post(`${ORDER}/sign/audit`, crew.tech, { orderId: o.id, version: o.version, approved: true, ...sign, signature: '90002', submissionId: 'sign-0000-0002' }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const winner = r1.statusCode === 200 ? '90001' : '90002';
    const after = (await get(`${ORDER}/sign/detail?orderId=${o.id}`, crew.tech)).json().data;
    expect(after.order).toMatchObject({ stage: 'ehs_submission', version: o.version + 1 });
    expect(after.form).toMatchObject({ signature: winner, confirmed: true });
    const history = (await get(`${ORDER}/sign/history?orderId=${o.id}`, crew.rollout)).json().data as { seq: number; state: string; signature: string | null }[];
    expect(history.map((s) => [s.seq, s.state, s.signature])).toEqual([[2, 'signed', winner], [1, 'loss_damage', null]]);
  }, 240_000);

  it("a cancelled order cancels its draft shipment and gives its reservation back", async () => {
    const { order, lines } = await p2.paidOrder();
    let o = await toCollection(order, '2027-01-05');
    o = await p2.step(o, 'materialCollection/examine', crew.warehouse, { form: { lines: lines.map((l) => ({ sku: l.sku, quantity: l.quantity })) }, save: true });
    o = await p2.step(o, 'examineCancelOrder', crew.admin, { reason: 'customer withdrew' });
    o = await p2.step(o, 'examineCancelOrder', crew.rollout, { approved: true, reason: 'ok' });
    expect(o.stage).toBe('cancelled');
    expect((await shipments(o.id)).map((s) => s.state)).toEqual(['cancelled']);
    expect(await balance(lines[1]!.skuId)).toEqual({ balance: 5, reserved: 0 });
  }, 180_000);
});
