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
import type { Browser, Page } from '@playwright/test';
import { pickOption } from './crud-helpers';
import { adminApi, featureTexts, type Lang } from './fleet-api';
import { expect, makeCrew, ORDER, orderOf, People, test, type Crew } from './epc-order-fixtures';
import { action, FAR, NEAR, open, orderAtEhs, panelOf, phoneOf, png } from './epc-handover-fixtures';
import { expectAccessible, PAGE_LOAD } from './helpers';

test.describe.configure({ timeout: 420_000 });
test.use({ actionTimeout: 30_000 });

const S = featureTexts('epc', 'epc-stage');
const F = featureTexts('epc', 'epc-field');
const G = featureTexts('../core/stage', 'stage');
const O = featureTexts('../core/offline', 'offline');

async function shot(page: Page, name: string) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: `/tmp/shots/field-web-${name}.png`, fullPage: true });
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
