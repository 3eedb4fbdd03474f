/** Object storage, attachments and SMS configuration. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [
    { code: 'oss', page: page(() => import('./oss-page'), 'OssPage') },
    { code: 'attach', page: page(() => import('./attach-page'), 'AttachPage') },
    { code: 'sms', page: page(() => import('./sms-page'), 'SmsPage') },
  ],
});
