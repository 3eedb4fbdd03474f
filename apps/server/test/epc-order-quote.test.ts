/**
 * Installer orders (issue 18): the quote PDF download, the quote mail with the PDF attached and the payment mails
 * through the mail module's SMTP provider — a real SMTP sink on loopback (smtp-server), never a mock: the mail
 * arrives with the PDF (parsed with pdf.js), the provider being down leaves the order untouched and records the failed
 * attempt, the retry succeeds, the details show the last attempt; wrong stage, wrong role and another tenant are
 * refused; both languages. And the serial-number existence check.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_API } from '@helio/contracts/modules/epc/order.api';
import { nextId } from '../src/core/ids.js';
import { batteryFactory, inverterFactory } from '../src/db/schema-device.js';
import { mailOutbox } from '../src/modules/mail/mail.tables.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { helpers, tag, type Crew, type H } from './epc-order-fixtures.js';
import { header, parseMail, pdfText, sinkMailConfig, SmtpSink, walkOrder } from './epc-order-quote-fixtures.js';

const Q = `${ORDER_API}/quote`;
let t: TestApp;
let admin: H;
let crew: Crew;
let port = 0;
const sink = new SmtpSink();
const h = helpers(() => t);
const { post, get } = h;
const en = (x: H) => ({ ...x, 'accept-language': 'en-US' });
const zh = (x: H) => ({ ...x, 'accept-language': 'zh-CN' });
const orderOf = async (id: string) => (await get(`${ORDER_API}/selectBaseOrderInfo?orderId=${id}`, admin)).json().data.order as { stage: string; version: number; subStatus: string };

beforeAll(async () => {
  port = await SmtpSink.freePort();
  t = await createTestApp({ HELIO_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  admin = await t.adminHeaders();
  crew = await h.crew(admin);
  // The tenant's enabled SMTP configuration: the sink's port (nothing listens there until a test starts the sink).
  await sinkMailConfig(h, admin, port, { address: 'quotes@helio.example', name: 'Helio Quotes' });
}, 180_000);
afterAll(async () => {
  await t?.stop();
  await sink.stop();
});

describe('the quote PDF', () => {
  it('downloads the stored quote as a PDF in either language, with the customer and the totals', async () => {
    const { id, o } = await walkOrder(h, crew, admin, 'quote_submitted', 'Zhang Wei');
    for (const [headers, title, file] of [
      [en(crew.delivery), 'Quotation', `Quotation-${o.orderNumber}.pdf`],
      [zh(crew.delivery), '报价单', encodeURIComponent(`报价单-${o.orderNumber}.pdf`)],
    ] as const) {
      const res = await t.req({ method: 'GET', url: `${Q}/generateQuotePdf?orderId=${id}`, headers });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(String(res.headers['content-disposition'])).toContain(file);
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(title);
      expect(text).toContain('Zhang Wei');
      expect(text).toContain('逆变器 Inverter');
      expect(text).toContain('1,380.00'); // 1 × 1,200.00 + 15 % tax
      expect(text).toContain('ZAR');
    }
    // `language` overrides the caller's; the Blade client opens it with the token in the query.
    const token = crew.finance['blade-auth']!;
    const opened = await t.req({ method: 'GET', url: `${Q}/generateQuotePdf?orderId=${id}&language=en-US&blade-auth=${encodeURIComponent(token)}`, headers: zh({}) });
    expect(opened.statusCode).toBe(200);
    expect(await pdfText(opened.rawPayload)).toContain('Quotation');
  }, 120_000);

  it('refuses an order without a quote, and answers a missing order as missing', async () => {
    const created = await post('/api/skyworth-agent/createOrder/insertOrder', crew.admin, { customer: { name: 'No Quote', phoneDiallingCode: '+27', phone: '1', email: 'n@example.com', installAddress: { country: 'ZA', province: 'GP', city: 'J' }, address: 'a', projectType: '1' } });
    const res = await get(`${Q}/generateQuotePdf?orderId=${created.json().data.id}`, en(crew.admin));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The order has no quote yet');
    expect((await get(`${Q}/generateQuotePdf?orderId=${nextId()}`, en(crew.admin))).json().msg).toBe('No such order');
  });
});

describe('the quote mail', () => {
  let id = '';
  let orderNumber = '';

  it('is refused before finance approved the quote, in both languages, and by a role that does not handle quotes', async () => {
    const walked = await walkOrder(h, crew, admin, 'quote_submitted', 'Li Na');
    id = walked.id;
    orderNumber = String(walked.o.orderNumber);
    const early = await post(`${Q}/sendMail`, en(crew.finance), { orderId: id });
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toBe('The quote has not been approved by finance yet, so it cannot be e-mailed');
    expect((await post(`${Q}/sendMail`, zh(crew.finance), { orderId: id })).json().msg).toBe('报价尚未经财务审核通过,不能发送报价邮件');
    expect((await post(`${Q}/sendMail`, crew.tech, { orderId: id })).statusCode).toBe(403);
    expect((await get(`${Q}/emailDetail?orderId=${id}`, crew.delivery)).json().data.mail).toBeNull();
  }, 120_000);

  it('with the provider down: a translated failure, the order untouched, the attempt recorded; the retry is delivered with the PDF', async () => {
    const approved = await post(`${ORDER_API}/quote/quoteAudit`, crew.finance, { orderId: id, version: (await orderOf(id)).version, approved: true });
    expect(approved.json().data.stage, approved.body).toBe('ess_payment');
    const before = await orderOf(id);

    const down = await post(`${Q}/sendMail`, en(crew.delivery), { orderId: id });
    expect(down.statusCode).toBe(400);
    expect(down.json().msg).toBe(`The e-mail was not sent (the order is unchanged; you can try again): Could not connect to the mail server 127.0.0.1:${port} (connection refused)`);
    const zhDown = await post(`${Q}/sendMail`, zh(crew.delivery), { orderId: id });
    expect(zhDown.json().msg).toBe(`邮件未发送(订单未变更,可稍后重试): 无法连接邮件服务器 127.0.0.1:${port}(连接被拒绝)`);
    expect(await orderOf(id)).toEqual(before);
    const failed = (await get(`${Q}/emailDetail?orderId=${id}`, en(crew.delivery))).json().data.mail;
    expect(failed).toMatchObject({ kind: 'quote', status: 'failed', to: 'zhang@example.com', attempts: 2, subject: `报价单 ${orderNumber}`, language: 'zh-CN' });
    expect(failed.error).toContain('连接被拒绝');
    const [outbox] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.scene, 'order'), eq(mailOutbox.toAddress, 'zhang@example.com'))).orderBy(desc(mailOutbox.createTime)).limit(1);
    expect(outbox).toMatchObject({ success: 0, subject: `报价单 ${orderNumber}` });

    await sink.start(port);
    const sent = await post(`${Q}/sendMail`, en(crew.delivery), { orderId: id });
    expect(sent.json().code, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'sent', error: null, attempts: 3, to: 'zhang@example.com', language: 'en-US' });
    expect(sent.json().data.attachments).toEqual([{ name: `Quotation-${orderNumber}.pdf`, size: expect.any(Number), contentType: 'application/pdf' }]);
    expect(await orderOf(id)).toEqual(before);

    const mail = sink.received.at(-1)!;
    expect(mail.to).toEqual(['zhang@example.com']);
    const parsed = parseMail(mail.raw);
    expect(parsed.subject).toBe(`Quotation ${orderNumber}`);
    expect(parsed.text).toContain('Dear Li Na,');
    expect(parsed.text).toContain('total including tax ZAR 1,380.00');
    const pdf = parsed.parts.find((p) => p.type === 'application/pdf')!;
    expect(pdf.head).toContain(`Quotation-${orderNumber}.pdf`);
    expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.content.length).toBe(sent.json().data.attachments[0].size);
    const text = await pdfText(pdf.content);
    expect(text).toContain('Li Na');
    expect(text).toContain(orderNumber);

    const detail = (await get(`${Q}/emailDetail?orderId=${id}`, crew.finance)).json().data;
    expect(detail.order).toMatchObject({ id, stage: 'ess_payment', version: before.version });
    expect(detail.mail).toMatchObject({ status: 'sent', attempts: 3, subject: `Quotation ${orderNumber}`, body: parsed.text.replace(/\r\n/g, '\n').trimEnd() });
  }, 120_000);

  it('is written in the language asked for (else the caller’s)', async () => {
    const n = sink.received.length;
    expect((await post(`${Q}/sendMail`, en(crew.finance), { orderId: id, language: 'zh-CN' })).json().data.subject).toBe(`报价单 ${orderNumber}`);
    expect((await post(`${Q}/sendMail`, zh(crew.finance), { orderId: id })).json().data.language).toBe('zh-CN');
    expect(sink.received.length).toBe(n + 2);
    for (const m of sink.received.slice(n)) {
      const parsed = parseMail(m.raw);
      expect(parsed.subject).toBe(`报价单 ${orderNumber}`);
      expect(parsed.text).toContain('Li Na,您好');
      const pdf = parsed.parts.find((p) => p.type === 'application/pdf')!;
      expect(header(pdf.head, 'Content-Type')).toContain(`name="报价单-${orderNumber}.pdf"`);
      expect(await pdfText(pdf.content)).toContain('报价单');
    }
  }, 60_000);

  it("answers another tenant's order as missing, sending nothing", async () => {
    await createTenant(t.database.db, '300077');
    const role = await createRole(t.database.db, '300077', 'administrator', 'all');
    await createUser(t.database.db, { tenantId: '300077', account: 'quote-other', password: 'Passw0rd1', roleId: role });
    const other = en({ 'blade-auth': `bearer ${(await t.login('quote-other', 'Passw0rd1', '300077')).access_token}` });
    const n = sink.received.length;
    for (const url of ['sendMail', 'paymentConfirmSendMail', 'finalPaymentConfirmSendMail']) {
      const res = await post(`${Q}/${url}`, other, { orderId: id });
      expect([url, res.statusCode, res.json().msg]).toEqual([url, 400, 'No such order']);
    }
    for (const url of ['emailDetail', 'paymentEmailDetail', 'generateQuotePdf']) {
      const res = await get(`${Q}/${url}?orderId=${id}`, other);
      expect([url, res.statusCode, res.json().msg]).toEqual([url, 400, 'No such order']);
      expect(res.body).not.toContain('Li Na');
    }
    expect(sink.received.length).toBe(n);
  });
});

describe('the payment mails', () => {
  it('sends the ESS payment confirmation once the payment is confirmed; the final one is refused until the balance is', async () => {
    const { id, o } = await walkOrder(h, crew, admin, 'quote_approved', 'Wang Fang');
    const early = await post(`${Q}/paymentConfirmSendMail`, en(crew.finance), { orderId: id });
    expect(early.json().msg).toBe('The ESS payment has not been confirmed yet, so its confirmation cannot be e-mailed');
    const paid = await post(`${ORDER_API}/installPay/confirm`, crew.finance, { orderId: id, version: o.version, form: { amount: 1380, paidAt: '2026-11-28', reference: 'BANK-42' } });
    expect(paid.json().data.stage).toBe('installation_date');
    const before = await orderOf(id);

    expect((await post(`${Q}/paymentConfirmSendMail`, crew.delivery, { orderId: id })).statusCode).toBe(403);
    const sent = await post(`${Q}/paymentConfirmSendMail`, en(crew.finance), { orderId: id });
    expect(sent.json().data, sent.body).toMatchObject({ kind: 'payment', status: 'sent', subject: `Payment confirmation ${o.orderNumber}`, attachments: [] });
    const parsed = parseMail(sink.received.at(-1)!.raw);
    expect(parsed.subject).toBe(`Payment confirmation ${o.orderNumber}`);
    expect(parsed.text).toContain('We received your payment of ZAR 1,380.00 on 2026-11-28');
    expect(parsed.text).toContain('BANK-42');

    const finalEn = await post(`${Q}/finalPaymentConfirmSendMail`, en(crew.finance), { orderId: id });
    expect([finalEn.statusCode, finalEn.json().msg]).toEqual([400, 'The balance payment has not been confirmed yet, so its confirmation cannot be e-mailed']);
    expect((await post(`${Q}/finalPaymentConfirmSendMail`, zh(crew.finance), { orderId: id })).json().msg).toBe('尾款尚未确认,不能发送尾款确认邮件');
    expect(await orderOf(id)).toEqual(before);

    const detail = (await get(`${Q}/paymentEmailDetail?orderId=${id}`, crew.delivery)).json().data;
    expect(detail.mail).toMatchObject({ kind: 'payment', status: 'sent', attempts: 1 });
    expect(detail.finalMail).toBeNull();
  }, 120_000);
});

describe("the mail module's attachments", () => {
  it('sends files with a message, keeps none of their bytes, and refuses more than 10 MB', async () => {
    const mail = t.services.kernel.use('mail');
    const pdf = Buffer.from('%PDF-1.7 sample');
    const ok = await mail.deliver('000000', { to: 'files@helio.example', subject: 'Files', text: 'see attached', attachments: [{ filename: 'a.pdf', content: pdf, contentType: 'application/pdf' }] });
    expect(ok).toMatchObject({ ok: true, outboxId: expect.stringMatching(/^\d+$/) });
    const part = parseMail(sink.received.at(-1)!.raw).parts.find((p) => p.type === 'application/pdf')!;
    expect(part.content.equals(pdf)).toBe(true);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, ok.outboxId!));
    expect(row).toMatchObject({ success: 1, subject: 'Files' });
    expect(JSON.stringify(row)).not.toContain('PDF-1.7');
    const big = { filename: 'big.bin', content: Buffer.alloc(10 * 1024 * 1024 + 1), contentType: 'application/octet-stream' };
    const n = sink.received.length;
    const refused = await mail.deliver('000000', { to: 'files@helio.example', subject: 'Big', text: 'x', attachments: [big] }, { lang: 'zh-CN' });
    expect(refused).toMatchObject({ ok: false, error: 'The attachments must not exceed 10 MB together', message: '附件总大小不能超过 10 MB' });
    expect(sink.received.length).toBe(n);
  });
});

describe('serial-number existence', () => {
  it('answers which SNs are in the factory lists (of a type or any), used, missing and repeated', async () => {
    const inv = tag('INV');
    const bat = tag('BAT');
    const gone = tag('NONE');
    await t.database.db.insert(inverterFactory).values({ id: nextId(), deviceSn: inv, usageFlag: 1 });
    await t.database.db.insert(batteryFactory).values({ id: nextId(), deviceSn: bat });
    const url = `${ORDER_API}/serialNumber/existenceCheck`;
    const any = (await post(url, crew.tech, { sns: [inv, bat, ` ${inv} `, gone, ''] })).json().data;
    expect(any.results).toEqual([
      { sn: inv, exists: true, deviceType: 'inverter', used: true, repeated: true },
      { sn: bat, exists: true, deviceType: 'battery', used: false, repeated: false },
      { sn: gone, exists: false, deviceType: null, used: false, repeated: false },
    ]);
    expect(any.missing).toEqual([gone]);
    expect(any.repeated).toEqual([inv]);
    const batteries = (await post(`${url}?deviceType=battery`, crew.tech, { sns: [inv, bat] })).json().data;
    expect(batteries.missing).toEqual([inv]);
    expect((await post(`${url}?deviceType=phone`, crew.tech, { sns: [inv] })).statusCode).toBe(400);
    expect((await post(url, crew.tech, {})).json().data).toEqual({ results: [], missing: [], repeated: [] });
  });
});
