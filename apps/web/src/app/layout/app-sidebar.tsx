import { useEffect, useMemo, useState } from 'react';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { findActiveChain, flattenAll, hasChildren, menuTarget, opensInNewWindow } from '@/core/menu/menu-utils';
import type { MenuItem } from '@/core/menu/types';
import { MenuIcon } from '@/core/menu/menu-icon';
import { useMenuTitle } from './use-menu-title';

type Item = Required<MenuProps>['items'][number];

/** Sidebar built from the user's menu; marks the active item by path or group. */
export function AppSidebar({
  menus,
  collapsed,
  theme,
  onNavigate,
}: {
  menus: MenuItem[];
  collapsed: boolean;
  theme: 'dark' | 'light';
  /** Called after a leaf is chosen (small screens close the drawer). */
  onNavigate?: () => void;
}) {
  const title = useMenuTitle();
  const navigate = useNavigate();
  const location = useLocation();
  const fullPath = `${location.pathname}${location.search}`;

  const chain = useMemo(() => findActiveChain(menus, location.pathname, fullPath), [menus, location.pathname, fullPath]);
  const selected = chain.length ? [chain[chain.length - 1]!.id] : [];
  const [openKeys, setOpenKeys] = useState<string[]>(() => chain.slice(0, -1).map((m) => m.id));

  // Opening a page from elsewhere (tab, search) opens its group.
  useEffect(() => {
    const parents = chain.slice(0, -1).map((m) => m.id);
    if (parents.length) setOpenKeys((keys) => Array.from(new Set([...keys, ...parents])));
  }, [chain]);

  const byId = useMemo(() => new Map(flattenAll(menus).map((m) => [m.id, m])), [menus]);

  const items = useMemo(() => {
    const build = (list: MenuItem[]): Item[] =>
      list.map((m) =>
        hasChildren(m)
          ? { key: m.id, icon: <MenuIcon name={m.source} />, label: title(m), children: build(m.children) }
          : { key: m.id, icon: <MenuIcon name={m.source} />, label: title(m), title: title(m) },
      );
    return build(menus);
  }, [menus, title]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = byId.get(key);
    if (!item) return;
    if (opensInNewWindow(item)) {
      window.open(item.path, '_blank', 'noopener,noreferrer');
    } else {
      void navigate(menuTarget(item));
    }
    onNavigate?.();
  };

  return (
    <Menu
      className="helio-sidebar__menu"
      mode="inline"
      theme={theme}
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={selected}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={(keys) => setOpenKeys(keys)}
      onClick={onClick}
    />
  );
}
