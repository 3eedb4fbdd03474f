/**
 * Installer orders, sales half (issue 18): the API walk from create to the ESS payment confirmed with the roles of
 * each stage, and the refusals on the way (wrong role, skipped stage, stale version, excluded staff, duplicate
 * appliance and equipment types, insufficient stock), agent scoping and the inbox rows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';
import { customer, designForm, helpers, INSERT, ORDER, quoteForm, surveyForm, tag, type Crew, type H } from './epc-order-fixtures.js';

let t: TestApp;
let admin: H;
let crew: Crew;
const { post, get, platformUser, crew: makeCrew } = helpers(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  crew = await makeCrew(admin);
}, 120_000);
afterAll(async () => t?.stop());

const en = (h: H) => ({ ...h, 'accept-language': 'en-US' });
const sku = async (quantity: number) => {
  const code = tag('SKU-');
  const res = await post('/api/skyworth-agent/skuBaseInfo/save', admin, { sku: code, skuName: `Item ${code}`, skuType: 3, unit: 'pcs', unitPrice: '10' });
  expect(res.json().code, res.body).toBe(200);
  if (quantity) expect((await post('/api/skyworth-agent/skuHistory/save', admin, { movementType: 'receive', skuId: res.json().data.id, quantity, reference: 'PO' })).json().code).toBe(200);
  return { code, id: res.json().data.id as string };
};
/** A SKU's reserved and available quantities over every warehouse (the stock screen's list). */
const held = async (code: string) => {
  const r = (await t.req({ method: 'GET', url: `/api/skyworth-agent/stock/list?sku=${code}`, headers: admin })).json().data.records[0];
  return { reserved: r.reserved as number, available: r.available as number };
};
const tasks = async (orderId: string) =>
  ((await t.database.db.execute(sql`SELECT element_id AS stage, status, candidates FROM helio_flow_task WHERE kind = 'epc' AND ref_id = ${orderId} ORDER BY create_time, id`)) as unknown as {
    rows: { stage: string; status: string; candidates: string[] }[];
  }).rows;

