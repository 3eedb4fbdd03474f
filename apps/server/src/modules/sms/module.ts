/** SMS: provider configurations, verification codes and the SMS sign-in grant. */
import { defineModule } from '../../kernel/types.js';
import { smsRoutes } from './sms.routes.js';

export default defineModule({
  name: 'sms',
  routes: (app, ctx) => smsRoutes(app, ctx),
});
