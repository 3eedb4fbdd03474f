/**
 * Maintenance orders (issue 20), one walk that starts in Chinese and ends in English. An inverter of the demo station
 * (under warranty) overheats and reports its fault over MQTT → the administrator opens the alarm's drawer and creates a
 * maintenance order from it: the call-in page comes prefilled from the alarm and the device's site (owner, phone,
 * address, install address, station, device, warranty date, call-in time, problem); he picks the fee type, the agent
 * company and "a COC is required", submits, and verifies the warranty on the order's page (the devices' warranty
 * shown). He switches the console to English. The survey date to the EHS go through the API as the agent's people do
 * them. The technician, in English, replaces the faulty inverter with a spare from stock in the repair QC (the new
 * device's secret shown once): the new serial reports over MQTT with that secret, the old one is no longer let in;
 * he submits the repair QC. QC review, FAC and the COC go through the API; the administrator approves the COC on the
 * page: the order is completed. The alarm's drawer then links the order with its stage; the maintenance list shows it
 * with the KPIs. axe on the call-in page, the order page with the replacement, and the list; screenshots in
 * /tmp/shots/maintenance/.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { pickOption, uniq } from './crud-helpers';
import { playDevice } from './device-play';
import { expect, makeCrew, People, type Person } from './epc-order-fixtures';
import { png } from './epc-handover-fixtures';
import { onFleet } from './fixtures';
import { COMMAND_FLEET, adminApi, demoStation, featureTexts, spaced, type Lang } from './fleet-api';
import { ADMIN, expectAccessible, PAGE_LOAD, signIn, watchProblems } from './helpers';
import { alarmOf, maintOf, openMaint, panelOf, reported, siteOf, spareInStock, toCocReview, toRepairQc, warrantedInverter } from './maintenance-fixtures';

const test = onFleet(COMMAND_FLEET);
const SHOTS = '/tmp/shots/maintenance';
mkdirSync(SHOTS, { recursive: true });
const S = featureTexts('epc', 'epc-stage');
const M = featureTexts('maintenance');
const AL = featureTexts('alarm');
const F = featureTexts('epc', 'epc-field');

const action = (page: Page, lang: Lang, a: string) => panelOf(page).getByTestId('stage-actions').getByRole('button', { name: spaced(S(lang, `panel.action.${a}`), { exact: true }) });

async function shot(page: Page, name: string) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A form item by its label's text (its upload input, its explanation). */
const itemOf = (form: Locator, page: Page, label: string) => form.locator('.ant-form-item', { has: page.locator('label').getByText(label, { exact: true }) });

