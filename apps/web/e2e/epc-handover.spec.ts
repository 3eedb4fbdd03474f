/**
 * Issue 19, the handover, with four roles, one walk that starts in Chinese and ends in English. An order is brought
 * through the API to the FAC sign audit (field walk's order: EHS at the site, QC with the shipped serials, the station
 * commissioned). In Chinese, the delivery manager, on a 375 px phone, downloads the FAC template (both PDFs, zh and en),
 * uploads the signed scan, draws three of the four signatures — the submit is refused for the owner's ("provide the
 * signature first") — then the fourth; refused again until the statement is ticked; then it goes to review. The
 * administrator approves on the desktop and switches his console to English. In English from here on: the delivery
 * manager, signed in on his desktop, records the temporary COC (refused until the customer's confirmation is ticked)
 * and the final COC, which the administrator approves; finance confirms the balance: the order is completed, and
 * finance sends the balance confirmation e-mail from the order's documents tab (it reaches the SMTP sink). axe on the
 * phone's FAC page, the COC form and the documents tab; screenshots in /tmp/shots/handover/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { pickOption } from './crud-helpers';
import { adminApi, featureTexts, spaced, type Lang } from './fleet-api';
import { expect, makeCrew, orderOf, People, test, type Crew } from './epc-order-fixtures';
import { action, drawSignature, open, orderAtFac, panelOf, phoneOf, png } from './epc-handover-fixtures';
import { expectAccessible, PAGE_LOAD, signIn, switchConsoleLanguage, watchProblems } from './helpers';
import { subjectOf } from './smtp-sink';

test.describe.configure({ timeout: 420_000 });
test.use({ actionTimeout: 30_000 });

const SHOTS = '/tmp/shots/handover';
mkdirSync(SHOTS, { recursive: true });
const S = featureTexts('epc', 'epc-stage');
const E = featureTexts('epc');
const G = featureTexts('../core/stage', 'stage');

/** The server's refusals (spec §8), worded as the API tests read them. */
const MSG: Record<Lang, { owner: string; customer: string }> = {
  'zh-CN': { owner: '请先签名:业主', customer: '请勾选客户确认' },
  'en-US': { owner: 'Please provide the signature first: owner', customer: 'Please tick the customer confirmation' },
};

/** Turns a switch on or off (a click when it is not there yet). */
async function setSwitch(control: Locator, on: boolean) {
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  await expect(control).toHaveAttribute('aria-checked', String(on));
}

async function shot(page: Page, name: string) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function fillDate(form: Locator, label: string, value: string) {
  const date = form.getByLabel(label, { exact: true });
  await date.click();
  await date.fill(value);
  await date.press('Enter');
}

/** Draws a signature on `who`'s pad with the mouse and confirms it (the pad uploads the PNG). */
async function sign(page: Page, form: Locator, lang: Lang, who: string, signedBefore: number) {
  const pad = page.getByRole('img', { name: S(lang, `form.fac.signatures.${who}`), exact: true });
  const canvas = form.locator(pad);
  await canvas.scrollIntoViewIfNeeded();
  const item = form.locator('.ant-form-item', { has: pad }).last();
  await drawSignature(page, canvas);
  await item.getByRole('button', { name: spaced(G(lang, 'signature.confirm'), { exact: true }) }).click();
  await expect(form.getByText(G(lang, 'signature.signed'), { exact: true })).toHaveCount(signedBefore + 1, { timeout: 30_000 });
}

