/** Plain system resources on the CRUD engine: parameters, posts, departments, dictionaries, roles, menus, clients. */
import { defineModule } from '../../kernel/types.js';
import { systemCrudRoutes } from './system-crud.routes.js';

export default defineModule({
  name: 'system',
  routes: async (app, ctx) => void (await systemCrudRoutes(app, ctx)),
});
