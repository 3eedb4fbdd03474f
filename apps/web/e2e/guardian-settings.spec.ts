/**
 * A guardian's settings tabs (issue 15), generated from its model's setting items, one walk that starts in Chinese and
 * switches the console to English halfway. In Chinese: an out-of-range alarm threshold is refused on the form with the
 * item's translated name and nothing is sent; a valid one is sent, succeeds and is verified by the read-back. In
 * English: the gate is set open; a protection command is sent — trip, then reset — each after its confirmation; the
 * operation log lists them all under the items' names. The guardian is played over MQTT (e2e/device-play.ts) and
 * answers `settings.write` / `settings.read` from its own store of values. axe-core on each tab and the confirmation;
 * screenshots of the threshold tab (Chinese) and the log (English) to $SETTINGS_SHOTS.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { choose } from './crud-helpers';
import { expect, onFleet } from './fixtures';
import { PAGE_LOAD, expectAccessible, signIn, switchConsoleLanguage, watchProblems } from './helpers';
import { C, COMMAND_FLEET, demoStation, featureTexts, spaced, withAdmin, type Lang } from './fleet-api';
import { playDevice, refuse, type PlayedDevice } from './device-play';

const SHOTS = process.env.SETTINGS_SHOTS ?? path.join(import.meta.dirname, 'screenshots');
const tr = featureTexts('station');
const test = onFleet(COMMAND_FLEET);
const MODEL = 'E2E-GRD-63A';

/** The words of the walk that come from the setting items (contracts SETTING_CATALOGUE) and their rules. */
const WORDS = {
  'zh-CN': {
    threshold: '漏电流阈值',
    outOfRange: '漏电流阈值的取值范围为10~500',
    thresholds: '告警阈值',
    gateGroup: '闸位',
    gate: '闸位',
    open: '分闸',
    protectionGroup: '保护命令',
    protection: '保护命令',
    trip: '脱扣',
    reset: '复位',
  },
  'en-US': {
    threshold: 'Leakage current threshold',
    outOfRange: 'Leakage current threshold must be between 10 and 500',
    thresholds: 'Alarm thresholds',
    gateGroup: 'Gate position',
    gate: 'Gate position',
    open: 'Open',
    protectionGroup: 'Protection commands',
    protection: 'Protection command',
    trip: 'Trip',
    reset: 'Reset',
  },
} as const;

/** A new guardian of the demo station, registered as an installer does it, online and answering settings commands. */
async function addGuardian(fleet: { url: string; mqttUrl: string }, sn: string): Promise<{ id: string; device: PlayedDevice }> {
  const secret = await withAdmin(fleet.url, async (api) => {
    await api.post(`${C}/guardianExitFactoryInfo/save`, { deviceSn: sn, model: MODEL, cardNumber: `CARD-${sn}`, ratedCurrent: 63 });
    const added = await api.post<{ deviceSn: string; secret: string }[]>(`${C}/plant/addDevice`, { plantId: await demoStation(api), devices: [{ deviceType: 'guardian', deviceSn: sn }] });
    return added.find((a) => a.deviceSn === sn)!.secret;
  });
  const device = await playDevice(fleet.mqttUrl, sn, secret);
  const store: Record<string, unknown> = {};
  await device.answer((method, params: { items?: Record<string, unknown>; keys?: string[] }) => {
    if (method === 'settings.write') {
      Object.assign(store, params.items ?? {});
      return { ok: true, result: { applied: params.items ?? {} } };
    }
    if (method === 'settings.read') return { ok: true, result: { values: Object.fromEntries((params.keys ?? []).filter((k) => k in store).map((k) => [k, store[k]])) } };
    return refuse();
  });
  await device.status(MODEL, '1.0.0');
  const id = await withAdmin(fleet.url, async (api) => (await api.get<{ records: { id: string; deviceSn: string }[] }>(`${C}/guardianPlant/list?deviceSn=${sn}`)).records.find((r) => r.deviceSn === sn)!.id);
  return { id, device };
}

const activePane = '[data-testid="guardian-detail"] .ant-tabs-tabpane-active';

/** Opens the detail page's tab `key` (station.tab.<key>) and answers its settings form. */
async function openTab(page: Page, lang: Lang, key: string): Promise<Locator> {
  await page.getByRole('tab', { name: tr(lang, `tab.${key}`), exact: true }).click();
  const form = page.getByRole('tabpanel', { name: tr(lang, `tab.${key}`) }).getByTestId('device-settings');
  await expect(form).toBeVisible(PAGE_LOAD);
  return form;
}

