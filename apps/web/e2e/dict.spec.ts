/** Dictionaries: codes and their items; a sealed item shows a lock, cannot be edited or removed, and the server agrees. */
import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { signIn, watchProblems } from './helpers';
import { adminApi, choose, confirm, dialog, openPage, rowWithCell, save, saveRefused, search, shots, uniq } from './crud-helpers';

// Long flows through several dialogs; the project machine is slow under load.
test.describe.configure({ timeout: 180_000 });

function tables(page: Page): { codes: Locator; items: Locator } {
  const all = page.locator('.helio-dict .ant-pro-table');
  return { codes: all.nth(0), items: all.nth(1) };
}

test('business dictionary: sealed items are locked on the screen and on the server', async ({ page, request }) => {
  const problems = watchProblems(page);
  const code = `e2e_${uniq()}`;
  await signIn(page, 'zh-CN', '/dict-vertical/index');
  await openPage(page, '/dict-vertical/index');
  const { codes, items } = tables(page);

  // The seeded country list is sealed: every action on it is locked.
  await search(codes, '字典编号', 'country');
  await codes.getByRole('cell', { name: '国家与地区', exact: true }).click();
  await expect(items.locator('.ant-table-row').first()).toBeVisible();
  const cn = rowWithCell(page, 'CN', items);
  await expect(cn.getByLabel('已封存')).toBeVisible();
  await expect(cn.getByRole('button', { name: /编\s*辑/ })).toBeDisabled();
  await expect(cn.getByRole('button', { name: /删\s*除/ })).toBeDisabled();
  await page.screenshot({ path: `${shots}dict-sealed.png` });

  // A new code with two items, one of them sealed.
  await codes.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
  let box = dialog(page);
  await box.getByLabel('字典编号').fill(code);
  await box.getByLabel('字典名称').fill('端到端字典');
  await save(page);
  await search(codes, '字典编号', code);
  await codes.getByRole('cell', { name: code, exact: true }).click();
  for (const [key, value, sealed] of [
    ['1', '甲', false],
    ['2', '乙', true],
  ] as const) {
    await items.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    box = dialog(page);
    await expect(box.getByLabel('字典编号')).toHaveValue(code);
    await expect(box.getByLabel('字典编号')).toBeDisabled();
    await saveRefused(box, ['字典键值不能为空']);
    await box.getByLabel('字典键值').fill(key);
    await box.getByLabel('字典名称').fill(value);
    if (sealed) await box.getByLabel('封存').click();
    await save(page);
  }
  await expect(rowWithCell(page, '乙', items).getByRole('button', { name: /编\s*辑/ })).toBeDisabled();
  await expect(rowWithCell(page, '甲', items).getByRole('button', { name: /编\s*辑/ })).toBeEnabled();

  // Sealing "甲" locks it too.
  await rowWithCell(page, '甲', items).getByRole('button', { name: /编\s*辑/ }).click();
  box = dialog(page);
  await expect(box.getByLabel('字典键值')).toHaveValue('1');
  await box.getByLabel('封存').click();
  await save(page);
  await expect(rowWithCell(page, '甲', items).getByRole('button', { name: /删\s*除/ })).toBeDisabled();

  // The server refuses to change or remove a sealed item whatever the client does.
  const api = await adminApi(request);
  const parents = await api.get<{ records: { id: string }[] }>('/api/blade-system/dict-biz/parent-list', { code });
  const children = await api.get<{ records: { id: string; dictValue: string }[] }>('/api/blade-system/dict-biz/child-list', { parentId: parents.records[0]!.id });
  const sealedId = children.records.find((r) => r.dictValue === '乙')!.id;
  const change = await (await api.raw('/api/blade-system/dict-biz/submit', { id: sealedId, dictValue: '丙' })).json();
  expect(change.msg).toBe('该数据已封存,不可修改或删除');
  const remove = await (await api.raw(`/api/blade-system/dict-biz/remove?ids=${sealedId}`)).json();
  expect(remove.msg).toBe('该数据已封存,不可修改或删除');
  expect(problems).toEqual([]);
});

test('system dictionary: codes and items side by side; add, edit, delete', async ({ page }) => {
  const problems = watchProblems(page);
  const code = `e2e_${uniq()}`;
  await signIn(page, 'zh-CN', '/dict-horizontal/index');
  await openPage(page, '/dict-horizontal/index');
  const { codes, items } = tables(page);
  await expect(page.getByText('请先选择一个字典')).toBeVisible();

  await codes.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
  const box = dialog(page);
  await box.getByLabel('字典编号').fill('bad code!');
  await saveRefused(box, ['字典编号格式不正确', '字典名称不能为空']);
  await box.getByLabel('字典编号').fill(code);
  await box.getByLabel('字典名称').fill('端到端');
  await choose(box, page, '语言', '简体中文');
  await save(page);
  await search(codes, '字典编号', code);
  await codes.getByRole('cell', { name: code, exact: true }).click();
  await items.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
  await box.getByLabel('字典键值').fill('k1');
  await box.getByLabel('字典名称').fill('值一');
  await save(page);
  await rowWithCell(page, '值一', items).getByRole('button', { name: /编\s*辑/ }).click();
  await box.getByLabel('字典名称').fill('值二');
  await save(page);
  await expect(rowWithCell(page, '值二', items)).toBeVisible();
  await page.screenshot({ path: `${shots}dict-horizontal.png` });
  await rowWithCell(page, '值二', items).getByRole('button', { name: /删\s*除/ }).click();
  await confirm(page);
  await expect(rowWithCell(page, '值二', items)).toHaveCount(0);
  await rowWithCell(page, code, codes).getByRole('button', { name: /删\s*除/ }).click();
  await confirm(page);
  await expect(rowWithCell(page, code, codes)).toHaveCount(0);
  expect(problems).toEqual([]);
});
