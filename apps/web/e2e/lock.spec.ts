import { expect, test } from './fixtures';
import { PAGE_LOAD, openMenu, signIn } from './helpers';

test.describe('lock screen', () => {
  test('lock with a password; stay locked across navigation and reload; unlock back to the page', async ({ page }) => {
    await signIn(page);
    await openMenu(page, '系统管理', '用户管理');
    await page.getByRole('button', { name: '锁屏' }).click();
    const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
    await dialog.getByRole('button', { name: /锁\s*屏/ }).click();
    await expect(dialog.getByText('请输入锁屏密码')).toBeVisible();
    await dialog.getByLabel('锁屏密码').fill('lock-1234');
    await dialog.getByRole('button', { name: /锁\s*屏/ }).click();
    await expect(page).toHaveURL(/\/lock$/);

    await page.goto('/wel/index');
    await expect(page).toHaveURL(/\/lock$/, PAGE_LOAD);
    await page.reload();
    await expect(page).toHaveURL(/\/lock$/, PAGE_LOAD);

    await page.getByLabel('锁屏密码').fill('wrong');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await expect(page.getByText('锁屏密码错误')).toBeVisible();
    await page.getByLabel('锁屏密码').fill('lock-1234');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await expect(page).toHaveURL(/\/system\/user$/);
  });

  test('log out from the lock page', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: '锁屏' }).click();
    const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
    await dialog.getByLabel('锁屏密码').fill('lock-1234');
    await dialog.getByRole('button', { name: /锁\s*屏/ }).click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/wel/index');
    await expect(page).toHaveURL(/\/login/, PAGE_LOAD);
  });
});
