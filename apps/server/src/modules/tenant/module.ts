/** Tenants, their account quota, expiry and product packages (which menus a tenant may see). */
import { defineModule } from '../../kernel/types.js';
import { packageCodeCache } from './tenant-menus.js';
import { settleRemovedTenants } from './tenant-removal.js';
import { tenantRoutes } from './tenant.routes.js';

export default defineModule({
  name: 'tenant',
  dependsOn: ['auth'],
  services(ctx) {
    // A tenant with a package passes permission checks only inside it.
    ctx.use('auth').permissions.packageCodes = packageCodeCache(ctx.db);
  },
  // Once per installed database: rows of tenants removed before removal took them along leave too (tenant-removal.ts).
  reference: { version: 1, apply: settleRemovedTenants },
  routes: (app, ctx) => tenantRoutes(app, ctx),
});
