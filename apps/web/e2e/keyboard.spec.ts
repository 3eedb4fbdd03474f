/**
 * The console from the keyboard alone (WCAG 2.1.1 keyboard, 2.1.2 no trap, 2.4.3 focus order, 2.4.7 focus visible),
 * one walk that starts in Chinese and switches the console to English halfway. In Chinese: the sidebar opens a page,
 * the top bar's tools are reached in order, and the theme list, the language menu and the colour popover are opened
 * and closed. In English: the notices popover and the user menu opened and closed, the tab bar switches pages, a
 * dialog takes the focus, keeps it while open (Tab and Shift+Tab never land behind it), closes on Escape and gives the
 * focus back to the button that opened it, and a table's row action is reached. Every stop on the way shows a focus
 * indicator.
 */
import type { ElementHandle, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PAGE_LOAD, signIn, switchConsoleLanguage } from './helpers';

const TEXT = {
  'zh-CN': {
    system: '系统管理',
    user: '用户管理',
    home: '首页',
    add: /新\s*增/,
    edit: /编\s*辑/,
    tools: ['收起菜单', '菜单快速搜索', '搜索菜单', '中文 切换语言', '主题', '主题色', '锁屏', '全屏', '错误日志', '通知公告', /用户菜单$/],
  },
  'en-US': {
    system: 'System',
    user: 'Users',
    home: 'Home',
    add: /Add/,
    edit: /Edit/,
    tools: ['Collapse menu', 'Quick menu search', 'Search menus', 'EN Switch language', 'Theme', 'Primary colour', 'Lock screen', 'Full screen', 'Error log', 'Notices', /User menu$/],
  },
} as const;

interface FocusState {
  where: string;
  problem?: string;
  inDialog: boolean;
  /** The focus is on `target` (focusState's argument). */
  onTarget: boolean;
}

/**
 * Where the focus is, and whether it shows: it, or the box antd draws for it, has an outline or a focus ring. With
 * `target`, also whether the focus is on it.
 */
async function focusState(page: Page, target?: ElementHandle): Promise<FocusState> {
  return page.evaluate((target) => {
    const el = document.activeElement as HTMLElement | null;
    const onTarget = Boolean(target && el === target);
    if (!el || el === document.body) return { where: 'nothing', problem: 'nothing has the focus', inDialog: false, onTarget };
    const name = el.getAttribute('aria-label') ?? el.closest('.ant-form-item')?.querySelector('label')?.textContent ?? el.textContent?.trim().slice(0, 30);
    const where = `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 50)}"> ${name ?? ''}`;
    const boxes = [
      el,
      el.closest('.ant-input-affix-wrapper, .ant-input-number, .ant-picker, .ant-tabs-tab, .ant-segmented-item, .ant-radio-button-wrapper'),
      el.closest('.ant-select')?.querySelector('.ant-select-selector'),
      el.matches('.ant-checkbox-input, .ant-radio-input') ? el.nextElementSibling : null,
    ].filter((b): b is HTMLElement => b instanceof HTMLElement);
    const opaque = (colour: string) => !/^transparent$|rgba\([^)]*,\s*0\)$/.test(colour.trim());
    const drawn = (box: HTMLElement) => {
      const css = getComputedStyle(box);
      if (css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) > 0 && opaque(css.outlineColor)) return true;
      // A ring: a shadow with a spread (antd's resting buttons cast a flat one, no ring).
      return [...css.boxShadow.matchAll(/(rgba?\([^)]*\)|#\w+)\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px\s+([\d.]+)px/g)].some(
        (m) => parseFloat(m[5]!) >= 1 && opaque(m[1]!),
      );
    };
    const inDialog = Boolean(el.closest('[role="dialog"][aria-modal="true"]'));
    return { where, problem: boxes.some(drawn) ? undefined : `${where}: no focus indicator`, inDialog, onTarget };
  }, target);
}

/** focusState once the focused control has drawn its ring (antd marks a focused select a moment after the focus). */
async function settledFocus(page: Page, target?: ElementHandle): Promise<FocusState> {
  let state = await focusState(page, target);
  for (let i = 0; state.problem && state.where !== 'nothing' && i < 10; i++) {
    await page.waitForTimeout(50);
    state = await focusState(page, target);
  }
  return state;
}

