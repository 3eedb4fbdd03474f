/** Alarms (issue 14): the alarm list with its filters, bulk acknowledgement, and the handling drawer with history. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [{ code: 'alarm', page: page(() => import('./alarm-page'), 'AlarmPage') }],
});
