/**
 * An installer order (issue 18) from create to paid, once per language, each step by its own signed-in person (a
 * browser context each): the agent creates the order for a homeowner on the customer form (address cascade, phone),
 * the delivery manager submits the call-out quote and finance approves it, the rollout manager sets the survey date
 * and designates a technician and an electrician, the technician fills the survey (photos, four signatures drawn on
 * their canvases, an appliance) and the rollout manager approves it, the designer builds the BOM from stocked SKUs
 * and the rollout manager approves it, the warehouse manager confirms stock, the delivery manager submits the quote
 * (lines and prices from the BOM) and finance approves it; the quote is e-mailed (through the API: the order pages
 * have no send button) and arrives at the SMTP sink with the PDF attached, whose first page is rendered to PNG; finance
 * confirms the ESS payment. "My tasks" shows the order to whoever's turn it is and not to others (three times), the
 * history lists every step and the progress diagram marks done and current stages.
 *
 * zh-CN walks every step in the browser. en-US takes the call-out quote, survey date, assignment, survey and its review
 * and the quote's submission through the API (the same steps as their people would), and the rest in the browser:
 * agent, designer, rollout manager, warehouse manager and finance. axe-core on every stage screen; screenshots in
 * /tmp/shots/epc-order-*.png.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { PAGE_LOAD, expectAccessible } from './helpers';
import { pickOption } from './crud-helpers';
import { featureTexts, spaced, type Lang } from './fleet-api';
import { apiStep, expect, makeCrew, ORDER, orderOf, pdfAttachment, People, renderFirstPage, shot, SHOTS, surveyForm, test, type Crew, type Person } from './epc-order-fixtures';

test.describe.configure({ timeout: 480_000 });
// A control that never shows fails the step in seconds, not at the walk's timeout.
test.use({ actionTimeout: 30_000 });

const S = featureTexts('epc', 'epc-stage');
const E = featureTexts('epc');
const G = featureTexts('../core/stage', 'stage');
/** A 1×1 PNG (uploads are checked on their content). */
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const STAGES = {
  'zh-CN': { create: '创建订单', callout_quote: '上门报价', survey_date: '勘测日期', designated_person: '指定人员', survey: '勘测提交', survey_review: '勘测审核', design: '方案设计', stock_audit: '库存审核', ess_quotation: 'ESS报价', ess_payment: 'ESS付款', installation_date: '安装日期' },
  'en-US': { create: 'Create order', callout_quote: 'Call-out quote', survey_date: 'Survey date', designated_person: 'Designated person', survey: 'Survey submission', survey_review: 'Survey review', design: 'Design', stock_audit: 'Stock audit', ess_quotation: 'ESS quotation', ess_payment: 'ESS payment', installation_date: 'Installation date' },
} as const;


const panelOf = (page: Page) => page.getByTestId('stage-panel');

/** The order's detail page as `p`, on the current-stage tab, once its panel shows `stage`. */
async function openOrder(people: People, p: Person, id: string, stage: string): Promise<Page> {
  const page = await people.as(p);
  await page.goto(`/epc/order/detail/${id}`);
  await expect(panelOf(page)).toHaveAttribute('data-stage', stage, PAGE_LOAD);
  return page;
}

/** Click one of the stage's action buttons. */
async function act(page: Page, lang: Lang, action: 'save' | 'submit' | 'approve' | 'assign') {
  await panelOf(page).getByTestId('stage-actions').getByRole('button', { name: spaced(S(lang, `panel.action.${action}`), { exact: true }) }).click();
}

/** After an action: the panel shows `stage` (reloaded at the next version), in review or not. */
async function expectStage(page: Page, lang: Lang, stage: string, inReview = false) {
  await expect(panelOf(page)).toHaveAttribute('data-stage', stage, { timeout: 30_000 });
  const tag = panelOf(page).getByText(S(lang, 'panel.inReview'), { exact: true });
  if (inReview) await expect(tag).toBeVisible({ timeout: 30_000 });
  else await expect(tag).toHaveCount(0, { timeout: 30_000 });
}

