import { expect } from '@playwright/test';
import type { Page, Response } from '@playwright/test';

/**
 * How long the first sight of a page may take after a navigation: its lazy chunks, its first list and its first paint
 * compete for the CPU with the other workers (and whatever else runs on the machine). Quick UI reactions keep the
 * default expect timeout.
 */
export const PAGE_LOAD = { timeout: 30_000 };

export const ADMIN = {
  tenant: process.env.E2E_TENANT ?? '000000',
  account: process.env.E2E_ACCOUNT ?? 'admin',
  password: process.env.E2E_PASSWORD ?? 'Helio-Admin-2026',
};

/**
 * Collect what a user would call a broken page: uncaught errors, console errors, and failed API calls. The browser
 * logs every failed request as "Failed to load resource", so those console lines are judged by their response instead.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource')) return;
    problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response: Response) => {
    const url = response.url();
    if (response.status() < 400 || !url.includes('/api/')) return;
    problems.push(`http ${response.status()}: ${url}`);
  });
  return problems;
}

/** On a public page: switch to the language unless it is already in use. */
export async function chooseLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  await page.locator('.helio-auth').waitFor();
  if ((await page.locator('html').getAttribute('lang')) === language) return;
  await page.getByRole('button', { name: language === 'en-US' ? /English/ : /简体中文/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/**
 * Sign in through the form, in the given language; ends on the home page — or on `landing` (a path), reached the way
 * a deep link is: the sign-in page with `?redirect=`, so the console loads once, on the page the test is about.
 */
export async function signIn(page: Page, language: 'zh-CN' | 'en-US' = 'zh-CN', landing?: string): Promise<void> {
  await page.goto(landing ? `/login?redirect=${encodeURIComponent(landing)}` : '/login');
  await chooseLanguage(page, language);
  const en = language === 'en-US';
  const tenant = page.getByLabel(en ? 'Tenant ID' : '租户ID');
  if (await tenant.isVisible()) await tenant.fill(ADMIN.tenant);
  await page.getByLabel(en ? 'Account' : '账号').fill(ADMIN.account);
  await page.getByLabel(en ? 'Password' : '密码', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: en ? 'Sign in' : /登\s*录/ }).click();
  await expect(page).toHaveURL(landing ? (url) => `${url.pathname}${url.search}` === landing : /\/wel\/index$/, PAGE_LOAD);
}

/** Open a menu leaf through the sidebar: group, then item. */
export async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const sidebar = page.getByRole('navigation', { name: /侧边菜单|Side menu/ });
  const leaf = sidebar.getByRole('menuitem', { name: item, exact: true });
  if (!(await leaf.isVisible())) await sidebar.getByRole('menuitem', { name: group, exact: true }).click();
  await leaf.click();
}

export function tabBar(page: Page) {
  return page.getByRole('navigation', { name: /已打开的页面|Open pages/ });
}

/** The labels of the open tabs, in order. */
export function tabLabels(page: Page) {
  return tabBar(page).locator('.helio-tabs__label');
}

/** The close button of one tab. */
export function tabCloseButton(page: Page, label: string) {
  return tabBar(page).locator('.ant-tabs-tab', { hasText: label }).locator('.ant-tabs-tab-remove');
}