describe('installer order: create → ESS payment', () => {
  it('walks every sales-half stage with its roles, refusing what the process forbids', async () => {
    // The agent creates and submits; no existing system, so the call-out quote is next.
    const created = await post(INSERT, crew.admin, { customer: customer(), submit: true });
    expect(created.json().code, created.body).toBe(200);
    let o = created.json().data;
    expect(o).toMatchObject({ stage: 'callout_quote', agentId: crew.companyId, customerName: 'Zhang Wei', version: 1 });
    expect(o.orderNumber).toMatch(/^EPC\d{6}\d{6}$/);
    const id = o.id as string;
    const step = async (url: string, h: H, body: object, code = 200) => {
      const res = await post(`${ORDER}/${url}`, h, { orderId: id, version: o.version, ...body });
      expect(res.json().code, `${url}: ${res.body}`).toBe(code);
      if (code === 200) o = res.json().data;
      return res;
    };

    // Call-out quote: the delivery manager submits, finance approves.
    await step('calloutQuote/submit', crew.delivery, { form: { amount: 50, recipient: { name: 'Z', contact: 'c', address: 'a' } } });
    expect(o).toMatchObject({ stage: 'callout_quote', inReview: true, subStatus: 'in_review' });
    expect((await step('calloutQuote/audit', crew.delivery, { approved: true }, 403)).statusCode).toBe(403);
    await step('calloutQuote/audit', crew.finance, { approved: true });
    expect(o.stage).toBe('survey_date');

    // A skipped stage and a wrong role are refused; a stale version is a 409.
    const skipped = await step('survey/audit', crew.rollout, { approved: true }, 400);
    expect(skipped.json().msg).toContain('不能跳过环节');
    expect((await step('explorationDate/submit', crew.tech, { date: '2026-12-01' }, 403)).statusCode).toBe(403);
    const stale = await post(`${ORDER}/explorationDate/submit`, en(crew.rollout), { orderId: id, version: o.version - 1, date: '2026-12-01' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toMatch(/changed by someone else/);
    await step('explorationDate/submit', crew.rollout, { date: '2026-12-01' });
    expect(o.stage).toBe('designated_person');

    // Designated persons: the company's staff with the role, not excluded.
    const people = (await get(`${ORDER}/designatedPerson/select?orderId=${id}`, crew.rollout)).json().data as { id: string; excluded: boolean }[];
    expect(people.find((p) => p.id === crew.excludedId)?.excluded).toBe(true);
    const excluded = await step('designatedPerson/assign', en(crew.rollout), { technicianIds: [crew.excludedId], electricianIds: [crew.elecId] }, 400);
    expect(excluded.json().msg).toMatch(/excluded/);
    const wrongRole = await step('designatedPerson/assign', en(crew.rollout), { technicianIds: [crew.elecId], electricianIds: [crew.elecId] }, 400);
    expect(wrongRole.json().msg).toMatch(/site_technician/);
    await step('designatedPerson/assign', crew.rollout, { technicianIds: [crew.techId], electricianIds: [crew.elecId] });
    expect(o.stage).toBe('survey');
    // The list row names the site and the designated persons now handling the survey.
    const row = (await get(`${ORDER}/page?orderNumber=${o.orderNumber}`, crew.rollout)).json().data.records[0];
    expect(row).toMatchObject({ id, siteAddress: '1 Main Road, Johannesburg' });
    expect(row.processors).toHaveLength(2);
    expect(row.processors).not.toContain(crew.techId);

    // Survey: a repeated appliance type is refused; a draft, then the submit.
    const twice = [{ type: 'fridge', quantity: 1, power: 200 }, { type: 'Fridge', quantity: 2, power: 100 }];
    expect((await step('survey/submit', en(crew.tech), { form: surveyForm(twice) }, 400)).json().msg).toMatch(/Appliance type already exists: Fridge/);
    const incomplete = await step('survey/submit', en(crew.tech), { form: { ...surveyForm(), photos: [] } }, 400);
    expect(incomplete.json().msg).toMatch(/survey\.photos/);
    await step('survey/save', crew.tech, { form: { installType: 'roof' } });
    expect(o).toMatchObject({ stage: 'survey', subStatus: 'draft' });
    await step('survey/submit', crew.elec, { form: surveyForm() });
    expect(o.stage).toBe('survey_review');
    // Reject back to the survey with a reason, then the survey again, then approved.
    expect((await step('survey/reject', crew.rollout, { reason: '' }, 400)).json().msg).toContain('原因');
    await step('survey/reject', crew.rollout, { reason: 'Photos blurred' });
    expect(o.stage).toBe('survey');
    await step('survey/submit', crew.tech, { form: surveyForm() });
    await step('survey/audit', crew.rollout, { approved: true });
    expect(o.stage).toBe('design');

    // Design: an equipment type at most once; submitted, reviewed by the rollout manager.
    const inv = await sku(5);
    const bat = await sku(1);
    const dup = designForm([{ sku: inv.code, equipmentType: 'inverter', quantity: 1 }, { sku: bat.code, equipmentType: 'inverter', quantity: 2 }]);
    expect((await step('design/submit', en(crew.designer), { form: dup }, 400)).json().msg).toMatch(/equipment type cannot be added twice: inverter/);
    const design = designForm([{ sku: inv.code, equipmentType: 'inverter', quantity: 1 }, { sku: bat.code, equipmentType: 'battery', quantity: 2 }]);
    await step('design/submit', crew.designer, { form: design });
    await step('design/audit', crew.rollout, { approved: true });
    expect(o.stage).toBe('stock_audit');

    // Stock: the battery line lacks stock (1 of 2): approving is refused with the list; after a receipt it passes.
    const detail = (await get(`${ORDER}/stock/detail?orderId=${id}`, crew.warehouse)).json().data;
    expect(detail.lines).toEqual(expect.arrayContaining([expect.objectContaining({ sku: bat.code, quantity: 2, available: 1, sufficient: false })]));
    const lines = [{ sku: inv.code, quantity: 1, status: 'confirmed' }, { sku: bat.code, quantity: 2, status: 'confirmed' }];
    const short = await step('stock/audit', en(crew.warehouse), { approved: true, form: { lines } }, 400);
    expect(short.json().msg).toContain(`Insufficient stock: ${bat.code} (1/2)`);
    expect((await post('/api/skyworth-agent/skuHistory/save', admin, { movementType: 'receive', skuId: bat.id, quantity: 3, reference: 'PO' })).json().code).toBe(200);
    await step('stock/audit', crew.warehouse, { approved: true, form: { lines } });
    expect(o.stage).toBe('ess_quotation');
    // The approved audit reserved every line under the order's number.
    expect(await held(bat.code)).toEqual({ reserved: 2, available: 2 });
    expect(await held(inv.code)).toEqual({ reserved: 1, available: 4 });

    // ESS quote: the delivery manager submits, finance approves; finance confirms the payment.
    await step('quote/submit', crew.delivery, { form: quoteForm(inv.code) });
    expect((await get(`${ORDER}/quote/quoteDetail?orderId=${id}`, crew.finance)).json().data.form.lines[0].sku).toBe(inv.code);
    await step('quote/quoteAudit', crew.finance, { approved: true });
    expect(o.stage).toBe('ess_payment');
    expect((await step('installPay/confirm', crew.finance, { form: { amount: 1000 } }, 400)).json().msg).toContain('essPayment.paidAt');
    await step('installPay/confirm', crew.finance, { form: { amount: 1000, paidAt: '2026-11-28' } });
    expect(o.stage).toBe('installation_date');

    // History: a row per step; the inbox: one open task, for the company's rollout manager.
    const full = (await get(`${ORDER}/selectBaseOrderInfo?orderId=${id}`, crew.admin)).json().data;
    expect(full.history.map((h: { action: string }) => h.action)).toEqual([
      'submit', 'submit', 'approve', 'submit', 'assign', 'save', 'submit', 'reject', 'submit', 'approve', 'submit', 'approve', 'approve', 'submit', 'approve', 'submit',
    ]);
    expect(full.data.essPayment).toMatchObject({ amount: 1000 });
    expect(full.assignees).toEqual({ site_technician: [crew.techId], electrician: [crew.elecId] });
    const inbox = await tasks(id);
    expect(inbox.filter((x) => x.status === 'open').map((x) => x.stage)).toEqual(['installation_date']);
    // Every earlier stage's task was done by its step (the done lists show it), none cancelled.
    expect(inbox.filter((x) => x.status !== 'open').every((x) => x.status === 'completed')).toBe(true);
    expect(inbox.filter((x) => x.stage === 'survey_review')[0]!.candidates.length).toBe(1);
    expect(inbox.find((x) => x.stage === 'ess_quotation' && x.candidates.includes('g:finance'))).toBeTruthy();
    // "My tasks": the rollout manager has it, the technician not.
    const mine = (h: H) => get(`${ORDER}/page?mine=1&orderNumber=${o.orderNumber}`, h).then((r) => r.json().data.total);
    expect(await mine(crew.rollout)).toBe(1);
    expect(await mine(crew.tech)).toBe(0);
  }, 120_000);

  it('reserves stock at the approved audit: of two orders racing for the last units one wins; going back gives them back', async () => {
    const part = await sku(3);
    /** A new order walked to the stock audit with one BOM line of `quantity` units of `part`. */
    const toAudit = async (quantity: number) => {
      let o = (await post(INSERT, crew.admin, { customer: customer({ name: tag('Race ') }), submit: true })).json().data;
      const step = async (url: string, h: H, body: object) => {
        const res = await post(`${ORDER}/${url}`, h, { orderId: o.id, version: o.version, ...body });
        expect(res.json().code, `${url}: ${res.body}`).toBe(200);
        o = res.json().data;
      };
      await step('calloutQuote/submit', crew.delivery, { form: { amount: 50, recipient: { name: 'Z', contact: 'c', address: 'a' } } });
      await step('calloutQuote/audit', crew.finance, { approved: true });
      await step('explorationDate/submit', crew.rollout, { date: '2026-12-01' });
      await step('designatedPerson/assign', crew.rollout, { technicianIds: [crew.techId], electricianIds: [crew.elecId] });
      await step('survey/submit', crew.tech, { form: surveyForm() });
      await step('survey/audit', crew.rollout, { approved: true });
      await step('design/submit', crew.designer, { form: designForm([{ sku: part.code, equipmentType: 'battery', quantity }]) });
      await step('design/audit', crew.rollout, { approved: true });
      expect(o.stage).toBe('stock_audit');
      return o as { id: string; version: number };
    };
    const a = await toAudit(2);
    const b = await toAudit(2);
    const audit = (o: { id: string; version: number }) =>
      post(`${ORDER}/stock/audit`, en(crew.warehouse), { orderId: o.id, version: o.version, approved: true, form: { lines: [{ sku: part.code, quantity: 2, status: 'confirmed' }] } });
    const [ra, rb] = await Promise.all([audit(a), audit(b)]);
    const codes = [ra.json().code, rb.json().code].sort();
    expect(codes).toEqual([200, 400]);
    const loser = ra.json().code === 400 ? { res: ra, o: a } : { res: rb, o: b };
    const winner = ra.json().code === 200 ? ra.json().data : rb.json().data;
    expect(loser.res.json().msg).toMatch(/stock/i);
    // The loser is untouched; 2 of 3 are held for the winner.
    const still = (await get(`${ORDER}/selectBaseOrderInfo?orderId=${loser.o.id}`, crew.admin)).json().data.order;
    expect(still).toMatchObject({ stage: 'stock_audit', version: loser.o.version });
    expect(await held(part.code)).toEqual({ reserved: 2, available: 1 });
    // Finance sends the winner's quote back to the design: the reservation is given back.
    let w = winner;
    const submitted = await post(`${ORDER}/quote/submit`, crew.delivery, { orderId: w.id, version: w.version, form: quoteForm(part.code) });
    expect(submitted.json().code, submitted.body).toBe(200);
    w = submitted.json().data;
    const back = await post(`${ORDER}/quote/quoteAudit`, crew.finance, { orderId: w.id, version: w.version, approved: false, reason: 'Wrong package', targetStage: 'design' });
    expect(back.json().code, back.body).toBe(200);
    expect(back.json().data.stage).toBe('design');
    expect(await held(part.code)).toEqual({ reserved: 0, available: 3 });
    // Now the loser's audit goes through.
    expect((await audit(still)).json().code).toBe(200);
    expect(await held(part.code)).toEqual({ reserved: 2, available: 1 });
  }, 120_000);

  it('cancels before staff are involved at once, afterwards through an examined request', async () => {
    const a = (await post(INSERT, crew.admin, { customer: customer({ name: 'Cancel Now' }) })).json().data;
    expect(a.stage).toBe('create');
    const now = await post(`${ORDER}/examineCancelOrder`, crew.admin, { orderId: a.id, version: a.version, reason: 'customer withdrew' });
    expect(now.json().data).toMatchObject({ stage: 'cancelled' });

    let b = (await post(INSERT, crew.admin, { customer: customer({ name: 'Cancel Later' }), submit: true })).json().data;
    b = (await post(`${ORDER}/calloutQuote/submit`, crew.delivery, { orderId: b.id, version: b.version, form: { amount: 1, recipient: { name: 'Z', contact: 'c', address: 'a' } } })).json().data;
    b = (await post(`${ORDER}/calloutQuote/audit`, crew.finance, { orderId: b.id, version: b.version, approved: true })).json().data;
    expect(b.stage).toBe('survey_date');
    b = (await post(`${ORDER}/examineCancelOrder`, crew.admin, { orderId: b.id, version: b.version, reason: 'too expensive' })).json().data;
    expect(b).toMatchObject({ stage: 'survey_date', pending: 'cancel' });
    // Further work waits; the requester cannot examine; the rollout manager approves.
    expect((await post(`${ORDER}/explorationDate/submit`, crew.rollout, { orderId: b.id, version: b.version, date: '2026-12-01' })).json().msg).toContain('待审批');
    expect((await post(`${ORDER}/examineCancelOrder`, crew.admin, { orderId: b.id, version: b.version, approved: true })).statusCode).toBe(403);
    const done = await post(`${ORDER}/examineCancelOrder`, crew.rollout, { orderId: b.id, version: b.version, approved: true });
    expect(done.json().data).toMatchObject({ stage: 'cancelled', pending: null });
    expect((await tasks(b.id)).filter((x) => x.status === 'open')).toEqual([]);
  }, 60_000);

  it('edits a running order through an examined request', async () => {
    let o = (await post(INSERT, crew.admin, { customer: customer({ name: 'Before Edit' }), submit: true })).json().data;
    const edit = await post(`${ORDER}/examineEditOrder`, crew.rollout, { orderId: o.id, version: o.version, customer: customer({ name: 'After Edit' }), reason: 'typo' });
    o = edit.json().data;
    expect(o).toMatchObject({ pending: 'edit', customerName: 'Before Edit' });
    o = (await post(`${ORDER}/examineEditOrder`, admin, { orderId: o.id, version: o.version, approved: true })).json().data;
    expect(o).toMatchObject({ pending: null, customerName: 'After Edit', stage: 'callout_quote' });
    expect((await get(`${ORDER}/selectBasicOrderInfo?orderId=${o.id}`, crew.admin)).json().data.customer.name).toBe('After Edit');
  }, 60_000);

  it("scopes orders to the agent's company; platform staff see all of the tenant", async () => {
    const other = await makeCrew(admin);
    const mineOrder = (await post(INSERT, crew.admin, { customer: customer({ name: tag('Scoped ') }) })).json().data;
    const theirs = (await post(INSERT, other.admin, { customer: customer({ name: tag('Other ') }) })).json().data;
    const ids = async (h: H) => ((await get(`${ORDER}/page?size=100`, h)).json().data.records as { id: string }[]).map((r) => r.id);
    expect(await ids(crew.tech)).toContain(mineOrder.id);
    expect(await ids(crew.tech)).not.toContain(theirs.id);
    expect(await ids(other.rollout)).not.toContain(mineOrder.id);
    expect(await ids(crew.finance)).toEqual(expect.arrayContaining([mineOrder.id, theirs.id]));
    const peek = await get(`${ORDER}/selectBaseOrderInfo?orderId=${theirs.id}`, crew.admin);
    expect(peek.statusCode).toBe(400);
    expect(peek.body).not.toContain(theirs.customerName);
    // Neither may act on it nor create one for the other company.
    expect((await post(`${ORDER}/create/submit`, crew.admin, { orderId: theirs.id, version: theirs.version })).statusCode).toBe(400);
    expect((await post(INSERT, crew.admin, { agentId: other.companyId, customer: customer() })).json().msg).toContain('本公司');
    // A platform user must name the company.
    expect((await post(INSERT, admin, { customer: customer() })).json().msg).toContain('代理商');
    expect((await post(INSERT, crew.tech, { customer: customer() })).statusCode).toBe(403);
  }, 120_000);

  it("acts in an agent role only on the own company's orders: a head-office user holding that role is refused", async () => {
    const o = (await post(INSERT, crew.admin, { customer: customer({ name: tag('Roles ') }), submit: true })).json().data;
    expect(o.stage).toBe('callout_quote');
    // Tenant staff outside every agent company, holding the company-scoped delivery manager role.
    const outsider = await platformUser('delivery_manager');
    expect(((await get(`${ORDER}/page?size=100`, outsider)).json().data.records as { id: string }[]).map((r) => r.id)).toContain(o.id);
    expect((await get(`${ORDER}/selectBaseOrderInfo?orderId=${o.id}`, outsider)).json().data.actions).toEqual([]);
    const refused = await post(`${ORDER}/calloutQuote/submit`, outsider, { orderId: o.id, version: o.version, form: { amount: 100, recipient: { name: 'Wang', contact: '138', address: 'Road 1' } } });
    expect(refused.statusCode).toBe(403);
    expect((await get(`${ORDER}/selectBaseOrderInfo?orderId=${o.id}`, crew.admin)).json().data.order.version).toBe(o.version);
    // The company's own delivery manager may.
    expect((await get(`${ORDER}/selectBaseOrderInfo?orderId=${o.id}`, crew.delivery)).json().data.actions).toEqual(expect.arrayContaining(['save', 'submit']));
    const ok = await post(`${ORDER}/calloutQuote/submit`, crew.delivery, { orderId: o.id, version: o.version, form: { amount: 100, recipient: { name: 'Wang', contact: '138', address: 'Road 1' } } });
    expect(ok.json().data.inReview).toBe(true);
  }, 60_000);

  it('lists sub-statuses in the caller language', async () => {
    const res = await get(`${ORDER}/subStatus/list?stage=stock_audit`, en(crew.warehouse));
    expect(res.json().data).toEqual([
      { stage: 'stock_audit', id: 'pending', name: 'Pending' },
      { stage: 'stock_audit', id: 'insufficient', name: 'Insufficient stock' },
    ]);
  });
});
