/** External pages inside the console (menu items whose path is a URL). */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  pages: [
    { path: '/myiframe/:routerPath', always: true, titleKey: 'route.iframe', page: page(() => import('./iframe-page'), 'IframePage') },
  ],
});
