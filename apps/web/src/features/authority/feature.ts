/** Roles (and their grants), data scopes and API scopes. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  pages: [
    { code: 'role', page: page(() => import('./role-page'), 'RolePage') },
    { code: 'data_scope', page: page(() => import('./scope-page'), 'DataScopePage') },
    { code: 'api_scope', page: page(() => import('./scope-page'), 'ApiScopePage') },
  ],
});
