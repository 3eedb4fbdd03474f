/**
 * SMS: provider configurations, verification codes, the SMS sign-in grant (added to auth's token endpoints) and the
 * `sms` channel of alarm notifications (registered with notify: the tenant's enabled configuration, its template
 * given the notice's subject and text, each message in the outbox).
 */
import { defineModule, type ModuleContext } from '../../kernel/types.js';
import { OutboundGuard } from '../../core/net-guard.js';
import { SecretBox } from '../../core/secret-box.js';
import { PhoneAccountService } from './phone-account.service.js';
import { smsCodeGrant } from './sms-grant.js';
import { smsRoutes } from './sms.routes.js';
import { SmsService } from './sms.service.js';

/** One SmsService (and its outbound guard) per module context, made on first use. */
const services = new WeakMap<ModuleContext, { service: Promise<SmsService>; guard: OutboundGuard }>();
function smsService(ctx: ModuleContext) {
  let s = services.get(ctx);
  if (!s) {
    const guard = new OutboundGuard(ctx.config.resources.allowPrivateHosts);
    s = { guard, service: SecretBox.load(ctx.db).then((box) => new SmsService(ctx, box, guard)) };
    services.set(ctx, s);
  }
  return s;
}

export default defineModule({
  name: 'sms',
  dependsOn: ['auth', 'notify'],
  services(ctx) {
    ctx.use('auth').grants.register('sms_code', (input) => smsCodeGrant(ctx, input));
    ctx.use('notify').channels.register('sms', {
      async send(tenantId, msg) {
        const sms = await smsService(ctx).service;
        const row = await sms.enabledConfig(tenantId);
        const r = await sms.send(
          row,
          { phones: [msg.address], templateId: row?.templateId ?? '', signName: row?.signName ?? '', params: { subject: msg.subject, text: msg.text } },
          { tenantId, userId: msg.userId, scene: 'alarm' },
        );
        return r.ok ? { ok: true } : { ok: false, error: r.detail.slice(0, 200) };
      },
    });
  },
  routes: async (app, ctx) => {
    const { service, guard } = smsService(ctx);
    app.addHook('onClose', async () => guard.destroy());
    const sms = await service;
    smsRoutes(app, ctx, sms, new PhoneAccountService(ctx, sms, sms.box));
  },
});
