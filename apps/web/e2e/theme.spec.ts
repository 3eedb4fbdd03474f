import { expect, test } from './fixtures';
import { PAGE_LOAD, signIn } from './helpers';

test.describe('themes and colour', () => {
  test('a chosen theme changes the look and persists', async ({ page }) => {
    await signIn(page);
    const shell = page.locator('.helio-shell');
    const header = page.locator('.helio-header');
    const before = await header.evaluate((el) => getComputedStyle(el).backgroundColor);

    await page.getByRole('button', { name: '主题', exact: true }).click();
    await page.getByRole('option', { name: '暗黑' }).click();
    await expect(shell).toHaveAttribute('data-theme', 'dark');
    const after = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(after).not.toBe(before);

    await page.getByRole('option', { name: 'LTE' }).click();
    await expect(shell).toHaveAttribute('data-theme', 'lte');
    await page.reload();
    await expect(page.locator('.helio-shell')).toHaveAttribute('data-theme', 'lte', PAGE_LOAD);
  });

  test('the primary colour is applied and persists', async ({ page }) => {
    await signIn(page);
    const primary = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--helio-primary').trim());
    expect(await primary()).toBe('#1668DC');
    await page.getByRole('button', { name: '主题色' }).click();
    // Volcano (#FA541C), offered in the shade that reads at AA with white words on it (core/theme/contrast.ts).
    await page.locator('.ant-color-picker-presets-color').nth(5).click();
    await expect.poll(primary).toBe('#C34216');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect.poll(primary).toBe('#C34216');
    const bg = await page
      .locator('.helio-sidebar .ant-menu-item-selected, .helio-tabs .ant-tabs-tab-active')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).not.toBe('rgba(0, 0, 0, 0)');
  });
});
