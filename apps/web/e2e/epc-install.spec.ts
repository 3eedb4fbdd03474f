/**
 * Installer orders part 2, installation (issue 19): a paid order (the sales half through the API, as its people
 * would) at the installation date — the rollout manager's screen shows the team's clash with another order dated the
 * day before (the customer's tentative date); the work-order assignment shows the designated-person form; the warehouse manager's material collection
 * shows the reserved lines (unshipped); after the shipment (API) the site technician's signing screen shows the
 * shipped lines and the shipment, and the technician reports a loss in the browser (the reject dialog's reason): the
 * order goes back to material collection, whose history shows the lost shipment. zh-CN and en-US screens;
 * screenshots in /tmp/shots/install/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { PAGE_LOAD } from './helpers';
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

async function walk(browser: Browser, baseURL: string, lang: Lang, port: number) {
  const crew = await makeCrew(baseURL, port);
  const people = new People(browser, baseURL, lang);
  try {
    const other = await paidOrder(crew);
    await apiStep(crew.rollout, other, 'installationDate/examineInstallationDate', { date: '2026-12-09' });
    const { orderNumber: otherNumber } = await orderOf(crew.rollout.api, other);
    // The customer's tentative date is the day after: the rollout manager sees the team's other installation.
    const id = await paidOrder(crew, '2026-12-10');
    let page = await open(people, crew.rollout, id, 'installation_date');
    await expect(page.getByTestId('install-clashes')).toContainText(otherNumber);
    await shot(page, `date-${lang}`);
    await apiStep(crew.rollout, id, 'installationDate/examineInstallationDate', { date: '2026-12-10' });
    const staff = await crew.rollout.api.get<{ id: string; account: string }[]>(`${ORDER}/designatedPerson/select?orderId=${id}`);
    const idOf = (p: Person) => staff.find((s) => s.account === p.account)!.id;
    page = await open(people, crew.rollout, id, 'install_assignment');
    await expect(page.getByText(S(lang, 'panel.assign.excluded')).or(page.getByRole('combobox').first())).toBeVisible();
    await shot(page, `assignment-${lang}`);
    await apiStep(crew.rollout, id, 'installWoAssignment/examineWoAssignment', { technicianIds: [idOf(crew.tech)], electricianIds: [idOf(crew.elec)] });
    page = await open(people, crew.warehouse, id, 'material_collection');
    const lines = page.getByTestId('shipment-panel');
    await expect(lines.getByText(crew.skus[1]!.sku)).toBeVisible();
    await expect(lines.getByText(I(lang, 'shipment.noShipments'))).toBeVisible();
    await shot(page, `collection-${lang}`);

    await apiStep(crew.warehouse, id, 'materialCollection/examine', { form: { lines: [{ sku: crew.skus[0]!.sku, quantity: 1 }, { sku: crew.skus[1]!.sku, quantity: 2 }], deliveryNumber: 'DN-001' } });
    page = await open(people, crew.tech, id, 'material_signing');
    await expect(page.getByTestId('shipment-panel').locator('.ant-tag', { hasText: I(lang, 'state.shipped') })).toBeVisible();
    await shot(page, `signing-${lang}`);
    // Loss or damage: the reject dialog's reason; back to material collection.
    await panelOf(page).getByTestId('stage-actions').getByRole('button', { name: spaced(S(lang, 'panel.action.reject'), { exact: true }) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(S(lang, 'panel.reject.reason')).fill(lang === 'en-US' ? 'Two batteries dented in transit' : '运输途中两块电池受损');
    await dialog.getByRole('button', { name: spaced(S(lang, 'panel.reject.ok')) }).click();
    await expect(panelOf(page)).toHaveAttribute('data-stage', 'material_collection', { timeout: 30_000 });
    page = await open(people, crew.warehouse, id, 'material_collection');
    await expect(page.getByTestId('shipment-panel').locator('.ant-tag', { hasText: I(lang, 'state.loss_damage') })).toBeVisible();
    await shot(page, `reship-${lang}`);
  } finally {
    await people.close();
    await crew.dispose();
  }
}

test('zh-CN: installation date, assignment, collection, signing and a loss', async ({ browser, baseURL, sink }) => {
  await walk(browser, baseURL!, 'zh-CN', sink.port);
});
test('en-US: installation date, assignment, collection, signing and a loss', async ({ browser, baseURL, sink }) => {
  await walk(browser, baseURL!, 'en-US', sink.port);
});
