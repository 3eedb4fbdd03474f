/** Role grants decide what a user's menu and buttons show after signing in. */
import { expect, test } from './fixtures';
import type { Browser, Locator, Page } from '@playwright/test';
import { PAGE_LOAD, signIn, watchProblems } from './helpers';
import { adminApi, choose, dialog, openPage, row, save, search, shots, signInAs, toolbarButton, uniq } from './crud-helpers';

// Long flows through several dialogs; the project machine is slow under load.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'E2ePass2026';

function grantNode(box: Locator, title: string): Locator {
  return box.locator('.ant-tabs-tabpane-active .ant-tree-treenode', { has: box.page().locator(`.ant-tree-title:text-is("${title}")`) }).first();
}

async function openGrant(page: Page, roleName: string): Promise<Locator> {
  await search(page, '角色名称', roleName);
  await row(page, roleName).getByRole('button', { name: '权限设置' }).click();
  const box = dialog(page);
  await expect(box.getByRole('tab', { name: '菜单权限' })).toBeVisible();
  await expect(box.getByRole('tab', { name: '数据权限' })).toBeVisible();
  await expect(box.getByRole('tab', { name: '接口权限' })).toBeVisible();
  await box.getByLabel('搜索名称').fill('岗位管理');
  return box;
}

/** The button node under the post page (the filter shows 系统管理 › 岗位管理 › its buttons). */
function postButton(box: Locator, title: string): Locator {
  return box.locator('.ant-tabs-tabpane-active .ant-tree-treenode', { has: box.page().locator(`.ant-tree-title:text-is("${title}")`) });
}

async function asUser(browser: Browser, baseURL: string | undefined, account: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', baseURL });
  const page = await context.newPage();
  await signInAs(page, account, PASSWORD);
  return page;
}

test('a role grant changes what its user sees after signing in', async ({ page, browser, request, baseURL }) => {
  const problems = watchProblems(page);
  const u = uniq();
  const roleName = `E2E 岗位员 ${u}`;
  const alias = `e2e_post_${u}`;
  await signIn(page, 'zh-CN', '/authority/role');
  await openPage(page, '/authority/role');

  // A new role through the screen.
  await (await toolbarButton(page, /新\s*增/)).click();
  const form = dialog(page);
  await form.getByLabel('角色名称').fill(roleName);
  await form.getByLabel('角色别名').fill(alias);
  await choose(form, page, '角色类型', '业务角色');
  await form.getByLabel('角色排序').fill('50');
  await save(page);

  // Grant the post page: ticking it ticks its buttons and its area; then untick "删除".
  let box = await openGrant(page, roleName);
  await grantNode(box, '岗位管理').locator('.ant-tree-checkbox').click();
  for (const title of ['系统管理', '岗位管理', '新增', '修改', '删除', '查看']) {
    await expect(postButton(box, title).locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  }
  await postButton(box, '删除').locator('.ant-tree-checkbox').click();
  await expect(postButton(box, '删除').locator('.ant-tree-checkbox')).not.toHaveClass(/ant-tree-checkbox-checked/);
  await expect(postButton(box, '岗位管理').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await page.screenshot({ path: `${shots}role-grant.png` });
  await save(page);

  // A user with the role.
  const api = await adminApi(request);
  const roles = await api.get<{ id: string; roleAlias: string }[]>('/api/blade-system/role/select');
  const roleId = roles.find((r) => r.roleAlias === alias)!.id;
  const account = `e2e_${u}`;
  await api.post('/api/blade-system/user/submit', {
    account,
    name: account,
    realName: account,
    phoneDiallingCode: '+86',
    phone: '13800138000',
    roleId,
    userType: 1,
    password: PASSWORD,
  });

  let user = await asUser(browser, baseURL, account);
  const sidebar = user.getByRole('navigation', { name: /侧边菜单/ });
  await expect(sidebar.getByRole('menuitem', { name: '系统管理', exact: true })).toBeVisible();
  await expect(sidebar.getByRole('menuitem', { name: '权限管理', exact: true })).toHaveCount(0);
  await sidebar.getByRole('menuitem', { name: '系统管理', exact: true }).click();
  await expect(sidebar.getByRole('menuitem', { name: '岗位管理', exact: true })).toBeVisible();
  await expect(sidebar.getByRole('menuitem', { name: '用户管理', exact: true })).toHaveCount(0);
  await openPage(user, '/system/post');
  await expect(await toolbarButton(user, /新\s*增/)).toBeVisible();
  await expect(user.getByRole('button', { name: /删\s*除/ })).toHaveCount(0);
  await expect(user.getByRole('button', { name: /编\s*辑/ }).first()).toBeVisible();
  await user.screenshot({ path: `${shots}role-grant-user-before.png` });
  await user.goto('/system/user');
  await expect(user.getByText('抱歉，你无权访问该页面').or(user.getByText(/无权/)).first()).toBeVisible(PAGE_LOAD);
  await user.context().close();

  // Change the grant: no "新增", but "删除".
  await page.goto('/authority/role');
  box = await openGrant(page, roleName);
  await expect(postButton(box, '删除').locator('.ant-tree-checkbox')).not.toHaveClass(/ant-tree-checkbox-checked/);
  await expect(postButton(box, '新增').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await postButton(box, '新增').locator('.ant-tree-checkbox').click();
  await postButton(box, '删除').locator('.ant-tree-checkbox').click();
  await save(page);

  user = await asUser(browser, baseURL, account);
  await openPage(user, '/system/post');
  await expect(user.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  await expect(user.getByRole('button', { name: /删\s*除/ }).first()).toBeVisible();
  await user.screenshot({ path: `${shots}role-grant-user-after.png` });
  await user.context().close();
  expect(problems).toEqual([]);
});
