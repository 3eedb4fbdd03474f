/**
 * The fleet-wide approvals of grid-code settings (`/setting-approval`, issue 15), one walk per language. A second
 * administrator requests an over-voltage trip for an inverter played over MQTT (e2e/device-play.ts); the
 * administrator finds it on the list by the device's SN, under the item's translated name, approves it after a
 * confirm, and sees the command go out, succeed and be verified. Their own request on the same list offers no
 * approval; a rejection takes a reason. axe-core on the page and the dialogs; a screenshot to $SETTINGS_SHOTS.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, onFleet } from './fixtures';
import { PAGE_LOAD, expectAccessible, signIn, watchProblems } from './helpers';
import { C, COMMAND_FLEET, adminApi, featureTexts, spaced, type Api, type FleetServer, type Lang } from './fleet-api';
import { playInverter, refuse, type PlayedDevice } from './device-play';

const SHOTS = process.env.SETTINGS_SHOTS ?? path.join(import.meta.dirname, 'screenshots');
const tr = featureTexts('config-settings', 'settingApproval');
const test = onFleet(COMMAND_FLEET);

test.describe.configure({ mode: 'serial' });

/** A new inverter of the demo station, online, storing what it is written and reading it back. */
async function addInverter(fleet: FleetServer, sn: string): Promise<PlayedDevice> {
  const device = await playInverter(fleet, sn, 'E2E-APR-8K');
  const store: Record<string, unknown> = {};
  await device.answer((method, params: { items?: Record<string, unknown>; keys?: string[] }) => {
    if (method === 'settings.write') {
      Object.assign(store, params.items ?? {});
      return { ok: true, result: { applied: params.items ?? {} } };
    }
    if (method === 'settings.read') return { ok: true, result: { values: Object.fromEntries((params.keys ?? []).filter((k) => k in store).map((k) => [k, store[k]])) } };
    return refuse();
  });
  await device.status('E2E-APR-8K', '1.0.0');
  return device;
}

/** A second user with the administrator's role: the one who requests (the signed-in administrator approves). */
async function requester(fleet: FleetServer): Promise<Api> {
  return fleet.once('approvals-requester', async () => {
    const admin = await adminApi(fleet.url);
    const roles = await admin.get<{ id: string; roleAlias: string }[]>('/api/blade-system/role/select');
    const account = `e2erq${Date.now().toString(36)}`;
    const password = 'E2ePass2026';
    await admin.post('/api/blade-system/user/submit', {
      account,
      name: account,
      realName: account,
      phoneDiallingCode: '+86',
      phone: '13800138001',
      roleId: (roles.find((r) => r.roleAlias === 'administrator') ?? roles[0]!).id,
      userType: 1,
      password,
    });
    await admin.dispose();
    return adminApi(fleet.url, account, password);
  });
}

const gridRequest = (api: Api, sn: string, value: number) =>
  api.post<{ commands: { id: string; state: string }[] }>(`${C}/device/setup/commonSetup/issue`, { deviceSn: sn, items: [{ key: 'gridOverVoltage1', value }], timeoutSeconds: 10 });

/** The approvals page, filtered to device `sn`. */
async function openList(page: Page, lang: Lang, sn: string) {
  const L = (k: string) => tr(lang, k);
  await signIn(page, lang, '/setting-approval');
  const table = page.getByTestId('setting-approvals');
  await expect(table).toBeVisible(PAGE_LOAD);
  await page.getByRole('searchbox', { name: L('deviceSn') }).fill(sn);
  await page.getByRole('searchbox', { name: L('deviceSn') }).press('Enter');
  return table;
}

