/**
 * Issue 19, the field stages EHS and QC on a 375 px phone with the browser's location set by the test. An order with
 * two serial-tracked inverters (factory serials) is brought through the API to the EHS submission (sales half,
 * installation date, work order, shipment of both serials, the technician's signing). The site technician fills the
 * EHS form on the phone: from 2.1 km away the submit is refused with the distance shown, at the site it goes through.
 * The rollout manager marks the EHS review items and approves. The technician fills the QC form — camera photos, the
 * serial rows picked from the order's shipped serials (the one chosen in the first row disabled in the second) —
 * and submits it with the browser context offline: it waits on the phone ("waiting to sync") and syncs once back
 * online. The rollout manager marks the QC items and approves: the order shows the commissioned station. zh-CN walks
 * all of it, en-US the EHS part. axe on the phone's EHS and QC pages; screenshots in /tmp/shots/field-web-*.png.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { Browser, Page } from '@playwright/test';
import { pickOption, uniq } from './crud-helpers';
import { adminApi, featureTexts, spaced, type Api, type Lang } from './fleet-api';
import { apiStep, expect, makeCrew, ORDER, orderOf, PASSWORD, People, surveyForm, test, type Crew, type Person } from './epc-order-fixtures';
import { chooseLanguage, expectAccessible, PAGE_LOAD, watchProblems } from './helpers';

test.describe.configure({ timeout: 420_000 });
test.use({ actionTimeout: 30_000 });

const S = featureTexts('epc', 'epc-stage');
const F = featureTexts('epc', 'epc-field');
const G = featureTexts('../core/stage', 'stage');
const O = featureTexts('../core/offline', 'offline');
const PHONE = { width: 375, height: 812 };
const SITE = { latitude: -26.2041, longitude: 28.0473 };
/** 2.1 km north of the site (haversine, R 6378.137 km), and 0.5 km. */
const FAR = { latitude: SITE.latitude + 0.0188646, longitude: SITE.longitude };
const NEAR = { latitude: SITE.latitude + 0.0045, longitude: SITE.longitude };

const png = (w: number, h: number, label: string) => {
  const c = createCanvas(w, h);
  const g = c.getContext('2d');
  g.fillStyle = '#2f7d32';
  g.fillRect(0, 0, w, h);
  g.fillStyle = '#fff';
  g.font = `${Math.round(h / 8)}px sans-serif`;
  g.fillText(label, w / 8, h / 2);
  return c.toBuffer('image/png');
};

async function shot(page: Page, name: string) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: `/tmp/shots/field-web-${name}.png`, fullPage: true });
}

