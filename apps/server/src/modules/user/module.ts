/** Users: the signed-in user's own info and password, administration, approval of registrations, the password gate. */
import { defineModule } from '../../kernel/types.js';
import { userAdminRoutes } from './user-admin.routes.js';
import { userRoutes } from './user.routes.js';

export default defineModule({
  name: 'user',
  routes: async (app, ctx) => {
    await userRoutes(app, ctx);
    await userAdminRoutes(app, ctx);
  },
});
