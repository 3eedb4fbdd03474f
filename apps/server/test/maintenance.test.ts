/**
 * Maintenance orders (issue 20) over HTTP, on the shared stage engine: a call-in from an alarm (the station's
 * operation company takes it, the alarm and the order linked), the warranty rule of a free fee type (refused in both
 * languages, nothing written), the site look-ups, the short flow (free, no parts, no COC) through the spec's `maint`
 * URLs with a device replaced at the repair QC (old serial returned and unbound, the new one installed and registered
 * at the station; not-in-stock and installed-elsewhere serials refused), the charged flow's extra stages, and the KPIs.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { alarm, device, deviceLatest, plant } from '../src/db/schema-device.js';
import { nextId } from '../src/core/ids.js';
import { stockSerial } from '../src/modules/stock/stock.tables.js';
import { createTestApp, type TestApp } from './helper.js';
import { customer, helpers, type Crew, type H } from './epc-order-fixtures.js';
import { part2, type OrderRef } from './epc-order-part2-fixtures.js';
import { createDevice, createPlant, inverterReport } from './station-fixtures.js';

const A = '/api/skyworth-agent';
let t: TestApp;
let admin: H;
let crew: Crew;
const { post, get, crew: makeCrew } = helpers(() => t);
const p2 = part2(() => t, () => admin, () => crew);
const en = (h: H): H => ({ ...h, 'accept-language': 'en-US' });
const SITE = { latitude: -26.2041, longitude: 28.0473 };
const NEAR = { lat: -26.2042, lng: 28.0473 };

beforeAll(async () => {
  // The embedded broker on a free loopback port: the replaced station reports through its new device.
  t = await createTestApp({ HELIO_MQTT_PORT: '0', HELIO_MQTT_HOST: '127.0.0.1', HELIO_JOB_POLL_MS: '60000', HELIO_STATUS_INTERVAL_SECONDS: '3600' });
  admin = await t.adminHeaders();
  crew = await makeCrew(admin);
  await t.start();
}, 120_000);
afterAll(async () => t?.stop());

/** The device reports once through the broker with its own SN and secret (QoS 1); answers its latest row. */
async function reportAs(sn: string, secret: string, plantId: string) {
  const url = t.services.kernel.use('telemetry').running()!.broker.url;
  const c = await mqtt.connectAsync(url, { clientId: sn, username: sn, password: secret, reconnectPeriod: 0 });
  const ts = Date.now();
  try {
    await c.publishAsync(`helio/v1/${sn}/telemetry`, JSON.stringify({ ...inverterReport(ts, { pvPower: 3210 }), ts }), { qos: 1 });
  } finally {
    await c.endAsync(true).catch(() => undefined);
  }
  const [d] = await t.database.db.select({ id: device.id }).from(device).where(and(eq(device.deviceSn, sn), eq(device.isDeleted, 0)));
  const [latest] = await t.database.db.select().from(deviceLatest).where(eq(deviceLatest.deviceId, d!.id));
  expect(latest).toMatchObject({ plantId, pvPower: 3210 });
  return latest!;
}

