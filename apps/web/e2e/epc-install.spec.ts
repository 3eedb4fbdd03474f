/**
 * Installer orders part 2, installation (issue 19), one walk that starts in Chinese and ends in English: a paid order
 * (the sales half through the API, as its people would) at the installation date. In Chinese, the rollout manager's
 * screen shows the team's clash with another order dated the day before the customer's tentative date; he submits
 * that date in the form, and the work-order assignment's designated-person form comes prefilled with the survey's
 * team — without an electrician it is refused with its rule, then assigned; the warehouse manager's material
 * collection shows the reserved lines (unshipped), and she switches her console to English. In English from here on:
 * after the shipment (API) the site technician (signed in in English) sees the shipped lines on his signing screen
 * and reports a loss in the browser (the reject dialog's reason): the order goes back to material collection, whose
 * history shows the lost shipment. axe on the assignment form and the reject dialog; screenshots in
 * /tmp/shots/install/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { pickOption } from './crud-helpers';
import { expectAccessible, PAGE_LOAD, switchConsoleLanguage } from './helpers';
import { featureTexts, spaced, type Lang } from './fleet-api';
import { apiStep, expect, makeCrew, ORDER, orderOf, People, surveyForm, test, type Crew, type Person } from './epc-order-fixtures';

test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000 });

const S = featureTexts('epc', 'epc-stage');
const I = featureTexts('epc', 'epc-install');
const DIR = '/tmp/shots/install';
mkdirSync(DIR, { recursive: true });
const panelOf = (page: Page) => page.getByTestId('stage-panel');

async function shot(page: Page, name: string) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => Math.max(...[...document.querySelectorAll('main, main *')].map((e) => e.scrollHeight + e.getBoundingClientRect().top)));
  await page.setViewportSize({ width: size.width, height: Math.min(Math.ceil(height) + 40, 12_000) });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: true });
  await page.setViewportSize(size);
}

async function open(people: People, p: Person, id: string, stage: string): Promise<Page> {
  const page = await people.as(p);
  await page.goto(`/epc/order/detail/${id}`);
  await expect(panelOf(page)).toHaveAttribute('data-stage', stage, PAGE_LOAD);
  return page;
}

/** An order of the crew walked through the sales half by the API; answers its id. */
async function paidOrder(crew: Crew, tentativeInstallDate?: string): Promise<string> {
  const created = await crew.agent.api.post<{ id: string }>('/api/skyworth-agent/createOrder/insertOrder', {
    customer: { name: 'Thabo Nkosi', phoneDiallingCode: '+27', phone: '821234567', email: crew.email, installAddress: { country: 'ZA', province: 'GP', city: 'Johannesburg' }, address: '1 Main Road', projectType: '1', ...(tentativeInstallDate ? { tentativeInstallDate } : {}) },
    submit: true,
  });
  const id = created.id;
  const [inv, bat] = crew.skus;
  await apiStep(crew.delivery, id, 'calloutQuote/submit', { form: { amount: 300, recipient: { name: 'Thabo', contact: '+27 82', address: '1 Main Road' } } });
  await apiStep(crew.finance, id, 'calloutQuote/audit', { approved: true });
  await apiStep(crew.rollout, id, 'explorationDate/submit', { date: '2026-12-01' });
  const staff = await crew.rollout.api.get<{ id: string; account: string }[]>(`${ORDER}/designatedPerson/select?orderId=${id}`);
  const idOf = (p: Person) => staff.find((s) => s.account === p.account)!.id;
  await apiStep(crew.rollout, id, 'designatedPerson/assign', { technicianIds: [idOf(crew.tech)], electricianIds: [idOf(crew.elec)] });
  await apiStep(crew.tech, id, 'survey/submit', { form: surveyForm });
  await apiStep(crew.rollout, id, 'survey/audit', { approved: true });
  const materials = [
    { sku: inv!.sku, name: inv!.skuName, equipmentType: 'inverter', quantity: 1 },
    { sku: bat!.sku, name: bat!.skuName, equipmentType: 'battery', quantity: 2 },
  ];
  await apiStep(crew.designer, id, 'design/submit', { form: { basePackage: 'BP-5K', materials, summary: { kwp: 5, inverterKw: 5, batteryKwh: 20 } } });
  await apiStep(crew.rollout, id, 'design/audit', { approved: true });
  await apiStep(crew.warehouse, id, 'stock/audit', { approved: true, form: { lines: materials.map((m) => ({ sku: m.sku, quantity: m.quantity, status: 'confirmed' })) } });
  await apiStep(crew.delivery, id, 'quote/submit', { form: { lines: materials.map((m) => ({ sku: m.sku, name: m.name, quantity: m.quantity, unitPrice: 1000 })), recipient: { name: 'Thabo', contact: '+27 82', address: '1 Main Road' } } });
  await apiStep(crew.finance, id, 'quote/quoteAudit', { approved: true });
  await apiStep(crew.finance, id, 'installPay/confirm', { form: { amount: 3000, paidAt: '2026-11-28' } });
  return id;
}

