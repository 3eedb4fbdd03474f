/**
 * Installer orders, part 2: the handover (issue 19) — FAC sign audit with the four signatures (image attachments of
 * the tenant) and the statement (spec §8 messages in both languages), its review (approve, reject back), the FAC
 * template PDF (parsed with pdf.js, Chinese text), temporary and final COC (the customer's confirmation), and the
 * balance payment completing the order (history, no open task left), with the final payment mail through a real
 * SMTP sink on loopback.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';
import { helpers, ORDER, type Crew, type H } from './epc-order-fixtures.js';
import { part2, type OrderRef } from './epc-order-part2-fixtures.js';
import { parseMail, pdfText, sinkMailConfig, SmtpSink } from './epc-order-quote-fixtures.js';
import { multipart, png } from './multipart.js';

let t: TestApp;
let admin: H;
let crew: Crew;
let port = 0;
const sink = new SmtpSink();
const h = helpers(() => t);
const { post, get, crew: makeCrew } = h;
const p2 = part2(() => t, () => admin, () => crew);
const en = (x: H) => ({ ...x, 'accept-language': 'en-US' });
const zh = (x: H) => ({ ...x, 'accept-language': 'zh-CN' });

beforeAll(async () => {
  port = await SmtpSink.freePort();
  t = await createTestApp({ HELIO_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  admin = await t.adminHeaders();
  crew = await makeCrew(admin);
  await sinkMailConfig(h, admin, port, { address: 'orders@helio.example', name: 'Helio' });
  await sink.start(port);
}, 180_000);
afterAll(async () => {
  await t?.stop();
  await sink.stop();
});

/** Uploads files as the web does; answers their attachment ids. */
async function upload(h: H, parts: { filename: string; content: Buffer | string; type?: string }[]): Promise<string[]> {
  const m = multipart(parts);
  const res = await t.req({ method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file?use=attachment', headers: { ...h, ...m.headers }, payload: m.payload });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { attachId: string } | { attachId: string }[];
  return (Array.isArray(data) ? data : [data]).map((f) => f.attachId);
}

/** Records earlier visits of `stages` in the order's state (placeAt skips them; a rejection may only go to a visited stage). */
const visited = async (o: OrderRef, ...stages: string[]) => {
  for (const st of stages) {
    await t.database.db.execute(sql`UPDATE helio_epc_order SET state = jsonb_set(state, '{visits}', (state->'visits') || jsonb_build_array(jsonb_set(state->'visits'->-1, '{stage}', to_jsonb(${st}::text)))) WHERE id = ${o.id}`);
  }
};
const QC = { serials: [{ deviceType: 'inverter', sn: 'INV-0001' }, { deviceType: 'battery', sn: 'BAT-0001' }] };
const DESIGN = { summary: { kwp: 8.5, inverterKw: 5, batteryKwh: 10 } };
const atFac = async () => p2.placeAt((await p2.paidOrder()).order, 'fac_sign_audit', { qc: QC });
const signatures = async () => {
  const [landlord, installer, electrician, owner] = await Promise.all(['l', 'i', 'e', 'o'].map(async (k) => (await upload(crew.delivery, [{ filename: `${k}.png`, content: png(), type: 'image/png' }]))[0]));
  return { landlord: landlord!, installer: installer!, electrician: electrician!, owner: owner! };
};
const facForm = async (extra: Record<string, unknown> = {}) => {
  const [scan] = await upload(crew.delivery, [{ filename: 'fac-scan.png', content: png(), type: 'image/png' }]);
  return { signedFile: [scan!], signedAt: '2026-12-20', signatures: await signatures(), confirmed: true, ...extra };
};
const submitFac = (o: OrderRef, h: H, form: Record<string, unknown>, save = false) => post(`${ORDER}/fac/submit`, h, { orderId: o.id, version: o.version, form, ...(save ? { save } : {}) });

describe('FAC sign audit', () => {
  it('refuses a missing signature, a foreign or non-image one and an unticked statement, in both languages', async () => {
    const o = await atFac();
    const full = await facForm();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...full, signatures: { ...full.signatures, owner: '' } }, 'Please provide the signature first: owner', '请先签名:业主'],
      [{ ...full, signatures: undefined }, 'Please provide the signature first: landlord', '请先签名:房东'],
      [{ ...full, signatures: { ...full.signatures, installer: '999999999999' } }, 'The signature was not found: installer', '签名文件不存在:安装人员'],
      [{ ...full, confirmed: false }, 'Please tick the statement', '请勾选确认声明'],
    ];
    const [text] = await upload(crew.delivery, [{ filename: 'notes.txt', content: 'not a picture', type: 'text/plain' }]);
    cases.push([{ ...full, signatures: { ...full.signatures, electrician: text } }, 'The signature must be an image: electrician', '签名必须是图片:电工']);
    for (const [form, enMsg, zhMsg] of cases) {
      const a = await submitFac(o, en(crew.delivery), form);
      expect([a.statusCode, a.json().msg]).toEqual([400, enMsg]);
      expect((await submitFac(o, zh(crew.delivery), form)).json().msg).toBe(zhMsg);
    }
    // A draft keeps an incomplete form; the order stays where it was.
    const draft = await submitFac(o, crew.delivery, { ...full, confirmed: false }, true);
    expect(draft.json().code, draft.body).toBe(200);
    expect(draft.json().data).toMatchObject({ stage: 'fac_sign_audit', subStatus: 'draft' });
    const stored = (await get(`${ORDER}/fac/detail?orderId=${o.id}`, crew.delivery)).json().data;
    expect(stored.form).toMatchObject({ confirmed: false, signatures: full.signatures });
  }, 180_000);

  it('is submitted for review, rejected back with a reason, and approved to the temporary COC', async () => {
    let o = await atFac();
    await visited(o, 'qc_submission', 'fac_sign_audit');
    const form = await facForm();
    o = await p2.step(o, 'fac/submit', crew.delivery, { form });
    expect(o).toMatchObject({ stage: 'fac_sign_audit', inReview: true });
    // The reviewer sees the signatures and the scan as the files they are: name, signed link, picture or not.
    const { files } = (await get(`${ORDER}/selectBaseOrderInfo?orderId=${o.id}`, admin)).json().data;
    for (const id of [...Object.values(form.signatures), ...form.signedFile]) {
      expect(files[id]).toMatchObject({ image: true, link: expect.stringMatching(/^\/api\/blade-resource\/oss\/endpoint\/file\/\d+\//) });
    }
    expect(files[form.signedFile[0]!].name).toBe('fac-scan.png');
    const noReason = await post(`${ORDER}/fac/audit`, crew.delivery, { orderId: o.id, version: o.version, approved: true });
    expect(noReason.statusCode).not.toBe(200); // the delivery manager is no reviewer
    o = await p2.step(o, 'fac/audit', admin, { approved: false, reason: 'Owner signature smudged' });
    expect(o).toMatchObject({ stage: 'fac_sign_audit', inReview: false });
    o = await p2.step(o, 'fac/submit', crew.delivery, { form });
    o = await p2.step(o, 'fac/audit', admin, { approved: true });
    expect(o.stage).toBe('temporary_coc');
    const back = await p2.placeAt(o, 'fac_sign_audit');
    const sub = await p2.step(back, 'fac/submit', crew.delivery, { form });
    const toQc = await p2.step(sub, 'fac/audit', admin, { approved: false, reason: 'Serial wrong', targetStage: 'qc_submission' });
    expect(toQc.stage).toBe('qc_submission');
  }, 180_000);
});

describe('the FAC template', () => {
  it('downloads as a PDF in either language with the order, customer, site, system and signature boxes', async () => {
    const { order } = await p2.paidOrder();
    const o = await p2.placeAt(order, 'fac_sign_audit', { qc: QC, design: DESIGN });
    await t.database.db.execute(sql`UPDATE helio_epc_order_form SET data = jsonb_set(data, '{name}', '"张伟"') WHERE order_id = ${o.id} AND form_key = 'customer'`);
    for (const [lang, title, box, file] of [
      ['en-US', 'Final Acceptance Certificate', 'Landlord signature', `FAC-${o.orderNumber}.pdf`],
      ['zh-CN', 'FAC 最终验收证书', '房东签名', encodeURIComponent(`FAC模板-${o.orderNumber}.pdf`)],
    ] as const) {
      const res = await get(`${ORDER}/fac/exportTemplate?orderId=${o.id}&language=${lang}`, crew.delivery);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(String(res.headers['content-disposition'])).toContain(file);
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(res.rawPayload.length).toBeGreaterThan(5000);
      const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
      for (const s of [title, o.orderNumber, '张伟', '1 Main Road', 'INV-0001', 'BAT-0001', '8.5 kWp', box]) expect(text).toContain(s);
    }
    const missing = await get(`${ORDER}/fac/exportTemplate?orderId=999999999999`, en(crew.delivery));
    expect([missing.statusCode, missing.json().msg]).toEqual([400, 'No such order']);
  }, 180_000);
});

describe('COC and balance payment', () => {
  const coc = { createdAt: '2026-12-21', permanent: true, customerConfirmed: true, deliveryType: '1', deliveryNumber: 'DN-7' };

  it('needs the customer confirmation; final COC is reviewed; the balance completes the order and the final mail goes out', async () => {
    const { order } = await p2.paidOrder();
    let o = await p2.placeAt(order, 'temporary_coc', { qc: QC });
    await visited(o, 'temporary_coc');
    const unconfirmed = await post(`${ORDER}/temporaryCoc/submit`, en(crew.delivery), { orderId: o.id, version: o.version, form: { ...coc, customerConfirmed: false } });
    expect([unconfirmed.statusCode, unconfirmed.json().msg]).toEqual([400, 'Please tick the customer confirmation']);
    const zhRes = await post(`${ORDER}/temporaryCoc/submit`, zh(crew.delivery), { orderId: o.id, version: o.version, form: { ...coc, customerConfirmed: false } });
    expect(zhRes.json().msg).toBe('请勾选客户确认');
    const noType = await post(`${ORDER}/temporaryCoc/submit`, en(crew.delivery), { orderId: o.id, version: o.version, form: { ...coc, deliveryType: undefined } });
    expect(noType.statusCode).toBe(400);
    o = await p2.step(o, 'temporaryCoc/submit', crew.delivery, { form: coc });
    expect(o.stage).toBe('final_coc');
    o = await p2.step(o, 'finalCoc/submit', crew.delivery, { form: { ...coc, deliveryNumber: undefined } });
    expect(o).toMatchObject({ stage: 'final_coc', inReview: true });
    o = await p2.step(o, 'finalCoc/audit', admin, { approved: false, reason: 'Wrong date', targetStage: 'temporary_coc' });
    expect(o.stage).toBe('temporary_coc');
    o = await p2.step(o, 'temporaryCoc/submit', crew.delivery, { form: coc });
    o = await p2.step(o, 'finalCoc/submit', crew.delivery, { form: coc });
    o = await p2.step(o, 'finalCoc/audit', admin, { approved: true });
    expect(o.stage).toBe('balance_payment');
    expect((await get(`${ORDER}/finalCoc/detail?orderId=${o.id}`, crew.delivery)).json().data.form).toMatchObject(coc);

    // The balance mail is refused until finance confirmed the balance.
    const early = await post(`${ORDER}/quote/finalPaymentConfirmSendMail`, en(crew.finance), { orderId: o.id });
    expect(early.statusCode).toBe(400);
    const wrongRole = await post(`${ORDER}/balancePay/confirm`, crew.delivery, { orderId: o.id, version: o.version, form: { amount: 500, paidAt: '2026-12-30' } });
    expect(wrongRole.statusCode).not.toBe(200);
    o = await p2.step(o, 'balancePay/confirm', crew.finance, { form: { amount: 500, paidAt: '2026-12-30', reference: 'BAL-9' } });
    expect(o.stage).toBe('completed');
    expect((await get(`${ORDER}/balancePay/info?orderId=${o.id}`, crew.finance)).json().data.form).toMatchObject({ amount: 500, paidAt: '2026-12-30' });
    const detail = (await get(`${ORDER}/selectBaseOrderInfo?orderId=${o.id}`, crew.admin)).json().data;
    expect(detail.history.map((h: { stage: string }) => h.stage).slice(-2)).toEqual(['final_coc', 'balance_payment']);
    expect(detail.history.at(-1)).toMatchObject({ stage: 'balance_payment', toStage: 'completed' });
    const open = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM helio_flow_task WHERE kind = 'epc' AND ref_id = ${o.id} AND status = 'open'`);
    expect((open as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const mine = (await get(`${ORDER}/page?mine=1&orderNumber=${o.orderNumber}`, crew.finance)).json().data;
    expect(mine.total).toBe(0);

    const n = sink.received.length;
    const sent = await post(`${ORDER}/quote/finalPaymentConfirmSendMail`, en(crew.finance), { orderId: o.id });
    expect(sent.json().code, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ kind: 'finalPayment', status: 'sent' });
    expect(sink.received.length).toBe(n + 1);
    const mail = parseMail(sink.received.at(-1)!.raw);
    expect(mail.subject).toContain(o.orderNumber);
    const after = (await get(`${ORDER}/selectBaseOrderInfo?orderId=${o.id}`, crew.admin)).json().data.order;
    expect(after).toMatchObject({ stage: 'completed', version: o.version });
  }, 240_000);
});
