/**
 * The maintenance order's own spec URLs beyond the shared steps (issue 20, spec §7): the call-out quote e-mailed with
 * its PDF (`maintCallOutQuote/sendMail`: refused until finance approved it, then sent through the mail module's SMTP
 * provider to a real sink on loopback, recorded with the quote e-mails), the survey date read back
 * (`maintSurveyDate/detail`), a station's call-in given the station's map point, and the diagnosis review's sub-node statuses (`maintain/surveyReview/saveSubNodeApprovalStatus`:
 * stored with the order, only at the review, the stage unmoved).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';
import { customer, helpers, type Crew, type H } from './epc-order-fixtures.js';
import { parseMail, pdfText, sinkMailConfig, SmtpSink } from './epc-order-quote-fixtures.js';
import type { OrderRef } from './epc-order-part2-fixtures.js';
import { createDevice, createPlant } from './station-fixtures.js';

const A = '/api/skyworth-agent';
let t: TestApp;
let admin: H;
let crew: Crew;
let port = 0;
const sink = new SmtpSink();
const h = helpers(() => t);
const { post, get, crew: makeCrew } = h;
const en = (h: H): H => ({ ...h, 'accept-language': 'en-US' });

beforeAll(async () => {
  port = await SmtpSink.freePort();
  t = await createTestApp({ HELIO_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  admin = await t.adminHeaders();
  crew = await makeCrew(admin);
  await sinkMailConfig(h, admin, port, { address: 'service@helio.example', name: 'Helio Service' });
  await sink.start(port);
}, 180_000);
afterAll(async () => {
  await t?.stop();
  await sink.stop();
});

const step = async (o: OrderRef, url: string, h: H, body: Record<string, unknown> = {}): Promise<OrderRef> => {
  const res = await post(`${A}/${url}`, h, { orderId: o.id, version: o.version, ...body });
  expect(res.json().code, `${url}: ${res.body}`).toBe(200);
  return res.json().data as OrderRef;
};

/** A chargeable call-in on a station with an inverter out of warranty, verified: at its call-out quote. */
async function atCallout(): Promise<OrderRef & { orderNumber: string }> {
  const plantId = await createPlant(t.database.db, {});
  const inv = await createDevice(t.database.db, { plantId, kind: 'inverter', factory: { warrantyStart: '2015-01-01', warrantyEnd: '2020-01-01', warrantyYears: 5 } });
  const body = { agentId: crew.companyId, customer: customer({ callInTime: '2026-11-20 09:30', problem: 'No output', feeType: '2', cocRequired: false, stationId: plantId, deviceSn: inv.sn }), submit: true };
  const created = await post(`${A}/createOrder/maint/insertOrder`, admin, body);
  expect(created.json().code, created.body).toBe(200);
  const o = await step(created.json().data as OrderRef, 'warranty-verification/audit', admin, { approved: true, form: { result: 'expired', warrantyEndDate: '2020-01-01' } });
  expect(o.stage).toBe('callout_quote');
  return { ...o, orderNumber: (created.json().data as { orderNumber: string }).orderNumber };
}

