/** SMS: provider configurations, verification codes and the SMS sign-in grant (added to auth's token endpoints). */
import { defineModule } from '../../kernel/types.js';
import { smsCodeGrant } from './sms-grant.js';
import { smsRoutes } from './sms.routes.js';

export default defineModule({
  name: 'sms',
  dependsOn: ['auth'],
  services(ctx) {
    ctx.use('auth').grants.register('sms_code', (input) => smsCodeGrant(ctx, input));
  },
  routes: (app, ctx) => smsRoutes(app, ctx),
});