/** The delivery manager's FAC sign audit on the phone, with its two refusals; ends in review. */
async function facOnPhone(browser: Browser, baseURL: string, crew: Crew, id: string, lang: Lang) {
  const L = (k: string) => S(lang, `form.fac.${k}`);
  const { page, context, problems } = await phoneOf(browser, baseURL, crew.delivery, lang);
  await open(page, id, 'fac_sign_audit');
  // The template to print and sign: a PDF in either language (both offered whatever the console's language).
  for (const template of ['fac-template-zh', 'fac-template-en']) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(template).click()]);
    expect(download.suggestedFilename()).toContain('FAC');
    expect(readFileSync((await download.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }

  const form = page.getByTestId('stage-form-fac');
  const scan = form.locator('.ant-form-item', { has: page.locator('label').getByText(L('signedFile'), { exact: true }) });
  await scan.locator('input[type=file]').setInputFiles({ name: 'fac-signed.png', mimeType: 'image/png', buffer: png(1600, 1200, 'FAC signed') });
  // Downscaled on the phone to a JPEG before the upload; listed by name once uploaded.
  await expect(scan.locator('.ant-upload-list-item', { hasText: 'fac-signed.jpg' })).toBeVisible({ timeout: 30_000 });
  await expect(scan.locator('.ant-upload-list-item-uploading')).toHaveCount(0, { timeout: 30_000 });
  await fillDate(form, L('signedAt'), '2026-12-20');
  const whos = ['landlord', 'installer', 'electrician'];
  for (const [i, who] of whos.entries()) await sign(page, form, lang, who, i);
  const statement = form.getByLabel(L('confirmed'), { exact: true });
  await setSwitch(statement, true);

  // Three signatures of four: refused for the owner's, nothing moves.
  const before = await orderOf(crew.delivery.api, id);
  await action(page, lang, 'submit').click();
  await expect(page.getByText(MSG[lang].owner).first()).toBeVisible();
  expect((await orderOf(crew.delivery.api, id)).version).toBe(before.version);
  await sign(page, form, lang, 'owner', 3);
  // All four, the statement not ticked: refused on the statement.
  await setSwitch(statement, false);
  await action(page, lang, 'submit').click();
  await expect(form.locator('.ant-form-item-explain-error', { hasText: S(lang, 'panel.tick') })).toBeVisible();
  expect((await orderOf(crew.delivery.api, id)).version).toBe(before.version);
  await setSwitch(statement, true);
  await expectAccessible(page);
  await shot(page, `fac-phone-${lang}`);
  await action(page, lang, 'submit').click();
  await expect(panelOf(page).getByText(S(lang, 'panel.inReview'), { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await orderOf(crew.delivery.api, id)).toMatchObject({ stage: 'fac_sign_audit', inReview: true });
  // The one refusal the walk asked for (the owner's signature), nothing else.
  expect(problems.map((p) => p.replace(/\/\/[^/]+/, '//host'))).toEqual(['http 400: http://host/api/skyworth-agent/order/fac/submit']);
  await context.close();
}

/** The administrator approves the stage under review on the desktop. */
async function approveAsAdmin(admin: Page, id: string, lang: Lang, stage: string, next: string, name: string) {
  await open(admin, id, stage);
  await expect(panelOf(admin).getByText(S(lang, 'panel.inReview'), { exact: true })).toBeVisible();
  // What is reviewed shows as it is: the drawn signatures and the signed scan as pictures.
  if (stage === 'fac_sign_audit') {
    await expect(panelOf(admin).getByRole('img', { name: 'signature.png', exact: true })).toHaveCount(4);
    await expect(panelOf(admin).getByRole('img', { name: 'fac-signed.jpg', exact: true })).toBeVisible();
  }
  await shot(admin, `${name}-review-${lang}`);
  await action(admin, lang, 'approve').click();
  await expect(panelOf(admin)).toHaveAttribute('data-stage', next, { timeout: 30_000 });
}

/** A COC form filled; the customer's confirmation ticked only when `confirmed`. */
async function fillCoc(page: Page, lang: Lang, key: 'temporaryCoc' | 'finalCoc', confirmed: boolean) {
  const L = (k: string) => S(lang, `form.${key}.${k}`);
  const form = page.getByTestId(`stage-form-${key}`);
  await expect(form).toBeVisible();
  await fillDate(form, L('createdAt'), '2026-12-21');
  await form.getByRole('checkbox', { name: L('permanent') }).check();
  await pickOption(form, page, L('deliveryType'), /\S/);
  await form.getByLabel(L('deliveryNumber'), { exact: true }).fill('DN-7');
  if (confirmed) await form.getByRole('checkbox', { name: L('customerConfirmed') }).check();
  return form;
}

test('FAC signed on a phone (template, four signatures, refusals) and approved; temporary and final COC; balance paid and mailed (zh-CN → en-US)', async ({ browser, baseURL, sink }) => {
  let lang: Lang = 'zh-CN';
  const crew = await makeCrew(baseURL!, sink.port);
  const api = await adminApi(baseURL!);
  // The desktop people (delivery manager, finance) first sign in after the switch: in English.
  const people = new People(browser, baseURL!, 'en-US');
  const admin = await (await browser.newContext({ baseURL })).newPage();
  const adminProblems = watchProblems(admin);
  try {
    const { id } = await orderAtFac(crew, api, lang);
    const { orderNumber } = await orderOf(crew.delivery.api, id);
    // zh-CN: the FAC on the phone, approved by the administrator.
    await facOnPhone(browser, baseURL!, crew, id, lang);
    await signIn(admin, lang);
    await approveAsAdmin(admin, id, lang, 'fac_sign_audit', 'temporary_coc', 'fac');

    // The administrator's console in English from here on (remembered); the others sign in in English.
    await switchConsoleLanguage(admin, 'en-US');
    lang = 'en-US';

    // Temporary COC: refused until the customer's confirmation is ticked.
    let page = await people.as(crew.delivery);
    await open(page, id, 'temporary_coc');
    const temporary = await fillCoc(page, lang, 'temporaryCoc', false);
    await action(page, lang, 'submit').click();
    await expect(page.getByText(MSG[lang].customer).first()).toBeVisible();
    await temporary.getByRole('checkbox', { name: S(lang, 'form.temporaryCoc.customerConfirmed') }).check();
    await expectAccessible(page);
    await shot(page, `temporary-coc-${lang}`);
    await action(page, lang, 'submit').click();
    await expect(panelOf(page)).toHaveAttribute('data-stage', 'final_coc', { timeout: 30_000 });

    // Final COC, reviewed by the administrator.
    await fillCoc(page, lang, 'finalCoc', true);
    await action(page, lang, 'submit').click();
    await expect(panelOf(page).getByText(S(lang, 'panel.inReview'), { exact: true })).toBeVisible({ timeout: 30_000 });
    await approveAsAdmin(admin, id, lang, 'final_coc', 'balance_payment', 'final-coc');

    // Finance confirms the balance: the order is completed.
    page = await people.as(crew.finance);
    await open(page, id, 'balance_payment');
    const pay = page.getByTestId('stage-form-balancePayment');
    await pay.getByLabel(S(lang, 'form.balancePayment.amount'), { exact: true }).fill('500');
    await fillDate(pay, S(lang, 'form.balancePayment.paidAt'), '2026-12-30');
    await pay.getByLabel(S(lang, 'form.balancePayment.reference'), { exact: true }).fill('BAL-9');
    await action(page, lang, 'submit').click();
    await expect(page.getByText(S(lang, 'panel.ended'), { exact: true })).toBeVisible({ timeout: 30_000 });
    expect((await orderOf(crew.finance.api, id)).stage).toBe('completed');

    // The balance confirmation e-mail, from the documents tab.
    const before = sink.delivered.length;
    await page.getByRole('tab', { name: E(lang, 'tab.docs') }).click();
    const mail = page.getByTestId('epc-final-payment-mail');
    await expect(mail).toContainText(E(lang, 'docs.none'), PAGE_LOAD);
    await mail.getByRole('button', { name: spaced(E(lang, 'docs.send')) }).click();
    await expect(mail).toContainText(E(lang, 'docs.state.sent'), PAGE_LOAD);
    await expect(mail).toContainText(crew.email);
    await expectAccessible(page);
    await shot(page, `balance-mail-${lang}`);
    expect(sink.delivered.length).toBe(before + 1);
    expect(sink.delivered.at(-1)!.to).toEqual([crew.email]);
    expect(subjectOf(sink.delivered.at(-1)!.data)).toContain(orderNumber);
    // The one refusal asked for (the customer's confirmation), nothing else.
    expect([...people.problems.flat(), ...adminProblems].map((p) => p.replace(/\/\/[^/]+/, '//host'))).toEqual(['http 400: http://host/api/skyworth-agent/order/temporaryCoc/submit']);
  } finally {
    await admin.context().close();
    await people.close();
    await api.dispose();
    await crew.dispose();
  }
});
