/**
 * Remote settings (issue 15), one walk per language, on an inverter's advanced-settings tab. zh-CN: an out-of-range
 * power limit shows the translated rule and sends nothing; a valid one is sent, succeeds, is verified by the read-back
 * and appears in the operation log. en-US: a grid-code item waits for a second person's approval (given over the API
 * by a second administrator), then an earlier settings version is restored. The inverter is played by the test over
 * MQTT (the demo simulator refuses or ignores a share of commands at random): it answers `settings.write` and
 * `settings.read` the way the simulator does (docs/device-protocol.md). axe-core on the tab; screenshots to
 * $SETTINGS_SHOTS (default e2e/screenshots/).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, onFleet } from './fixtures';
import { PAGE_LOAD, expectAccessible, signIn, watchProblems } from './helpers';
import { C, COMMAND_FLEET, adminApi, featureTexts, inverterId, spaced, withAdmin, type FleetServer, type Lang } from './fleet-api';
import { playInverter, refuse, type PlayedDevice } from './device-play';

const SHOTS = process.env.SETTINGS_SHOTS ?? path.join(import.meta.dirname, 'screenshots');
const tr = featureTexts('station');
const test = onFleet(COMMAND_FLEET);

test.describe.configure({ mode: 'serial' });

/** A new inverter of the demo station, online over MQTT and answering settings commands from its own store of values. */
async function addInverter(fleet: FleetServer, tag: string): Promise<{ sn: string; id: string; device: PlayedDevice }> {
  const sn = `E2ESET${tag}`;
  const device = await playInverter(fleet, sn, 'E2E-SET-8K');
  const store: Record<string, unknown> = {};
  await device.answer((method, params: { items?: Record<string, unknown>; keys?: string[] }) => {
    if (method === 'settings.write') {
      Object.assign(store, params.items ?? {});
      return { ok: true, result: { applied: params.items ?? {} } };
    }
    if (method === 'settings.read') {
      return { ok: true, result: { values: Object.fromEntries((params.keys ?? Object.keys(store)).filter((k) => k in store).map((k) => [k, store[k]])) } };
    }
    return refuse();
  });
  await device.status('E2E-SET-8K', '1.0.0');
  return { sn, id: await withAdmin(fleet.url, (api) => inverterId(api, sn)), device };
}

/** The advanced-settings tab of inverter `id`, its form loaded. */
async function openSettings(page: Page, lang: Lang, id: string) {
  await signIn(page, lang, `/inverter/detail/${id}`);
  await page.getByRole('tab', { name: tr(lang, 'tab.settings') }).click();
  const form = page.getByTestId('device-settings');
  await expect(form).toBeVisible(PAGE_LOAD);
  return form;
}

const send = (page: Page, lang: Lang) => page.getByRole('button', { name: spaced(tr(lang, 'remote.send'), { exact: true }) }).click();
const lastCommand = (page: Page) => page.getByTestId('settings-command').first();

test('an inverter power limit is sent, verified and logged; an out-of-range value is refused on the form (zh-CN)', async ({ page, fleet }) => {
  const lang = 'zh-CN';
  const L = (k: string) => tr(lang, k);
  const { sn, id, device } = await addInverter(fleet, `ZH${Date.now().toString(36).toUpperCase()}`);
  try {
    const problems = watchProblems(page);
    const form = await openSettings(page, lang, id);
    await form.getByRole('tab', { name: '功率限制' }).click();
    const limit = form.getByLabel('有功功率限制');
    await expect(limit).toHaveValue('100');

    // Out of range: the rule in the user's language (the server's own words), and nothing is sent.
    await limit.fill('150');
    await send(page, lang);
    await expect(form.getByText('有功功率限制的取值范围为0~110')).toBeVisible();
    await expect(page.getByTestId('settings-command')).toHaveCount(0);
    const admin = await adminApi(fleet.url);
    expect((await admin.get<{ total: number }>(`${C}/device/setup/command/list?deviceSn=${sn}`)).total).toBe(0);
    await admin.dispose();

    // A valid limit: sent, succeeded, verified by the read-back; the form starts again from the new version.
    await limit.fill('80');
    await send(page, lang);
    await expect(lastCommand(page)).toContainText(L('remote.state.succeeded'));
    await expect(lastCommand(page)).toContainText(L('remote.verified'));
    await expect(form.getByText(tr(lang, 'remote.version').replace('{{n}}', '1'))).toBeVisible();

    // The operation log: who, item, old → new, result.
    const log = page.getByTestId('settings-log').locator('tr', { hasText: '有功功率限制' });
    await expect(log).toContainText('100 → 80');
    await expect(log).toContainText(L('remote.state.succeeded'));
    await expect(log).toContainText(L('remote.verified'));

    await expectAccessible(page, '[data-testid="inverter-detail"] .ant-tabs-tabpane-active');
    await page.screenshot({ path: path.join(SHOTS, `settings-${lang}.png`), fullPage: true });
    expect(problems).toEqual([]);
  } finally {
    await device.end();
  }
});

