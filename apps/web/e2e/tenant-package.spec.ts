/**
 * Tenant package, exactly as spec §2/§4/§5/§8 describe it: search on the name; add, edit, delete, no view; row
 * selection and batch delete; a 600-wide dialog that does not close on an outside click; menus from the menu tree
 * saved comma-joined; on edit only leaf ids pre-selected; '请输入产品包名称' on blur and '请选择菜单'.
 */
import { expect, test } from './fixtures';
import { signIn, watchProblems } from './helpers';
import { adminApi, checkTreeSelect, confirm, dialog, openPage, row, save, search, shots, succeeded, toolbarButton, uniq } from './crud-helpers';

// Long flows through several dialogs; the project machine is slow under load.
test.describe.configure({ timeout: 180_000 });

interface MenuNode {
  id: string;
  title: string;
  children?: MenuNode[];
}

function find(nodes: MenuNode[], title: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n.title === title) return n;
    const hit = find(n.children ?? [], title);
    if (hit) return hit;
  }
  return undefined;
}

test('tenant packages: the whole flow of the spec', async ({ page, request }) => {
  const problems = watchProblems(page);
  const name = `E2E 产品包 ${uniq()}`;
  await signIn(page, 'zh-CN', '/system/tenant-package');
  await openPage(page, '/system/tenant-package');

  // Buttons: add, delete (batch), and per row edit and delete; never view.
  await expect(await toolbarButton(page, /新\s*增/)).toBeVisible();
  await expect(await toolbarButton(page, /删\s*除/)).toBeVisible();
  await expect(page.getByRole('button', { name: /查\s*看/ })).toHaveCount(0);

  // Batch delete with nothing selected.
  await (await toolbarButton(page, /删\s*除/)).click();
  await expect(page.getByText('请选择至少一条数据')).toBeVisible();

  // Add: 600 wide, an outside click does not close it, the spec's messages.
  await (await toolbarButton(page, /新\s*增/)).click();
  const box = dialog(page);
  await expect(box).toBeVisible();
  // Once the opening animation is over.
  await expect.poll(async () => Math.round((await box.boundingBox())?.width ?? 0)).toBe(600);
  await page.mouse.click(20, 450);
  await expect(box).toBeVisible();
  await box.getByLabel('产品包名称').focus();
  await box.getByLabel('备注').focus();
  await expect(box.getByText('请输入产品包名称', { exact: true })).toBeVisible();
  await box.getByRole('button', { name: /保\s*存/ }).click();
  await expect(box.getByText('请选择菜单', { exact: true })).toBeVisible();
  await box.getByLabel('产品包名称').fill(name);
  await box.getByLabel('备注').focus();
  await expect(box.getByText('请输入产品包名称', { exact: true })).toBeHidden();
  await checkTreeSelect(box, page, '菜单列表', ['岗位管理']);
  await expect(box.getByText('请选择菜单', { exact: true })).toBeHidden();
  await page.screenshot({ path: `${shots}tenant-package-add.png` });
  const submitted = page.waitForRequest((r) => r.url().includes('/tenant-package/submit'));
  await save(page);
  const body = (await submitted).postDataJSON() as { menuId: string; packageName: string };
  // The page and its four buttons, comma-joined.
  expect(body.menuId).toMatch(/^\d+(,\d+){4}$/);
  await expect(box).toBeHidden();
  await expect(row(page, name)).toBeVisible();

  // Search on the name.
  await search(page, '产品包名称', name);
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await page.screenshot({ path: `${shots}tenant-package-list.png` });

  // Edit: only leaf ids are pre-selected. A package holding a page id and one of its buttons opens with just
  // that button (the page is no leaf), so saving it unchanged sends the button alone.
  const api = await adminApi(request);
  const tree = await api.get<MenuNode[]>('/api/blade-system/tenant-package/menu-tree');
  const postPage = find(tree, '岗位管理')!;
  const addButton = postPage.children![0]!;
  const partial = `E2E 部分 ${uniq()}`;
  await api.post('/api/blade-system/tenant-package/submit', { packageName: partial, menuId: `${postPage.id},${addButton.id}`, remark: '' });
  await search(page, '产品包名称', 'E2E');
  await row(page, partial).getByRole('button', { name: /编\s*辑/ }).click();
  await expect(dialog(page).getByLabel('产品包名称')).toHaveValue(partial);
  const edited = page.waitForRequest((r) => r.url().includes('/tenant-package/submit'));
  await save(page);
  expect(((await edited).postDataJSON() as { menuId: string }).menuId).toBe(addButton.id);

  // Delete one row with its confirmation.
  await row(page, partial).getByRole('button', { name: /删\s*除/ }).click();
  await expect(page.getByText('确定将选择数据删除?')).toBeVisible();
  // Watched from before the click: on a busy machine the toast can come and go while the confirmation closes.
  const deleted = succeeded(page);
  await confirm(page);
  await deleted;
  await expect(row(page, partial)).toHaveCount(0);

  // Batch delete two selected rows; the selection is cleared afterwards.
  const second = `E2E 产品包 ${uniq()}`;
  await api.post('/api/blade-system/tenant-package/submit', { packageName: second, menuId: addButton.id });
  await search(page, '产品包名称', 'E2E 产品包');
  await row(page, name).locator('.ant-checkbox-input').check();
  await row(page, second).locator('.ant-checkbox-input').check();
  await (await toolbarButton(page, /删\s*除/)).click();
  await confirm(page);
  await succeeded(page);
  await expect(row(page, name)).toHaveCount(0);
  await expect(row(page, second)).toHaveCount(0);
  await expect(page.locator('.ant-table-row .ant-checkbox-checked')).toHaveCount(0);
  expect(problems).toEqual([]);
});
