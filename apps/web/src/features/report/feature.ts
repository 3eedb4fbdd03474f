/** Reports. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [{ code: 'report_list', page: page(() => import('./report-page'), 'ReportPage') }],
});