/** An order with two factory-listed inverters (serial-tracked) and a battery, brought to the EHS submission. */
async function orderAtEhs(crew: Crew, admin: Api, lang: Lang): Promise<{ id: string; sns: string[] }> {
  const tag = uniq();
  const sns = [`FW-INV-${tag}-1`.toUpperCase(), `FW-INV-${tag}-2`.toUpperCase()];
  for (const deviceSn of sns) await admin.post('/api/skyworth-client/deviceExitFactoryInfo/save', { deviceSn });
  const code = `FWI-${tag}`.toUpperCase();
  const inv = await admin.post<{ id: string }>('/api/skyworth-agent/skuBaseInfo/save', { sku: code, skuName: `Hybrid inverter ${tag}`, skuType: 1, unit: 'pcs', unitPrice: '12000', serialTracked: 1 });
  await admin.post('/api/skyworth-agent/skuHistory/save', { movementType: 'receive', skuId: inv.id, quantity: 2, serials: sns, reference: `PO-${tag}` });
  const bat = crew.skus[1]!;
  const customer = {
    name: lang === 'zh-CN' ? '王小明' : 'Thabo Nkosi', phoneDiallingCode: '+27', phone: '821234567', email: crew.email,
    installAddress: { country: 'ZA', province: 'GP', city: 'Johannesburg' }, address: '1 Main Road', projectType: '1', location: SITE,
  };
  const { id } = await crew.agent.api.post<{ id: string }>('/api/skyworth-agent/createOrder/insertOrder', { customer, submit: true });
  const materials = [
    { sku: code, name: `Hybrid inverter ${tag}`, equipmentType: 'inverter', quantity: 2 },
    { sku: bat.sku, name: bat.skuName, equipmentType: 'battery', quantity: 1 },
  ];
  const recipient = { name: customer.name, contact: '+27 821234567', address: '1 Main Road' };
  await apiStep(crew.delivery, id, 'calloutQuote/submit', { form: { amount: 300, recipient } });
  await apiStep(crew.finance, id, 'calloutQuote/audit', { approved: true });
  await apiStep(crew.rollout, id, 'explorationDate/submit', { date: '2026-12-01' });
  const staff = await crew.rollout.api.get<{ id: string; account: string }[]>(`${ORDER}/designatedPerson/select?orderId=${id}`);
  const idOf = (p: Person) => staff.find((s) => s.account === p.account)!.id;
  const team = { technicianIds: [idOf(crew.tech)], electricianIds: [idOf(crew.elec)] };
  await apiStep(crew.rollout, id, 'designatedPerson/assign', team);
  await apiStep(crew.tech, id, 'survey/submit', { form: surveyForm });
  await apiStep(crew.rollout, id, 'survey/audit', { approved: true });
  await apiStep(crew.designer, id, 'design/submit', { form: { basePackage: 'BP-5K', materials, summary: { kwp: 5, inverterKw: 10, batteryKwh: 10 } } });
  await apiStep(crew.rollout, id, 'design/audit', { approved: true });
  await apiStep(crew.warehouse, id, 'stock/audit', { approved: true, form: { lines: materials.map((m) => ({ sku: m.sku, quantity: m.quantity, status: 'confirmed' })) } });
  await apiStep(crew.delivery, id, 'quote/submit', { form: { lines: materials.map((m) => ({ sku: m.sku, name: m.name, quantity: m.quantity, unitPrice: 1000 })), recipient } });
  await apiStep(crew.finance, id, 'quote/quoteAudit', { approved: true });
  await apiStep(crew.finance, id, 'installPay/confirm', { form: { amount: 3000, paidAt: '2026-11-28' } });
  await apiStep(crew.rollout, id, 'installationDate/examineInstallationDate', { date: '2026-12-10' });
  await apiStep(crew.rollout, id, 'installWoAssignment/examineWoAssignment', team);
  await apiStep(crew.warehouse, id, 'materialCollection/examine', { form: { lines: [{ sku: code, quantity: 2, serials: sns }, { sku: bat.sku, quantity: 1 }], deliveryNumber: `DN-${tag}` } });
  const signature = await crew.tech.api.upload<{ attachId: string }>('/api/blade-resource/oss/endpoint/put-file?use=attachment', 'signature.png', png(300, 120, 'T.N.'));
  await apiStep(crew.tech, id, 'sign/submit', { signature: String(signature.attachId), signedAt: '2026-12-10 10:00', confirmed: true });
  expect((await orderOf(crew.tech.api, id)).stage).toBe('ehs_submission');
  return { id, sns };
}

/** `p` signed in on a 375 px phone whose location is `at` (permission granted). */
async function phoneOf(browser: Browser, baseURL: string, p: Person, lang: Lang) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, locale: lang, geolocation: FAR, permissions: ['geolocation'] });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto('/login');
  await chooseLanguage(page, lang);
  const en = lang === 'en-US';
  const tenant = page.getByLabel(en ? 'Tenant ID' : '租户ID');
  if (await tenant.isVisible()) await tenant.fill('000000');
  await page.getByLabel(en ? 'Account' : '账号').fill(p.account);
  await page.getByLabel(en ? 'Password' : '密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: en ? 'Sign in' : /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/wel\/index$/, PAGE_LOAD);
  return { page, context, problems };
}

const panelOf = (page: Page) => page.getByTestId('stage-panel');
const action = (page: Page, lang: Lang, a: string) => panelOf(page).getByTestId('stage-actions').getByRole('button', { name: spaced(S(lang, `panel.action.${a}`), { exact: true }) });

async function open(page: Page, id: string, stage: string) {
  await page.goto(`/epc/order/detail/${id}`);
  await expect(panelOf(page)).toHaveAttribute('data-stage', stage, PAGE_LOAD);
}

async function fillEhs(page: Page, lang: Lang) {
  const L = (k: string) => S(lang, `form.ehs.${k}`);
  const form = page.getByTestId('stage-form-ehs');
  await expect(form).toBeVisible();
  const date = form.getByLabel(L('workDate'), { exact: true });
  await date.click();
  await date.fill('2026-12-11');
  await date.press('Enter');
  const numbers = form.getByLabel(L('emergencyNumbers'), { exact: true });
  await numbers.fill('10111');
  await numbers.press('Enter');
  for (const k of ['safetyEquipment', 'checklist']) {
    await pickOption(form, page, L(k), /\S/);
    await page.keyboard.press('Escape');
  }
  const risks = form.getByTestId('list-risks');
  const rows = lang === 'zh-CN'
    ? [['屋面坠落', '安全带与锚点'], ['直流触电', '先断开直流'], ['高温中暑', '轮换休息补水']]
    : [['Fall from the roof', 'Harness and anchor'], ['DC shock', 'Isolate DC first'], ['Heat stress', 'Shade and water breaks']];
  for (const [i, [risk, solution]] of rows.entries()) {
    await risks.getByRole('button', { name: G(lang, 'list.add') }).click();
    await risks.getByRole('textbox', { name: L('risks.risk'), exact: true }).nth(i).fill(risk!);
    await risks.getByRole('textbox', { name: L('risks.solution'), exact: true }).nth(i).fill(solution!);
  }
  const ppe = form.getByTestId('ehs-ppe');
  await ppe.getByLabel(F(lang, 'ehs.ppe.helmet'), { exact: true }).check();
  await ppe.getByLabel(F(lang, 'ehs.ppe.harness'), { exact: true }).check();
  await form.getByRole('checkbox', { name: L('declaration') }).check();
}

