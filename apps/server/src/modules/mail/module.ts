/**
 * Mail: SMTP configurations like the SMS ones (one enabled per tenant, the password sealed and read back masked, the
 * host judged by the outbound guard), a test send, the outbox, and `send` for neighbours (index.ts).
 */
import { defineModule } from '../../kernel/types.js';
import { OutboundGuard } from '../../core/net-guard.js';
import type { MailApi } from './index.js';
import { mailRoutes } from './mail.routes.js';
import { MailService } from './mail.service.js';

interface Built extends MailApi {
  service: MailService;
  guard: OutboundGuard;
}

export default defineModule<Built>({
  name: 'mail',
  dependsOn: ['notify'],
  services(ctx) {
    const guard = new OutboundGuard(ctx.config.resources.allowPrivateHosts);
    const service = new MailService(ctx, guard);
    // Alarm notifications by e-mail: notify's `mail` channel, addressed to the user's e-mail.
    ctx.use('notify').channels.register(
      'mail',
      { send: (tenantId, m) => service.send(tenantId, { to: m.address, subject: m.subject, text: m.text }, { scene: 'notify', userId: m.userId }) },
      { address: 'email' },
    );
    return {
      service,
      guard,
      send: (tenantId, message, opts) => service.send(tenantId, message, opts),
      deliver: (tenantId, message, opts) => service.deliverMail(tenantId, message, opts),
    };
  },
  routes: (app, ctx, api) => mailRoutes(app, ctx, api.service),
  stop: async (_ctx, api) => api.guard.destroy(),
});
