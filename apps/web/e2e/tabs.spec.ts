import { expect, test } from './fixtures';
import { PAGE_LOAD, openMenu, signIn, tabBar, tabCloseButton, tabLabels } from './helpers';

test.describe('tab bar', () => {
  test('menus open as tabs; closing the active tab opens its neighbour; the first tab stays; tabs survive a reload', async ({
    page,
  }) => {
    await signIn(page);
    await openMenu(page, '系统管理', '用户管理');
    await expect(page).toHaveURL(/\/system\/user$/);
    await openMenu(page, '系统管理', '部门管理');
    await openMenu(page, '系统管理', '岗位管理');
    const tabs = tabLabels(page);
    await expect(tabs).toHaveText(['首页', '用户管理', '部门管理', '岗位管理']);

    // Close the active middle tab: its right neighbour opens.
    await tabBar(page).getByRole('tab', { name: '部门管理' }).click();
    await expect(page).toHaveURL(/\/system\/dept$/);
    await tabCloseButton(page, '部门管理').click();
    await expect(tabs).toHaveText(['首页', '用户管理', '岗位管理']);
    await expect(page).toHaveURL(/\/system\/post$/);
    await expect(tabBar(page).getByRole('tab', { name: '岗位管理' })).toHaveAttribute('aria-selected', 'true');

    // The home tab has no close button.
    await expect(tabCloseButton(page, '首页')).toHaveCount(0);
    await expect(tabCloseButton(page, '用户管理')).toHaveCount(1);

    await page.reload();
    await expect(tabs).toHaveText(['首页', '用户管理', '岗位管理'], PAGE_LOAD);
    await expect(page).toHaveURL(/\/system\/post$/);
  });

  test('close others and close all keep the first tab', async ({ page }) => {
    await signIn(page);
    await openMenu(page, '系统管理', '用户管理');
    await openMenu(page, '系统管理', '部门管理');
    const tabs = tabLabels(page);
    await page.getByRole('button', { name: '标签操作' }).click();
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect(tabs).toHaveText(['首页', '部门管理']);
    await page.getByRole('button', { name: '标签操作' }).click();
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await expect(tabs).toHaveText(['首页']);
    await expect(page).toHaveURL(/\/wel\/index$/);
  });

  test('clear cache keeps the session and reloads the menu', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: '标签操作' }).click();
    await page.getByRole('menuitem', { name: '清除缓存' }).click();
    await expect(page.getByText('缓存已清除')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '系统管理' })).toBeVisible();
  });
  test('quick menu clicks on a slow device each leave their tab', async ({ page }) => {
    // A slow phone (CPU 8× slower): the next click comes before the previous page is drawn, and React draws only the
    // last one; the tabs open at each navigation all the same (app/navigation-feed.ts).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await signIn(page);
    await openMenu(page, '系统管理', '用户管理');
    await openMenu(page, '系统管理', '部门管理');
    await openMenu(page, '系统管理', '岗位管理');
    await expect(tabLabels(page)).toHaveText(['首页', '用户管理', '部门管理', '岗位管理'], PAGE_LOAD);
    await expect(page).toHaveURL(/\/system\/post$/);
  });
});