describe('maintenance order spec URLs', () => {
  it('e-mails the approved call-out quote with its PDF, and not before', async () => {
    let o = await atCallout();
    o = await step(o, 'maintCallOutQuote/submit', crew.delivery, { form: { amount: 350, currency: 'ZAR', recipient: { name: 'Zhang Wei', contact: '+27 821234567', address: '1 Main Road' } } });
    const early = await post(`${A}/maintCallOutQuote/sendMail`, en(crew.delivery), { orderId: o.id });
    expect([early.statusCode, early.json().msg]).toEqual([400, 'The call-out quote has not been approved by finance yet, so it cannot be e-mailed']);
    // The installer order's URL does not reach a maintenance order.
    expect((await post(`${A}/order/calloutQuote/sendMail`, crew.delivery, { orderId: o.id })).statusCode).toBe(400);
    o = await step(o, 'maintCallOutQuote/audit', crew.finance, { approved: true });
    expect(o.stage).toBe('survey_date');

    const before = sink.received.length;
    const sent = await post(`${A}/maintCallOutQuote/sendMail`, en(crew.delivery), { orderId: o.id });
    expect(sent.json().code, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ kind: 'callout', status: 'sent', to: 'zhang@example.com', language: 'en-US', subject: `Call-out quotation ${o.orderNumber}` });
    expect(sink.received).toHaveLength(before + 1);
    const mail = parseMail(sink.received.at(-1)!.raw);
    expect(mail.text).toContain('total including tax ZAR 350.00');
    const pdf = mail.parts.find((p) => p.type === 'application/pdf')!;
    expect(pdf.head).toContain(`Call-out-quotation-${o.orderNumber}.pdf`);
    const text = await pdfText(pdf.content);
    expect(text).toContain('Call-out service');
    expect(text).toContain('Zhang Wei');
    // Recorded with the order's quote e-mails; the order did not move.
    const detail = (await get(`${A}/essQuotation/emailDetail?orderId=${o.id}`, crew.finance)).json().data;
    expect(detail).toMatchObject({ mail: null, calloutMail: { kind: 'callout', status: 'sent', attempts: 1 }, order: { stage: 'survey_date', version: o.version } });
  }, 120_000);

  it('reads the survey date back, and keeps the diagnosis review sub-node statuses only at the review', async () => {
    let o = await atCallout();
    // Called in without a map point: the site is the station's (createPlant's 22.54, 114.06), for the EHS at the site.
    expect((await get(`${A}/maintenanceOrder/detail?orderId=${o.id}`, admin)).json().data.data.customer.location).toEqual({ latitude: 22.54, longitude: 114.06 });
    o = await step(o, 'maintCallOutQuote/submit', crew.delivery, { form: { amount: 80, recipient: { name: 'Z', contact: 'c', address: 'a' } } });
    o = await step(o, 'maintCallOutQuote/audit', crew.finance, { approved: true });
    o = await step(o, 'maintSurveyDate/audit', crew.rollout, { date: '2026-11-22', remark: 'Mornings only' });
    const date = (await get(`${A}/maintSurveyDate/detail?orderId=${o.id}`, crew.tech)).json();
    expect(date.code, JSON.stringify(date)).toBe(200);
    expect(date.data).toMatchObject({ order: { id: o.id, stage: 'designated_person' }, form: { date: '2026-11-22', remark: 'Mornings only' } });

    const nodes = { findings: { status: 'pass' }, photos: { status: 'fail', note: 'The BMS is not on the photos' } };
    const tooEarly = await post(`${A}/maintain/surveyReview/saveSubNodeApprovalStatus`, en(crew.rollout), { orderId: o.id, version: o.version, nodes });
    expect(tooEarly.statusCode).toBe(400);
    o = await step(o, 'maint/designatedPerson', crew.rollout, { technicianIds: [crew.techId], electricianIds: [crew.elecId] });
    o = await step(o, 'survey/maint/submit', crew.tech, { form: { findings: 'Battery dead', solution: 'New battery', partsNeeded: false, photos: ['p1'], signatures: { technician: 's1', owner: 's2' }, confirmed: true } });
    expect(o.stage).toBe('survey_review');
    // Not the technician's to review.
    expect((await post(`${A}/maintain/surveyReview/saveSubNodeApprovalStatus`, crew.tech, { orderId: o.id, version: o.version, nodes })).statusCode).toBe(403);
    const saved = await step(o, 'maintain/surveyReview/saveSubNodeApprovalStatus', crew.rollout, { nodes });
    expect(saved.stage).toBe('survey_review');
    const data = (await get(`${A}/maintenanceOrder/detail?orderId=${o.id}`, crew.rollout)).json().data.data;
    expect(data.surveyNodes).toEqual(nodes);
    // The statuses do not decide the stage: the review's approve does.
    expect((await step(saved, 'maintain/surveyReview/submit', crew.rollout, { approved: true })).stage).toBe('installation_date');
  }, 120_000);
});
