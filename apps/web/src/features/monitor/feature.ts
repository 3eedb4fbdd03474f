/** Usual, API and error logs. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [
    { code: 'log_usual', page: page(() => import('./log-page'), 'UsualLogPage') },
    { code: 'log_api', page: page(() => import('./log-page'), 'ApiLogPage') },
    { code: 'log_error', page: page(() => import('./log-page'), 'ErrorLogPage') },
  ],
});
