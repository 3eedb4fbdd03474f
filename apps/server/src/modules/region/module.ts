/** Administrative regions (lazy tree, import and export). */
import { defineModule } from '../../kernel/types.js';
import { regionRoutes } from './region.routes.js';

export default defineModule({
  name: 'region',
  routes: (app, ctx) => regionRoutes(app, ctx),
});
