/**
 * Issue 19, "In the field": the site technician on a 375 px phone, one walk that starts in Chinese and ends in English.
 * The order is brought to the survey stage through the API (agent, delivery manager, finance, rollout manager); the
 * technician signs in on the phone in Chinese, finds the order in "my tasks" (cards, no sideways scrolling), opens it
 * and fills the survey — a camera-sized photo (downscaled on the device to a JPEG before upload), an appliance, an
 * empty signature pad refused, the first two of four signatures drawn on the signature pad. He switches the phone's
 * console to English with the header's switcher (the form keeps what he entered): another empty pad refused, the last
 * two signatures, the statement. The browser context goes offline and the survey is submitted: it waits on the device
 * ("waiting to sync", the header badge), nothing reaches the server. Back online it syncs by itself, the stage moves
 * on, and the order's history holds exactly one survey submission. axe on the phone's stage page, filled and waiting;
 * screenshots of "my tasks", the signature pads, the stage page and the waiting and synced states in /tmp/shots/phone/.
 */
import { mkdirSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import type { Browser, Page } from '@playwright/test';
import { pickOption } from './crud-helpers';
import { featureTexts, spaced, type Lang } from './fleet-api';
import { drawSignature, PHONE } from './epc-handover-fixtures';
import { apiStep, expect, makeCrew, ORDER, orderOf, PASSWORD, test, type Crew, type Person } from './epc-order-fixtures';
import { chooseLanguage, expectAccessible, PAGE_LOAD, switchConsoleLanguage, watchProblems } from './helpers';

test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000 });

const SHOTS = '/tmp/shots/phone';
mkdirSync(SHOTS, { recursive: true });
const S = featureTexts('epc', 'epc-stage');
const E = featureTexts('epc');
const G = featureTexts('../core/stage', 'stage');
const O = featureTexts('../core/offline', 'offline');

/** A camera-sized photo (2400×1800 PNG): the page downscales it to 1600 px JPEG before upload. */
function cameraPhoto(): Buffer {
  const c = createCanvas(2400, 1800);
  const g = c.getContext('2d');
  const grad = g.createLinearGradient(0, 0, 2400, 1800);
  grad.addColorStop(0, '#1e6fd9');
  grad.addColorStop(1, '#f5a623');
  g.fillStyle = grad;
  g.fillRect(0, 0, 2400, 1800);
  g.fillStyle = '#fff';
  g.font = '160px sans-serif';
  g.fillText('roof', 900, 950);
  return c.toBuffer('image/png');
}

/** The order through the API up to the survey, the technician and electrician designated. */
async function orderAtSurvey(crew: Crew, lang: Lang): Promise<string> {
  const customer = { name: lang === 'zh-CN' ? '王小明' : 'Thabo Nkosi', phoneDiallingCode: '+27', phone: '821234567', email: crew.email, installAddress: { country: 'ZA', province: 'GP', city: 'Johannesburg' }, address: '1 Main Road', projectType: '1' };
  const order = await crew.agent.api.post<{ id: string }>('/api/skyworth-agent/createOrder/insertOrder', { customer, submit: true });
  const id = order.id;
  await apiStep(crew.delivery, id, 'calloutQuote/submit', { form: { amount: 300, recipient: { name: customer.name, contact: '+27 821234567', address: '1 Main Road' } } });
  await apiStep(crew.finance, id, 'calloutQuote/audit', { approved: true });
  await apiStep(crew.rollout, id, 'explorationDate/submit', { date: '2026-12-01' });
  const staff = await crew.rollout.api.get<{ id: string; account: string }[]>(`${ORDER}/designatedPerson/select?orderId=${id}`);
  const idOf = (p: Person) => staff.find((s) => s.account === p.account)!.id;
  await apiStep(crew.rollout, id, 'designatedPerson/assign', { technicianIds: [idOf(crew.tech)], electricianIds: [idOf(crew.elec)] });
  expect((await orderOf(crew.tech.api, id)).stage).toBe('survey');
  return id;
}

/** The technician signed in on a phone-sized context (service workers allowed: the app shell comes from it). */
async function phoneOf(browser: Browser, baseURL: string, p: Person, lang: Lang): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, serviceWorkers: 'allow', locale: lang });
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
  return { page, problems };
}

/** Nothing on the page is wider than the phone's screen. */
async function expectNoSideScroll(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(PHONE.width);
}

