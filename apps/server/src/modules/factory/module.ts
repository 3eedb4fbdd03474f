/** Device factory lists (inverter, battery, guardian, charger): the SNs devices register against. */
import { defineModule } from '../../kernel/types.js';
import { factoryRoutes } from './factory.routes.js';

export default defineModule({
  name: 'factory',
  routes: (app, ctx) => factoryRoutes(app, ctx),
});
