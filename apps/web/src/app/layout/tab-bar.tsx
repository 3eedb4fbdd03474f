import { Button, Dropdown, Tabs } from 'antd';
import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { clearCaches } from '@/core/cache';
import type { Tab } from '@/core/tabs/tab-rules';
import { useTabStore } from '@/core/tabs/tab-store';
import { useMenuTitle } from './use-menu-title';
import { loadTextsOf } from '@/app/features';
import { useLocaleRevision } from '@/core/i18n/i18n';
import { toast } from '@/core/notify';

export function useTabLabel(): (tab: Tab) => string {
  const { t, i18n } = useTranslation();
  const title = useMenuTitle();
  // Redrawn when a feature's texts arrive (a tab of a page not opened in this visit names it by a key of its feature).
  useLocaleRevision();
  return (tab) => {
    if (tab.title.code) return title({ code: tab.title.code, name: tab.title.name ?? tab.path });
    if (tab.title.key) {
      if (i18n.exists(tab.title.key)) return t(tab.title.key);
      loadTextsOf(tab.title.key);
      return tab.title.name ?? '';
    }
    return tab.title.name ?? tab.path;
  };
}

/** Open pages as closable tabs; the first (home) tab is always kept. */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const tabs = useTabStore((s) => s.tabs);
  const label = useTabLabel();
  const active = `${location.pathname}${location.search}`;
  // In an event handler, the page the browser shows now: a navigation to a lazily loaded page is a transition, so
  // the URL changes before this component re-renders with the new location (the render's `active` would be stale).
  const current = () => `${window.location.pathname}${window.location.search}`;

  const go = (to: string | undefined) => {
    if (to && to !== current()) void navigate(to);
  };

  /** The tab menu of `tab` (a tab's own menu), or of the page shown when the menu is used (the bar's menu). */
  const actions = (tab?: string): MenuProps => ({
    items: [
      { key: 'closeOthers', label: t('tabs.closeOthers') },
      { key: 'closeAll', label: t('tabs.closeAll') },
      { type: 'divider' },
      { key: 'clearCache', label: t('tabs.clearCache') },
    ],
    onClick: ({ key }) => {
      const store = useTabStore.getState();
      const path = tab ?? current();
      if (key === 'closeOthers') {
        const result = store.closeOthers(path);
        go(path !== current() ? path : result.navigateTo);
      } else if (key === 'closeAll') {
        go(store.closeAll().navigateTo);
      } else if (key === 'clearCache') {
        void clearCaches().then(() => toast.success(t('tabs.cacheCleared')));
      }
    },
  });

  return (
    <div className="helio-tabs" role="navigation" aria-label={t('tabs.label')}>
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={tabs.some((tab) => tab.path === active) ? active : undefined}
        onChange={(key) => go(key)}
        onEdit={(key, action) => {
          if (action !== 'remove' || typeof key !== 'string') return;
          go(useTabStore.getState().close(key, current()).navigateTo);
        }}
        items={tabs.map((tab) => ({
          key: tab.path,
          closable: tab.closable,
          label: (
            <Dropdown menu={actions(tab.path)} trigger={['contextMenu']}>
              <span className="helio-tabs__label" data-path={tab.path}>
                {label(tab)}
              </span>
            </Dropdown>
          ),
        }))}
      />
      {/* Beside the strip, not inside it: a tab list holds tabs only (axe aria-required-children). */}
      <Dropdown menu={actions()} trigger={['click']}>
        <Button size="small" type="text" aria-label={t('tabs.menu')} className="helio-tabs__more">
          <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
