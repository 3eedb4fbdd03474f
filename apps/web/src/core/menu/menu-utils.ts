import type { ButtonNode, MenuItem } from './types';

export type MenuTitle = (item: Pick<MenuItem, 'code' | 'name' | 'meta'>) => string;

/** Hide items whose `meta.roles` exclude every role of the user (spec §2 Sidebar). */
export function filterMenusByRoles(items: readonly MenuItem[], roles: readonly string[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    const allowed = item.meta?.roles;
    if (allowed && allowed.length > 0 && !allowed.some((r) => roles.includes(r))) continue;
    const children = item.children ? filterMenusByRoles(item.children, roles) : undefined;
    out.push(children ? { ...item, children } : item);
  }
  return out;
}

export function hasChildren(item: MenuItem): item is MenuItem & { children: MenuItem[] } {
  return Array.isArray(item.children) && item.children.length > 0;
}

/** Items without children, in menu order. */
export function flattenLeaves(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (hasChildren(item) ? flattenLeaves(item.children) : [item]));
}

/** Every item, parents first. */
export function flattenAll(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...(hasChildren(item) ? flattenAll(item.children) : [])]);
}

/**
 * Menu search (spec §2): leaf items only, name prefix match, case-insensitive. An empty query finds nothing.
 * `title` gives the displayed (translated) name.
 */
export function searchMenus(items: readonly MenuItem[], query: string, title: MenuTitle): MenuItem[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [];
  return flattenLeaves(items).filter((item) => title(item).toLocaleLowerCase().startsWith(q));
}

export function isExternalPath(path: string | undefined): boolean {
  if (!path) return false;
  return /^https?:\/\//i.test(path) || /\.html?(\?|#|$)/i.test(path);
}

/** Where a leaf menu navigates: its path, or the iframe route with the entry's fields as the query string. */
export function menuTarget(item: MenuItem): string {
  if (!isExternalPath(item.path)) return item.path;
  const query = new URLSearchParams({ url: item.path, name: item.name, code: item.code, id: item.id });
  return `/myiframe/urlPath?${query.toString()}`;
}

/** Open-mode 2 + external address: a new window instead of a route. */
export function opensInNewWindow(item: MenuItem): boolean {
  return item.isOpen === 2 && isExternalPath(item.path);
}

/**
 * The item the sidebar marks for the current location: the item whose target equals the full path, else the
 * longest path prefix (its group), plus the chain of its ancestors.
 */
export function findActiveChain(items: readonly MenuItem[], pathname: string, fullPath = pathname): MenuItem[] {
  // An exact match always beats a group (prefix) match; among prefixes the longest wins.
  const EXACT = 1_000_000;
  let best: MenuItem[] = [];
  let bestScore = -1;
  const walk = (list: readonly MenuItem[], chain: MenuItem[]) => {
    for (const item of list) {
      const next = [...chain, item];
      let score = -1;
      if (menuTarget(item) === fullPath || item.path === pathname) score = EXACT + item.path.length;
      else if (item.path && item.path !== '/' && !isExternalPath(item.path) && pathname.startsWith(`${item.path}/`)) {
        score = item.path.length;
      }
      if (score > bestScore) {
        best = next;
        bestScore = score;
      }
      if (hasChildren(item)) walk(item.children, next);
    }
  };
  walk(items, []);
  return best;
}

/** The menu leaf reached by a route path (full path first, then the pathname). */
export function findMenuByPath(items: readonly MenuItem[], pathname: string, fullPath = pathname): MenuItem | undefined {
  const leaves = flattenLeaves(items);
  return leaves.find((i) => menuTarget(i) === fullPath) ?? leaves.find((i) => i.path === pathname);
}

/** Permission set: the `code` of every leaf of the buttons tree (Saber SET_PERMISSION). */
export function collectButtonCodes(nodes: readonly ButtonNode[] | null | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly ButtonNode[]) => {
    for (const node of list) {
      if (node.children && node.children.length > 0) walk(node.children);
      else if (node.code) out.add(node.code);
    }
  };
  walk(nodes ?? []);
  return out;
}

export function sortMenus(items: readonly MenuItem[]): MenuItem[] {
  return [...items]
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map((item) => (hasChildren(item) ? { ...item, children: sortMenus(item.children) } : item));
}
