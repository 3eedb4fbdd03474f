/**
 * Alarm rules (issue 14), as the platform administrator, one walk that starts in Chinese and switches the console to
 * English halfway. In Chinese: the catalogue filtered to the threshold rules → edit a ">" rule (9101) → a clear level
 * above the threshold is refused on the field with the server's own message → a good one saves and shows in the
 * table. In English: the same for a "<" rule (9102: a clear level below the threshold refused, then saved; the other
 * side of the server's check) → the device-thresholds tab finds the demo station's guardian by SN and sets its own
 * leakage threshold, which shows as what applies and in the list of device thresholds. axe-core finds no critical or
 * serious problem on the screen; screenshots go to $ALARM_RULES_SHOTS (default e2e/screenshots/).
 *
 * The walk runs on a fleet server with a two-station demo fleet (its second station has a guardian; e2e/fixtures.ts
 * `onFleet`).
 */
import path from 'node:path';
import { expect, onFleet } from './fixtures';
import { PAGE_LOAD, signIn, switchConsoleLanguage, watchProblems, expectAccessible } from './helpers';
import { C, screenshots, until, withAdmin, type FleetServer, type Lang } from './fleet-api';

const shot = screenshots(process.env.ALARM_RULES_SHOTS ?? path.join(import.meta.dirname, 'screenshots'), 'alarm-rules');

/** The SN of the demo station's guardian (registered by the fleet over its first minute). */
const guardianSn = (fleet: FleetServer): Promise<string> =>
  withAdmin(fleet.url, (api) =>
    until('the demo guardian', async () => (await api.get<{ records: { deviceSn?: string }[] }>(`${C}/guardianPlant/list?size=1`)).records[0]?.deviceSn, {
      timeout: 360_000,
      every: 1000,
    }),
  );

// Two stations: the demo fleet always gives its second station a guardian (simulator/fleet.ts).
const test = onFleet({ stations: 2, interval: 60 }).extend<{ guardian: string }>({
  guardian: [async ({ fleet }, provide) => provide(await fleet.once('guardian', () => guardianSn(fleet))), { timeout: 400_000 }],
});

// Each language edits its own rule, a ">" one in Chinese and a "<" one in English: the server checks the clear level
// against the threshold on either side. Both tables hold every word of the walk, whichever half uses it.
const TEXT = {
  'zh-CN': {
    catalogue: '告警目录', filters: '目录筛选', deviceRules: '设备的阈值规则', deviceSet: '已设置的设备阈值',
    source: '来源', rule: '阈值规则', search: /查\s*询/, edit: '编辑代码 9101（逆变器）', save: /保\s*存/, saved: '保存成功',
    threshold: '阈值', clear: '恢复值', duration: '持续时间（秒）', badClear: '">" 规则的恢复值(80)必须低于阈值(75)', bad: 80,
    code: '9101', good: { threshold: 74, clear: 68 }, shown: '温度（°C） > 74（< 68 恢复），持续 600 秒',
    deviceTab: '设备阈值', snPlaceholder: '设备序列号', find: /查\s*找/, set: '设置阈值：漏电流过大', effective: '漏电流（mA） > 12（< 8 恢复），持续 0 秒',
    override: { threshold: 12, clear: 8 },
  },
  'en-US': {
    catalogue: 'Alarm catalogue', filters: 'Catalogue filters', deviceRules: 'Threshold rules of the device', deviceSet: 'Device thresholds set',
    source: 'Source', rule: 'Threshold rule', search: 'Search', edit: 'Edit code 9102 (Battery)', save: 'Save', saved: 'Saved',
    threshold: 'Threshold', clear: 'Clear level', duration: 'Duration (s)', badClear: 'For a "<" rule the clear level (3) must be above the threshold (5)', bad: 3,
    code: '9102', good: { threshold: 6, clear: 12 }, shown: 'State of charge (%) < 6 (clears > 12) for 0 s',
    deviceTab: 'Device thresholds', snPlaceholder: 'Device serial number', find: 'Find', set: 'Set thresholds: Leakage current high',
    effective: 'Leakage current (mA) > 14 (clears < 9) for 0 s', override: { threshold: 14, clear: 9 },
  },
} as const;

test('alarm rules walk (zh-CN → en-US)', async ({ page, guardian }) => {
  test.setTimeout(180_000);
  let lang: Lang = 'zh-CN';
  let L: (typeof TEXT)[Lang] = TEXT[lang];
  // Screenshot names carry the language shown.
  const tag = () => (lang === 'zh-CN' ? 'zh' : 'en');
  const problems = watchProblems(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, lang, '/alarm/rule');
  const screen = page.locator('.helio-alarm-rules-page');
  await expect(screen.getByRole('table', { name: L.catalogue })).toBeVisible(PAGE_LOAD);

  // zh-CN: the threshold rules of the catalogue.
  const filters = screen.getByRole('form', { name: L.filters });
  await filters.getByLabel(L.source).click();
  await page.locator('.ant-select-dropdown:visible').getByText(L.rule, { exact: true }).click();
  await filters.getByRole('button', { name: L.search }).click();
  const rows = screen.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(4);
  await expectAccessible(page, '.helio-alarm-rules-page');
  await shot(page, `catalogue-${tag()}`);

  // Edit a rule: a clear level on the wrong side of the threshold is refused on its field, then a good one saves.
  const editRule = async () => {
    await screen.getByRole('button', { name: L.edit }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(L.clear, { exact: true }).fill(String(L.bad));
    await dialog.getByRole('button', { name: L.save }).click();
    await expect(dialog.getByText(L.badClear)).toBeVisible();
    await expectAccessible(page, '.helio-alarm-rules-page');
    await shot(page, `edit-error-${tag()}`);
    await dialog.getByLabel(L.threshold, { exact: true }).fill(String(L.good.threshold));
    await dialog.getByLabel(L.clear, { exact: true }).fill(String(L.good.clear));
    await dialog.getByRole('button', { name: L.save }).click();
    await expect(page.getByText(L.saved).first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rows.filter({ hasText: L.code })).toContainText(L.shown);
  };
  await editRule();

  // The console in English from here on: the filtered catalogue stays, now in English.
  await switchConsoleLanguage(page, 'en-US');
  lang = 'en-US';
  L = TEXT[lang];
  await expect(screen.getByRole('table', { name: L.catalogue })).toBeVisible();
  await expect(rows).toHaveCount(4);

  // en-US: the "<" rule, refused then saved.
  await editRule();

  // The demo guardian's own leakage threshold.
  await screen.getByRole('tab', { name: L.deviceTab }).click();
  await screen.getByPlaceholder(L.snPlaceholder).fill(guardian);
  await screen.getByRole('button', { name: L.find }).click();
  await screen.getByRole('button', { name: L.set }).click();
  const od = page.getByRole('dialog');
  await od.getByLabel(L.threshold, { exact: true }).fill(String(L.override.threshold));
  await od.getByLabel(L.clear, { exact: true }).fill(String(L.override.clear));
  await od.getByLabel(L.duration, { exact: true }).fill('0');
  await od.getByRole('button', { name: L.save }).click();
  await expect(od).toBeHidden();
  await expect(screen.getByRole('table', { name: L.deviceRules })).toContainText(L.effective);
  await expect(screen.getByRole('table', { name: L.deviceSet })).toContainText(guardian);
  await expectAccessible(page, '.helio-alarm-rules-page');
  await shot(page, `device-${tag()}`);
  expect(problems).toEqual([]);
});
