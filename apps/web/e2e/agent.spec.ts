/**
 * Agent companies (issue 17), one walk that starts in Chinese and switches the console to English halfway: on
 * `/epc/agent` the administrator adds a company with every section of the form, a fee with 4 decimals first (the form
 * refuses it with the server's wording) and a document uploaded; in English he opens its details, adds a staff member
 * with an agent role, associates one station and reads the operation log; then the staff member signs in (in English)
 * and the station list shows that one station only. axe-core on the dialogs and the drawer, in the language on screen;
 * screenshots in /tmp/shots/agent-*-{zh,en}.png. Runs on a one-station simulated fleet.
 */
import { mkdirSync } from 'node:fs';
import { expect, onFleet } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { chooseLanguage, expectAccessible, PAGE_LOAD, signIn, switchConsoleLanguage, watchProblems } from './helpers';
import { adminApi, dialog, openPage, pickOption, row, succeeded, uniq } from './crud-helpers';
import { ALARM_FLEET, featureTexts, spaced, until } from './fleet-api';

/** A station to associate comes from the simulated fleet (the workers' own servers have none): e2e/fixtures.ts. */
const test = onFleet(ALARM_FLEET);
test.describe.configure({ timeout: 300_000 });

const API = '/api/skyworth-agent';
const SHOTS = '/tmp/shots/';
mkdirSync(SHOTS, { recursive: true });
const tr = featureTexts('agent');
type Lang = 'zh-CN' | 'en-US';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const L = {
  'zh-CN': {
    company: '公司名称', type: '代理商类型', distributor: '经销商', contact: '联系人', phone: '联系电话', email: '邮箱', fee: '代理费', feeBad: '代理费格式不正确',
    save: /保\s*存/, account: '登录账号', fullName: '姓名', mobile: '手机号码', role: '角色',
  },
  'en-US': {
    company: 'Company name', type: 'Agent type', distributor: 'Distributor', contact: 'Contact name', phone: 'Phone', email: 'E-mail', fee: 'Agent fee',
    feeBad: 'Agent fee has an invalid format', save: 'Save', account: 'Account', fullName: 'Full name', mobile: 'Mobile number', role: 'Role',
  },
} as const;

/** A station of the demo data to associate (any the administrator sees). */
async function aStation(request: Parameters<typeof adminApi>[0]): Promise<{ id: string; plantName: string }> {
  const api = await adminApi(request);
  const stations = await until(
    'a demo station',
    async () => {
      const s = await api.get<{ id: string; plantName: string }[]>(`${API}/agent/station/options`);
      return s.length ? s : undefined;
    },
    { timeout: 120_000, every: 1000 },
  );
  return stations[0]!;
}

async function signInAsStaff(page: Page, lang: Lang, account: string, password: string) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await chooseLanguage(page, lang);
  const en = lang === 'en-US';
  const tenant = page.getByLabel(en ? 'Tenant ID' : '租户ID');
  if (await tenant.isVisible()) await tenant.fill('000000');
  await page.getByLabel(en ? 'Account' : '账号').fill(account);
  await page.getByLabel(en ? 'Password' : '密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: en ? 'Sign in' : /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/wel\/index$/, PAGE_LOAD);
}

