/** Helpers of the issue 5 walks. */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/**
 * Pick an option of an antd Select by its field label. Clicks the select box itself (Playwright waits until the
 * dialog's opening animation has settled) and clicks again if the list did not open — a click during the animation
 * can land beside the moving box on a busy machine.
 */
export async function pickOption(scope: Locator, page: Page, label: string, option: string | RegExp): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  const id = await input.getAttribute('id');
  const box = scope.locator('.ant-select', { has: page.locator(`[id="${id}"]`) }).locator('.ant-select-selector');
  const item = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${id}_list"]`) })
    .locator('.ant-select-item-option', { hasText: option })
    .first();
  await expect(async () => {
    if (!(await item.isVisible())) await box.click();
    await expect(item).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await item.click();
}
