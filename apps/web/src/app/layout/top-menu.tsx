import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TopMenu } from '@/core/menu/types';
import { MenuIcon } from '@/core/menu/menu-icon';
import { useMenuTitle } from './use-menu-title';
import { useShellStore } from './shell-store';

/** Top menus (may be none): choosing one narrows the sidebar to that group of menus. */
export function TopMenuBar({ items }: { items: TopMenu[] }) {
  const { t } = useTranslation();
  const title = useMenuTitle();
  const topMenuId = useShellStore((s) => s.topMenuId);
  const setShell = useShellStore((s) => s.set);
  if (items.length === 0) return null;
  return (
    <Menu
      className="helio-header__topmenu"
      mode="horizontal"
      selectedKeys={[topMenuId || 'all']}
      onClick={({ key }) => setShell({ topMenuId: key === 'all' ? '' : key })}
      items={[
        { key: 'all', label: t('header.allMenus') },
        ...items.map((m) => ({ key: m.id, icon: <MenuIcon name={m.source} />, label: title(m) })),
      ]}
    />
  );
}
