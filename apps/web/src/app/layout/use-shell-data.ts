import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/core/auth/session-store';
import { rolesOf } from '@/core/auth/types';
import { http } from '@/core/http/http';
import { readMenuCache } from '@/core/menu/menu-cache';
import { menuButtonsQuery, menuRoutesQuery } from '@/core/menu/menu-queries';
import { collectButtonCodes, filterMenusByRoles, sortMenus } from '@/core/menu/menu-utils';
import type { MenuItem, TopMenu } from '@/core/menu/types';
import { usePermissionStore } from '@/core/permission/permission-store';
import { useShellStore } from './shell-store';

/** The user's menu tree (role-filtered, sorted); drawn from the local cache until the server answers. */
export function useMenus(): { menus: MenuItem[]; loading: boolean; failed: boolean } {
  const { i18n } = useTranslation();
  const topMenuId = useShellStore((s) => s.topMenuId);
  const user = useSessionStore((s) => s.user);
  const query = useQuery({
    ...menuRoutesQuery(i18n.language, topMenuId, user),
    placeholderData: (previous) => previous ?? (topMenuId ? undefined : readMenuCache()),
  });
  const roles = useMemo(() => rolesOf(user), [user]);
  const menus = useMemo(() => sortMenus(filterMenusByRoles(query.data ?? [], roles)), [query.data, roles]);
  return { menus, loading: query.isPending || (query.isPlaceholderData && menus.length === 0), failed: query.isError };
}

/** Button permission codes, kept in memory and refetched after a reload. */
export function useButtons(): void {
  const user = useSessionStore((s) => s.user);
  const query = useQuery(menuButtonsQuery(user));
  useEffect(() => {
    if (query.data) usePermissionStore.getState().setCodes(collectButtonCodes(query.data));
  }, [query.data]);
}

export function useTopMenus(): TopMenu[] {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['top-menu', i18n.language],
    queryFn: () => http.get<TopMenu[]>('/api/blade-system/menu/top-menu', { silentCodes: [404] }),
    staleTime: 5 * 60_000,
  });
  return Array.isArray(query.data) ? query.data : [];
}
