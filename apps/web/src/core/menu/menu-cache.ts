import { STORAGE_KEYS, local } from '@/core/storage/storage';
import type { MenuItem } from './types';

/** The last menu tree, kept so a reload draws the sidebar at once (refetched in the background). */
export function readMenuCache(): MenuItem[] {
  const value = local.get<unknown>(STORAGE_KEYS.menu, []);
  return Array.isArray(value) ? (value as MenuItem[]) : [];
}

export function writeMenuCache(menus: readonly MenuItem[]): void {
  local.set(STORAGE_KEYS.menu, menus);
}