/** "My tasks" on the order list as `p`: whether the order's row is there. */
async function myTasks(people: People, p: Person, lang: Lang, orderNumber: string, shows: boolean, shotName?: string) {
  const page = await people.as(p);
  await page.goto('/epc/order');
  await expect(page.locator('.ant-table').first()).toBeVisible(PAGE_LOAD);
  const listed = page.waitForResponse((r) => r.url().includes(`${ORDER}/page`) && r.url().includes('mine=1'));
  await page.getByRole('switch', { name: E(lang, 'mine') }).click();
  await listed;
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  const row = page.locator('.ant-table-row', { hasText: orderNumber });
  if (shows) await expect(row).toBeVisible();
  else await expect(row).toHaveCount(0);
  if (shotName) {
    await expectAccessible(page);
    await shot(page, shotName);
  }
}

/** A select of the form by its label: the option matching `option` (the first one by default). */
const choose = (page: Page, scope: Locator, label: string, option: string | RegExp = /\S/) => pickOption(scope, page, label, option);

/** A long select list (it draws only the options in view): typed into, then the option picked. */
async function chooseSearched(page: Page, scope: Locator, label: string, query: string, option: RegExp) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click({ force: true });
  await input.fill(query);
  await pickOption(scope, page, label, option);
}

/** A date picker by its label: typed and confirmed. */
async function pickDate(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/** The agent's create form: the customer with phone, e-mail, the address cascade and the project type; submitted. */
async function createOrder(people: People, crew: Crew, lang: Lang, customer: string): Promise<string> {
  const page = await people.as(crew.agent);
  const L = (k: string) => S(lang, `form.customer.${k}`);
  await page.goto('/epc/order');
  await page.getByTestId('epc-order-add').click();
  const form = page.getByTestId('customer-form');
  await expect(form).toBeVisible(PAGE_LOAD);
  await form.getByLabel(L('name'), { exact: true }).fill(customer);
  await form.getByRole('textbox', { name: L('phone'), exact: true }).fill('13812345678');
  await form.getByLabel(L('email'), { exact: true }).fill(crew.email);
  const address = form.getByTestId('group-installAddress');
  if (lang === 'zh-CN') {
    // China: province, city and district from the region tree, each list loaded once the level above is chosen.
    await chooseSearched(page, address, L('installAddress.country'), 'CN', /\(CN\)/);
    await choose(page, address, L('installAddress.province'));
    await choose(page, address, L('installAddress.city'));
    await choose(page, address, L('installAddress.district'));
  } else {
    // Elsewhere the levels below the country are typed.
    await chooseSearched(page, address, L('installAddress.country'), 'ZA', /\(ZA\)/);
    await address.getByLabel(L('installAddress.province'), { exact: true }).fill('Gauteng');
    await address.getByLabel(L('installAddress.city'), { exact: true }).fill('Johannesburg');
  }
  await form.getByLabel(L('address'), { exact: true }).fill(lang === 'zh-CN' ? '科技园路 8 号' : '1 Main Road, Sandton');
  await choose(page, form, L('projectType'));
  await pickDate(form, L('surveyDate'), '2026-12-01');
  await expectAccessible(page, '[data-testid=customer-form]');
  await shot(page, `create-${lang}`);
  await form.getByRole('button', { name: spaced(S(lang, 'panel.customer.submit'), { exact: true }) }).click();
  await expect(page).toHaveURL(/\/epc\/order\/detail\/\d+$/, { timeout: 30_000 });
  await expect(panelOf(page)).toHaveAttribute('data-stage', 'callout_quote', PAGE_LOAD);
  return /detail\/(\d+)$/.exec(page.url())![1]!;
}

/** The technician's survey: every required field, an appliance, photos and four signatures; screenshot; submitted. */
async function fillSurvey(page: Page, lang: Lang) {
  const L = (k: string) => S(lang, `form.survey.${k}`);
  const form = page.getByTestId('stage-form-survey');
  await expect(form).toBeVisible();
  await form.getByLabel(L('installType'), { exact: true }).fill(lang === 'zh-CN' ? '屋顶安装' : 'Roof mount');
  for (const k of ['buildingMaterial', 'houseType', 'roof.type', 'roof.material', 'panel.position', 'panel.type', 'panel.orientation', 'electrical.infrastructure']) {
    await choose(page, form, L(k));
  }
  await form.getByLabel(L('roof.angle'), { exact: true }).fill('25');
  await form.getByLabel(L('electrical.monthlyKwh'), { exact: true }).fill('620');
  const photos = form.locator('.ant-form-item', { has: page.locator('label', { hasText: L('photos') }) });
  await photos.locator('input[type=file]').setInputFiles({ name: 'roof.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(photos.locator('.ant-upload-list-item')).toHaveCount(1);
  await expect(photos.locator('.ant-upload-list-item-uploading')).toHaveCount(0, { timeout: 30_000 });
  // Appliances: one row.
  const appliances = form.getByTestId('list-electrical.appliances');
  await appliances.getByRole('button', { name: G(lang, 'list.add') }).click();
  await appliances.getByRole('textbox', { name: L('electrical.appliances.type'), exact: true }).fill(lang === 'zh-CN' ? '冰箱' : 'Fridge');
  await appliances.getByLabel(L('electrical.appliances.quantity'), { exact: true }).fill('1');
  await appliances.getByLabel(L('electrical.appliances.power'), { exact: true }).fill('200');
  // Signatures: drawn on each canvas and confirmed (each is uploaded as a PNG).
  for (const who of ['landlord', 'installer', 'electrician', 'owner']) {
    const canvas = form.getByRole('img', { name: L(`signatures.${who}`), exact: true });
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -15 : 15));
    await page.mouse.up();
    const item = form.locator('.ant-form-item', { has: page.getByRole('img', { name: L(`signatures.${who}`), exact: true }) });
    await item.getByRole('button', { name: spaced(G(lang, 'signature.confirm'), { exact: true }) }).click();
    await expect(form.getByText(G(lang, 'signature.signed')).nth(['landlord', 'installer', 'electrician', 'owner'].indexOf(who))).toBeVisible({ timeout: 30_000 });
  }
  await form.getByRole('checkbox', { name: L('confirmed') }).check();
  await expectAccessible(page, '[data-testid=stage-panel]');
  await shot(page, `survey-${lang}`);
  await act(page, lang, 'submit');
}

/** The designer's BOM: base package, the two stocked SKUs picked from the list (names filled from it), summary. */
async function fillDesign(page: Page, lang: Lang, crew: Crew) {
  const L = (k: string) => S(lang, `form.design.${k}`);
  const form = page.getByTestId('stage-form-design');
  await expect(form).toBeVisible();
  await form.getByLabel(L('basePackage'), { exact: true }).fill('BP-5K');
  const list = form.getByTestId('list-materials');
  for (const [i, s] of crew.skus.entries()) {
    await list.getByRole('button', { name: G(lang, 'list.add') }).click();
    const sku = list.getByRole('combobox', { name: L('materials.sku'), exact: true }).nth(i);
    await sku.fill(s.sku);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: s.sku }).first().click();
    await expect(list.getByRole('textbox', { name: L('materials.name'), exact: true }).nth(i)).toHaveValue(s.skuName);
    await list.getByRole('textbox', { name: L('materials.equipmentType'), exact: true }).nth(i).fill(i === 0 ? 'inverter' : 'battery');
    await list.getByLabel(L('materials.quantity'), { exact: true }).nth(i).fill(String(i + 1));
  }
  await form.getByLabel(L('summary.kwp'), { exact: true }).fill('6.5');
  await form.getByLabel(L('summary.inverterKw'), { exact: true }).fill('5');
  await form.getByLabel(L('summary.batteryKwh'), { exact: true }).fill('20');
  await expectAccessible(page, '[data-testid=stage-panel]');
  await shot(page, `bom-${lang}`);
  await act(page, lang, 'submit');
}

