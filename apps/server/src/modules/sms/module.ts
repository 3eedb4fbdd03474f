/** SMS: provider configurations, verification codes and the SMS sign-in grant (added to auth's token endpoints). */
import { defineModule } from '../../kernel/types.js';
import { OutboundGuard } from '../../core/net-guard.js';
import { SecretBox } from '../../core/secret-box.js';
import { PhoneAccountService } from './phone-account.service.js';
import { smsCodeGrant } from './sms-grant.js';
import { smsRoutes } from './sms.routes.js';
import { SmsService } from './sms.service.js';

export default defineModule({
  name: 'sms',
  dependsOn: ['auth'],
  services(ctx) {
    ctx.use('auth').grants.register('sms_code', (input) => smsCodeGrant(ctx, input));
  },
  routes: async (app, ctx) => {
    const box = await SecretBox.load(ctx.db);
    const guard = new OutboundGuard(ctx.config.resources.allowPrivateHosts);
    app.addHook('onClose', async () => guard.destroy());
    const service = new SmsService(ctx, box, guard);
    smsRoutes(app, ctx, service, new PhoneAccountService(ctx, service, box));
  },
});