async function fillSurvey(page: Page, lang: Lang) {
  const L = (k: string) => S(lang, `form.survey.${k}`);
  const form = page.getByTestId('stage-form-survey');
  await expect(form).toBeVisible();
  await form.getByLabel(L('installType'), { exact: true }).fill(lang === 'zh-CN' ? '屋顶安装' : 'Roof mount');
  for (const k of ['buildingMaterial', 'houseType', 'roof.type', 'roof.material', 'panel.position', 'panel.type', 'panel.orientation', 'electrical.infrastructure']) {
    await pickOption(form, page, L(k), /\S/);
  }
  await form.getByLabel(L('roof.angle'), { exact: true }).fill('25');
  await form.getByLabel(L('electrical.monthlyKwh'), { exact: true }).fill('620');
  // A camera photo: downscaled on the phone, uploaded as JPEG, shown as a thumbnail.
  const photos = form.locator('.ant-form-item', { has: page.locator('label', { hasText: L('photos') }) });
  // What the page puts in the upload's form data (Playwright does not show a multipart Blob body): kept to measure it.
  await page.evaluate(() => {
    const w = window as unknown as { sent: { name?: string; blob: Blob }[]; picked: number };
    w.sent = [];
    // The chosen file's capture time, as the input hands it over.
    document.addEventListener('change', (e) => {
      const input = e.target as HTMLInputElement;
      if (input.type === 'file' && input.files?.[0]) w.picked = input.files[0].lastModified;
    }, true);
    const append = FormData.prototype.append as unknown as (this: FormData, ...args: unknown[]) => void;
    FormData.prototype.append = function (this: FormData, name: string, value: string | Blob, file?: string) {
      if (value instanceof Blob && file !== 'signature.png') w.sent.push({ name: file, blob: value });
      if (file === undefined) append.call(this, name, value);
      else append.call(this, name, value, file);
    } as typeof FormData.prototype.append;
  });
  await photos.locator('input[type=file]').setInputFiles({ name: 'roof.png', mimeType: 'image/png', buffer: cameraPhoto() });
  await expect.poll(() => page.evaluate(() => (window as unknown as { sent: unknown[] }).sent.length)).toBe(1);
  const sent = await page.evaluate(async () => {
    const w = window as unknown as { sent: { name: string; blob: File }[]; picked: number };
    const { name, blob } = w.sent[0]!;
    const bitmap = await createImageBitmap(blob);
    return { name, type: blob.type, keptTime: blob.lastModified === w.picked, width: bitmap.width, height: bitmap.height };
  });
  expect(sent).toEqual({ name: 'roof.jpg', type: 'image/jpeg', keptTime: true, width: 1600, height: 1200 });
  await expect(photos.locator('.ant-upload-list-item')).toHaveCount(1);
  await expect(photos.locator('.ant-upload-list-item-uploading')).toHaveCount(0, { timeout: 30_000 });
  await expect(photos.locator('.ant-upload-list-item-thumbnail img')).toBeVisible();
  const appliances = form.getByTestId('list-electrical.appliances');
  await appliances.getByRole('button', { name: G(lang, 'list.add') }).click();
  await appliances.getByRole('textbox', { name: L('electrical.appliances.type'), exact: true }).fill(lang === 'zh-CN' ? '冰箱' : 'Fridge');
  await appliances.getByLabel(L('electrical.appliances.quantity'), { exact: true }).fill('1');
  await appliances.getByLabel(L('electrical.appliances.power'), { exact: true }).fill('200');
}

/**
 * Draws `who`'s signature on the survey's pad and confirms it (the pad uploads the PNG); `signedBefore` pads are
 * confirmed already. The first pad of each language is first confirmed empty (refused: "provide signature first") and
 * photographed once drawn.
 */
async function sign(page: Page, lang: Lang, who: string, signedBefore: number, refuseEmpty = false) {
  const L = (k: string) => S(lang, `form.survey.${k}`);
  const form = page.getByTestId('stage-form-survey');
  const canvas = form.getByRole('img', { name: L(`signatures.${who}`), exact: true });
  await canvas.scrollIntoViewIfNeeded();
  const item = form.locator('.ant-form-item', { has: page.getByRole('img', { name: L(`signatures.${who}`), exact: true }) }).last();
  const confirm = item.getByRole('button', { name: spaced(G(lang, 'signature.confirm'), { exact: true }) });
  if (refuseEmpty) {
    await confirm.click();
    await expect(page.getByText(G(lang, 'signature.empty'))).toBeVisible();
  }
  await drawSignature(page, canvas);
  if (refuseEmpty) await item.screenshot({ path: `${SHOTS}/signature-pad-${lang}.png` });
  await confirm.click();
  await expect(form.getByText(G(lang, 'signature.signed')).nth(signedBefore)).toBeVisible({ timeout: 30_000 });
}

