/** Home: greeting, the clear-cache prompt and the fleet dashboard. */
import { WEBSITE } from '@/core/config';
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { eager: true, import: 'default' }),
  pages: [{ path: WEBSITE.firstPage, always: true, titleKey: 'route.wel', page: page(() => import('./wel-page'), 'WelPage') }],
  redirects: { '/wel': WEBSITE.firstPage },
});