test('a grid-code setting waits for a second person, then an earlier version is restored (en-US)', async ({ page, fleet }) => {
  const lang = 'en-US';
  const L = (k: string) => tr(lang, k);
  const tag = `EN${Date.now().toString(36).toUpperCase()}`;
  const { sn, id, device } = await addInverter(fleet, tag);
  // The second person: another user with the administrator's role.
  const admin = await adminApi(fleet.url);
  const roles = await admin.get<{ id: string; roleAlias: string }[]>('/api/blade-system/role/select');
  const account = `e2eap${Date.now().toString(36)}`;
  const password = 'E2ePass2026';
  await admin.post('/api/blade-system/user/submit', {
    account,
    name: account,
    realName: account,
    phoneDiallingCode: '+86',
    phone: '13800138000',
    roleId: (roles.find((r) => r.roleAlias === 'administrator') ?? roles[0]!).id,
    userType: 1,
    password,
  });
  await admin.dispose();
  try {
    const problems = watchProblems(page);
    const form = await openSettings(page, lang, id);

    // A power limit and an over-voltage trip together: the grid-code item holds the command for approval.
    await form.getByRole('tab', { name: 'Power limit' }).click();
    await form.getByLabel('Active power limit').fill('80');
    await form.getByRole('tab', { name: 'Grid parameters' }).click();
    await expect(form.getByRole('group', { name: 'Grid parameters' }).getByText(L('remote.gridCodeItem')).first()).toBeVisible();
    await form.getByLabel('Over-voltage trip 1').fill('260');
    await send(page, lang);
    await expect(lastCommand(page)).toContainText(L('remote.state.pending_approval'));
    await expect(lastCommand(page)).toContainText(L('remote.waitsForApproval'));
    await page.getByRole('tab', { name: L('remote.approvals') }).click();
    // Listed for approval under the items' names; not by its requester (the server would refuse that too).
    await expect(page.getByTestId('settings-approvals').locator('tr', { hasText: 'Over-voltage trip 1 = 260' })).toContainText(L('remote.ownRequest'));
    await expectAccessible(page, '[data-testid="inverter-detail"] .ant-tabs-tabpane-active');
    await page.screenshot({ path: path.join(SHOTS, `settings-${lang}.png`), fullPage: true });

    // The second person approves (the requester could not): the command goes out and is verified.
    const approver = await adminApi(fleet.url, account, password);
    const [pending] = (await approver.get<{ records: { id: string }[] }>(`${C}/device/setup/command/list?deviceSn=${sn}&state=pending_approval`)).records;
    await approver.post(`${C}/device/setup/command/approve`, { id: pending!.id });
    await approver.dispose();
    await expect(lastCommand(page)).toContainText(L('remote.state.succeeded'), { timeout: 15_000 });
    await expect(lastCommand(page)).toContainText(L('remote.verified'));
    await expect(form.getByText(L('remote.version').replace('{{n}}', '1'))).toBeVisible();

    // A second power limit (version 2), then version 1 again through the history.
    await form.getByRole('tab', { name: 'Power limit' }).click();
    await form.getByLabel('Active power limit').fill('90');
    await send(page, lang);
    await expect(form.getByText(L('remote.version').replace('{{n}}', '2'))).toBeVisible();
    await page.getByRole('tab', { name: L('remote.versions') }).click();
    // What each version changed, under the items' names.
    await expect(page.getByTestId('settings-versions').locator('tr', { hasText: 'Active power limit = 90' })).toBeVisible();
    await page.getByRole('button', { name: L('remote.restoreVersion').replace('{{n}}', '1') }).click();
    const confirm = page.getByRole('dialog', { name: L('remote.restoreTitle') });
    await confirm.getByRole('button', { name: spaced(L('remote.restore'), { exact: true }) }).click();
    await expect(confirm).toBeHidden();
    const restored = page.getByTestId('settings-versions').getByTestId('settings-command').first();
    await expect(restored).toContainText(L('remote.state.succeeded'));
    await expect(restored).toContainText(L('remote.verified'));
    await expect(form.getByText(L('remote.version').replace('{{n}}', '3'))).toBeVisible();
    await form.getByRole('tab', { name: 'Power limit' }).click();
    await expect(form.getByLabel('Active power limit')).toHaveValue('80');
    expect(problems).toEqual([]);
  } finally {
    await device.end();
  }
});