test('an alarm becomes a maintenance order, repaired with a replaced inverter that reports again, through the COC (zh-CN → en-US)', async ({ page, browser, fleet }) => {
  test.setTimeout(360_000);
  const api = await adminApi(fleet.url);
  const crew = await makeCrew(fleet.url, undefined);
  const tech = new People(browser, fleet.url, 'en-US');
  const problems = watchProblems(page);
  const tag = uniq().toUpperCase();
  const oldSn = `E2EMNT${tag}A`;
  const newSn = `E2EMNT${tag}B`;
  try {
    // An inverter of the demo station under warranty overheats; a spare waits in stock.
    const plantId = await demoStation(api);
    const device = await playDevice(fleet.mqttUrl, oldSn, await warrantedInverter(api, plantId, oldSn));
    await device.telemetry([8]).finally(() => device.end());
    await spareInStock(api, newSn, tag);
    const alarmId = await alarmOf(api, oldSn);

    // zh-CN: from the alarm's drawer to the call-in page, prefilled.
    await signIn(page, 'zh-CN', `/alarm?deviceSn=${oldSn}`);
    await page.getByTestId(`alarm-open-${alarmId}`).click();
    const drawer = page.getByTestId('alarm-drawer');
    await drawer.getByRole('button', { name: spaced(AL('zh-CN', 'maintenance.open')) }).click();
    await expect(page).toHaveURL(new RegExp(`/epc/maintenance/add\\?alarmId=${alarmId}$`), PAGE_LOAD);
    const L = (lang: Lang, k: string) => S(lang, `form.customer.${k}`);
    const form = page.getByTestId('call-in-form');
    await expect(page.getByTestId('call-in-alarm')).toContainText(oldSn);
    await expect(form.getByLabel(L('zh-CN', 'deviceSn'), { exact: true })).toHaveValue(oldSn, PAGE_LOAD);
    await expect(form.getByLabel(L('zh-CN', 'name'), { exact: true })).toHaveValue(/\S/);
    await expect(form.getByLabel(L('zh-CN', 'problem'), { exact: true })).toHaveValue(/\S/);
    await expect(form.getByLabel(L('zh-CN', 'warrantyDate'), { exact: true })).toHaveValue('2035-01-01');
    await pickOption(form, page, L('zh-CN', 'feeType'), '保内免费');
    await pickOption(form, page, S('zh-CN', 'panel.customer.agent'), crew.companyName);
    await form.getByRole('checkbox', { name: L('zh-CN', 'cocRequired') }).check();
    await expectAccessible(page);
    await shot(page, 'call-in-zh');
    await page.getByTestId('call-in-submit').click();
    await expect(page).toHaveURL(/\/epc\/maintenance\/detail\/\d+$/, PAGE_LOAD);
    const id = page.url().split('/').at(-1)!;
    const created = await maintOf(api, id);
    expect(created.orderNumber).toMatch(/^MNT/);
    await expect(panelOf(page)).toHaveAttribute('data-stage', 'warranty_verification', PAGE_LOAD);

    // The warranty: the device's factory warranty shown, verified as valid.
    const warranty = page.getByTestId('maint-warranty');
    await expect(warranty.locator('tr', { hasText: oldSn })).toContainText(M('zh-CN', 'site.inWarranty'));
    await expect(warranty.locator('tr', { hasText: oldSn })).toContainText(F('zh-CN', 'qc.deviceType.inverter'));
    const wform = page.getByTestId('stage-form-warranty');
    await wform.getByText(S('zh-CN', 'form.warranty.resultOptions.valid'), { exact: true }).click();
    const end = wform.getByLabel(S('zh-CN', 'form.warranty.warrantyEndDate'), { exact: true });
    if (!(await end.inputValue())) {
      await end.click();
      await end.fill('2035-01-01');
      await end.press('Enter');
    }
    await shot(page, 'warranty-zh');
    await action(page, 'zh-CN', 'approve').click();
    await expect(panelOf(page)).toHaveAttribute('data-stage', 'survey_date', PAGE_LOAD);

    // The console in English from here on (remembered).
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

    // The agent's people: survey date … EHS review.
    await toRepairQc(crew, id, await siteOf(api, plantId));

    // en-US, the technician: the inverter replaced from stock, the secret shown once.
    const tp = await tech.as(crew.tech);
    await openMaint(tp, id, 'qc_submission');
    await tp.getByTestId('maint-replace-open').click();
    const dialog = tp.getByRole('dialog', { name: M('en-US', 'replace.title') });
    await dialog.getByLabel(M('en-US', 'replace.oldSn'), { exact: true }).fill(oldSn);
    await dialog.getByLabel(M('en-US', 'replace.newSn'), { exact: true }).fill(oldSn);
    await dialog.getByLabel(M('en-US', 'replace.reason'), { exact: true }).fill('Fan seized, heat sink clogged');
    await dialog.getByRole('button', { name: spaced(M('en-US', 'replace.ok')) }).click();
    await expect(dialog.getByText(M('en-US', 'replace.same'))).toBeVisible();
    await dialog.getByLabel(M('en-US', 'replace.newSn'), { exact: true }).fill(newSn);
    await expectAccessible(tp, '.ant-modal');
    await dialog.getByRole('button', { name: spaced(M('en-US', 'replace.ok')) }).click();
    const done = tp.getByTestId('maint-replace-done');
    await expect(done).toContainText(newSn, PAGE_LOAD);
    const secret = (await done.locator('code').innerText()).trim();
    expect(secret).toMatch(/^[\w-]{20,}$/);
    await shot(tp, 'replaced-en');
    await tp.getByRole('dialog', { name: M('en-US', 'replace.doneTitle') }).getByRole('button', { name: spaced(M('en-US', 'replace.close'), { exact: true }) }).last().click();
    // Listed on the order: old → new, by the technician (by name).
    await expect(tp.getByTestId('maint-replacements')).toContainText(newSn);
    await expect(tp.getByTestId('maint-replacements')).toContainText(crew.tech.realName);
    await expect(tp.getByTestId('maint-replacements')).toContainText(F('en-US', 'qc.deviceType.inverter'));

    // The station reports through the new inverter with its secret; the returned one is no longer let in.
    const fresh = await playDevice(fleet.mqttUrl, newSn, secret);
    await fresh.telemetry([]).finally(() => fresh.end());
    expect(await reported(api, newSn, 3700)).toMatchObject({ plantId });
    await expect(playDevice(fleet.mqttUrl, oldSn, 'not-the-secret-0123456789')).rejects.toThrow();

    // The repair QC: a photo, the result, the system working again.
    const Q = (k: string) => S('en-US', `form.maintQc.${k}`);
    const qc = tp.getByTestId('stage-form-maintQc');
    const photos = itemOf(qc, tp, Q('photos'));
    await photos.locator('input[type=file]').setInputFiles({ name: 'repaired.png', mimeType: 'image/png', buffer: png(800, 600, 'repaired') });
    await expect(photos.locator('.ant-upload-list-item-thumbnail img')).toBeVisible({ timeout: 30_000 });
    await qc.getByLabel(Q('result'), { exact: true }).fill('Full power again after the swap');
    await qc.getByRole('checkbox', { name: Q('working') }).check();
    await expectAccessible(tp);
    await shot(tp, 'repair-qc-en');
    await action(tp, 'en-US', 'submit').click();
    await expect(panelOf(tp)).toHaveAttribute('data-stage', 'qc_verification', PAGE_LOAD);

    // QC review, FAC and the COC; the administrator approves the COC in English: completed.
    const adminPerson: Person = { account: ADMIN.account, realName: ADMIN.account, api };
    await toCocReview(crew, adminPerson, id);
    await openMaint(page, id, 'final_coc');
    await expect(panelOf(page).getByText(S('en-US', 'panel.inReview'), { exact: true })).toBeVisible();
    await action(page, 'en-US', 'approve').click();
    await expect(page.getByText(S('en-US', 'panel.ended'), { exact: true })).toBeVisible(PAGE_LOAD);
    expect((await maintOf(api, id)).stage).toBe('completed');
    await shot(page, 'completed-en');

    // The alarm links the order with its stage.
    await page.goto(`/alarm?deviceSn=${oldSn}`);
    await page.getByTestId(`alarm-open-${alarmId}`).click();
    const linked = page.getByTestId('alarm-maintenance-order');
    await expect(linked).toContainText('Completed', PAGE_LOAD);
    await expect(linked.getByRole('link', { name: created.orderNumber })).toBeVisible();

    // The list: the order with its device, and the KPIs counting it.
    await page.goto('/epc/maintenance');
    const row = page.locator('.ant-table-row', { hasText: created.orderNumber });
    await expect(row).toContainText(oldSn, PAGE_LOAD);
    await expect(row).toContainText('Completed');
    const kpi = await api.get<{ callIns: number; closed: number }>('/api/skyworth-agent/maintenanceOrder/kpi');
    expect(kpi.closed).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('maint-kpi-closed')).toContainText(String(kpi.closed));
    await expect(page.getByTestId('maint-kpi-callIns')).toContainText(String(kpi.callIns));
    await expectAccessible(page);
    await shot(page, 'list-en');
    // The one refusal the walk asked for came from the client (same serial), not the server.
    expect([...problems, ...tech.problems.flat()]).toEqual([]);
  } finally {
    await tech.close();
    await crew.dispose();
    await api.dispose();
  }
});
