import { PAGES } from '@helio/contracts/permissions';
import { findActiveChain, findMenuByPath, hasChildren, isExternalPath } from '@/core/menu/menu-utils';
import type { MenuItem } from '@/core/menu/types';
import type { PageEntry } from '@/core/feature';

export type Content =
  | { kind: 'page'; entry: PageEntry; menu?: MenuItem }
  | { kind: 'not-built'; menu: MenuItem }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

function underPath(pathname: string, base: string): boolean {
  return base !== '/' && (pathname === base || pathname.startsWith(`${base}/`));
}

/**
 * What the content area shows for a location: a registered page, the "not built yet" page for a menu path
 * without a page, 403 for a console page the user's menu does not grant, else 404.
 */
export function resolveContent(
  pathname: string,
  fullPath: string,
  menus: readonly MenuItem[],
  resolve: (pathname: string) => PageEntry | undefined,
): Content {
  const entry = resolve(pathname);
  if (entry?.always) return { kind: 'page', entry, menu: findMenuByPath(menus, pathname, fullPath) };

  const exact = findMenuByPath(menus, pathname, fullPath);
  const chain = exact ? [] : findActiveChain(menus, pathname, fullPath);
  const group = chain[chain.length - 1];
  const leafGroup = group && !hasChildren(group) && !isExternalPath(group.path) && underPath(pathname, group.path);
  const menu = exact ?? (leafGroup ? group : undefined);
  if (menu) return entry ? { kind: 'page', entry, menu } : { kind: 'not-built', menu };

  if (entry || PAGES.some((p) => underPath(pathname, p.path))) return { kind: 'forbidden' };
  return { kind: 'not-found' };
}
