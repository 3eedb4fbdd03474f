/** The signed-in user's own profile and password. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  pages: [{ path: '/info/index', always: true, titleKey: 'route.info', page: page(() => import('./info-page'), 'InfoPage') }],
});
