/**
 * Maintenance orders (issue 20): the list with the service KPIs (`/epc/maintenance`), the call-in page (a site found
 * by its customer or a serial, or an alarm's device) and an order's detail — the installer order's detail page
 * (features/epc `OrderDetailView`) on the maintenance definition, with the device replacement of the repair QC. The
 * pages use the order screens' texts too, so the epc feature's locales load with them.
 */
import type { ComponentType } from 'react';
import { defineFeature, page } from '@/core/feature';
import epc from '@/features/epc/feature';

/** A page of this feature, the order screens' locale bundles loaded first. */
const withEpc = <M extends Record<K, ComponentType>, K extends string>(load: () => Promise<M>, name: K) =>
  page(() => epc.loadLocales().then(load), name);

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [
    { code: 'epc_maintenance', page: withEpc(() => import('./maint-list-page'), 'MaintListPage') },
    // Under the menu path: open to whoever has the maintenance list; the server decides what they may see and do.
    { path: '/epc/maintenance/add', titleKey: 'maintenance.route.add', page: withEpc(() => import('./maint-add-page'), 'MaintAddPage') },
    { path: '/epc/maintenance/detail/:id', titleKey: 'maintenance.route.detail', page: withEpc(() => import('./maint-detail-page'), 'MaintDetailPage') },
  ],
});
