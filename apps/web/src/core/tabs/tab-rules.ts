import { WEBSITE } from '@/core/config';

/** How a tab's label is found when it is drawn (so it follows the language). */
export interface TabTitle {
  /** An i18n key (static routes). */
  key?: string;
  /** Menu code (translated through `menu.<code>`) and server name as the fallback. */
  code?: string;
  name?: string;
}

export interface Tab {
  /** Full path (pathname + search): the tab's identity. */
  path: string;
  title: TabTitle;
  closable: boolean;
}

export const FIRST_TAB: Tab = { path: WEBSITE.firstPage, title: { key: 'route.wel' }, closable: false };

/** The first tab is always present, first, and unclosable. */
export function normalizeTabs(tabs: readonly Tab[]): Tab[] {
  const rest = tabs.filter((t) => t.path !== FIRST_TAB.path);
  const first = tabs.find((t) => t.path === FIRST_TAB.path);
  return [{ ...FIRST_TAB, title: first?.title ?? FIRST_TAB.title, closable: false }, ...rest];
}

/** Open a tab: appended once; an existing tab keeps its place and takes the newer title. */
export function addTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const list = normalizeTabs(tabs);
  const index = list.findIndex((t) => t.path === tab.path);
  if (index === -1) return [...list, { ...tab, closable: tab.path !== FIRST_TAB.path }];
  const next = [...list];
  next[index] = { ...list[index]!, title: tab.title };
  return next;
}

/**
 * A page that replaced its own address (e.g. a new record's page, `…/design` → `…/design?id=7` after its first save):
 * its tab takes the new address in place instead of a second tab opening; otherwise as `addTab`.
 */
export function replaceTab(tabs: readonly Tab[], fromPath: string, tab: Tab): Tab[] {
  const list = normalizeTabs(tabs);
  const from = list.findIndex((t) => t.path === fromPath);
  if (from <= 0 || list.some((t) => t.path === tab.path)) return addTab(list, tab);
  const next = [...list];
  next[from] = { ...tab, closable: true };
  return next;
}

export interface CloseResult {
  tabs: Tab[];
  /** Where to go: set when the active tab was closed. */
  navigateTo?: string;
}

/** Close one tab; the first cannot be closed. Closing the active tab opens its neighbour (right, else left). */
export function closeTab(tabs: readonly Tab[], path: string, activePath: string): CloseResult {
  const list = normalizeTabs(tabs);
  const index = list.findIndex((t) => t.path === path);
  if (index <= 0) return { tabs: list };
  const next = list.filter((_, i) => i !== index);
  if (path !== activePath) return { tabs: next };
  const neighbour = list[index + 1] ?? list[index - 1] ?? FIRST_TAB;
  return { tabs: next, navigateTo: neighbour.path };
}

/** Keep the first tab and the given one. */
export function closeOtherTabs(tabs: readonly Tab[], keepPath: string): CloseResult {
  const list = normalizeTabs(tabs);
  const keep = list.find((t) => t.path === keepPath);
  const next = keep && keep.path !== FIRST_TAB.path ? [list[0]!, keep] : [list[0]!];
  return { tabs: next, navigateTo: keep ? undefined : FIRST_TAB.path };
}

/** Keep only the first tab and open it. */
export function closeAllTabs(tabs: readonly Tab[]): CloseResult {
  return { tabs: [normalizeTabs(tabs)[0]!], navigateTo: FIRST_TAB.path };
}