/** Clicks one of the stage's action buttons. */
async function act(page: Page, lang: Lang, action: 'submit' | 'assign' | 'reject') {
  await panelOf(page).getByTestId('stage-actions').getByRole('button', { name: spaced(S(lang, `panel.action.${action}`), { exact: true }) }).click();
}

test('installation date, assignment, collection, signing and a loss (zh-CN → en-US)', async ({ browser, baseURL, sink }) => {
  let lang: Lang = 'zh-CN';
  const crew = await makeCrew(baseURL!, sink.port);
  // The rollout and warehouse managers sign in in Chinese; the technician, first seen after the switch, in English.
  const people = new People(browser, baseURL!, 'zh-CN');
  const later = new People(browser, baseURL!, 'en-US');
  try {
    const other = await paidOrder(crew);
    await apiStep(crew.rollout, other, 'installationDate/examineInstallationDate', { date: '2026-12-09' });
    const { orderNumber: otherNumber } = await orderOf(crew.rollout.api, other);
    // The customer's tentative date is the day after: the rollout manager sees the team's other installation.
    const id = await paidOrder(crew, '2026-12-10');
    let page = await open(people, crew.rollout, id, 'installation_date');
    await expect(page.getByTestId('install-clashes')).toContainText(otherNumber);
    await shot(page, `date-${lang}`);
    // zh-CN: the rollout manager keeps the tentative date (prefilled) and submits it in the form.
    await expect(panelOf(page).getByLabel(S(lang, 'form.installationDate.date'), { exact: true })).toHaveValue('2026-12-10');
    await act(page, lang, 'submit');
    await expect(panelOf(page)).toHaveAttribute('data-stage', 'install_assignment', { timeout: 30_000 });

    // The work order goes to the team designated for the survey (prefilled); without an electrician the form refuses
    // with its rule and nothing is sent.
    const assign = page.getByTestId('assign-form');
    await expect(assign).toContainText(crew.tech.realName);
    await assign.locator('.ant-select-selection-item', { hasText: crew.elec.realName }).locator('.ant-select-selection-item-remove').click();
    await act(page, lang, 'assign');
    await expect(assign.locator('.ant-form-item-explain-error', { hasText: S(lang, 'panel.assign.required') })).toBeVisible();
    expect((await orderOf(crew.rollout.api, id)).stage).toBe('install_assignment');
    await pickOption(assign, page, S(lang, 'panel.assign.electricians'), crew.elec.realName);
    await page.keyboard.press('Escape');
    await expect(assign.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await expectAccessible(page, '[data-testid=stage-panel]');
    await shot(page, `assignment-${lang}`);
    await act(page, lang, 'assign');
    await expect(panelOf(page)).toHaveAttribute('data-stage', 'material_collection', { timeout: 30_000 });

    // The warehouse manager: the reserved lines, nothing shipped yet.
    page = await open(people, crew.warehouse, id, 'material_collection');
    const lines = page.getByTestId('shipment-panel');
    await expect(lines.getByText(crew.skus[1]!.sku)).toBeVisible();
    await expect(lines.getByText(I(lang, 'shipment.noShipments'))).toBeVisible();
    await shot(page, `collection-${lang}`);

    // The warehouse manager's console in English from here on (remembered); the technician signs in in English.
    await switchConsoleLanguage(page, 'en-US');
    lang = 'en-US';

    await apiStep(crew.warehouse, id, 'materialCollection/examine', { form: { lines: [{ sku: crew.skus[0]!.sku, quantity: 1 }, { sku: crew.skus[1]!.sku, quantity: 2 }], deliveryNumber: 'DN-001' } });
    page = await open(later, crew.tech, id, 'material_signing');
    await expect(page.getByTestId('shipment-panel').locator('.ant-tag', { hasText: I(lang, 'state.shipped') })).toBeVisible();
    await shot(page, `signing-${lang}`);
    // Loss or damage: the reject dialog's reason; back to material collection.
    await act(page, lang, 'reject');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(S(lang, 'panel.reject.reason')).fill('Two batteries dented in transit');
    await expectAccessible(page, '.ant-modal');
    await dialog.getByRole('button', { name: spaced(S(lang, 'panel.reject.ok')) }).click();
    await expect(panelOf(page)).toHaveAttribute('data-stage', 'material_collection', { timeout: 30_000 });
    page = await open(people, crew.warehouse, id, 'material_collection');
    await expect(page.getByTestId('shipment-panel').locator('.ant-tag', { hasText: I(lang, 'state.loss_damage') })).toBeVisible();
    await shot(page, `reship-${lang}`);
  } finally {
    await Promise.all([people.close(), later.close()]);
    await crew.dispose();
  }
});
