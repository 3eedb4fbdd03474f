/** The test page every signed-in user has. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { eager: true, import: 'default' }),
  pages: [{ path: '/test/index', always: true, titleKey: 'route.test', page: page(() => import('./test-page'), 'TestPage') }],
});
