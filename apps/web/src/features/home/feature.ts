/** The data centre page every signed-in user has. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { eager: true, import: 'default' }),
  pages: [
    {
      path: '/home/data-center',
      always: true,
      titleKey: 'route.dataCenter',
      page: page(() => import('./data-center-page'), 'DataCenterPage'),
    },
  ],
  redirects: { '/home': '/home/data-center' },
});
