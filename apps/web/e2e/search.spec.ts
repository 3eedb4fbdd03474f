import { expect, test } from './fixtures';
import { signIn } from './helpers';

test.describe('menu search', () => {
  test('full-screen overlay: leaf items by name prefix, Esc closes, Enter opens', async ({ page }) => {
    await signIn(page, 'en-US');
    await page.getByRole('button', { name: 'Search menus' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search menus' });
    await expect(overlay).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();

    await page.getByRole('button', { name: 'Search menus' }).click();
    await overlay.getByRole('textbox').fill('us');
    const results = overlay.getByRole('option');
    await expect(results.first()).toBeVisible();
    for (const text of await results.allTextContents()) expect(text.toLowerCase().startsWith('us')).toBe(true);
    // Case-insensitive, leaves only: "SYS" finds "System dictionaries" but not the "System" group itself.
    await overlay.getByRole('textbox').fill('SYS');
    await expect(overlay.getByRole('option', { name: /System dictionaries/ })).toHaveCount(1);
    await expect(overlay.getByText('/system', { exact: true })).toHaveCount(0);

    await overlay.getByRole('textbox').fill('Roles');
    await expect(results).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(overlay).toBeHidden();
    await expect(page).toHaveURL(/\/authority\/role$/);
  });

  test('top autocomplete navigates on selection', async ({ page }) => {
    await signIn(page, 'en-US');
    const box = page.getByRole('combobox', { name: 'Quick menu search' });
    await box.fill('param');
    await expect(page.locator('.ant-select-item-option', { hasText: 'Parameters' })).toBeVisible();
    await page.locator('.ant-select-item-option', { hasText: 'Parameters' }).click();
    await expect(page).toHaveURL(/\/system\/param$/);
  });
});
