/**
 * Installer (EPC) orders (issue 18): the order list (`/epc/order`), the create page and an order's detail page with
 * its current stage, its data, its progress diagram and its review history. The stage panel and the stage forms are
 * `./stage` (with their own locale bundle, `epc-stage`).
 */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [
    { code: 'epc_order', page: page(() => import('./order-list-page'), 'OrderListPage') },
    // Under the menu path: open to whoever has the order list; the server decides what they may see and do.
    { path: '/epc/order/add', titleKey: 'epc.route.add', page: page(() => import('./order-add-page'), 'OrderAddPage') },
    { path: '/epc/order/detail/:id', titleKey: 'epc.route.detail', page: page(() => import('./order-detail-page'), 'OrderDetailPage') },
  ],
});
