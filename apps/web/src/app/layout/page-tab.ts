import type { TFunction } from 'i18next';
import type { MenuTitle } from '@/core/menu/menu-utils';
import type { TabTitle } from '@/core/tabs/tab-rules';
import type { Content } from '../resolve-content';

export interface PageTab {
  title: TabTitle;
  text: string;
  isTab: boolean;
}

/** The tab (title, label text, whether it is a tab at all) of what the content area shows at a location; null for none. */
export function pageTab(content: Content, location: { pathname: string; search: string }, menuTitle: MenuTitle, t: TFunction): PageTab | null {
  if (content.kind !== 'page' && content.kind !== 'not-built') return null;
  // A page under a menu (a detail page) that names its own title is not that menu's tab.
  const own = content.kind === 'page' && content.entry.titleKey && content.menu?.path !== location.pathname;
  const menu = own ? undefined : content.menu;
  if (menu) return { title: { code: menu.code, name: menu.name }, text: menuTitle(menu), isTab: true };
  if (content.kind !== 'page') return null;
  const query = new URLSearchParams(location.search);
  const code = query.get('code');
  const name = query.get('name');
  if (code || name) {
    const title = { code: code ?? undefined, name: name ?? undefined };
    return { title, text: code ? menuTitle({ code, name: name ?? '' }) : (name ?? ''), isTab: true };
  }
  const key = content.entry.titleKey;
  return { title: { key }, text: key ? t(key) : `${location.pathname}${location.search}`, isTab: content.entry.isTab !== false };
}
