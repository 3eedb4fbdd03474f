import { expect, test } from './fixtures';
import { PAGE_LOAD, expectAccessible, openMenu, signIn } from './helpers';

test.describe('lock screen', () => {
  test('lock with a password; stay locked across navigation and reload; unlock back to the page', async ({ page }) => {
    await signIn(page);
    await openMenu(page, '系统管理', '用户管理');
    await page.getByRole('button', { name: '锁屏' }).click();
    const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
    await dialog.getByRole('button', { name: /锁\s*屏/ }).click();
    await expect(dialog.getByText('请输入锁屏密码')).toBeVisible();
    await expectAccessible(page, '.ant-modal');
    await dialog.getByLabel('锁屏密码').fill('lock-1234');
    await dialog.getByRole('button', { name: /锁\s*屏/ }).click();
    await expect(page).toHaveURL(/\/lock$/);
    // The lock page as the signed-in user sees it (the sweep sees it signed out, sent on to sign in).
    await expect(page.getByLabel('锁屏密码')).toBeVisible();
    await expectAccessible(page);
    await expect(page.locator('h1')).toHaveCount(1);

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

  test('log out from the lock page (en-US)', async ({ page }) => {
    await signIn(page, 'en-US');
    await page.getByRole('button', { name: 'Lock screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set a lock password' });
    await dialog.getByLabel('Lock password').fill('lock-1234');
    await dialog.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(page).toHaveURL(/\/lock$/);
    await expect(page.getByLabel('Lock password')).toBeVisible();
    await expectAccessible(page);
    await expect(page.locator('h1')).toHaveCount(1);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/wel/index');
    await expect(page).toHaveURL(/\/login/, PAGE_LOAD);
  });
});
