/** System administration: users, departments, posts, dictionaries, menus, parameters, tenants, clients. */
import { defineFeature, page, resourcePage } from '@/core/feature';

export default defineFeature({
  pages: [
    { code: 'param', page: resourcePage(() => import('@helio/contracts/modules/param/param.resource'), 'paramResource') },
    { code: 'post', page: resourcePage(() => import('@helio/contracts/modules/post/post.resource'), 'postResource') },
    { code: 'dept', page: resourcePage(() => import('@helio/contracts/modules/dept/dept.resource'), 'deptResource') },
    { code: 'client', page: page(() => import('./client-page'), 'ClientPage') },
    { code: 'user', page: page(() => import('./user/user-page'), 'UserPage') },
    { code: 'menu', page: page(() => import('./menu-page'), 'MenuPage') },
    { code: 'topmenu', page: page(() => import('./topmenu-page'), 'TopMenuPage') },
    { code: 'tenant', page: page(() => import('./tenant-page'), 'TenantPage') },
    { code: 'tenant_package', page: page(() => import('./tenant-package-page'), 'TenantPackagePage') },
    { code: 'dict', page: page(() => import('./dict/dict-pages'), 'DictPage') },
    { code: 'dictbiz', page: page(() => import('./dict/dict-pages'), 'DictBizPage') },
  ],
});