/** The EHS part on the phone: refused at 2.1 km with the distance, then submitted at the site. */
async function ehsOnPhone(browser: Browser, baseURL: string, crew: Crew, id: string, lang: Lang) {
  const { page, context, problems } = await phoneOf(browser, baseURL, crew.tech, lang);
  await open(page, id, 'ehs_submission');
  await expect(page.getByTestId('ehs-site')).toContainText(F(lang, 'ehs.radius').replace('{{radius}}', '2'));
  await fillEhs(page, lang);
  await expectAccessible(page);
  const before = await orderOf(crew.tech.api, id);
  await action(page, lang, 'submit').click();
  const distance = page.getByTestId('ehs-distance');
  await expect(distance).toContainText(F(lang, 'ehs.distance').replace('{{distance}}', '2.1'));
  await expect(distance).toContainText(F(lang, 'ehs.outside'));
  await expect(page.getByText(F(lang, 'ehs.tooFar').replace('{{radius}}', '2').replace('{{distance}}', '2.1')).first()).toBeVisible();
  expect((await orderOf(crew.tech.api, id)).version).toBe(before.version);
  await distance.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots/field-web-ehs-refused-${lang}.png` });
  // The server measures too: the same refusal with its distance when the client's check is passed by.
  const refused = await crew.tech.api
    .post(`${ORDER}/ehsSubmission/submitEhsInfoExamine`, { orderId: id, version: before.version, location: { lat: FAR.latitude, lng: FAR.longitude } })
    .then(() => 'accepted', (e: Error) => e.message);
  expect(refused).toMatch(/2\.1/);
  await context.setGeolocation(NEAR);
  await action(page, lang, 'submit').click();
  await expect(panelOf(page)).toHaveAttribute('data-stage', 'ehs_verification', { timeout: 30_000 });
  await expect(page.getByTestId('ehs-sent-from')).toContainText('0.5009');
  await shot(page, `ehs-submitted-${lang}`);
  expect(problems).toEqual([]);
  await context.close();
}

/** The rollout manager passes every review item, saves them and approves. */
async function review(people: People, crew: Crew, id: string, lang: Lang, kind: 'ehs' | 'qc', next: string) {
  const page = await people.as(crew.rollout);
  await open(page, id, `${kind}_verification`);
  const box = page.getByTestId(`sub-nodes-${kind}`);
  await expect(box).toBeVisible();
  const items = box.locator('[data-testid^="sub-node-"]');
  const n = await items.count();
  expect(n).toBeGreaterThan(5);
  for (let i = 0; i < n; i++) await items.nth(i).getByText(F(lang, 'nodes.pass'), { exact: true }).click();
  const summary = F(lang, 'nodes.summary').replace('{{pass}}', String(n)).replace('{{fail}}', '0').replace('{{open}}', '0');
  await expect(box.getByTestId('sub-nodes-summary')).toHaveText(summary);
  await box.getByTestId('sub-nodes-save').click();
  await expect(page.getByText(F(lang, 'nodes.saved'))).toBeVisible();
  await shot(page, `${kind}-review-${lang}`);
  await action(page, lang, 'approve').click();
  await expect(panelOf(page)).toHaveAttribute('data-stage', next, { timeout: 30_000 });
  return page;
}

async function pickRow(page: Page, list: ReturnType<Page['getByTestId']>, label: string, row: number, option: string) {
  await list.getByRole('combobox', { name: label, exact: true }).nth(row).click();
  const item = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first();
  await expect(item).toBeVisible();
  await item.click();
}

async function qcOnPhone(browser: Browser, baseURL: string, crew: Crew, id: string, sns: string[], lang: Lang) {
  const L = (k: string) => S(lang, `form.qc.${k}`);
  const { page, context, problems } = await phoneOf(browser, baseURL, crew.tech, lang);
  await context.setGeolocation(NEAR);
  await open(page, id, 'qc_submission');
  await expect(page.getByTestId('qc-shipped')).toContainText(F(lang, 'qc.shipped').replace('{{count}}', '2'));
  const form = page.getByTestId('stage-form-qc');
  await pickOption(form, page, L('inverterType'), /\S/);
  for (const [k, name] of [['photos', 'inverter.png'], ['panelPhotos', 'panels.png']] as const) {
    const item = form.locator('.ant-form-item', { has: page.locator('label').getByText(L(k), { exact: true }) });
    await item.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: png(2400, 1800, k) });
    await expect(item.locator('.ant-upload-list-item-thumbnail img')).toBeVisible({ timeout: 30_000 });
  }
  const list = form.getByTestId('list-serials');
  const inverter = F(lang, 'qc.deviceType.inverter');
  await list.getByRole('button', { name: G(lang, 'list.add') }).click();
  await pickRow(page, list, L('serials.deviceType'), 0, inverter);
  await pickRow(page, list, L('serials.sn'), 0, sns[0]!);
  await list.getByRole('button', { name: G(lang, 'list.add') }).click();
  await pickRow(page, list, L('serials.deviceType'), 1, inverter);
  // The second row's list: the first row's serial is there but cannot be chosen again.
  await list.getByRole('combobox', { name: L('serials.sn'), exact: true }).nth(1).click();
  const open1 = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(open1.locator('.ant-select-item-option-disabled', { hasText: sns[0]! })).toBeVisible();
  await open1.locator('.ant-select-item-option', { hasText: sns[1]! }).click();
  await expect(list.getByTestId('serial-check-0')).toHaveText(F(lang, 'qc.checked'));
  await expect(list.getByTestId('serial-check-1')).toHaveText(F(lang, 'qc.checked'));
  await form.getByLabel(L('earthing.value'), { exact: true }).fill('1.6');
  await pickOption(form, page, L('batteryCount'), /\S/);
  await expectAccessible(page);
  await shot(page, `qc-form-${lang}`);

  // Submitted without a connection: it waits on the phone, then syncs once.
  const before = await orderOf(crew.tech.api, id);
  await context.setOffline(true);
  await action(page, lang, 'submit').click();
  const waiting = panelOf(page).getByTestId('offline-waiting');
  await expect(waiting).toContainText(O(lang, 'waiting'));
  await expect(action(page, lang, 'submit')).toBeDisabled();
  await waiting.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots/field-web-qc-waiting-${lang}.png` });
  expect((await orderOf(crew.tech.api, id)).version).toBe(before.version);
  await context.setOffline(false);
  await expect(panelOf(page)).toHaveAttribute('data-stage', 'qc_verification', { timeout: 30_000 });
  await expect(panelOf(page).getByTestId('offline-synced')).toBeVisible();
  const detail = await crew.tech.api.get<{ history: { stage: string; action: string }[] }>(`${ORDER}/selectBaseOrderInfo?orderId=${id}`);
  expect(detail.history.filter((h) => h.stage === 'qc_submission' && h.action === 'submit')).toHaveLength(1);
  await shot(page, `qc-synced-${lang}`);
  expect(problems).toEqual([]);
  await context.close();
}

