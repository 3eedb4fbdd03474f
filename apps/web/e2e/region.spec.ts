/**
 * Regions: the lazy tree, add/edit/delete, Excel export and import with the required overwrite switch (0 keeps
 * existing codes and reports them row by row, importing nothing; 1 overwrites), and the cascade debug form.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { PAGE_LOAD, signIn, watchProblems } from './helpers';
import { adminApi, choose, confirm, dialog, save, saveRefused, shots, succeeded } from './crud-helpers';

// Long flows through several dialogs; the project machine is slow under load.
test.describe.configure({ timeout: 180_000 });

const CODE = '990000';

async function pick(page: Page, name: string) {
  // Closed dialogs hand the focus back when their animation ends: wait for that before typing.
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
  const search = page.getByPlaceholder('搜索区划名称');
  await search.click();
  await search.fill(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
  await expect(page.locator('.ant-descriptions')).toContainText(name);
}

async function importFile(page: Page, file: string, overwrite: boolean) {
  await page.locator('.ant-tabs-tabpane-active').getByRole('button', { name: /导\s*入/ }).click();
  const box = dialog(page);
  await expect(box.getByRole('radio', { name: '否' })).toBeChecked();
  if (overwrite) await box.getByText('是', { exact: true }).click();
  await box.locator('input[type=file]').setInputFiles(file);
  await box.getByRole('button', { name: /^导\s*入$/ }).click();
  return box;
}

test('regions: tree, form, export, import with overwrite 0 and 1, cascade', async ({ page, request }) => {
  const problems = watchProblems(page);
  const api = await adminApi(request);
  await api.raw(`/api/blade-system/region/remove?id=${CODE}`);
  await signIn(page, 'zh-CN', '/base/region');
  await expect(page.locator('.ant-tree').getByText('北京市')).toBeVisible(PAGE_LOAD);

  // Lazy tree: children load on expand.
  await page.locator('.ant-tree-treenode', { hasText: '北京市' }).locator('.ant-tree-switcher').click();
  await expect(page.locator('.ant-tree-treenode').nth(1)).toBeVisible();

  // Add a province through the form: the required fields first.
  await page.getByRole('button', { name: /新\s*增/ }).first().click();
  const box = dialog(page);
  await saveRefused(box, ['区划编号不能为空', '区划名称不能为空']);
  await box.getByLabel('区划编号').fill('99x');
  await expect(box.getByText('区划编号格式不正确')).toBeVisible();
  await box.getByLabel('区划编号').fill(CODE);
  await box.getByLabel('区划名称').fill('E2E省');
  await box.getByLabel('英文名称').fill('E2E Province');
  await choose(box, page, '区划层级', '省份');
  await box.getByLabel('排序').fill('99');
  await save(page);
  await pick(page, 'E2E省');

  // Export it: the file holds this region (and its children).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
  const file = join(mkdtempSync(join(tmpdir(), 'helio-e2e-')), download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  // Overwrite 0: the existing code is reported, nothing imported.
  await api.post('/api/blade-system/region/submit', { code: CODE, parentCode: '00', name: 'E2E省-改', regionLevel: 1, sort: 99 });
  let imp = await importFile(page, file, false);
  await expect(imp.getByText(/导入文件有1处错误/)).toBeVisible();
  await expect(imp.locator('.ant-table-row', { hasText: `${CODE}已存在` })).toContainText('2');
  await page.screenshot({ path: `${shots}region-import-errors.png` });
  await imp.getByRole('button', { name: /取\s*消/ }).click();
  await expect(imp).toBeHidden();
  expect((await api.get<{ name: string }>('/api/blade-system/region/detail', { code: CODE })).name).toBe('E2E省-改');

  // Overwrite 1: the file's row replaces the stored one.
  imp = await importFile(page, file, true);
  await expect(page.getByText('导入成功 1 条').first()).toBeVisible();
  await expect(imp).toBeHidden();
  expect((await api.get<{ name: string }>('/api/blade-system/region/detail', { code: CODE })).name).toBe('E2E省');

  // Edit and delete through the screen.
  await pick(page, 'E2E省');
  await page.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(box.getByLabel('区划编号')).toBeDisabled();
  await box.getByLabel('备注').fill('e2e');
  await save(page);
  await expect(page.locator('.ant-descriptions')).toContainText('e2e');
  await page.getByRole('button', { name: /删\s*除/ }).click();
  await confirm(page);
  await succeeded(page);
  await expect(page.getByText('请在左侧选择一个区划')).toBeVisible();

  // Import into an empty code with overwrite 0.
  imp = await importFile(page, file, false);
  await expect(page.getByText('导入成功 1 条').first()).toBeVisible();
  await api.raw(`/api/blade-system/region/remove?id=${CODE}`);

  // Cascade debug: province → city → district.
  await page.getByRole('tab', { name: '级联调试' }).click();
  const form = page.locator('.ant-tabs-tabpane-active');
  await choose(form, page, '省份', '北京市');
  await choose(form, page, '地市', '市辖区');
  await choose(form, page, '区县', /区/);
  await expect(form.locator('.ant-descriptions')).toContainText(/^.*110000 \/ \d+ \/ \d+/);
  await page.screenshot({ path: `${shots}region-cascade.png` });
  expect(problems.filter((p) => !p.includes('/import-region'))).toEqual([]);
});