test("a guardian's thresholds, gate position and protection commands are sent, verified and logged (zh-CN → en-US)", async ({ page, fleet }) => {
  // A walk of many steps, some waiting on a simulated device: its budget, beyond the default 60 s.
  test.setTimeout(150_000);
  let lang: Lang = 'zh-CN';
  // The texts of the language the console shows at that step (lang changes halfway).
  const L = (k: string) => tr(lang, k);
  let W: (typeof WORDS)[Lang] = WORDS[lang];
  const sn = `E2EGRD${Date.now().toString(36).toUpperCase()}`;
  const { id, device } = await addGuardian(fleet, sn);
  const lastCommand = (panel: Locator) => panel.getByTestId('settings-command').first();
  const send = (panel: Locator) => panel.getByRole('button', { name: spaced(L('remote.send'), { exact: true }) }).click();
  try {
    const problems = watchProblems(page);
    await signIn(page, lang, `/guardian/detail/${id}`);
    await expect(page.getByTestId('guardian-detail')).toBeVisible(PAGE_LOAD);

    // zh-CN, alarm thresholds: out of range is refused on the form, by the item's name, and nothing is sent.
    const thresholds = await openTab(page, lang, 'thresholdSetup');
    const panel = page.getByRole('tabpanel', { name: L('tab.thresholdSetup') });
    await expect(thresholds.getByRole('tab', { name: W.thresholds })).toBeVisible();
    const leakage = thresholds.getByRole('textbox', { name: W.threshold });
    await expect(leakage).toHaveValue('30');
    await leakage.fill('600');
    await send(panel);
    await expect(thresholds.getByText(W.outOfRange)).toBeVisible();
    await expect(panel.getByTestId('settings-command')).toHaveCount(0);
    await leakage.fill('50');
    await send(panel);
    await expect(lastCommand(panel)).toContainText(L('remote.state.succeeded'), { timeout: 15_000 });
    await expect(lastCommand(panel)).toContainText(L('remote.verified'));
    await expect(lastCommand(panel)).toContainText(`${W.threshold} = 50`);
    await expect(thresholds.getByText(L('remote.version').replace('{{n}}', '1'))).toBeVisible();
    await expectAccessible(page, activePane);
    await page.screenshot({ path: path.join(SHOTS, `guardian-settings-${lang}.png`), fullPage: true });

    // The console in English from here on (the tabs' names change with it: the locators below are made after).
    await switchConsoleLanguage(page, 'en-US');
    lang = 'en-US';
    W = WORDS[lang];

    // en-US, gate position: open.
    const gate = await openTab(page, lang, 'gateSetup');
    const gatePanel = page.getByRole('tabpanel', { name: L('tab.gateSetup') });
    await gate.getByRole('tab', { name: W.gateGroup, exact: true }).click();
    await choose(gate.getByRole('group', { name: W.gateGroup }), page, W.gate, W.open);
    await send(gatePanel);
    await expect(lastCommand(gatePanel)).toContainText(L('remote.state.succeeded'), { timeout: 15_000 });
    await expect(lastCommand(gatePanel)).toContainText(L('remote.verified'));
    await expect(gate.getByText(L('remote.version').replace('{{n}}', '2'))).toBeVisible();

    // Protection commands: trip, then reset, each after its confirmation.
    await gate.getByRole('tab', { name: W.protectionGroup }).click();
    await expectAccessible(page, activePane);
    for (const [i, command] of [W.trip, W.reset].entries()) {
      await gate.getByRole('group', { name: W.protectionGroup }).getByRole('button', { name: spaced(command, { exact: true }) }).click();
      const confirm = page.getByRole('dialog', { name: L('remote.commandTitle').replace('{{command}}', command) });
      await expect(confirm).toContainText(sn);
      await expectAccessible(page, '.ant-modal-wrap:has([role="dialog"])');
      await confirm.getByRole('button', { name: spaced(command, { exact: true }) }).click();
      await expect(confirm).toBeHidden();
      await expect(lastCommand(gatePanel)).toContainText(`${W.protection} = ${command === W.trip ? 1 : 2}`);
      await expect(lastCommand(gatePanel)).toContainText(L('remote.state.succeeded'), { timeout: 15_000 });
      await expect(gate.getByText(L('remote.version').replace('{{n}}', String(3 + i)))).toBeVisible();
    }

    // The operation log: every write under the item's name, in the console's language (the threshold too, though it
    // was written while the console was in Chinese).
    await page.getByRole('tab', { name: L('tab.settingsHistory'), exact: true }).click();
    const log = page.getByTestId('settings-log');
    await expect(log.locator('tr', { hasText: W.threshold })).toContainText('30 → 50');
    await expect(log.locator('tr', { hasText: W.gate }).first()).toContainText('→ 0');
    await expect(log.locator('tr', { hasText: W.protection })).toHaveCount(2);
    await expect(log.locator('tr', { hasText: W.protection }).first()).toContainText('1 → 2');
    await expectAccessible(page, activePane);
    await page.screenshot({ path: path.join(SHOTS, `guardian-settings-log-${lang}.png`), fullPage: true });
    expect(problems).toEqual([]);
  } finally {
    await device.end();
  }
});
