import { expect, test } from './fixtures';
import { PAGE_LOAD, chooseLanguage, signIn, signInWithForm, watchProblems } from './helpers';

test.describe('sign in', () => {
  test('in Chinese: lands on the home tab with the menu from the server', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto('/login');
    await expect(page).toHaveTitle('登录', PAGE_LOAD);
    await signInWithForm(page, 'zh-CN');
    await expect(page).toHaveTitle('首页');
    await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '系统管理' })).toBeVisible();
    await expect(page.getByText(/你好/)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('in English: the language applies before sign-in, to the menu, and survives a reload', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto('/login');
    await chooseLanguage(page, 'en-US');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible(PAGE_LOAD);
    await expect(page).toHaveTitle('Sign in');
    await signInWithForm(page, 'en-US');
    await expect(page.getByRole('menuitem', { name: 'System', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Home' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('menuitem', { name: 'System', exact: true })).toBeVisible(PAGE_LOAD);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    expect(problems).toEqual([]);
  });

  test('switching language in the shell translates menus and tabs', async ({ page }) => {
    await signIn(page, 'zh-CN');
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('menuitem', { name: 'System', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Home' })).toBeVisible();
    await expect(page).toHaveTitle('Home');
  });

  test('a wrong password shows the server message and sets no session', async ({ page, context }) => {
    await page.goto('/login');
    await page.getByLabel('账号').fill('no-such-user-e2e');
    await page.getByLabel('密码', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'helio-access-token')).toBeUndefined();
  });

  test('required fields are checked before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('请输入账号')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
  });

  test('log out from the user menu clears the session', async ({ page, context }) => {
    await signIn(page);
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).find((c) => c.name === 'helio-access-token')).toBeUndefined();
    await page.goto('/wel/index');
    await expect(page).toHaveURL(/\/login/, PAGE_LOAD);
  });
});
