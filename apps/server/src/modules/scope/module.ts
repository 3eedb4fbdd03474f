/**
 * Data and API scopes of roles. With the auth module's permissions it provides the `access` capability the CRUD
 * engine and other engines check against (kernel/types.ts `AccessControl`).
 */
import { defineModule } from '../../kernel/types.js';
import type { ScopeApi } from './index.js';
import { ScopeService } from './scope.service.js';

export default defineModule<ScopeApi>({
  name: 'scope',
  dependsOn: ['auth'],
  services(ctx) {
    const scopes = new ScopeService(ctx.db);
    const { permissions } = ctx.use('auth');
    ctx.provide('access', {
      has: (user, codes) => permissions.has(user, codes),
      dataCondition: (user, resource, columnFor) => scopes.dataCondition(user, resource, columnFor),
    });
    return { scopes };
  },
});
