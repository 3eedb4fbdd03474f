/**
 * A walk through every administration screen: open it, add a row, find it with the search form, edit it, delete
 * it. Tables, dialogs and toasts in Chinese; one walk in English.
 */
import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { signIn, watchProblems } from './helpers';
import { choose, confirm, dialog, openPage, pickTreeSelect, rowWithCell, save, saveRefused, search, shots, succeeded, toolbarButton, uniq } from './crud-helpers';

// Long flows through several dialogs; the project machine is slow under load.
test.describe.configure({ timeout: 180_000 });

interface Walk {
  path: string;
  /** Fill the add dialog; returns the text that identifies the new row. */
  fill(box: Locator, page: Page, u: string): Promise<string>;
  /** Search form label and the value to search for. */
  searchBy: (u: string) => [label: string, value: string];
  /** A text field to change in the edit dialog. */
  edit: [label: string, value: string];
  /** After adding: extra checks (dialogs of the screen). */
  extra?: (page: Page, name: string) => Promise<void>;
}

const WALKS: Record<string, Walk> = {
  parameters: {
    path: '/system/param',
    fill: async (box, _page, u) => {
      await box.getByLabel('参数名称').fill(`E2E 参数 ${u}`);
      await box.getByLabel('参数键名').fill(`e2e.${u}`);
      await box.getByLabel('参数键值').fill('first\nsecond line');
      return `e2e.${u}`;
    },
    searchBy: (u) => ['参数键名', `e2e.${u}`],
    edit: ['参数键值', 'changed'],
  },
  posts: {
    path: '/system/post',
    fill: async (box, page, u) => {
      await choose(box, page, '岗位类型', '其他');
      await box.getByLabel('岗位编号').fill(`p${u}`.slice(0, 12));
      await box.getByLabel('岗位名称').fill(`E2E 岗位 ${u}`);
      await box.getByLabel('岗位排序').fill('90');
      return `E2E 岗位 ${u}`;
    },
    searchBy: (u) => ['岗位名称', `E2E 岗位 ${u}`],
    edit: ['岗位描述', 'changed'],
  },
  departments: {
    path: '/system/dept',
    fill: async (box, page, u) => {
      await box.getByLabel('机构名称').fill(`E2E 部门 ${u}`);
      await box.getByLabel('机构全称').fill(`E2E 部门全称 ${u}`);
      await pickTreeSelect(box, page, '上级机构', 'Helio');
      await choose(box, page, '机构类型', '部门');
      await box.getByLabel('排序').fill('9');
      return `E2E 部门 ${u}`;
    },
    searchBy: (u) => ['机构名称', `E2E 部门 ${u}`],
    edit: ['备注', 'changed'],
  },
  clients: {
    path: '/system/client',
    fill: async (box, _page, u) => {
      await box.getByLabel('应用ID').fill(`e2e_${u}`);
      await box.getByLabel('应用密钥').fill('e2e-secret-2026');
      await box.getByLabel('授权范围').fill('all');
      await box.getByLabel('授权类型').fill('password,refresh_token');
      await box.getByLabel('令牌秒数', { exact: true }).fill('3600');
      await box.getByLabel('刷新令牌秒数').fill('7200');
      return `e2e_${u}`;
    },
    searchBy: (u) => ['应用ID', `e2e_${u}`],
    edit: ['附加说明', 'changed'],
  },
  menus: {
    path: '/system/menu',
    fill: async (box, page, u) => {
      await box.getByLabel('菜单名称').fill(`E2E 菜单 ${u}`);
      await box.getByLabel('英文名称').fill(`E2E menu ${u}`);
      await box.getByLabel('菜单编号').fill(`e2e_${u}`);
      await box.getByLabel('路由地址').fill(`/e2e/${u}`);
      await choose(box, page, '菜单图标', 'ApiOutlined');
      await box.getByLabel('菜单排序').fill('99');
      return `E2E 菜单 ${u}`;
    },
    searchBy: (u) => ['菜单名称', `E2E 菜单 ${u}`],
    edit: ['菜单备注', 'changed'],
  },
  'top menus': {
    path: '/system/topmenu',
    fill: async (box, _page, u) => {
      await box.getByLabel('菜单名称').fill(`E2E 顶部 ${u}`);
      await box.getByLabel('菜单编号').fill(`e2e_${u}`);
      await box.getByLabel('菜单排序').fill('9');
      return `E2E 顶部 ${u}`;
    },
    searchBy: (u) => ['菜单名称', `E2E 顶部 ${u}`],
    edit: ['路由地址', '/wel/index'],
    extra: async (page, name) => {
      await rowWithCell(page, name).getByRole('button', { name: '菜单配置' }).click();
      const box = dialog(page);
      await box.getByLabel('搜索名称').fill('岗位管理');
      await box.locator('.ant-tree-treenode', { has: page.locator('.ant-tree-title:text-is("岗位管理")') }).locator('.ant-tree-checkbox').click();
      await save(page);
    },
  },
  roles: {
    path: '/authority/role',
    fill: async (box, page, u) => {
      await box.getByLabel('角色名称').fill(`E2E 角色 ${u}`);
      await box.getByLabel('角色别名').fill(`e2e_${u}`);
      await choose(box, page, '角色类型', '业务角色');
      await box.getByLabel('角色排序').fill('60');
      return `E2E 角色 ${u}`;
    },
    searchBy: (u) => ['角色名称', `E2E 角色 ${u}`],
    edit: ['英文名称', 'E2E role'],
  },
  'data scopes': {
    path: '/authority/datascope',
    fill: async (box, page, u) => {
      await expect(box.locator('.ant-select-selection-item', { hasText: '岗位管理' })).toBeVisible();
      await box.getByLabel('资源编号').fill('post');
      await box.getByLabel('权限名称').fill(`E2E 数据 ${u}`);
      await choose(box, page, '权限字段', '创建人');
      await choose(box, page, '规则类型', '本人可见');
      return `E2E 数据 ${u}`;
    },
    searchBy: (u) => ['权限名称', `E2E 数据 ${u}`],
    edit: ['备注', 'changed'],
  },
  'API scopes': {
    path: '/authority/apiscope',
    fill: async (box, page, u) => {
      await box.getByLabel('资源编号').fill('post');
      await box.getByLabel('接口名称').fill(`E2E 接口 ${u}`);
      await box.getByLabel('接口路径').fill('/api/blade-system/post/list');
      await choose(box, page, '接口类型', '业务接口');
      return `E2E 接口 ${u}`;
    },
    searchBy: (u) => ['接口名称', `E2E 接口 ${u}`],
    edit: ['备注', 'changed'],
  },
};