/** A text field by its label (a required field's name may start with antd's "*"). */
const input = (box: Locator, label: string) =>
  box.getByRole('textbox', { name: new RegExp(`^(\\*\\s*)?${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

const saveButton = (box: Locator, lang: Lang) => box.getByRole('button', { name: L[lang].save });

test('add a company with a document and a staff member, associate a station; the staff sees only it (zh-CN → en-US)', async ({ page, request }) => {
  let lang: Lang = 'zh-CN';
  let x: (typeof L)[Lang] = L[lang];
  let en = false;
  let suffix = 'zh';
  const problems = watchProblems(page);
  const station = await aStation(request);
  const tag = uniq();
  const name = `旭日光伏 ${tag}`;
  const staffAccount = `e2etech${tag}`;

  await signIn(page, lang, '/epc/agent');
  await openPage(page, '/epc/agent');
  await expect(page.getByRole('heading', { level: 2, name: tr(lang, 'title') })).toBeVisible();

  // Add a company: a fee with 4 decimals is refused in the server's words; then a document and the administrator.
  await page.getByRole('button', { name: spaced(tr(lang, 'add'), { exact: true }) }).click();
  const box = dialog(page);
  await expect(box).toBeVisible();
  await input(box, x.company).fill(name);
  await pickOption(box, page, x.type, x.distributor);
  await input(box, x.contact).fill('李雷');
  await input(box, x.phone).fill('13800138000');
  await input(box, x.email).fill(`agent${tag}@example.com`);
  await input(box, x.fee).fill('1.2345');
  await saveButton(box, lang).click();
  await expect(box.getByText(x.feeBad)).toBeVisible();
  await input(box, x.fee).fill('1200.125');
  await box.locator('input[type=file]').setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(box.getByText('licence.pdf')).toBeVisible();
  await expect(box.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)').first()).toBeVisible({ timeout: 30_000 });
  await input(box, tr(lang, 'adminAccount')).fill(`e2eadm${tag}`);
  await box.getByLabel(tr(lang, 'adminPassword'), { exact: true }).fill('Agent2026pw');
  await expectAccessible(page, '.ant-modal');
  await page.screenshot({ path: `${SHOTS}agent-form-${suffix}.png`, fullPage: true });
  await saveButton(box, lang).click();
  await Promise.all([succeeded(page, en), expect(box).toBeHidden({ timeout: 30_000 })]);
  await expect(row(page, name)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}agent-list-${suffix}.png`, fullPage: true });

  // The console in English from here on: the company made in Chinese is managed in English.
  await switchConsoleLanguage(page, 'en-US');
  lang = 'en-US';
  x = L[lang];
  en = true;
  suffix = 'en';
  await expect(page.getByRole('heading', { level: 2, name: tr(lang, 'title') })).toBeVisible();

  // Details: information with the document, then a staff member with an agent role.
  await row(page, name).getByRole('button', { name: new RegExp(`^${tr(lang, 'view')}`) }).click();
  const drawer = page.locator('.ant-drawer-content').last();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'licence.pdf' })).toBeVisible();
  await expectAccessible(page, '.ant-drawer-content');
  await page.screenshot({ path: `${SHOTS}agent-details-${suffix}.png`, fullPage: true });

  await drawer.getByRole('tab', { name: tr(lang, 'tab.staff') }).click();
  await drawer.getByRole('button', { name: spaced(tr(lang, 'staff.add'), { exact: true }) }).click();
  const staffBox = dialog(page);
  await expect(staffBox).toBeVisible();
  await input(staffBox, x.account).fill(staffAccount);
  await input(staffBox, x.fullName).fill('Tech One');
  await input(staffBox, x.mobile).fill('13900139000');
  await pickOption(staffBox, page, x.role, tr(lang, 'role.site_technician'));
  await staffBox.getByLabel(tr(lang, 'staff.password'), { exact: true }).fill('Techn1cian26');
  await expectAccessible(page, '.ant-modal');
  await page.screenshot({ path: `${SHOTS}agent-staff-dialog-${suffix}.png` });
  await saveButton(staffBox, lang).click();
  await Promise.all([succeeded(page, en), expect(staffBox).toBeHidden({ timeout: 30_000 })]);
  await expect(row(page, staffAccount, drawer)).toBeVisible();

  // Associated stations: pick one.
  await drawer.getByRole('tab', { name: tr(lang, 'tab.stations') }).click();
  await drawer.getByRole('button', { name: spaced(tr(lang, 'stations.choose'), { exact: true }) }).click();
  const stationBox = dialog(page);
  await expect(stationBox).toBeVisible();
  await pickOption(stationBox, page, tr(lang, 'stations.label'), station.plantName);
  await stationBox.locator('.ant-modal-title').click();
  await expectAccessible(page, '.ant-modal');
  await saveButton(stationBox, lang).click();
  await Promise.all([succeeded(page, en), expect(stationBox).toBeHidden({ timeout: 30_000 })]);
  await expect(drawer.getByRole('link', { name: station.plantName })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}agent-stations-${suffix}.png`, fullPage: true });

  // The operation log: creation (done in Chinese, named in English now: the log keeps codes), staff, stations.
  await drawer.getByRole('tab', { name: tr(lang, 'tab.log') }).click();
  await expect(drawer.locator('.ant-tag', { hasText: tr(lang, 'log.op.stations') }).first()).toBeVisible();
  await expect(drawer.locator('.ant-tag', { hasText: tr(lang, 'log.op.create') }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}agent-log-${suffix}.png`, fullPage: true });
  expect(problems).toEqual([]);

  // The staff member signs in, in English, and sees that one station only.
  await signInAsStaff(page, lang, staffAccount, 'Techn1cian26');
  await page.goto('/power-station-equip/power');
  await expect(page.locator('.ant-table').first()).toBeVisible(PAGE_LOAD);
  await expect(row(page, station.plantName)).toBeVisible(PAGE_LOAD);
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}agent-staff-stations-${suffix}.png`, fullPage: true });
});
