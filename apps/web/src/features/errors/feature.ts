/** The error pages outside the shell (the shell's own 403 and "not built yet" contents live here too). */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  routes: [
    { path: '/404', titleKey: 'error.404.title', page: page(() => import('./error-pages'), 'NotFoundPage') },
    { path: '/403', titleKey: 'error.403.title', page: page(() => import('./error-pages'), 'ForbiddenPage') },
    { path: '/500', titleKey: 'error.500.title', page: page(() => import('./error-pages'), 'ServerErrorPage') },
  ],
});