test('a grid-code change requested by one user is approved from the fleet list by another and sent (zh-CN)', async ({ page, fleet }) => {
  // A walk of many steps, some waiting on a simulated device: its budget, beyond the default 60 s.
  test.setTimeout(150_000);
  const lang = 'zh-CN';
  const L = (k: string) => tr(lang, k);
  const sn = `E2EAPZ${Date.now().toString(36).toUpperCase()}`;
  const device = await addInverter(fleet, sn);
  try {
    const problems = watchProblems(page);
    const [asked] = (await gridRequest(await requester(fleet), sn, 260)).commands;
    expect(asked!.state).toBe('pending_approval');
    // The administrator's own request for the same device: listed, not for them to approve.
    const admin = await adminApi(fleet.url);
    await gridRequest(admin, sn, 262);
    await admin.dispose();

    const table = await openList(page, lang, sn);
    const theirs = table.locator('tr', { hasText: '过压保护值1: 264.5 → 260' });
    const mine = table.locator('tr', { hasText: '过压保护值1: 264.5 → 262' });
    await expect(theirs).toContainText(L('state.pending'));
    await expect(mine).toContainText(L('ownRequest'));
    await expect(mine.getByRole('button')).toHaveCount(0);
    await expectAccessible(page, '[data-testid="setting-approvals"]');

    await theirs.getByRole('button', { name: spaced(L('approve'), { exact: true }) }).click();
    const confirm = page.getByRole('dialog', { name: L('approveTitle').replace('{{sn}}', sn) });
    await expect(confirm).toContainText('过压保护值1 = 260');
    await expectAccessible(page, '.ant-modal-wrap:has([role="dialog"])');
    await confirm.getByRole('button', { name: spaced(L('approve'), { exact: true }) }).click();
    await expect(confirm).toBeHidden();

    // Sent by the list's live refresh: approved, succeeded, verified by the read-back.
    const approved = table.locator('tr', { hasText: '过压保护值1: 264.5 → 260' });
    await expect(approved).toContainText(L('state.approved'));
    await expect(approved).toContainText(L('command.succeeded'), { timeout: 20_000 });
    await expect(approved).toContainText(L('verified'));
    await page.screenshot({ path: path.join(SHOTS, `approvals-${lang}.png`), fullPage: true });
    expect(problems).toEqual([]);
  } finally {
    await device.end();
  }
});

test('a grid-code change is rejected from the fleet list with a reason (en-US)', async ({ page, fleet }) => {
  // A walk of many steps, some waiting on a simulated device: its budget, beyond the default 60 s.
  test.setTimeout(150_000);
  const lang = 'en-US';
  const L = (k: string) => tr(lang, k);
  const sn = `E2EAPE${Date.now().toString(36).toUpperCase()}`;
  const device = await addInverter(fleet, sn);
  try {
    const problems = watchProblems(page);
    await gridRequest(await requester(fleet), sn, 255);
    const table = await openList(page, lang, sn);
    const row = table.locator('tr', { hasText: 'Over-voltage trip 1: 264.5 → 255' });
    await expect(row).toContainText(L('state.pending'));
    await row.getByRole('button', { name: spaced(L('reject'), { exact: true }) }).click();
    const dialog = page.getByRole('dialog', { name: L('rejectTitle').replace('{{sn}}', sn) });
    await dialog.getByLabel(L('reason')).fill('Not agreed with the grid operator');
    await expectAccessible(page, '.ant-modal-wrap:has([role="dialog"])');
    await dialog.getByRole('button', { name: L('reject'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(L('state.rejected'));
    await expect(row).toContainText('Not agreed with the grid operator');
    // The state filter: no longer waiting.
    const filter = page.getByRole('combobox', { name: L('approval') });
    const options = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${await filter.getAttribute('id')}_list"]`) });
    await expect(async () => {
      await filter.click({ force: true });
      await expect(options).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await options.locator('.ant-select-item-option', { hasText: L('state.pending') }).first().click();
    await expect(table.locator('tr', { hasText: 'Over-voltage trip 1' })).toHaveCount(0);
    expect(problems).toEqual([]);
  } finally {
    await device.end();
  }
});
