/** Mail (SMTP) configurations, the test send and the outbox. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [{ code: 'mail', page: page(() => import('./mail-page'), 'MailPage') }],
});
