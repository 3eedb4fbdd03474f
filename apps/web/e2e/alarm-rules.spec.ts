/**
 * Alarm rules (issue 14), in Chinese and in English, as the platform administrator: the catalogue filtered to the
 * threshold rules → edit one → a clear level on the wrong side of the threshold is refused on the field with the
 * server's own message → a good one saves and shows in the table → the device-thresholds tab finds the demo
 * station's guardian by SN and sets its own leakage threshold, which shows as what applies and in the list of
 * device thresholds. axe-core finds no critical or serious problem on the screen; screenshots of both languages go to
 * $ALARM_RULES_SHOTS (default e2e/screenshots/).
 *
 * The worker runs its own server with a one-station demo fleet (it has a guardian).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { ADMIN, PAGE_LOAD, signIn, watchProblems, expectAccessible } from './helpers';
import { startServer, type E2EServer } from './servers';

const SHOTS = process.env.ALARM_RULES_SHOTS ?? path.join(import.meta.dirname, 'screenshots');
const C = '/api/skyworth-client';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The SN of the demo station's guardian (registered by the fleet over its first minute). */
async function guardianSn(url: string): Promise<string> {
  const ctx = await playwrightRequest.newContext({ baseURL: url });
  try {
    const basic = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
    const signIn = async () => {
      const res = await ctx.post('/api/blade-auth/oauth/token', {
        headers: { Authorization: basic, 'Tenant-Id': ADMIN.tenant },
        params: {
          tenantId: ADMIN.tenant, username: ADMIN.account, password: createHash('md5').update(ADMIN.password).digest('hex'),
          grant_type: 'password', scope: 'all', type: 'account',
        },
      });
      return ((await res.json()) as { access_token?: string }).access_token;
    };
    for (const end = Date.now() + 360_000; Date.now() < end; await sleep(1000)) {
      // Signed in again each time: a sign-in while the server still starts answers without a token.
      const token = await signIn();
      if (!token) continue;
      const r = await ctx.get(`${C}/guardianPlant/list?size=1`, { headers: { Authorization: basic, 'Blade-Auth': `bearer ${token}` } });
      const sn = ((await r.json()) as { data?: { records?: { deviceSn?: string }[] } }).data?.records?.[0]?.deviceSn;
      if (sn) return sn;
    }
    throw new Error('the demo guardian never appeared');
  } finally {
    await ctx.dispose();
  }
}

const test = base.extend<object, { rulesServer: E2EServer & { sn: string } }>({
  rulesServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      // Two stations: the demo fleet always gives its second station a guardian (simulator/fleet.ts).
      const server = await startServer({ HELIO_E2E_SIMULATOR: 'on', HELIO_SIM_STATIONS: '2', HELIO_SIM_INTERVAL: '60' });
      await provide({ ...server, sn: await guardianSn(server.url) });
      await server.stop();
    },
    { scope: 'worker', timeout: 500_000 },
  ],
  baseURL: async ({ rulesServer }, provide) => provide(rulesServer.url),
});

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `alarm-rules-${name}.png`), fullPage: true });
}

