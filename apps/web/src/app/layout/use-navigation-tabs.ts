import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import type { MenuItem } from '@/core/menu/types';
import type { MenuTitle } from '@/core/menu/menu-utils';
import { useTabStore } from '@/core/tabs/tab-store';
import { resolvePage } from '../features';
import { onNavigation } from '../navigation-feed';
import { resolveContent } from '../resolve-content';
import { pageTab } from './page-tab';

/**
 * Opens a tab for every address the user goes to, at the navigation (app/navigation-feed.ts), so quick menu clicks each
 * leave their tab even when only the last page gets drawn. A page that replaced its own address (a new record's page
 * after its first save, `…/design` → `…/design?id=7`) keeps its tab under the new address.
 */
export function useNavigationTabs(menus: readonly MenuItem[], menuTitle: MenuTitle, t: TFunction): void {
  const latest = useRef({ menus, menuTitle, t });
  latest.current = { menus, menuTitle, t };
  useEffect(
    () =>
      onNavigation((location, action, previous) => {
        const { menus: items, menuTitle: title, t: translate } = latest.current;
        const fullPath = `${location.pathname}${location.search}`;
        const tab = pageTab(resolveContent(location.pathname, fullPath, items, resolvePage), location, title, translate);
        if (!tab?.isTab) return;
        const next = { path: fullPath, title: tab.title, closable: true };
        const from = previous && `${previous.pathname}${previous.search}`;
        if (action === 'REPLACE' && from && from !== fullPath) useTabStore.getState().replace(from, next);
        else useTabStore.getState().open(next);
      }),
    [],
  );
}
