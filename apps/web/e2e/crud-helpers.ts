/** Helpers for the administration screens (antd tables, dialogs, selects and trees). */
import { mkdirSync } from 'node:fs';
import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { ADMIN, PAGE_LOAD } from './helpers';

export const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

/** How long a save may take to show its toast and close its dialog (see save()). */
export const SAVED_WITHIN = 30_000;

/** A short unique suffix for names made by a test. */
export const uniq = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

export function dialog(page: Page): Locator {
  return page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').last();
}

/**
 * Open a console page by path and wait for its table (or its first card). Already there (signIn's `landing`): no
 * reload, just the wait.
 */
export async function openPage(page: Page, path: string): Promise<void> {
  const here = new URL(page.url());
  if (`${here.pathname}${here.search}` !== path) await page.goto(path);
  await expect(page.locator('.ant-table, .ant-card').first()).toBeVisible(PAGE_LOAD);
}

/** A data row of the (first) table holding the text. */
export function row(page: Page, text: string | RegExp, scope: Page | Locator = page): Locator {
  return scope.locator('.ant-table-row', { hasText: text });
}

/** The data row with a cell whose whole text is `text`. */
export function rowWithCell(page: Page, text: string, scope: Page | Locator = page): Locator {
  return scope.locator('.ant-table-row', { has: page.getByRole('cell', { name: text, exact: true }) });
}

export async function toolbarButton(scope: Page | Locator, name: RegExp | string): Promise<Locator> {
  return scope.locator('.ant-pro-table-list-toolbar').getByRole('button', { name }).first();
}

/** Fill the search form field and run the search. */
export async function search(scope: Page | Locator, label: string, value: string): Promise<void> {
  const form = scope.locator('.ant-pro-query-filter').first();
  await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: /查\s*询|Query|Search/ }).click();
}

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

/** Pick an option of an antd Select by the field's label. */
export async function choose(scope: Locator, page: Page, label: string, option: string | RegExp): Promise<void> {
  // A chosen value covers the search input: click through it.
  const input = scope.getByLabel(label, { exact: true });
  // The dropdown that belongs to this field (antd renders `<id>_list` inside it), not a
  // neighbour's that is still fading out.
  const id = await input.getAttribute('id');
  const dropdown = id
    ? page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}_list"]`) })
    : page.locator('.ant-select-dropdown:visible').last();
  // A click while the dialog is still opening can be lost: click again until the dropdown shows.
  await expect(async () => {
    await input.click({ force: true });
    await expect(dropdown).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
}

/** Tick nodes of an antd TreeSelect (checkable) by title. */
export async function checkTreeSelect(scope: Locator, page: Page, label: string, titles: string[]): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  const dropdown = page.locator('.ant-select-dropdown:visible').last();
  for (const title of titles) {
    const input = scope.getByLabel(label, { exact: true });
    await input.fill(title);
    await dropdown.locator('.ant-select-tree-treenode', { has: page.locator(`.ant-select-tree-title:text-is("${title}")`) }).first().locator('.ant-select-tree-checkbox, .ant-select-tree-node-content-wrapper').first().click();
  }
  await scope.locator('.ant-modal-title').click();
}

/** Pick one node of a (non-checkable) antd TreeSelect by title. */
export async function pickTreeSelect(scope: Locator, page: Page, label: string, title: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(title);
  const dropdown = page.locator('.ant-select-dropdown:visible').last();
  await dropdown.locator(`.ant-select-tree-title:text-is("${title}")`).first().click();
  // A multiple select stays open: close it by clicking elsewhere in the dialog (Escape could close the dialog).
  if (await dropdown.isVisible()) await scope.locator('.ant-modal-title').click();
}

/**
 * Save the open dialog: the success toast shows and the dialog closes. A heavy page (the menu tree) can keep the
 * browser busy for many seconds after the answer on a loaded machine before it draws the toast, so the toast and the
 * closing get 30 s, watched together (the toast lasts 3 s, the closing animation may end after it).
 */