const TEXT = {
  'zh-CN': {
    source: '来源', rule: '阈值规则', search: /查\s*询/, edit: '编辑代码 9101（逆变器）', save: /保\s*存/, saved: '保存成功',
    threshold: '阈值', clear: '恢复值', duration: '持续时间（秒）', badClear: '">" 规则的恢复值(80)必须低于阈值(75)',
    code: '9101', good: { threshold: 74, clear: 68 }, shown: '温度（°C） > 74（< 68 恢复），持续 600 秒',
    deviceTab: '设备阈值', snPlaceholder: '设备序列号', find: /查\s*找/, set: '设置阈值：漏电流过大', effective: '漏电流（mA） > 12（< 8 恢复），持续 0 秒',
    override: { threshold: 12, clear: 8 },
  },
  'en-US': {
    source: 'Source', rule: 'Threshold rule', search: 'Search', edit: 'Edit code 9102 (Battery)', save: 'Save', saved: 'Saved',
    threshold: 'Threshold', clear: 'Clear level', duration: 'Duration (s)', badClear: 'For a "<" rule the clear level (3) must be above the threshold (5)',
    code: '9102', good: { threshold: 6, clear: 12 }, shown: 'State of charge (%) < 6 (clears > 12) for 0 s',
    deviceTab: 'Device thresholds', snPlaceholder: 'Device serial number', find: 'Find', set: 'Set thresholds: Leakage current high',
    effective: 'Leakage current (mA) > 14 (clears < 9) for 0 s', override: { threshold: 14, clear: 9 },
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const) {
  const L = TEXT[language];
  const tag = language === 'zh-CN' ? 'zh' : 'en';

  test(`alarm rules walk (${language})`, async ({ page, rulesServer }) => {
    test.setTimeout(180_000);
    const problems = watchProblems(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, language, '/alarm/rule');
    const screen = page.locator('.helio-alarm-rules-page');
    await expect(screen.getByRole('table', { name: language === 'zh-CN' ? '告警目录' : 'Alarm catalogue' })).toBeVisible(PAGE_LOAD);

    // The threshold rules of the catalogue.
    const filters = screen.getByRole('form', { name: language === 'zh-CN' ? '目录筛选' : 'Catalogue filters' });
    await filters.getByLabel(L.source).click();
    await page.locator('.ant-select-dropdown:visible').getByText(L.rule, { exact: true }).click();
    await filters.getByRole('button', { name: L.search }).click();
    await expect(screen.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(4);
    await expectAccessible(page, '.helio-alarm-rules-page');
    await shot(page, `catalogue-${tag}`);

    // Edit a rule: a clear level on the wrong side of the threshold is refused on its field, then a good one saves.
    await screen.getByRole('button', { name: L.edit }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(L.clear, { exact: true }).fill(language === 'zh-CN' ? '80' : '3');
    await dialog.getByRole('button', { name: L.save }).click();
    await expect(dialog.getByText(L.badClear)).toBeVisible();
    await expectAccessible(page, '.helio-alarm-rules-page');
    await shot(page, `edit-error-${tag}`);
    await dialog.getByLabel(L.threshold, { exact: true }).fill(String(L.good.threshold));
    await dialog.getByLabel(L.clear, { exact: true }).fill(String(L.good.clear));
    await dialog.getByRole('button', { name: L.save }).click();
    await expect(page.getByText(L.saved).first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(screen.locator('.ant-table-tbody tr.ant-table-row', { hasText: L.code })).toContainText(L.shown);

    // The demo guardian's own leakage threshold.
    await screen.getByRole('tab', { name: L.deviceTab }).click();
    await screen.getByPlaceholder(L.snPlaceholder).fill(rulesServer.sn);
    await screen.getByRole('button', { name: L.find }).click();
    await screen.getByRole('button', { name: L.set }).click();
    const od = page.getByRole('dialog');
    await od.getByLabel(L.threshold, { exact: true }).fill(String(L.override.threshold));
    await od.getByLabel(L.clear, { exact: true }).fill(String(L.override.clear));
    await od.getByLabel(L.duration, { exact: true }).fill('0');
    await od.getByRole('button', { name: L.save }).click();
    await expect(od).toBeHidden();
    await expect(screen.getByRole('table', { name: language === 'zh-CN' ? '设备的阈值规则' : 'Threshold rules of the device' })).toContainText(L.effective);
    await expect(screen.getByRole('table', { name: language === 'zh-CN' ? '已设置的设备阈值' : 'Device thresholds set' })).toContainText(rulesServer.sn);
    await expectAccessible(page, '.helio-alarm-rules-page');
    await shot(page, `device-${tag}`);
    expect(problems).toEqual([]);
  });
}
