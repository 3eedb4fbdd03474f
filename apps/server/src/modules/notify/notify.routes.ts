/** The notify routes (contracts `notify.api`): HTTP ↔ the subscription and inbox services, nothing more. */
import type { FastifyInstance } from 'fastify';
import {
  alarmNotifications, inboxList, inboxRead, inboxUnread, subscriptionChannels, subscriptionDetail, subscriptionList, subscriptionRemove,
  subscriptionSubmit,
} from '@helio/contracts/modules/notify/notify.api';
import { route } from '../../kernel/http.js';
import type { InboxService } from './inbox.service.js';
import type { SubscriptionService } from './subscription.service.js';

export function notifyRoutes(app: FastifyInstance, subs: SubscriptionService, inbox: InboxService): void {
  route(app, subscriptionList, (req) => subs.list(req.user!));
  route(app, subscriptionDetail, (req) => subs.detail(req.user!, req.query.id));
  route(app, subscriptionSubmit, (req) => subs.save(req.user!, req.body));
  route(app, subscriptionRemove, (req) => subs.remove(req.user!, req.body.ids));
  route(app, subscriptionChannels, (req) => subs.channelInfo(req.user!));
  route(app, inboxUnread, (req) => inbox.unread(req.user!, req.lang));
  route(app, inboxList, (req) => inbox.list(req.user!, req.query, req.lang));
  route(app, inboxRead, (req) => inbox.markRead(req.user!, req.body));
  route(app, alarmNotifications, (req) => inbox.ofAlarm(req.user!, req.query));
}
