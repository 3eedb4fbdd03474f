/** Notices (the shell's notice button shows them with `NoticeContent`). */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [{ code: 'notice', page: page(() => import('./notice-page'), 'NoticePage') }],
});
