/** Tenants, their account quota, expiry and product packages (which menus a tenant may see). */
import { defineModule } from '../../kernel/types.js';
import { packageCodeCache } from './tenant-menus.js';
import { tenantRoutes } from './tenant.routes.js';

export default defineModule({
  name: 'tenant',
  dependsOn: ['auth'],
  services(ctx) {
    // A tenant with a package passes permission checks only inside it.
    ctx.use('auth').permissions.packageCodes = packageCodeCache(ctx.db);
  },
  routes: (app, ctx) => tenantRoutes(app, ctx),
});