for (const [name, walk] of Object.entries(WALKS)) {
  test(`walk: ${name}`, async ({ page }) => {
    const problems = watchProblems(page);
    const u = uniq();
    await signIn(page, 'zh-CN', walk.path);
    await openPage(page, walk.path);
    if (walk.path.startsWith('/authority/') && walk.path !== '/authority/role') {
      // Scopes are per menu: pick one on the left first.
      await page.locator('.helio-side-tree').getByPlaceholder('搜索菜单').fill('岗位管理');
      await page.locator('.helio-side-tree .ant-tree-title', { hasText: '岗位管理' }).first().click();
    }
    await (await toolbarButton(page, /新\s*增/)).click();
    const box = dialog(page);
    const id = await walk.fill(box, page, u);
    await save(page);
    const [label, value] = walk.searchBy(u);
    await search(page, label, value);
    const row = rowWithCell(page, id);
    await expect(row).toBeVisible();
    await page.screenshot({ path: `${shots}walk-${walk.path.replaceAll('/', '_')}.png` });
    await walk.extra?.(page, id);

    await row.getByRole('button', { name: /编\s*辑/ }).click();
    await expect(box.getByLabel(walk.edit[0])).toBeVisible();
    await box.getByLabel(walk.edit[0]).fill(walk.edit[1]);
    await save(page);

    await row.getByRole('button', { name: /删\s*除/ }).click();
    await expect(page.getByText('确定将选择数据删除?')).toBeVisible();
    await confirm(page);
    await succeeded(page);
    await expect(rowWithCell(page, id)).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}

test('walk: tenants (licence, package, the new administrator password shown once)', async ({ page }) => {
  const problems = watchProblems(page);
  const name = `E2E 租户 ${uniq()}`;
  await signIn(page, 'zh-CN', '/system/tenant');
  await openPage(page, '/system/tenant');
  await (await toolbarButton(page, /新\s*增/)).click();
  const box = dialog(page);
  await box.getByLabel('租户名称').fill(name);
  await box.getByLabel('联系人').fill('张三');
  await box.getByLabel('联系电话').fill('13800138000');
  await box.getByRole('button', { name: /保\s*存/ }).click();
  const created = page.locator('.ant-modal-confirm', { hasText: '租户已创建' });
  await expect(created).toBeVisible();
  await expect(created.getByTestId('new-tenant-password')).toHaveText(/\S{8,}/);
  await page.screenshot({ path: `${shots}walk-tenant-created.png` });
  await created.getByRole('button', { name: /确\s*定|知道了|OK/ }).click();

  await search(page, '租户名称', name);
  const row = rowWithCell(page, name);
  await expect(row).toBeVisible();
  await row.locator('.ant-checkbox-input').check();
  await (await toolbarButton(page, '授权配置')).click();
  await dialog(page).getByLabel('账号额度').fill('20');
  await save(page);
  await expect(row).toContainText('20');

  await row.getByRole('button', { name: '产品包' }).click();
  await expect(dialog(page).getByLabel('产品包名称')).toBeVisible();
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();

  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await dialog(page).getByLabel('联系地址').fill('深圳');
  await save(page);
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await confirm(page);
  await expect(rowWithCell(page, name)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('walk in English: posts', async ({ page }) => {
  const problems = watchProblems(page);
  const u = uniq();
  await signIn(page, 'en-US', '/system/post');
  await openPage(page, '/system/post');
  await expect(page.locator('.ant-pro-table-list-toolbar-title')).toHaveText('Posts');
  await (await toolbarButton(page, /Add/)).click();
  const box = dialog(page);
  await saveRefused(box, ['Category is required', 'Code is required'], true);
  await choose(box, page, 'Category', 'Other');
  await box.getByLabel('Code').fill(`p${u}`.slice(0, 12));
  await box.getByLabel('Name').fill(`E2E post ${u}`);
  await box.getByLabel('Sort').fill('90');
  await save(page, true);
  await search(page, 'Name', `E2E post ${u}`);
  const row = rowWithCell(page, `E2E post ${u}`);
  await expect(row).toBeVisible();
  await page.screenshot({ path: `${shots}walk-en-posts.png` });
  await row.getByRole('button', { name: 'Edit' }).click();
  await box.getByLabel('Description').fill('changed');
  await save(page, true);
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete the selected data?')).toBeVisible();
  await confirm(page, true);
  await expect(rowWithCell(page, `E2E post ${u}`)).toHaveCount(0);
  expect(problems).toEqual([]);
});
