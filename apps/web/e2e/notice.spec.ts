/**
 * As a user: publish a notice with formatted content; it appears in the top bar's bell; opening it shows
 * the content and marks it read, and the bell's count drops.
 */
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { dialog, openPage, pickOption, save, shots, uniq } from './crud-helpers';
import { PAGE_LOAD, signIn, watchProblems } from './helpers';

const bell = (page: Page) => page.locator('.helio-header').getByRole('button', { name: '通知公告' });
/** The bell's badge number (0 when there is no badge). */
const count = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('.helio-header .ant-badge .ant-scroll-number')?.getAttribute('title') ?? 0));

test('a published notice shows in the bell; reading it marks it read', async ({ page }) => {
  const problems = watchProblems(page);
  await signIn(page, 'zh-CN', '/desk/notice');
  await openPage(page, '/desk/notice');
  await expect(bell(page)).toBeVisible();
  const unread = page.waitForResponse((r) => r.url().includes('/api/blade-desk/notice/unread'));
  await page.reload();
  await unread;
  await expect(page.locator('.ant-table').first()).toBeVisible(PAGE_LOAD);
  const before = await count(page);

  const title = `E2E 通知 ${uniq()}`;
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const box = dialog(page);
  await box.getByLabel('通知标题').fill(title);
  await pickOption(box, page, '通知类型', '发布通知');
  const editor = box.getByRole('textbox', { name: /通知内容/ });
  await editor.click();
  await page.keyboard.type('Plant maintenance on Saturday. ');
  await box.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('Bring your badge.');
  await page.screenshot({ path: `${shots}notice-editor.png` });
  await save(page);
  await expect(page.locator('.ant-table-row', { hasText: title })).toBeVisible();

  // The bell counts it (the page refreshed the bell after saving).
  await expect.poll(() => count(page)).toBe(before + 1);
  await bell(page).click();
  const item = page.locator('.helio-notice__item', { hasText: title });
  await expect(item).toBeVisible();
  await page.screenshot({ path: `${shots}notice-bell.png` });
  const read = page.waitForResponse((r) => r.url().includes('/api/blade-desk/notice/read'));
  await item.click();
  expect((await read).status()).toBe(200);
  const shown = page.locator('.ant-modal', { hasText: title });
  await expect(shown.locator('.helio-notice-content b, .helio-notice-content strong')).toHaveText('Bring your badge.');
  await expect(shown).toContainText('Plant maintenance on Saturday.');
  await expect(shown).toContainText('发布通知');
  await page.screenshot({ path: `${shots}notice-read.png` });
  await shown.getByRole('button', { name: /关\s*闭/ }).click();
  await expect.poll(() => count(page)).toBe(before);

  // Read for this user: after a reload it is not counted again.
  await page.reload();
  await expect(page.locator('.ant-table').first()).toBeVisible(PAGE_LOAD);
  await bell(page).click();
  await expect(page.locator('.helio-notice__item', { hasText: title })).toHaveCount(0);
  expect(problems).toEqual([]);
});