test("the technician's survey on a 375 px phone, submitted offline and synced once (zh-CN → en-US)", async ({ browser, baseURL, sink }) => {
  let lang: Lang = 'zh-CN';
  const crew = await makeCrew(baseURL!, sink.port);
  try {
    const id = await orderAtSurvey(crew, lang);
    const { orderNumber } = await orderOf(crew.tech.api, id);
    const { page, problems } = await phoneOf(browser, baseURL!, crew.tech, lang);
    // The worker and the manifest are revalidated on every load (a new build replaces the worker at once).
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toMatch(/application\/manifest\+json/);
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    // The service worker of the built app is installed (it serves the shell offline).
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker?.getRegistration())?.active)), { timeout: 30_000 }).toBe(true);

    // zh-CN: "my tasks" on the phone: cards, not the wide table.
    await page.goto('/epc/order');
    await expect(page.getByTestId('epc-order-cards')).toBeVisible(PAGE_LOAD);
    await page.getByRole('switch', { name: E(lang, 'mine') }).click();
    const card = page.locator('.epc-order-card', { hasText: orderNumber });
    await expect(card).toBeVisible();
    await expectNoSideScroll(page);
    await page.screenshot({ path: `${SHOTS}/my-tasks-${lang}.png` });
    await card.getByRole('link', { name: orderNumber }).click();
    const panel = page.getByTestId('stage-panel');
    await expect(panel).toHaveAttribute('data-stage', 'survey', PAGE_LOAD);

    // The survey's fields, the photo and the first two signatures in Chinese.
    await fillSurvey(page, lang);
    await sign(page, lang, 'landlord', 0, true);
    await sign(page, lang, 'installer', 1);

    // The phone's console in English from here on: the form keeps what was entered and signed.
    await switchConsoleLanguage(page, 'en-US');
    lang = 'en-US';
    const form = page.getByTestId('stage-form-survey');
    await expect(form.getByLabel(S(lang, 'form.survey.installType'), { exact: true })).toHaveValue('屋顶安装');
    await expect(form.getByText(G(lang, 'signature.signed'))).toHaveCount(2);
    await sign(page, lang, 'electrician', 2, true);
    await sign(page, lang, 'owner', 3);
    await form.getByRole('checkbox', { name: S(lang, 'form.survey.confirmed') }).check();
    await expectNoSideScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/stage-${lang}.png`, fullPage: true });

    // No signal: the submission waits on the device.
    const before = await orderOf(crew.tech.api, id);
    await page.context().setOffline(true);
    await expect(page.getByTestId('offline-badge')).toBeVisible();
    await panel.getByTestId('stage-actions').getByRole('button', { name: spaced(S(lang, 'panel.action.submit'), { exact: true }) }).click();
    const waiting = panel.getByTestId('offline-waiting');
    await expect(waiting).toBeVisible();
    await expect(waiting).toContainText(O(lang, 'waiting'));
    await expect(page.getByTestId('offline-badge')).toContainText(O(lang, 'badge').replace('{{count}}', '1'));
    await expect(panel.getByTestId('stage-actions').getByRole('button', { name: spaced(S(lang, 'panel.action.submit'), { exact: true }) })).toBeDisabled();
    await expectAccessible(page);
    await waiting.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/waiting-to-sync-${lang}.png` });
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('helio.offline.queue') ?? '[]') as { id: string; payload: { input: { submissionId: string } } }[]);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.payload.input.submissionId).toBe(kept[0]!.id);
    expect((await orderOf(crew.tech.api, id)).version).toBe(before.version); // nothing reached the server

    // The connection returns: it syncs by itself, the stage moves on.
    await page.context().setOffline(false);
    await expect(panel).toHaveAttribute('data-stage', 'survey_review', { timeout: 30_000 });
    await expect(panel.getByTestId('offline-synced')).toBeVisible();
    await expect(page.getByTestId('offline-badge')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/synced-${lang}.png` });
    expect(await page.evaluate(() => localStorage.getItem('helio.offline.queue'))).toBe('[]');
    const detail = await crew.tech.api.get<{ order: { stage: string }; history: { stage: string; action: string }[] }>(`${ORDER}/selectBaseOrderInfo?orderId=${id}`);
    expect(detail.order.stage).toBe('survey_review');
    expect(detail.history.filter((h) => h.stage === 'survey' && h.action === 'submit')).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.context().close();
  } finally {
    await crew.dispose();
  }
});