test('zh-CN: EHS refused at 2.1 km then submitted, reviewed; QC picked, submitted offline, synced, reviewed and commissioned', async ({ browser, baseURL, sink }) => {
  const lang: Lang = 'zh-CN';
  const crew = await makeCrew(baseURL!, sink.port);
  const admin = await adminApi(baseURL!);
  const people = new People(browser, baseURL!, lang);
  try {
    const { id, sns } = await orderAtEhs(crew, admin, lang);
    await ehsOnPhone(browser, baseURL!, crew, id, lang);
    await review(people, crew, id, lang, 'ehs', 'qc_submission');
    await qcOnPhone(browser, baseURL!, crew, id, sns, lang);
    const page = await review(people, crew, id, lang, 'qc', 'fac_sign_audit');
    const done = page.getByTestId('epc-commissioned');
    await expect(done).toContainText(F(lang, 'commissioned.title'));
    for (const sn of sns) await expect(done).toContainText(sn);
    await shot(page, `commissioned-${lang}`);
    await done.getByTestId('epc-commissioned-station').click();
    await expect(page).toHaveURL(/\/power-station-equip\/power\/detail\//, PAGE_LOAD);
    await shot(page, `station-${lang}`);
    expect(people.problems.flat()).toEqual([]);
  } finally {
    await people.close();
    await admin.dispose();
    await crew.dispose();
  }
});

test('en-US: EHS refused at 2.1 km with the distance, submitted at the site, approved', async ({ browser, baseURL, sink }) => {
  const lang: Lang = 'en-US';
  const crew = await makeCrew(baseURL!, sink.port);
  const admin = await adminApi(baseURL!);
  const people = new People(browser, baseURL!, lang);
  try {
    const { id } = await orderAtEhs(crew, admin, lang);
    await ehsOnPhone(browser, baseURL!, crew, id, lang);
    await review(people, crew, id, lang, 'ehs', 'qc_submission');
    expect(people.problems.flat()).toEqual([]);
  } finally {
    await people.close();
    await admin.dispose();
    await crew.dispose();
  }
});
