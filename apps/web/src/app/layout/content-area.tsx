import { Suspense, useEffect, useMemo } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleRevision } from '@/core/i18n/i18n';
import { Navigate, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import type { MenuItem } from '@/core/menu/types';
import { useTabStore } from '@/core/tabs/tab-store';
import { ForbiddenContent } from '@/features/errors/forbidden-content';
import { NotBuiltPage } from '@/features/errors/not-built-page';
import { resolvePage } from '../features';
import { resolveContent } from '../resolve-content';
import { useMenuTitle } from './use-menu-title';
import { pageTab } from './page-tab';
import { useNavigationTabs } from './use-navigation-tabs';

function PageLoading() {
  return (
    <div className="helio-content__loading">
      <Spin />
    </div>
  );
}

/**
 * The page's one level-one heading: its title (the tab's), for screen readers and their heading navigation; the tab
 * bar shows it to the eye. Pages start their own headings at level two.
 */
function PageHeading({ text, titleKey }: { text: string; titleKey?: string | undefined }) {
  // A page's own title is translated here, at render: its feature's locale bundle may arrive after the tab was made.
  const { t } = useTranslation();
  useLocaleRevision();
  return <h1 className="helio-sr-only">{titleKey ? t(titleKey) : text}</h1>;
}

/** The page for the current location: registry page, "not built yet", 403 or a redirect to 404. */
export function ContentArea({ menus, menusLoading }: { menus: MenuItem[]; menusLoading: boolean }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const menuTitle = useMenuTitle();
  // Redraws the tab's title when the page's locale bundle arrives (it names itself by a key of that bundle).
  const revision = useLocaleRevision();
  const fullPath = `${location.pathname}${location.search}`;
  const content = useMemo(
    () => resolveContent(location.pathname, fullPath, menus, resolvePage),
    [location.pathname, fullPath, menus],
  );

  const tab = useMemo(
    () => pageTab(content, location, menuTitle, t),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `revision`: the page's texts arrived, `t(key)` answers anew
    [content, menuTitle, t, location.search, location.pathname, revision],
  );
  // Tabs open at each navigation (use-navigation-tabs.ts); the drawn page's tab takes its title in the language shown.
  useNavigationTabs(menus, menuTitle, t);
  useEffect(() => {
    if (!tab) return;
    document.title = tab.text;
    if (tab.isTab) useTabStore.getState().open({ path: fullPath, title: tab.title, closable: true });
  }, [tab, fullPath, i18n.language]);

  const forbidden = content.kind === 'forbidden' && !menusLoading;
  useEffect(() => {
    if (forbidden) document.title = t('error.403.title');
  }, [forbidden, t]);

  if (content.kind === 'not-found' || content.kind === 'forbidden') {
    if (menusLoading) return <PageLoading />;
    if (content.kind === 'not-found') return <Navigate to="/404" replace />;
    return (
      <>
        <PageHeading text={t('error.403.title')} />
        <ForbiddenContent />
      </>
    );
  }
  if (content.kind === 'not-built') {
    return (
      <>
        <PageHeading text={tab?.text ?? ''} titleKey={tab?.title.key} />
        <NotBuiltPage title={tab?.text ?? ''} path={location.pathname} />
      </>
    );
  }

  const Page = content.entry.page;
  // Inside the page's Suspense boundary: drawn with the page, whose feature texts (its title among them) load with it.
  const heading = <PageHeading text={tab?.text ?? ''} titleKey={tab?.title.key} />;
  return (
    <ErrorBoundary
      key={fullPath}
      fallback={(error, reset) => (
        <>
        {heading}
        <Result
          status="500"
          title={t(error.name === 'ChunkLoadError' ? 'error.chunk.title' : 'error.500.title')}
          subTitle={t(error.name === 'ChunkLoadError' ? 'error.chunk.desc' : 'error.500.desc')}
          extra={
            <Button type="primary" onClick={error.name === 'ChunkLoadError' ? () => window.location.reload() : reset}>
              {t('common.action.retry')}
            </Button>
          }
        />
        </>
      )}
    >
      <Suspense fallback={<PageLoading />}>
        {heading}
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
