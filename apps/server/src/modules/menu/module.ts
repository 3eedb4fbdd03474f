/** Menus: the tree, routes and buttons of the signed-in user, grants and the menu screens; the console's menus as reference data. */
import { defineModule } from '../../kernel/types.js';
import { SYSTEM_DICTS } from '@helio/contracts/dicts';
import { menuRoutes } from './menu.routes.js';
import { consoleMenus } from './reference.js';

export default defineModule({
  name: 'menu',
  // The console's pages and buttons, and the system dictionaries (business dictionaries are tenants' own).
  reference: { version: 1, menus: consoleMenus(), dictionaries: SYSTEM_DICTS },
  routes: (app, ctx) => menuRoutes(app, ctx),
});
