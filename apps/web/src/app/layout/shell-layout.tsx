import { lazy, Suspense, useEffect, useState } from 'react';
import type { CSSProperties } from 'react';
import { Drawer } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { installAntdPatches } from '@/core/a11y/antd-patches';
import { useTokenRefresh } from '@/core/auth/token-refresh';
import { queryClient } from '@/core/query-client';
import { useThemeStore } from '@/core/theme/theme-store';
import { readablePrimary } from '@/core/theme/contrast';
import { themeLook } from '@/core/theme/themes';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { ContentArea } from './content-area';
import { LogoBar } from './logo-bar';
import { SearchOverlay } from './search-overlay';
import { useShellStore } from './shell-store';
import { TabBar } from './tab-bar';
import { useButtons, useMenus, useTopMenus } from './use-shell-data';
import { useScreenSize } from './use-screen';
import './shell.css';
import './shell-popups.css';

/**
 * The lock and switch dialogs (antd's Form, Modal and Select with them) load when first opened, not with the shell;
 * once opened they stay mounted, so that they close with their animation and give the focus back.
 */
const LockDialog = lazy(() => import('./lock-dialog').then((m) => ({ default: m.LockDialog })));
const SwitchDialog = lazy(() => import('./switch-dialog').then((m) => ({ default: m.SwitchDialog })));

/** True from the first time `value` is true on. */
function useOnceTrue(value: boolean): boolean {
  const [once, setOnce] = useState(value);
  if (value && !once) setOnce(true);
  return once || value;
}

/** The signed-in console: sidebar, header, tab bar, search overlay and the content area. The shell owns the data cache: the public pages do without react-query. */
export function ShellLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  const size = useScreenSize();
  const small = size === 'xs';
  const themeName = useThemeStore((s) => s.theme);
  const color = useThemeStore((s) => s.color);
  const collapsedSetting = useThemeStore((s) => s.collapsed);
  const setCollapsed = useThemeStore((s) => s.setCollapsed);
  const drawerOpen = useShellStore((s) => s.drawerOpen);
  const lockUsed = useOnceTrue(useShellStore((s) => s.lockOpen));
  const switchUsed = useOnceTrue(useShellStore((s) => s.switchOpen));
  const [mediumExpanded, setMediumExpanded] = useState(false);
  const setShell = useShellStore((s) => s.set);
  const { menus, loading } = useMenus();
  const topMenus = useTopMenus();
  useButtons();
  useTokenRefresh();

  const look = themeLook(themeName, color);
  // 768–991 px starts collapsed (not remembered); below 768 px the sidebar is a drawer.
  const collapsed = size === 'sm' ? !mediumExpanded : collapsedSetting;
  const onToggle = () => {
    if (small) setShell({ drawerOpen: true });
    else if (size === 'sm') setMediumExpanded(!mediumExpanded);
    else setCollapsed(!collapsed);
  };

  useEffect(installAntdPatches, []);

  useEffect(() => {
    setShell({ drawerOpen: false });
  }, [location.pathname, setShell]);

  const style = Object.fromEntries(
    Object.entries({ ...look.vars, primary: readablePrimary(color) }).map(([k, v]) => [
      `--helio-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
      v,
    ]),
  ) as CSSProperties;

  const sidebar = (isCollapsed: boolean) => (
    <nav className="helio-sidebar" aria-label={t('header.sidebar')}>
      <LogoBar collapsed={isCollapsed} />
      <div className="helio-sidebar__scroll">
        <AppSidebar
          menus={menus}
          collapsed={isCollapsed}
          theme={look.menuTheme}
          onNavigate={small ? () => setShell({ drawerOpen: false }) : undefined}
        />
      </div>
    </nav>
  );

  return (
    <>
      <div
        className={`helio-shell helio-size-${size} helio-theme-${themeName}${collapsed ? ' is-collapsed' : ''}`}
        style={style}
        data-theme={themeName}
      >
        {small ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setShell({ drawerOpen: false })}
            width={260}
            closable={false}
            className="helio-drawer"
            styles={{ body: { padding: 0 } }}
            rootStyle={style}
            rootClassName={`helio-theme-${themeName}`}
          >
            {sidebar(false)}
          </Drawer>
        ) : (
          <aside className="helio-shell__aside">{sidebar(collapsed)}</aside>
        )}
        <div className="helio-shell__main">
          <AppHeader
            menus={menus}
            topMenus={topMenus}
            size={size}
            collapsed={collapsed}
            onToggle={onToggle}
          />
          <TabBar />
          {/* data-path: the address whose page is drawn (the router hands a new one to React in a transition, so the address
              bar can be ahead of the page for a moment); the browser walks wait on it. */}
          <main className="helio-content" id="helio-content" data-path={`${location.pathname}${location.search}`}>
            <ContentArea menus={menus} menusLoading={loading} />
          </main>
        </div>
        <SearchOverlay menus={menus} />
        <Suspense fallback={null}>
          {lockUsed ? <LockDialog /> : null}
          {switchUsed ? <SwitchDialog /> : null}
        </Suspense>
      </div>
    </>
  );
}
