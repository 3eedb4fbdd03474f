import { expect, test } from './fixtures';
import { PAGE_LOAD, signIn } from './helpers';

test.describe('router guard', () => {
  test('the root goes to sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/, PAGE_LOAD);
  });

  test('without a token a console page goes to sign-in and opens after it', async ({ page }) => {
    await page.goto('/info/index');
    await expect(page).toHaveURL(/\/login\?redirect=%2Finfo%2Findex$/, PAGE_LOAD);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('Helio-Admin-2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page).toHaveURL(/\/info\/index$/);
    await expect(page.getByRole('tab', { name: '个人信息' }).first()).toBeVisible();
  });

  test('a signed-in user opening the sign-in page goes home', async ({ page }) => {
    await signIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/wel\/index$/, PAGE_LOAD);
  });

  test('an empty token cookie logs out', async ({ page, context, baseURL }) => {
    await signIn(page);
    await context.addCookies([{ name: 'helio-access-token', value: '', url: baseURL! }]);
    await page.goto('/info/index');
    await expect(page).toHaveURL(/\/login/, PAGE_LOAD);
  });

  test('unknown paths show 404, signed in or not', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/, PAGE_LOAD);
    await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible(PAGE_LOAD);
    await signIn(page);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/, PAGE_LOAD);
    await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible(PAGE_LOAD);
  });

  test('error pages 403 and 500 say what happened', async ({ page }) => {
    await page.goto('/403');
    await expect(page.getByText('抱歉，你无权访问该页面')).toBeVisible(PAGE_LOAD);
    await page.goto('/500');
    await expect(page.getByText('抱歉，服务器出错了')).toBeVisible(PAGE_LOAD);
  });

  test('a menu page that is not built yet says so instead of a blank screen', async ({ page }) => {
    await signIn(page);
    // A menu page of a later issue (maintenance orders, issue 20; the workflow model page used here before is built
    // now): when that page is built, pick another seeded menu path with no page yet.
    await page.goto('/epc/maintenance');
    await expect(page.getByText(/页面尚未建设/)).toBeVisible(PAGE_LOAD);
    await expect(page).toHaveTitle('运维工单');
  });
});
