/** Stations and their equipment: lists and detail pages (and the home dashboard, `station.lazy`). */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  // `station`: loaded with the first station page, not on /login.
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [
    { code: 'power_station', page: page(() => import('./station-page'), 'StationListPage') },
    {
      path: '/power-station-equip/power/detail/:id',
      titleKey: 'station.route.plantDetail',
      page: page(() => import('./station-page'), 'StationDetailPage'),
    },
    { code: 'inverter', page: page(() => import('./inverter-page'), 'InverterListPage') },
    { path: '/inverter/detail/:id', titleKey: 'station.route.inverterDetail', page: page(() => import('./inverter-page'), 'InverterDetailPage') },
    { code: 'battery', page: page(() => import('./battery-page'), 'BatteryListPage') },
    { path: '/battery/detail/:id', titleKey: 'station.route.batteryDetail', page: page(() => import('./battery-page'), 'BatteryDetailPage') },
    { code: 'guardian', page: page(() => import('./guardian-page'), 'GuardianListPage') },
    { path: '/guardian/detail/:id', titleKey: 'station.route.guardianDetail', page: page(() => import('./guardian-page'), 'GuardianDetailPage') },
    { code: 'charge', page: page(() => import('./charger-page'), 'ChargerListPage') },
    { path: '/charge/detail/:id', titleKey: 'station.route.chargerDetail', page: page(() => import('./charger-page'), 'ChargerDetailPage') },
  ],
});
