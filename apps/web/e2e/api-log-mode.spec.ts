/**
 * API log switched at run time: a platform administrator adds the parameter `log.api.mode` on the parameter
 * screen (a value other than changes/all/off is refused with the translated message), sets it to `all`, sees a read
 * (GET) in the API log, and removes the parameter again, which returns the server to HELIO_API_LOG (`changes`).
 */
import { expect, test } from './fixtures';
import { signIn, watchProblems } from './helpers';
import { confirm, dialog, openPage, rowWithCell, save, search, shots, succeeded, toolbarButton } from './crud-helpers';

test.describe.configure({ timeout: 180_000 });

test('the log.api.mode parameter turns full API logging on and off without a restart', async ({ page }) => {
  const problems = watchProblems(page);
  await signIn(page, 'zh-CN', '/system/param');
  await openPage(page, '/system/param');

  await (await toolbarButton(page, /新\s*增/)).click();
  const box = dialog(page);
  await box.getByLabel('参数名称').fill('接口日志模式');
  await box.getByLabel('参数键名').fill('log.api.mode');
  await box.getByLabel('参数键值').fill('verbose');
  await box.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('参数log.api.mode的键值只能是: changes, all, off').last()).toBeVisible();
  await expect(box).toBeVisible(); // nothing saved, nothing typed lost
  await expect(box.getByLabel('参数键值')).toHaveValue('verbose');
  await page.screenshot({ path: `${shots}api-log-mode-refused.png` });

  await box.getByLabel('参数键值').fill('all');
  await save(page);

  // A read is logged now: open the post screen (its list is a GET), then find that GET in the API log.
  await openPage(page, '/system/post');
  await openPage(page, '/monitor/log/api');
  await search(page, '请求接口', '/api/blade-system/post/list');
  const logged = page.locator('.ant-table-row', { hasText: '/api/blade-system/post/list' }).first();
  await expect(logged).toBeVisible({ timeout: 20_000 });
  await expect(logged).toContainText('GET');
  await page.screenshot({ path: `${shots}api-log-mode-all.png` });

  // Remove the parameter: back to `changes`.
  await openPage(page, '/system/param');
  await search(page, '参数键名', 'log.api.mode');
  const row = rowWithCell(page, 'log.api.mode');
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await confirm(page);
  await succeeded(page);
  await expect(rowWithCell(page, 'log.api.mode')).toHaveCount(0);

  // The refused save is the only failure.
  expect(problems.filter((p) => !p.includes('/api/blade-system/param/submit') && !p.includes('log.api.mode'))).toEqual([]);
});
