import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import type { Page, Response } from '@playwright/test';
import { keepSession, restoreSession } from './session';

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
 * Signed in as the administrator, in the given language, on the home page — or on `landing` (a path). The worker's
 * first walk signs in through the form; later ones reuse that session while the server honours it (e2e/session.ts:
 * the console then loads once, on the page the walk is about). Walks about signing in use `signInWithForm`;
 * E2E_FORM_EVERY_WALK=1 signs every walk in through the form (to compare).
 */
export async function signIn(page: Page, language: 'zh-CN' | 'en-US' = 'zh-CN', landing?: string): Promise<void> {
  if (process.env.E2E_FORM_EVERY_WALK !== '1' && (await restoreSession(page, language))) {
    await page.goto(landing ?? '/wel/index');
    await expect(page).toHaveURL(landing ? (url) => `${url.pathname}${url.search}` === landing : /\/wel\/index$/, PAGE_LOAD);
    return;
  }
  await signInWithForm(page, language, landing);
  await keepSession(page);
}

/**
 * Sign in through the form, in the given language; ends on the home page — or on `landing` (a path), reached the way
 * a deep link is: the sign-in page with `?redirect=`, so the console loads once, on the page the test is about.
 */
export async function signInWithForm(page: Page, language: 'zh-CN' | 'en-US' = 'zh-CN', landing?: string): Promise<void> {
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

/**
 * In the console: switch to the language with the header's switcher, as a user does halfway through a walk (walks
 * that start in one language and end in the other cover both without running the whole scenario twice).
 */
export async function switchConsoleLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === language) return;
  await page.getByRole('button', { name: /(^|\s)(切换语言|Switch language)$/ }).click();
  await page.getByRole('menuitem', { name: language === 'en-US' ? 'English' : '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
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

/** The WCAG 2.0 / 2.1 level A and AA rules: what public buyers ask for (WCAG 2.1 AA). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * One line per critical or serious axe finding in `part` (a selector; the whole page without it): rule id, impact and
 * where (the first few targets). axe-core is put into the page once and stays there across client-side navigations.
 */
export async function accessibilityFindings(page: Page, part?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(
    async ({ part, tags }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(part ? { include: [part] } : document, {
        runOnly: { type: 'tag', values: tags },
        // WCAG 2.5.3 (a control's name holds its visible words): still marked experimental in axe-core, so named here.
        rules: { 'label-content-name-mismatch': { enabled: true } },
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
    },
    { part, tags: WCAG_AA_TAGS },
  );
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 4 ? ` (+${v.nodes.length - 4})` : ''}${process.env.A11Y_DEBUG ? ` — ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 300)}` : ''}`);
}

/**
 * No critical or serious WCAG 2.1 A/AA violation in `part` (a selector; the whole page without it). No exceptions:
 * the theme's colours, the CRUD table and the shell are held to the same rules as the screen (e2e/a11y.spec.ts
 * sweeps every route).
 */
export async function expectAccessible(page: Page, part?: string): Promise<void> {
  expect(await accessibilityFindings(page, part), `axe findings in ${part ?? 'the page'}`).toEqual([]);
}
