import { expect, test as base } from './fixtures';
import { PAGE_LOAD } from './helpers';

/** Against a server of its own, started with the captcha on (e2e/fixtures.ts). */
const test = base.extend({ baseURL: async ({ captchaServer }, provide) => provide(captchaServer.url) });

test('captcha: shown, refreshed on click and after a failed sign-in', async ({ page, request }) => {
  const settings = (await (await request.get('/api/helio/public-settings')).json()) as { data: { captchaMode: boolean } };
  test.skip(!settings.data.captchaMode, 'captcha is off on this server');

  await page.goto('/login');
  const image = page.getByRole('img', { name: '验证码图片' });
  await expect(image).toBeVisible(PAGE_LOAD);
  const first = await image.getAttribute('src');
  await page.getByRole('button', { name: '看不清？点击换一张' }).click();
  await expect(image).not.toHaveAttribute('src', first!);

  const second = await image.getAttribute('src');
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('Helio-Admin-2026');
  await page.getByLabel('验证码').fill('wrong');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(image).not.toHaveAttribute('src', second!);
  await expect(page.getByLabel('验证码')).toHaveValue('');
  await expect(page).toHaveURL(/\/login$/);
});
