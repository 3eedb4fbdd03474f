/** Developer tools: data sources, the code generator and models. */
import { defineModule } from '../../kernel/types.js';
import { developRoutes } from './develop.routes.js';

export default defineModule({
  name: 'develop',
  routes: (app, ctx) => developRoutes(app, ctx),
});