export async function save(page: Page, en = false): Promise<void> {
  const box = dialog(page);
  await recordToasts(page);
  await box.getByRole('button', { name: en ? 'Save' : /保\s*存/ }).click();
  await Promise.all([toastShown(page, en ? 'Operation succeeded!' : '操作成功!'), expect(box).toBeHidden({ timeout: SAVED_WITHIN })]);
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
}

/**
 * From now on the page keeps the text of every toast it draws: a 3-second toast drawn while the test process waited
 * for a CPU on a loaded machine was gone before the check looked (CI, 2026-11-28), though the user saw it.
 */
async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { helioToasts?: string[]; helioToastWatch?: MutationObserver };
    w.helioToasts = [];
    w.helioToastWatch?.disconnect();
    w.helioToastWatch = new MutationObserver(() => {
      for (const n of document.querySelectorAll('.ant-message-notice')) w.helioToasts!.push(n.textContent ?? '');
    });
    w.helioToastWatch.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** A toast with `text` was drawn since recordToasts (still showing or already gone). */
async function toastShown(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => ((window as unknown as { helioToasts?: string[] }).helioToasts ?? []).some((x) => x.includes(t)), text, {
    timeout: SAVED_WITHIN,
  });
}

/** The success toast of an action (a delete, a batch action) shows: as patient as save(). */
export async function succeeded(page: Page, en = false): Promise<void> {
  await expect(page.getByText(en ? 'Operation succeeded!' : '操作成功!').last()).toBeVisible({ timeout: SAVED_WITHIN });
}

/**
 * Press Save in a dialog that must refuse: its validation messages show and it stays open. A press while the dialog is
 * still opening can be lost, so it is repeated until the first message shows (pressing again is harmless).
 */
export async function saveRefused(box: Locator, messages: readonly string[], en = false): Promise<void> {
  await expect(async () => {
    await box.getByRole('button', { name: en ? 'Save' : /保\s*存/ }).click();
    await expect(box.getByText(messages[0]!)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  for (const m of messages.slice(1)) await expect(box.getByText(m)).toBeVisible();
}

/** Answer a confirm dialog with OK. */
export async function confirm(page: Page, en = false): Promise<void> {
  const box = page.locator('.ant-modal-confirm').last();
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: en ? 'OK' : /确\s*定/ }).click();
}

/** Sign in as any user through the form. */
export async function signInAs(page: Page, account: string, password: string, tenant = ADMIN.tenant): Promise<void> {
  await page.goto('/login');
  await page.locator('.helio-auth').waitFor();
  const tenantInput = page.getByLabel('租户ID');
  if (await tenantInput.isVisible()) await tenantInput.fill(tenant);
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/wel\/index$/, PAGE_LOAD);
}

/** An API client signed in as the administrator (for setting up data the test is not about). */
export async function adminApi(request: APIRequestContext) {
  const password = createHash('md5').update(ADMIN.password).digest('hex');
  const basic = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
  const res = await request.post('/api/blade-auth/oauth/token', {
    headers: { Authorization: basic, 'Tenant-Id': ADMIN.tenant },
    params: { tenantId: ADMIN.tenant, username: ADMIN.account, password, grant_type: 'password', scope: 'all', type: 'account' },
  });
  const token = ((await res.json()) as { access_token: string }).access_token;
  const headers = { Authorization: basic, 'Blade-Auth': `bearer ${token}` };
  const unwrap = async (r: Awaited<ReturnType<APIRequestContext['get']>>) => {
    const body = (await r.json()) as { code: number; data: unknown; msg: string };
    if (body.code !== 200) throw new Error(`${r.url()}: ${body.msg}`);
    return body.data;
  };
  return {
    get: async <T>(url: string, params?: Record<string, string>) => (await unwrap(await request.get(url, { headers, params }))) as T,
    post: async <T>(url: string, data?: unknown, params?: Record<string, string>) =>
      (await unwrap(await request.post(url, { headers, data, params }))) as T,
    raw: (url: string, data?: unknown) => request.post(url, { headers, data }),
  };
}
