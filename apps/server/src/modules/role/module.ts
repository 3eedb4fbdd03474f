/** Roles and their grants (menus, data scopes, API scopes), never beyond the granter. */
import { defineModule } from '../../kernel/types.js';
import { roleRoutes } from './role.routes.js';

export default defineModule({
  name: 'role',
  routes: (app, ctx) => roleRoutes(app, ctx),
});
