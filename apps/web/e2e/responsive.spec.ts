import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { PAGE_LOAD, signIn } from './helpers';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

for (const width of [375, 768, 1280]) {
  test(`usable at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 860 });
    await page.goto('/login');
    await expect(page.getByLabel('账号')).toBeVisible(PAGE_LOAD);
    await expect(page.getByRole('link', { name: '注册账号' })).toBeVisible();
    await page.screenshot({ path: `${shots}login-${width}.png`, fullPage: true });

    await signIn(page);
    // Nothing overflows the viewport horizontally.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByText(/你好/)).toBeVisible();
    await page.screenshot({ path: `${shots}home-${width}.png` });

    if (width < 768) {
      await expect(page.locator('.helio-shell__aside')).toHaveCount(0);
      await page.getByRole('button', { name: '打开菜单' }).click();
      const drawer = page.locator('.helio-drawer');
      await expect(drawer.getByRole('menuitem', { name: '系统管理' })).toBeVisible();
      // Wait for the slide-in to finish before the picture.
      await expect.poll(() => drawer.evaluate((el) => Math.round(el.getBoundingClientRect().left))).toBe(0);
      await page.screenshot({ path: `${shots}drawer-${width}.png` });
      await drawer.getByRole('menuitem', { name: '系统管理' }).click();
      await drawer.getByRole('menuitem', { name: '用户管理' }).click();
      await expect(page).toHaveURL(/\/system\/user$/);
      await expect(drawer.getByRole('menuitem', { name: '系统管理' })).toBeHidden();
    } else {
      await expect(page.locator('.helio-shell__aside')).toBeVisible();
    }
    await page.goto('/info/index');
    await expect(page.getByRole('tab', { name: '修改密码' })).toBeVisible(PAGE_LOAD);
    await expect(page.getByLabel('昵称')).not.toHaveValue('');
    await page.screenshot({ path: `${shots}info-${width}.png`, fullPage: true });
  });
}
