import { Button, Tooltip } from 'antd';
import { LockOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import type { MenuItem, TopMenu } from '@/core/menu/types';
import { ErrorLogButton } from './error-log-button';
import { FullscreenButton } from './fullscreen-button';
import { MenuAutocomplete } from './menu-autocomplete';
import { NoticeButton } from './notice-button';
import { useShellStore } from './shell-store';
import { PrimaryColorPicker, ThemePicker } from './theme-picker';
import { TopMenuBar } from './top-menu';
import { UserDropdown } from './user-dropdown';
import type { ScreenSize } from './use-screen';

export function AppHeader({
  menus,
  topMenus,
  size,
  collapsed,
  onToggle,
}: {
  menus: MenuItem[];
  topMenus: TopMenu[];
  size: ScreenSize;
  collapsed: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const setShell = useShellStore((s) => s.set);
  const small = size === 'xs';
  const toggleLabel = t(small ? 'header.openMenu' : collapsed ? 'header.expand' : 'header.collapse');
  return (
    <header className="helio-header">
      <div className="helio-header__left">
        <Button
          type="text"
          className="helio-header__btn"
          aria-label={toggleLabel}
          title={toggleLabel}
          icon={collapsed || small ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
        />
        {size === 'lg' ? <TopMenuBar items={topMenus} /> : null}
      </div>
      <div className="helio-header__right">
        {size === 'lg' || size === 'md' ? <MenuAutocomplete menus={menus} /> : null}
        <Tooltip title={t('search.title')}>
          <Button
            type="text"
            className="helio-header__btn"
            aria-label={t('search.title')}
            icon={<SearchOutlined />}
            onClick={() => setShell({ searchOpen: true })}
          />
        </Tooltip>
        <LanguageSwitch className="helio-header__btn" showLabel={!small} />
        <ThemePicker />
        <PrimaryColorPicker />
        <Tooltip title={t('lock.title')}>
          <Button
            type="text"
            className="helio-header__btn"
            aria-label={t('lock.title')}
            icon={<LockOutlined />}
            onClick={() => setShell({ lockOpen: true })}
          />
        </Tooltip>
        {small ? null : <FullscreenButton />}
        <ErrorLogButton />
        <NoticeButton />
        <UserDropdown compact={size === 'xs' || size === 'sm'} />
      </div>
    </header>
  );
}
