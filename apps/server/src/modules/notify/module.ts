/**
 * Alarm notifications (issue 14, "Notifications"; docs/notifications.md): per-user subscriptions, dispatch on
 * `alarm.raised` / `alarm.recovered` into notification records, delivery by durable jobs with flood control
 * (one message per person, channel and alarm code in a window), escalation of unacknowledged critical alarms, the
 * in-app inbox behind the shell's bell, and a channel registry other modules register senders with (index.ts).
 */
import { defineJob, defineModule, type ModuleContext } from '../../kernel/types.js';
import { ChannelRegistry } from './channels.js';
import { Delivery } from './delivery.js';
import { Dispatcher, ESCALATE_JOB, FLUSH_JOB, type FlushPayload } from './dispatch.js';
import { InboxService } from './inbox.service.js';
import type { NotifyApi } from './index.js';
import { notifyRoutes } from './notify.routes.js';
import { SubscriptionService } from './subscription.service.js';

const channels = (ctx: ModuleContext) => (ctx.use('notify') as NotifyApi).channels;

const flushJob = defineJob<FlushPayload>({
  name: FLUSH_JOB,
  maxAttempts: 3,
  // The send is bounded by notify.sendTimeoutSeconds (≤ 300 s); the lease outlasts it.
  leaseMs: 10 * 60_000,
  async run(payload, ctx) {
    await new Delivery(ctx, channels(ctx)).flush(payload);
  },
});

const escalateJob = defineJob<{ alarmId: string }>({
  name: ESCALATE_JOB,
  async run({ alarmId }, ctx) {
    await new Dispatcher(ctx).escalate(alarmId);
  },
});

const sweepJob = defineJob<null>({
  name: 'notify.sweep',
  every: 60_000,
  async run(_p, ctx) {
    await new Dispatcher(ctx).sweep();
  },
});

export default defineModule<NotifyApi>({
  name: 'notify',
  services: () => ({ channels: new ChannelRegistry() }),
  routes: (app, ctx, api) => notifyRoutes(app, new SubscriptionService(ctx, api.channels), new InboxService(ctx)),
  jobs: [flushJob, escalateJob, sweepJob],
  events: {
    'alarm.raised': (p, ctx) => new Dispatcher(ctx).raised(p),
    'alarm.recovered': (p, ctx) => new Dispatcher(ctx).recovered(p.alarmId),
  },
});