const callIn = (extra: Record<string, unknown> = {}) => customer({ location: SITE, callInTime: '2026-11-20 09:30', problem: 'Inverter shows fault 23 and stops at noon', feeType: '1', cocRequired: false, ...extra });
const step = async (o: OrderRef, url: string, h: H, body: Record<string, unknown> = {}): Promise<OrderRef> => {
  const res = await post(`${A}/${url}`, h, { orderId: o.id, version: o.version, ...body });
  expect(res.json().code, `${url}: ${res.body}`).toBe(200);
  return res.json().data as OrderRef;
};
const count = async () => Number(((await t.database.db.execute(sql`SELECT count(*)::int AS n FROM helio_maint_order`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

/** A station run by the crew's company with an inverter under warranty (ends `end`) and an alarm on it. */
async function site(end = '2030-12-31') {
  const db = t.database.db;
  const dept = ((await db.execute(sql`SELECT dept_id::text AS d FROM helio_agent_company WHERE id = ${crew.companyId}`)) as unknown as { rows: { d: string }[] }).rows[0]!.d;
  const plantId = await createPlant(db, { operationCompanyId: dept, name: `Maint site ${Date.now()}` });
  const inv = await createDevice(db, { plantId, kind: 'inverter', factory: { warrantyStart: '2025-01-01', warrantyEnd: end, warrantyYears: 5 } });
  const alarmId = nextId();
  const [d] = await db.select({ id: device.id }).from(device).where(eq(device.deviceSn, inv.sn));
  await db.insert(alarm).values({ id: alarmId, tenantId: '000000', plantId, deviceId: d!.id, deviceSn: inv.sn, deviceType: 1, alarmCode: 23, alarmType: 1, level: 3, triggerTime: new Date('2026-11-20T01:00:00Z'), description: 'Grid overvoltage' });
  return { plantId, sn: inv.sn, alarmId };
}

describe('maintenance orders', () => {
  it('refuses a free fee type whose warranty date has passed, in both languages, and writes nothing', async () => {
    const s = await site();
    const before = await count();
    const body = (h: H) => post(`${A}/createOrder/maint/insertOrder`, h, { agentId: crew.companyId, customer: callIn({ stationId: s.plantId, deviceSn: s.sn, warrantyDate: '2024-01-31' }), submit: true });
    const zh = await body(admin);
    expect(zh.statusCode, zh.body).toBe(400);
    expect(zh.json().msg).toBe('费用类型为保内免费,但质保已于 2024-01-31 到期:请选择收费类型或更正质保日期');
    const enRes = await body(en(admin));
    expect(enRes.json().msg).toBe('The fee type is free (under warranty) but the warranty ended on 2024-01-31: choose a chargeable fee type or correct the warranty date');
    expect(await count()).toBe(before);
  });

  it('finds the site by serial with its warranty, and its history', async () => {
    const s = await site('2029-06-30');
    const found = await post('/api/blade-order/order/maint/query-install-order', admin, { sn: s.sn });
    expect(found.json().code, found.body).toBe(200);
    const hit = (found.json().data as { stationId: string; devices: { sn: string; inWarranty: boolean }[]; warrantyEnd: string; agentId: string }[]).find((x) => x.stationId === s.plantId)!;
    expect(hit).toMatchObject({ warrantyEnd: '2029-06-30', agentId: crew.companyId });
    expect(hit.devices).toEqual([expect.objectContaining({ sn: s.sn, inWarranty: true })]);
    // No structured region: the address carries the region's name, the install address is left to the caller.
    expect(hit).toMatchObject({ address: 'Test road 1, 广东省 深圳市', installAddress: null, location: { latitude: 22.54, longitude: 114.06 } });
    // With its region codes, the call-in form's install address is filled from them and the address is the street.
    await t.database.db.update(plant).set({ provinceCode: '440000', cityCode: '440300', countyCode: '440305' }).where(eq(plant.id, s.plantId));
    const again = (await post('/api/blade-order/order/maint/query-install-order', admin, { sn: s.sn })).json().data as Record<string, unknown>[];
    expect(again.find((x) => x.stationId === s.plantId)).toMatchObject({ address: 'Test road 1', installAddress: { country: 'CN', province: '440000', city: '440300', district: '440305' } });
    expect((await post('/api/blade-order/order/maint/query-install-order', en(admin), {})).json().msg).toBe('Enter at least a customer name, phone, address or serial number');
    const none = await get(`/api/blade-order/order/maint/query-maint-order-history?stationId=${s.plantId}`, admin);
    expect(none.json().data).toEqual([]);
  });

  it('runs a free repair from an alarm to completion with a replaced inverter, and counts it in the KPIs', async () => {
    const s = await site();
    const db = t.database.db;
    // From the alarm: no agent named, the station's operation company takes it; the alarm links to the order.
    const created = await post(`${A}/createOrder/maint/insertOrder`, admin, { customer: callIn({ stationId: s.plantId, deviceSn: s.sn, alarmId: s.alarmId, warrantyDate: '2030-12-31' }), submit: true });
    expect(created.json().code, created.body).toBe(200);
    const first = created.json().data as OrderRef & { agentId: string; process: string; alarmId: string; orderNumber: string };
    let o: OrderRef = first;
    // The call-in time reads back as it was given (the deployment's zone, both ways).
    expect(o).toMatchObject({ process: 'maint_order', agentId: crew.companyId, alarmId: s.alarmId, stage: 'warranty_verification', callInTime: '2026-11-20 09:30:00' });
    expect(first.orderNumber).toMatch(/^MNT/);
    expect((await get(`${A}/maintenanceOrder/byAlarm?alarmId=${s.alarmId}`, admin)).json().data).toMatchObject({ id: o.id, stage: 'warranty_verification' });
    // The alarm's follow-up names the order, and the alarm is in progress (after the order's commit).
    const followUp = async () => (await t.database.db.select({ status: alarm.handleStatus }).from(alarm).where(eq(alarm.id, s.alarmId)))[0]!.status;
    for (let i = 0; i < 50 && (await followUp()) !== 1; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await followUp()).toBe(1);
    const records = (await get(`/api/skyworth-client/alarmLogOperationRecord/list?alarmId=${s.alarmId}`, admin)).json();
    expect(JSON.stringify(records)).toContain(first.orderNumber);
    const again = await post(`${A}/createOrder/maint/insertOrder`, en(admin), { customer: callIn({ stationId: s.plantId, deviceSn: s.sn, alarmId: s.alarmId }) });
    expect(again.json().msg).toBe(`This alarm already has maintenance order ${first.orderNumber}`);
    // The installer order's endpoints do not reach a maintenance order.
    expect((await get(`${A}/order/selectBaseOrderInfo?orderId=${o.id}`, admin)).statusCode).toBe(400);

    const w = (await get(`${A}/warranty-verification/detail?orderId=${o.id}`, admin)).json().data;
    expect(w.suggested).toMatchObject({ result: 'valid', warrantyEndDate: '2030-12-31', basis: 'factory', factoryEndDate: '2030-12-31', serviceEndDate: null });
    o = await step(o, 'warranty-verification/audit', admin, { approved: true, form: { result: 'valid', warrantyEndDate: '2030-12-31' } });
    expect(o.stage).toBe('survey_date'); // free: no call-out quote
    o = await step(o, 'maintSurveyDate/audit', crew.rollout, { date: '2026-11-22' });
    o = await step(o, 'maint/designatedPerson', crew.rollout, { technicianIds: [crew.techId], electricianIds: [crew.elecId] });
    o = await step(o, 'survey/maint/submit', crew.tech, {
      form: { findings: 'DC isolator burnt', solution: 'Replace the inverter', partsNeeded: false, photos: ['p1'], signatures: { technician: 's1', owner: 's2' }, confirmed: true },
    });
    o = await step(o, 'maintain/surveyReview/submit', crew.rollout, { approved: true });
    expect(o.stage).toBe('installation_date'); // no parts: no design, stock or quote
    o = await step(o, 'installationDate/examineInstallationDate', crew.rollout, { date: '2026-11-25' });
    o = await step(o, 'installWoAssignment/examineWoAssignment', crew.rollout, { technicianIds: [crew.techId], electricianIds: [crew.elecId] });
    expect(o.stage).toBe('ehs_submission'); // no parts: no material collection
    const ehs = { workDate: '2026-11-25', emergencyNumbers: ['112'], risks: [1, 2, 3].map((i) => ({ risk: `Risk ${i}`, solution: `Fix ${i}` })), ppe: ['helmet'], declaration: true };
    o = await step(o, 'maintenanceEhsSubmission/submitEhsInfoExamine', crew.tech, { form: ehs, location: NEAR });
    o = await step(o, 'maintenanceEhsVerification/submitEhsFinalExamine', crew.rollout, { approved: true });
    expect(o.stage).toBe('qc_submission');

    // The replacement: refused for a serial not in stock and for one installed elsewhere; then done.
    const spare = await p2.serialSku('inverter', 2);
    const other = await createPlant(db, {});
    const busy = await createDevice(db, { plantId: other, kind: 'inverter' });
    const replace = (newSn: string, h = crew.tech) => post(`${A}/maintenanceOrder/replaceDevice`, h, { orderId: o.id, version: o.version, oldSn: s.sn, newSn, reason: 'Burnt DC stage' });
    expect((await replace(busy.sn)).json().msg).toContain(busy.sn);
    const unknown = await replace('NOPE-0001', en(crew.tech));
    expect(unknown.json().msg).toBe('The new serial number NOPE-0001 is not in stock');
    expect((await replace(spare.sns[0]!, crew.warehouse)).statusCode).toBe(403);
    const done = await replace(spare.sns[0]!);
    expect(done.json().code, done.body).toBe(200);
    expect(done.json().data.replacement).toMatchObject({ oldSn: s.sn, newSn: spare.sns[0], deviceType: 'inverter', plantId: s.plantId });
    expect(done.json().data.secret).toMatch(/^[\w-]{20,}$/);
    const live = await db.select({ sn: device.deviceSn }).from(device).where(and(eq(device.plantId, s.plantId), eq(device.isDeleted, 0)));
    expect(live.map((d) => d.sn)).toEqual([spare.sns[0]]);
    const [fresh] = await db.select().from(stockSerial).where(eq(stockSerial.serial, spare.sns[0]!));
    expect(fresh).toMatchObject({ status: 'installed', plantId: s.plantId, orderRef: first.orderNumber });
    // The old serial's history stays: its registration is kept, unbound.
    const [gone] = await db.select({ isDeleted: device.isDeleted }).from(device).where(eq(device.deviceSn, s.sn));
    expect(gone!.isDeleted).toBe(1);
    expect((await replace(spare.sns[1]!)).json().msg).toBe(`旧序列号 ${s.sn} 不是该电站的在用设备`);
    // The station goes on reporting through the new serial, with the secret answered once.
    await reportAs(spare.sns[0]!, done.json().data.secret as string, s.plantId);
    // The returned device is no longer let in.
    const url = t.services.kernel.use('telemetry').running()!.broker.url;
    await expect(mqtt.connectAsync(url, { clientId: s.sn, username: s.sn, password: 'test-secret-0123456789', reconnectPeriod: 0 })).rejects.toThrow();

    o = await step(o, 'maintenanceQc/submission/submitQcInfo', crew.tech, { form: { photos: ['q1'], result: 'Runs at full power after the swap', working: true } });
    o = await step(o, 'maintenanceQc/verification/qcVerify/audit', crew.rollout, { approved: true });
    expect(o.stage).toBe('completed'); // no COC required

    const detail = (await get(`${A}/maintenanceOrder/detail?orderId=${o.id}`, admin)).json().data;
    expect(detail.data.replacement.lines).toEqual([expect.objectContaining({ oldSn: s.sn, newSn: spare.sns[0], byName: expect.stringMatching(/\S/) })]);
    expect(detail.data.replacement.lines[0].byName).not.toBe(detail.data.replacement.lines[0].by);
    const history = (await get(`/api/blade-order/order/maint/query-maint-order-history?sn=${s.sn}`, admin)).json().data;
    expect(history.map((h: { id: string }) => h.id)).toEqual([o.id]);
    expect(history[0]).toMatchObject({ closedAt: expect.any(String), firstVisitAt: expect.any(String), feeType: '1' });
    const kpi = (await get(`${A}/maintenanceOrder/kpi?from=2026-11-01&to=2026-11-30&agentId=${crew.companyId}`, admin)).json().data;
    expect(kpi).toMatchObject({ callIns: 1, closed: 1, firstTimeFixRate: 1 });
    expect(kpi.months).toEqual([{ month: '2026-11', callIns: 1, closed: 1 }]);
    const list = (await get(`${A}/maintenanceOrder/list?deviceSn=${s.sn}`, admin)).json().data;
    expect(list.records.map((r: { id: string }) => r.id)).toEqual([o.id]);
    const paged = await post(`${A}/maintenanceOrder/page/10/1`, admin, { feeType: '1', orderNumber: first.orderNumber });
    expect(paged.json().data.records.map((r: { id: string }) => r.id)).toEqual([o.id]);
  });

  it("suggests the call-in's free-service plan when it outlasts the factory warranty, and a free repair passes on it", async () => {
    const s = await site('2020-01-01');
    const year = new Date().getUTCFullYear();
    await t.database.db.update(plant).set({ installDate: `${year - 1}-03-15` }).where(eq(plant.id, s.plantId));
    const planEnd = `${year + 2}-03-15`;
    const created = await post(`${A}/createOrder/maint/insertOrder`, crew.admin, { customer: callIn({ stationId: s.plantId, deviceSn: s.sn, freeServiceMonths: 36, warrantyDate: planEnd }), submit: true });
    expect(created.json().code, created.body).toBe(200);
    let o = created.json().data as OrderRef;
    const w = (await get(`${A}/warranty-verification/detail?orderId=${o.id}`, admin)).json().data;
    expect(w.suggested).toEqual({ result: 'valid', warrantyEndDate: planEnd, basis: 'service', factoryEndDate: '2020-01-01', serviceEndDate: planEnd, installDate: `${year - 1}-03-15` });
    o = await step(o, 'warranty-verification/audit', admin, { approved: true, form: { result: 'valid', warrantyEndDate: planEnd } });
    expect(o.stage).toBe('survey_date'); // free: no call-out quote
    // A plan that has run out suggests "expired" on its own end, the later of the two.
    const short = await post(`${A}/createOrder/maint/insertOrder`, crew.admin, { customer: callIn({ stationId: s.plantId, deviceSn: s.sn, feeType: '2', freeServiceMonths: 1 }), submit: true });
    const ended = (await get(`${A}/warranty-verification/detail?orderId=${short.json().data.id}`, admin)).json().data;
    expect(ended.suggested).toMatchObject({ result: 'expired', warrantyEndDate: `${year - 1}-04-15`, basis: 'service' });
  });

  it('counts the KPIs of a range: totals, months, fee types, agents and installers from one read', async () => {
    const s = await site();
    const make = async (callInTime: string, feeType: string) => {
      const r = await post(`${A}/createOrder/maint/insertOrder`, crew.admin, { customer: callIn({ stationId: s.plantId, deviceSn: s.sn, callInTime, feeType, warrantyDate: '2030-12-31' }), submit: true });
      expect(r.json().code, r.body).toBe(200);
      return String(r.json().data.id);
    };
    const ids = [await make('2025-03-10 09:30', '1'), await make('2025-03-20 09:30', '2'), await make('2025-04-02 09:30', '2'), await make('2025-04-05 09:30', '3')];
    // What the steps record as an order goes (first visit, close, reworks, cost, installer), set directly.
    const h = (id: string, hrs: number) => sql`(SELECT call_in_time FROM helio_maint_order WHERE order_id = ${id}) + make_interval(hours => ${hrs})`;
    const set = (id: string, extra: ReturnType<typeof sql>) => t.database.db.execute(sql`UPDATE helio_maint_order SET ${extra} WHERE order_id = ${id}`);
    await set(ids[0]!, sql`first_visit_at = ${h(ids[0]!, 24)}, closed_at = ${h(ids[0]!, 48)}, outcome = 'completed', reworks = 0, cost = 0, installer_id = ${crew.techId}`);
    await set(ids[1]!, sql`first_visit_at = ${h(ids[1]!, 12)}, closed_at = ${h(ids[1]!, 72)}, outcome = 'completed', reworks = 1, cost = 150.5, installer_id = ${crew.elecId}`);
    await set(ids[2]!, sql`first_visit_at = ${h(ids[2]!, 6)}, cost = 80, installer_id = ${crew.techId}`);
    const kpi = (await get(`${A}/maintenanceOrder/kpi?from=2025-03-01&to=2025-04-30`, admin)).json().data;
    expect(kpi).toMatchObject({ callIns: 4, closed: 2, firstTimeFixRate: 0.5, avgFirstVisitHours: 14, avgCloseHours: 60 });
    expect(kpi.months).toEqual([{ month: '2025-03', callIns: 2, closed: 2 }, { month: '2025-04', callIns: 2, closed: 0 }]);
    expect(kpi.costByFeeType).toEqual([{ feeType: '1', orders: 1, cost: 0 }, { feeType: '2', orders: 2, cost: 230.5 }, { feeType: '3', orders: 1, cost: 0 }]);
    expect(kpi.byAgent).toEqual([expect.objectContaining({ agentId: crew.companyId, agentName: expect.any(String), callIns: 4, closed: 2, avgCloseHours: 60, firstTimeFixRate: 0.5 })]);
    const installers = Object.fromEntries(kpi.byInstaller.map((i: { userId: string }) => [i.userId, i]));
    expect(kpi.byInstaller).toHaveLength(2);
    expect(installers[crew.techId]).toMatchObject({ orders: 2, closed: 1, firstTimeFixRate: 1, name: expect.stringMatching(/\S/) });
    expect(installers[crew.elecId]).toMatchObject({ orders: 1, closed: 1, firstTimeFixRate: 0 });
    // Outside the range: nothing.
    expect((await get(`${A}/maintenanceOrder/kpi?from=2024-01-01&to=2024-12-31`, admin)).json().data).toMatchObject({ callIns: 0, closed: 0, months: [], byAgent: [], byInstaller: [] });
  });

  it('a chargeable repair with parts runs the call-out quote, design, stock, ESS quotation and proof of payment', async () => {
    const s = await site('2020-01-01');
    const created = await post(`${A}/createOrder/maint/insertOrder`, crew.admin, { customer: callIn({ stationId: s.plantId, deviceSn: s.sn, feeType: '2', cocRequired: true }), submit: true });
    expect(created.json().code, created.body).toBe(200);
    let o = created.json().data as OrderRef;
    const warranty = (await get(`${A}/warranty-verification/detail?orderId=${o.id}`, admin)).json().data;
    expect(warranty.suggested).toMatchObject({ result: 'expired', basis: 'factory' });
    o = await step(o, 'warranty-verification/audit', admin, { approved: true, form: { result: 'expired', warrantyEndDate: '2020-01-01' } });
    expect(o.stage).toBe('callout_quote');
    o = await step(o, 'maintCallOutQuote/submit', crew.delivery, { form: { amount: 80, recipient: { name: 'Z', contact: 'c', address: 'a' } } });
    o = await step(o, 'maintCallOutQuote/audit', crew.finance, { approved: true });
    o = await step(o, 'maintSurveyDate/audit', crew.rollout, { date: '2026-11-22' });
    o = await step(o, 'maint/designatedPerson', crew.rollout, { technicianIds: [crew.techId], electricianIds: [crew.elecId] });
    o = await step(o, 'survey/maint/submit', crew.tech, { form: { findings: 'Battery dead', solution: 'New battery', partsNeeded: true, photos: ['p1'], signatures: { technician: 's1', owner: 's2' }, confirmed: true } });
    // Sent back once: a rework.
    o = await step(o, 'maintain/surveyReview/submit', crew.rollout, { approved: false, reason: 'Photo of the BMS missing', targetStage: 'survey' });
    o = await step(o, 'survey/maint/submit', crew.tech, { form: { findings: 'Battery dead', solution: 'New battery', partsNeeded: true, photos: ['p1', 'p2'], signatures: { technician: 's1', owner: 's2' }, confirmed: true } });
    o = await step(o, 'maintain/surveyReview/submit', crew.rollout, { approved: true });
    expect(o.stage).toBe('design');
    const bat = await p2.sku(3, 'Battery');
    o = await step(o, 'maintain/design/submit', crew.designer, { form: { basePackage: 'BP-5K', materials: [{ sku: bat.code, name: 'Battery', equipmentType: 'battery', quantity: 1 }], summary: { kwp: 5, inverterKw: 5, batteryKwh: 10 } } });
    o = await step(o, 'maintain/design/audit', crew.rollout, { approved: true });
    o = await step(o, 'maintain/stock/audit', crew.warehouse, { approved: true, form: { lines: [{ sku: bat.code, quantity: 1, status: 'confirmed' }] } });
    expect(o.stage).toBe('ess_quotation');
    o = await step(o, 'essQuotation/submit', crew.delivery, { form: { lines: [{ sku: bat.code, name: 'Battery', quantity: 1, unitPrice: 900 }], recipient: { name: 'Z', contact: 'c', address: 'a' } } });
    o = await step(o, 'essQuotation/audit', crew.finance, { approved: true });
    // The quote PDF under the maintenance URL (the installer order's URL does not know a maintenance order).
    const pdf = await get(`${A}/essQuotation/generateQuotePdf?orderId=${o.id}`, crew.delivery);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((await get(`${A}/order/quote/generateQuotePdf?orderId=${o.id}`, admin)).statusCode).toBe(400);
    o = await step(o, 'essPop/submit', crew.finance, { form: { amount: 900, paidAt: '2026-11-23' } });
    expect(o.stage).toBe('installation_date');
    const row = ((await t.database.db.execute(sql`SELECT cost::float AS cost, reworks FROM helio_maint_order WHERE order_id = ${o.id}`)) as unknown as { rows: { cost: number; reworks: number }[] }).rows[0]!;
    expect(row).toEqual({ cost: 980, reworks: 1 });
  });
});
