import { expect, test } from './fixtures';
import { PAGE_LOAD, signIn } from './helpers';

test('antd and ProComponents texts follow the app language, including table pagination', async ({ page }) => {
  await signIn(page, 'en-US', '/test/index');
  const pagination = page.locator('.ant-pagination');
  await expect(page.getByText('Sample data')).toBeVisible(PAGE_LOAD);
  await expect(pagination.getByText('10 / page')).toBeVisible();
  await expect(pagination).toContainText(/of 42 items/);

  await page.getByRole('button', { name: 'Switch language' }).click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByText('示例数据')).toBeVisible();
  await expect(pagination.getByText('10 条/页')).toBeVisible();
  await expect(pagination).toContainText(/共 42 条/);
});