test('the console from the keyboard (zh-CN → en-US)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The texts of the language the console shows at that step (reassigned at the switch).
  let L: (typeof TEXT)[keyof typeof TEXT] = TEXT['zh-CN'];
  await signIn(page, 'zh-CN');
  const unseen: string[] = [];
  const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

  /**
   * Tab until `target` has the focus — Shift+Tab when it comes before the focused element (or with `back`); every
   * stop on the way must show the focus.
   */
  const tabTo = async (target: Locator, { back = false, max = 60 } = {}) => {
    const element = await target.elementHandle(PAGE_LOAD);
    back ||= await element!.evaluate((el) => Boolean(document.activeElement && el.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING));
    for (let i = 0; ; i++) {
      const state = await settledFocus(page, element!);
      if (state.problem && state.where !== 'nothing') unseen.push(state.problem);
      if (state.onTarget) return;
      if (i >= max) throw new Error(`${back ? 'Shift+Tab' : 'Tab'} did not reach it in ${max} presses (the focus is on ${state.where})`);
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    }
  };
  /** The focus is on `target` (or in it) and shows. */
  const expectFocusOn = async (target: Locator) => {
    await expect.poll(() => target.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const state = await settledFocus(page);
    expect(state.problem, state.where).toBeUndefined();
  };

  // Sidebar: one stop for the menu, arrow keys inside it; Enter opens a group, then a page.
  const sidebar = page.getByRole('navigation', { name: /侧边菜单|Side menu/ });
  await tabTo(sidebar.getByRole('menu').first());
  const group = sidebar.getByRole('menuitem', { name: L.system, exact: true });
  // The group is near the end of the menu: End, then up.
  await page.keyboard.press('End');
  for (let i = 0; i < 30 && !(await isFocused(group)); i++) await page.keyboard.press('ArrowUp');
  await expectFocusOn(group);
  await page.keyboard.press('Enter');
  const usersItem = sidebar.getByRole('menuitem', { name: L.user, exact: true });
  await page.keyboard.press('ArrowDown');
  await expectFocusOn(usersItem);
  await page.keyboard.press('Enter');
  // On a loaded machine the first Enter can land while the opened group still animates (the item has the focus but
  // is not the menu's active item yet): Enter again while the focus stays on it, until the page opens.
  await expect
    .poll(
      async () => {
        if (!/\/system\/user$/.test(page.url()) && (await isFocused(usersItem))) await page.keyboard.press('Enter');
        return page.url();
      },
      { timeout: PAGE_LOAD.timeout, intervals: [2_000] },
    )
    .toMatch(/\/system\/user$/);

  // The top bar's tools, in order after the sidebar.
  const header = page.locator('header.helio-header');
  for (const name of L.tools) await tabTo(header.getByLabel(name, { exact: true }).first(), { max: 4 });
  // Menus (language, user) and popovers (theme, colour, notices): Enter opens, the focus goes in, Escape returns it.
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]');
  const openAndClose = async (name: string | RegExp, inside: Locator) => {
    const button = header.getByLabel(name, { exact: true }).first();
    await tabTo(button, { max: 12 });
    await page.keyboard.press('Enter');
    // A dropdown menu takes the focus on Tab; a popover on opening.
    if (!(await inside.isVisible()) || !(await inside.evaluate((el) => el.contains(document.activeElement)))) await page.keyboard.press('Tab');
    await expectFocusOn(inside);
    if (name === L.tools[4]) {
      // The theme list: arrow keys move between the themes.
      const before = await focusState(page);
      await page.keyboard.press('ArrowRight');
      expect((await focusState(page)).where).not.toBe(before.where);
      await expectFocusOn(inside);
    }
    await page.keyboard.press('Escape');
    await expect(inside).toBeHidden();
    await expectFocusOn(button);
  };
  // zh-CN: the theme list, the language menu and the colour popover.
  await openAndClose(L.tools[4], page.getByRole('listbox', { name: L.tools[4], exact: true }));
  await openAndClose(L.tools[3], menu);
  await openAndClose(L.tools[5], page.locator('.ant-color-picker:not(.ant-popover-hidden) .ant-color-picker-inner'));

  // The console in English from here on (the switch itself by mouse: the language menu was walked by keyboard above).
  await switchConsoleLanguage(page, 'en-US');
  L = TEXT['en-US'];

  // en-US: the notices popover and the user menu.
  await openAndClose(L.tools[9], page.locator('.ant-popover:not(.ant-popover-hidden) .ant-tabs').first());
  await openAndClose(L.tools[10], menu);

  // The tab bar: one stop on the open tab; arrows move between tabs and Enter opens one.
  const tabs = page.getByRole('navigation', { name: /已打开的页面|Open pages/ });
  const usersTab = tabs.getByRole('tab', { name: new RegExp(L.user) });
  await tabTo(usersTab, { max: 12 });
  await page.keyboard.press('ArrowLeft');
  const homeTab = tabs.getByRole('tab', { name: new RegExp(L.home) });
  await expectFocusOn(homeTab);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/wel\/index$/, PAGE_LOAD);
  await page.keyboard.press('ArrowRight');
  await expectFocusOn(usersTab);
  await page.keyboard.press('Enter');
  // As in the sidebar: on a loaded machine the first Enter can come before the tab list has made the focused tab its
  // active one; Enter again while the focus stays on it.
  await expect
    .poll(
      async () => {
        if (!/\/system\/user$/.test(page.url()) && (await isFocused(usersTab))) await page.keyboard.press('Enter');
        return page.url();
      },
      { timeout: PAGE_LOAD.timeout, intervals: [2_000] },
    )
    .toMatch(/\/system\/user$/);

  // The toolbar's add button opens the dialog (after it, the table's row actions are reached).
  const add = page.locator('#helio-content .ant-pro-table-list-toolbar').getByRole('button', { name: L.add }).first();
  await tabTo(add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectFocusOn(dialog);
  // Round the dialog past its end, then back past its start: the focus stays in it and shows.
  const stops = await dialog.evaluate((el) => el.querySelectorAll('input:not([type="hidden"]), button, [tabindex="0"]').length);
  const seen = new Set<string>();
  for (const [key, presses] of [['Tab', stops + 3], ['Shift+Tab', 4]] as const) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const state = await settledFocus(page);
      expect(state.inDialog, `${key} ${i + 1}: the focus left the dialog for ${state.where}`).toBe(true);
      if (state.problem) unseen.push(`in the dialog: ${state.problem}`);
      seen.add(state.where);
    }
  }
  expect(seen.size).toBeGreaterThan(5);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusOn(add);

  // The table: on from the toolbar to the first row's edit action.
  const editAction = page.locator('#helio-content .ant-table tbody tr.ant-table-row').first().getByRole('button', { name: L.edit });
  await tabTo(editAction);

  expect([...new Set(unseen)]).toEqual([]);
});
