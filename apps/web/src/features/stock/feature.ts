/** Stock and materials (issue 17): the stock ledger screen and the material list with Excel import and export. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [
    { code: 'epc_stock', page: page(() => import('./stock-page'), 'StockPage') },
    { code: 'epc_material', page: page(() => import('./material-page'), 'MaterialPage') },
  ],
});