async function walk(browser: Browser, baseURL: string, lang: Lang, sink: { port: number; delivered: { to: string[]; data: string }[] }) {
  const zh = lang === 'zh-CN';
  const crew = await makeCrew(baseURL, sink.port);
  const people = new People(browser, baseURL, lang);
  try {
    const customer = zh ? `王小明 ${crew.email.slice(6, 12)}` : `Thabo Nkosi ${crew.email.slice(6, 12)}`;

    // The agent creates the order; it is the delivery manager's task now, not the technician's.
    const id = await createOrder(people, crew, lang, customer);
    const { orderNumber } = await orderOf(crew.agent.api, id);
    await myTasks(people, crew.delivery, lang, orderNumber, true, `my-tasks-${lang}`);
    await myTasks(people, crew.tech, lang, orderNumber, false);

    // Call-out quote: the delivery manager submits (recipient from the customer), finance approves.
    if (zh) {
      let page = await openOrder(people, crew.delivery, id, 'callout_quote');
      const form = page.getByTestId('stage-form-calloutQuote');
      await form.getByLabel(S(lang, 'form.calloutQuote.amount'), { exact: true }).fill('300');
      await expect(form.getByLabel(S(lang, 'form.calloutQuote.recipient.name'), { exact: true })).toHaveValue(customer);
      await expectAccessible(page, '[data-testid=stage-panel]');
      await act(page, lang, 'submit');
      await expectStage(page, lang, 'callout_quote', true);
      page = await openOrder(people, crew.finance, id, 'callout_quote');
      await act(page, lang, 'approve');
      await expectStage(page, lang, 'survey_date');
    } else {
      await apiStep(crew.delivery, id, 'calloutQuote/submit', { form: { amount: 300, recipient: { name: customer, contact: '+86 13812345678', address: '1 Main Road' } } });
      await apiStep(crew.finance, id, 'calloutQuote/audit', { approved: true });
    }

    // Survey date and designated persons: the rollout manager.
    if (zh) {
      const page = await openOrder(people, crew.rollout, id, 'survey_date');
      await expect(page.getByLabel(S(lang, 'form.surveyDate.date'), { exact: true })).toHaveValue('2026-12-01');
      await act(page, lang, 'submit');
      await expectStage(page, lang, 'designated_person');
      const assign = page.getByTestId('assign-form');
      await choose(page, assign, S(lang, 'panel.assign.technicians'), crew.tech.realName);
      await choose(page, assign, S(lang, 'panel.assign.electricians'), crew.elec.realName);
      await page.keyboard.press('Escape');
      await expectAccessible(page, '[data-testid=stage-panel]');
      await act(page, lang, 'assign');
      await expectStage(page, lang, 'survey');
    } else {
      await apiStep(crew.rollout, id, 'explorationDate/submit', { date: '2026-12-01' });
      const staff = await crew.rollout.api.get<{ id: string; account: string }[]>(`${ORDER}/designatedPerson/select?orderId=${id}`);
      const idOf = (p: Person) => staff.find((s) => s.account === p.account)!.id;
      await apiStep(crew.rollout, id, 'designatedPerson/assign', { technicianIds: [idOf(crew.tech)], electricianIds: [idOf(crew.elec)] });
    }

    // The survey is the technician's and the electrician's task now, not the warehouse manager's.
    if (zh) {
      await myTasks(people, crew.tech, lang, orderNumber, true);
      await myTasks(people, crew.elec, lang, orderNumber, true);
      await myTasks(people, crew.warehouse, lang, orderNumber, false);
      const page = await openOrder(people, crew.tech, id, 'survey');
      await fillSurvey(page, lang);
      await expectStage(page, lang, 'survey_review');
      const review = await openOrder(people, crew.rollout, id, 'survey_review');
      await expect(review.getByTestId('stage-form-survey')).toHaveCount(0); // shown read-only to the reviewer
      await act(review, lang, 'approve');
      await expectStage(review, lang, 'design');
    } else {
      await apiStep(crew.tech, id, 'survey/submit', { form: surveyForm });
      await apiStep(crew.rollout, id, 'survey/audit', { approved: true });
    }

    // Design: the designer's BOM; the technician has nothing to do here; the rollout manager approves.
    let page = await openOrder(people, crew.designer, id, 'design');
    await fillDesign(page, lang, crew);
    await expectStage(page, lang, 'design', true);
    if (zh) {
      const tech = await openOrder(people, crew.tech, id, 'design');
      await expect(panelOf(tech).getByText(S(lang, 'panel.noActions'))).toBeVisible();
      await expect(panelOf(tech).getByTestId('stage-actions').getByRole('button')).toHaveCount(0);
    }
    page = await openOrder(people, crew.rollout, id, 'design');
    await expect(panelOf(page).getByText(crew.skus[0]!.sku)).toBeVisible();
    await act(page, lang, 'approve');
    await expectStage(page, lang, 'stock_audit');

    // Stock: the warehouse manager sees both lines confirmed and approves (the quantities are reserved).
    page = await openOrder(people, crew.warehouse, id, 'stock_audit');
    for (const s of crew.skus) await expect(panelOf(page).locator('.ant-table-row', { hasText: s.sku })).toContainText(S(lang, 'panel.stock.confirmed'));
    await expectAccessible(page, '[data-testid=stage-panel]');
    await shot(page, `stock-${lang}`);
    await act(page, lang, 'approve');
    await expectStage(page, lang, 'ess_quotation');
    await myTasks(people, crew.delivery, lang, orderNumber, true);
    await myTasks(people, crew.rollout, lang, orderNumber, false);

    // The quote: lines and prices from the BOM, the recipient from the customer; the delivery manager submits.
    if (zh) {
      page = await openOrder(people, crew.delivery, id, 'ess_quotation');
      const form = page.getByTestId('stage-form-quote');
      await expect(form.getByTestId('quote-grand-total')).toHaveText('48,000.00'); // 1 × 12,000 + 2 × 18,000
      await form.getByLabel(S(lang, 'form.quote.currency'), { exact: true }).fill('CNY');
      await expect(form.getByLabel(S(lang, 'form.quote.recipient.email'), { exact: true })).toHaveValue(crew.email);
      await expectAccessible(page, '[data-testid=stage-panel]');
      await shot(page, `quote-form-${lang}`);
      await act(page, lang, 'submit');
      await expectStage(page, lang, 'ess_quotation', true);
    } else {
      const lines = crew.skus.map((s, i) => ({ sku: s.sku, name: s.skuName, quantity: i + 1, unitPrice: i ? 18000 : 12000 }));
      await apiStep(crew.delivery, id, 'quote/submit', { form: { lines, currency: 'ZAR', recipient: { name: customer, contact: '+86 13812345678', address: '1 Main Road, Sandton', email: crew.email } } });
    }
    page = await openOrder(people, crew.finance, id, 'ess_quotation');
    await act(page, lang, 'approve');
    await expectStage(page, lang, 'ess_payment');

    // Finance e-mails the approved quote from the order's "Quote & e-mails" tab: it arrives with the PDF attached;
    // the tab shows the sent mail; its PDF's first page as a PNG.
    const before = sink.delivered.length;
    await page.getByRole('tab', { name: E(lang, 'tab.docs') }).click();
    const quoteMail = page.getByTestId('epc-quote-mail');
    await expect(quoteMail).toContainText(E(lang, 'docs.none'), PAGE_LOAD);
    await quoteMail.getByRole('button', { name: spaced(E(lang, 'docs.send')) }).click();
    await expect(quoteMail).toContainText(E(lang, 'docs.state.sent'), PAGE_LOAD);
    await expect(quoteMail).toContainText(crew.email);
    await expect(quoteMail).toContainText('.pdf');
    await expectAccessible(page);
    await shot(page, `quote-mail-${lang}`);
    expect(sink.delivered.length).toBe(before + 1);
    const mail = sink.delivered.at(-1)!;
    expect(mail.to).toEqual([crew.email]);
    const pdf = pdfAttachment(mail.data);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await renderFirstPage(pdf, `${SHOTS}/epc-order-quote-pdf-${lang}.png`);
    expect(text).toContain(zh ? '报价单' : 'Quotation');
    expect(text).toContain(orderNumber);
    expect(text).toContain(customer);
    expect(text).toContain(crew.skus[0]!.sku);

    // Finance confirms the ESS payment: the order moves on to the installation date.
    page = await openOrder(people, crew.finance, id, 'ess_payment');
    const pay = page.getByTestId('stage-form-essPayment');
    await pay.getByLabel(S(lang, 'form.essPayment.amount'), { exact: true }).fill('48000');
    await pickDate(pay, S(lang, 'form.essPayment.paidAt'), '2026-11-28');
    await pay.getByLabel(S(lang, 'form.essPayment.reference'), { exact: true }).fill(`BANK-${orderNumber.slice(-6)}`);
    await expectAccessible(page, '[data-testid=stage-panel]');
    await act(page, lang, 'submit');
    await expectStage(page, lang, 'installation_date');

    // The history lists every step; the progress diagram marks the stages done and the current one.
    await page.getByRole('tab', { name: E(lang, 'tab.history') }).click();
    const history = page.getByTestId('epc-order-history');
    await expect(history).toBeVisible();
    const names = STAGES[lang];
    // create, call-out submit + approve, survey date, assign, survey submit + approve, design submit + approve, stock,
    // quote submit + approve, payment.
    await expect(history.getByTestId('epc-history-entry')).toHaveCount(13);
    for (const stage of ['create', 'callout_quote', 'survey_date', 'designated_person', 'survey', 'survey_review', 'design', 'stock_audit', 'ess_quotation', 'ess_payment'] as const) {
      await expect(history.getByTestId('epc-history-entry').filter({ hasText: names[stage] }).first()).toBeVisible();
    }
    await expect(history).toContainText(crew.finance.realName);
    await expect(history).toContainText(crew.designer.realName);
    await expectAccessible(page, '[data-testid=epc-order-history]');
    await shot(page, `history-${lang}`);

    await page.getByRole('tab', { name: E(lang, 'tab.progress') }).click();
    const progress = page.getByTestId('epc-order-progress');
    await expect(progress.locator('svg').first()).toBeVisible();
    const stateOf = (stage: string) => progress.locator('.ant-table-row', { has: page.getByRole('cell', { name: stage, exact: true }) });
    for (const stage of ['create', 'callout_quote', 'survey', 'design', 'stock_audit', 'ess_quotation', 'ess_payment'] as const) {
      await expect(stateOf(names[stage])).toContainText(E(lang, 'mark.done'));
    }
    await expect(stateOf(names.installation_date)).toContainText(E(lang, 'mark.current'));
    await expectAccessible(page, '[data-testid=epc-order-progress]');
    await shot(page, `progress-${lang}`);
    expect(await orderOf(crew.agent.api, id)).toMatchObject({ stage: 'installation_date' });
    expect(people.problems.flat()).toEqual([]);
  } finally {
    await people.close();
    await crew.dispose();
  }
}

test('zh-CN: an order from create to paid, every step by its own person in the browser', async ({ browser, baseURL, sink }) => {
  await walk(browser, baseURL!, 'zh-CN', sink);
});

test('en-US: an order from create to paid, five people in the browser, the rest through the API', async ({ browser, baseURL, sink }) => {
  await walk(browser, baseURL!, 'en-US', sink);
});
