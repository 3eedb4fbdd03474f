import { matchPath } from 'react-router';
import { PAGES } from '@helio/contracts/permissions';
import { flattenAll, isExternalPath } from '@/core/menu/menu-utils';
import type { MenuItem } from '@/core/menu/types';
import { registeredPaths } from './features';

/** Whether a path can exist in the console: a registered page, a known menu page, or a path under one. */
export function isKnownPath(pathname: string, menus: readonly MenuItem[]): boolean {
  if (registeredPaths().some((pattern) => matchPath({ path: pattern, end: true }, pathname))) return true;
  const menuPaths = flattenAll(menus)
    .map((m) => m.path)
    .filter((p) => p && !isExternalPath(p));
  const paths = [...PAGES.map((p) => p.path), ...menuPaths];
  return paths.some((p) => p === pathname || (p !== '/' && pathname.startsWith(`${p}/`)));
}
