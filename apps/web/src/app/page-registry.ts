import { createElement, lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { lazyNamed, withChunkTimeout } from '@/core/lazy';

/**
 * Route path → lazy page. A menu path with an entry here opens that page; a menu path without one opens the
 * translated "not built yet" page. Later issues add their pages to `PAGES` below (one line each):
 *
 *   { path: '/system/user', page: lazyNamed(() => import('@/features/system/user/user-page'), 'UserPage') },
 */
export interface PageEntry {
  /** Route pattern (react-router syntax, e.g. `/myiframe/:routerPath`). */
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** i18n key of the title; menu pages take the menu name instead. */
  titleKey?: string;
  /** `false`: not added to the tab bar. */
  isTab?: boolean;
  /** Opens for every signed-in user; otherwise the path must be in the user's menu (or under a menu path). */
  always?: boolean;
}

const PAGES: PageEntry[] = [
  { path: '/wel/index', always: true, titleKey: 'route.wel', page: lazyNamed(() => import('@/features/wel/wel-page'), 'WelPage') },
  {
    path: '/home/data-center',
    always: true,
    titleKey: 'route.dataCenter',
    page: lazyNamed(() => import('@/features/home/data-center-page'), 'DataCenterPage'),
  },
  { path: '/info/index', always: true, titleKey: 'route.info', page: lazyNamed(() => import('@/features/info/info-page'), 'InfoPage') },
  { path: '/test/index', always: true, titleKey: 'route.test', page: lazyNamed(() => import('@/features/test/test-page'), 'TestPage') },
  {
    path: '/myiframe/:routerPath',
    always: true,
    titleKey: 'route.iframe',
    page: lazyNamed(() => import('@/features/iframe/iframe-page'), 'IframePage'),
  },
  // System administration (issue 4)
  { path: '/system/param', page: lazyNamed(() => import('@/features/system/simple-pages'), 'ParamPage') },
  { path: '/system/post', page: lazyNamed(() => import('@/features/system/simple-pages'), 'PostPage') },
  { path: '/system/dept', page: lazyNamed(() => import('@/features/system/simple-pages'), 'DeptPage') },
  { path: '/system/client', page: lazyNamed(() => import('@/features/system/simple-pages'), 'ClientPage') },
  { path: '/system/user', page: lazyNamed(() => import('@/features/system/user/user-page'), 'UserPage') },
  { path: '/system/menu', page: lazyNamed(() => import('@/features/system/menu-page'), 'MenuPage') },
  { path: '/system/topmenu', page: lazyNamed(() => import('@/features/system/topmenu-page'), 'TopMenuPage') },
  { path: '/system/tenant', page: lazyNamed(() => import('@/features/system/tenant-page'), 'TenantPage') },
  { path: '/system/tenant-package', page: lazyNamed(() => import('@/features/system/tenant-package-page'), 'TenantPackagePage') },
  { path: '/dict-horizontal/index', page: lazyNamed(() => import('@/features/system/dict/dict-pages'), 'DictPage') },
  { path: '/dict-vertical/index', page: lazyNamed(() => import('@/features/system/dict/dict-pages'), 'DictBizPage') },
  { path: '/authority/role', page: lazyNamed(() => import('@/features/authority/role-page'), 'RolePage') },
  { path: '/authority/datascope', page: lazyNamed(() => import('@/features/authority/scope-page'), 'DataScopePage') },
  { path: '/authority/apiscope', page: lazyNamed(() => import('@/features/authority/scope-page'), 'ApiScopePage') },
  { path: '/base/region', page: lazyNamed(() => import('@/features/base/region-page'), 'RegionPage') },
  // Stations and equipment (issue 6)
  { path: '/power-station-equip/power', page: lazyNamed(() => import('@/features/station/station-page'), 'StationListPage') },
  { path: '/power-station-equip/power/detail/:id', titleKey: 'station.route.plantDetail', page: lazyNamed(() => import('@/features/station/station-page'), 'StationDetailPage') },
  { path: '/inverter', page: lazyNamed(() => import('@/features/station/inverter-page'), 'InverterListPage') },
  { path: '/inverter/detail/:id', titleKey: 'station.route.inverterDetail', page: lazyNamed(() => import('@/features/station/inverter-page'), 'InverterDetailPage') },
  { path: '/battery', page: lazyNamed(() => import('@/features/station/battery-page'), 'BatteryListPage') },
  { path: '/battery/detail/:id', titleKey: 'station.route.batteryDetail', page: lazyNamed(() => import('@/features/station/battery-page'), 'BatteryDetailPage') },
  { path: '/guardian', page: lazyNamed(() => import('@/features/station/guardian-page'), 'GuardianListPage') },
  { path: '/guardian/detail/:id', titleKey: 'station.route.guardianDetail', page: lazyNamed(() => import('@/features/station/guardian-page'), 'GuardianDetailPage') },
  { path: '/charge', page: lazyNamed(() => import('@/features/station/charger-page'), 'ChargerListPage') },
  { path: '/charge/detail/:id', titleKey: 'station.route.chargerDetail', page: lazyNamed(() => import('@/features/station/charger-page'), 'ChargerDetailPage') },
  // Factory (exit-factory) information (issue 6)
  { path: '/device-factory/inverter', page: lazyNamed(() => import('@/features/device-factory/factory-pages'), 'InverterFactoryPage') },
  { path: '/device-factory/battery', page: lazyNamed(() => import('@/features/device-factory/factory-pages'), 'BatteryFactoryPage') },
  { path: '/device-factory/guardian', page: lazyNamed(() => import('@/features/device-factory/factory-pages'), 'GuardianFactoryPage') },
  { path: '/device-factory/charger', page: lazyNamed(() => import('@/features/device-factory/factory-pages'), 'ChargerFactoryPage') },
  // Files, SMS, notices, logs, developer tools and reports (issue 5)
  { path: '/desk/notice', page: lazyNamed(() => import('@/features/desk/notice-page'), 'NoticePage') },
  { path: '/resource/oss', page: lazyNamed(() => import('@/features/resource/oss-page'), 'OssPage') },
  { path: '/resource/attach', page: lazyNamed(() => import('@/features/resource/attach-page'), 'AttachPage') },
  { path: '/resource/sms', page: lazyNamed(() => import('@/features/resource/sms-page'), 'SmsPage') },
  { path: '/monitor/log/usual', page: lazyNamed(() => import('@/features/monitor/log-page'), 'UsualLogPage') },
  { path: '/monitor/log/api', page: lazyNamed(() => import('@/features/monitor/log-page'), 'ApiLogPage') },
  { path: '/monitor/log/error', page: lazyNamed(() => import('@/features/monitor/log-page'), 'ErrorLogPage') },
  { path: '/tool/datasource', page: lazyNamed(() => import('@/features/develop/datasource-page'), 'DatasourcePage') },
  { path: '/tool/model', page: lazyNamed(() => import('@/features/develop/model-page'), 'ModelPage') },
  { path: '/tool/code', page: lazyNamed(() => import('@/features/develop/code-page'), 'CodePage') },
  { path: '/report/list', page: lazyNamed(() => import('@/features/report/report-page'), 'ReportPage') },
];

/**
 * Modules whose pages are their resource definition and nothing else yet: the generic screen of the definition named
 * here, until a bespoke page replaces it (`[path, resource name]`).
 */
const GENERIC_PAGES: readonly (readonly [path: string, resource: string])[] = [];

function resourcePage(name: string): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    withChunkTimeout(() => import('@/core/crud/resource-page')).then((m) => ({
      default: function GenericResourcePage() {
        return createElement(m.ResourcePage, { name });
      },
    })),
  );
}

for (const [path, name] of GENERIC_PAGES) {
  if (!PAGES.some((p) => p.path === path)) PAGES.push({ path, page: resourcePage(name) });
}

/** Plug a page in at run time (tests, feature modules). A later entry for the same path wins. */
export function registerPage(entry: PageEntry): void {
  PAGES.unshift(entry);
}

export function resolvePage(pathname: string): PageEntry | undefined {
  return PAGES.find((entry) => matchPath({ path: entry.path, end: true }, pathname) !== null);
}

export function registeredPaths(): string[] {
  return PAGES.map((p) => p.path);
}
