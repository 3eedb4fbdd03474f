/**
 * Alarm notifications (issue 14), as an operator: "My alarm subscriptions" is reached from the bell, a subscription
 * is saved in the dialog → a device reports a fault over MQTT → the alarm arrives in the bell's alarm tab without a
 * reload (the inbox is polled every 10 s) → opening it goes to the alarm → the same in English. axe-core finds no
 * critical or serious problem on the page, the dialog or the bell; screenshots of both languages go to
 * $NOTIFY_SHOTS (default /tmp/h/alarm-notify).
 *
 * The server is a fleet server (as e2e/alarms.spec.ts, shared with the worker's other alarm walks): the broker on a
 * known loopback port and a one-station demo fleet, so there is a station to register an inverter to.
 */
import { expect, onFleet } from './fixtures';
import { PAGE_LOAD, signIn, watchProblems, expectAccessible } from './helpers';
import { ALARM_FLEET, screenshots } from './fleet-api';
import { playInverter } from './device-play';

const shot = screenshots(process.env.NOTIFY_SHOTS ?? '/tmp/h/alarm-notify', 'notify');
const test = onFleet(ALARM_FLEET);

test('a subscription saved from the bell brings a device fault into the bell, live, in both languages', async ({ page, fleet }) => {
  test.setTimeout(240_000);
  const problems = watchProblems(page);
  const sn = `E2ENTF${Date.now().toString(36).toUpperCase()}`;
  const device = await playInverter(fleet, sn);
  try {
    await signIn(page, 'zh-CN');
    // The bell leads to the subscriptions.
    await page.getByRole('button', { name: '通知公告' }).click();
    await page.getByRole('button', { name: '我的告警订阅' }).click();
    await expect(page).toHaveURL(/\/notify\/subscription$/, PAGE_LOAD);
    await expect(page.getByRole('heading', { name: '我的告警订阅' })).toBeVisible(PAGE_LOAD);

    await page.getByRole('button', { name: '新增订阅' }).click();
    const dialog = page.getByRole('dialog', { name: '新增订阅' });
    await dialog.getByLabel('名称').fill(`E2E ${sn}`);
    await expect(dialog.getByRole('checkbox', { name: '站内信' })).toBeChecked();
    await expectAccessible(page, '.ant-modal');
    await shot(page, 'dialog-zh');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: `E2E ${sn}` });
    await expect(row).toBeVisible();
    await expect(row).toContainText('我可查看的全部电站');
    await expect(row).toContainText('站内信');
    await expectAccessible(page, '.ant-card');
    await shot(page, 'page-zh');

    // The inverter overheats: the alarm reaches the bell by itself (gather 5 s, job, bell poll 10 s).
    await device.telemetry([8]);
    const bell = page.getByRole('button', { name: '通知公告' });
    await expect(page.locator('.ant-badge .ant-scroll-number').first()).toBeVisible({ timeout: 60_000 });
    const reopen = async (button: typeof bell) => {
      if (await page.locator('.ant-popover:not(.ant-popover-hidden)').count()) await button.click();
      await button.click();
    };
    await expect(async () => {
      await reopen(bell);
      await expect(page.getByRole('tab', { name: /告警 \([1-9]/ })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    const item = page.locator('.ant-popover').getByText('[重要] 过温', { exact: true });
    await expect(item).toBeVisible();
    await expectAccessible(page, '.ant-popover');
    await shot(page, 'bell-zh');
    await item.click();
    await expect(page).toHaveURL(/\/alarm\?id=\d+$/, PAGE_LOAD);
    // The alarm page opens that alarm's drawer; closed before the language switch (the drawer covers the header).
    const drawer = page.getByRole('dialog', { name: '过温' });
    await expect(drawer).toBeVisible(PAGE_LOAD);
    await drawer.getByRole('button', { name: 'Close' }).or(drawer.getByRole('button', { name: /关\s*闭/ })).first().click();
    await expect(drawer).toBeHidden();

    // English: the page and the bell follow the language.
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.goto('/notify/subscription');
    await expect(page.getByRole('heading', { name: 'My alarm subscriptions' })).toBeVisible(PAGE_LOAD);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: `E2E ${sn}` })).toContainText('All stations I can see');
    await expectAccessible(page, '.ant-card');
    await shot(page, 'page-en');
    await device.telemetry([]); // recovers: a recovery notice
    await expect(async () => {
      await reopen(page.getByRole('button', { name: 'Notices', exact: true }));
      await expect(page.locator('.ant-popover').getByText('Recovered: Over-temperature', { exact: true })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    await expectAccessible(page, '.ant-popover');
    await shot(page, 'bell-en');
    expect(problems).toEqual([]);
  } finally {
    await device.end();
  }
});
