/**
 * Alarm notifications (issue 14, "Notifications"): the caller's own alarm subscriptions, the in-app inbox behind the
 * shell's bell, and the notification records of an alarm. Subscriptions and the inbox are the caller's own (any
 * signed-in user); an alarm's records need what the alarm list needs (`alarm`) and follow its tenant and data scope.
 * Design: docs/notifications.md.
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';
import { ALARM_CATEGORIES } from '../alarm/alarm-categories.js';

const BASE = '/api/skyworth-client';
const own = { login: true } as const;

/** Delivery channels: the in-app inbox (always there), SMS and e-mail (when their module registers a sender). */
export const NOTIFY_CHANNELS = ['inapp', 'sms', 'mail'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
/** What a notification is about. */
export const NOTIFY_KINDS = ['raised', 'recovered', 'escalation'] as const;
/** A notification record's result. */
export const NOTIFY_STATUSES = ['queued', 'sent', 'failed', 'suppressed'] as const;
/** Subscriptions a user may keep. */
export const MAX_SUBSCRIPTIONS = 20;

const Str = Type.String();
const NStr = Type.Union([Type.String(), Type.Null()]);
const Int = Type.Integer();
const IdStr = Type.String({ pattern: '^[0-9]{1,19}$' });
const page = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({ records: Type.Array(item), total: Int, size: Int, current: Int, pages: Int });
/** Local time `HH:mm` (HELIO_TIMEZONE). */
const HHmm = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });

const SubscriptionFields = {
  name: Type.Optional(Type.String({ maxLength: 50 })),
  /** Stations (ids); empty: every station the user can see, now and later. */
  plantIds: Type.Array(IdStr, { maxItems: 200, uniqueItems: true }),
  /** The least severity notified: 4 critical, 3 major, 2 minor, 1 warning. */
  minSeverity: Type.Integer({ minimum: 1, maximum: 4 }),
  /** Alarm categories; empty: all. */
  categories: Type.Array(Type.Enum([...ALARM_CATEGORIES]), { maxItems: ALARM_CATEGORIES.length, uniqueItems: true }),
  channels: Type.Array(Type.Enum([...NOTIFY_CHANNELS]), { minItems: 1, maxItems: NOTIFY_CHANNELS.length, uniqueItems: true }),
  /** Quiet hours (both or neither): SMS and e-mail hold back all but critical alarms and escalations. */
  quietStart: Type.Optional(Type.Union([HHmm, Type.Null()])),
  quietEnd: Type.Optional(Type.Union([HHmm, Type.Null()])),
  /** Also tell when the alarm recovers. */
  recovery: Type.Boolean(),
  /** Also receive escalations (a critical alarm not acknowledged in time). */
  escalation: Type.Boolean(),
  enabled: Type.Boolean(),
};

export const SubscriptionVO = Type.Object({
  id: Str,
  name: NStr,
  plantIds: Type.Array(Str),
  /** Names of the stations, in the order of `plantIds` (null: no longer visible). */
  plantNames: Type.Array(NStr),
  minSeverity: Int,
  categories: Type.Array(Str),
  channels: Type.Array(Str),
  quietStart: NStr,
  quietEnd: NStr,
  recovery: Type.Boolean(),
  escalation: Type.Boolean(),
  enabled: Type.Boolean(),
  createTime: NStr,
  updateTime: NStr,
});

export const subscriptionList = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmSubscription/list`,
  access: own,
  tags: ['notify'],
  summary: "The caller's own alarm subscriptions",
  querystring: Type.Object({}, { additionalProperties: true }),
  data: Type.Array(SubscriptionVO),
});

export const subscriptionDetail = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmSubscription/detail`,
  access: own,
  tags: ['notify'],
  summary: "One of the caller's alarm subscriptions",
  querystring: Type.Object({ id: Str }, { additionalProperties: true }),
  data: SubscriptionVO,
});

export const subscriptionSubmit = defineEndpoint({
  method: 'POST',
  url: `${BASE}/alarmSubscription/submit`,
  access: own,
  tags: ['notify'],
  summary: 'Save an alarm subscription of the caller (insert without id, update with id)',
  body: Type.Object({ id: Type.Optional(Type.Union([IdStr, Type.Literal('')])), ...SubscriptionFields }),
  data: SubscriptionVO,
});

export const subscriptionRemove = defineEndpoint({
  method: 'POST',
  url: `${BASE}/alarmSubscription/remove`,
  access: own,
  tags: ['notify'],
  summary: "Remove alarm subscriptions of the caller (ids comma-joined); another user's ids are not found",
  body: Type.Object({ ids: Type.String({ minLength: 1, maxLength: 2000 }) }),
  data: Type.Object({ removed: Int }),
});

export const ChannelVO = Type.Object({
  name: Str,
  /** A sender is registered for it (in-app always). */
  available: Type.Boolean(),
  /** The caller has an address for it (phone, e-mail; in-app always). */
  hasAddress: Type.Boolean(),
});

export const subscriptionChannels = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmSubscription/channels`,
  access: own,
  tags: ['notify'],
  summary: 'Which channels can deliver to the caller',
  querystring: Type.Object({}, { additionalProperties: true }),
  data: Type.Array(ChannelVO),
});

export const InboxVO = Type.Object({
  id: Str,
  /** The alarm (the first one of a digest): `/alarm?id=`. */
  alarmId: Str,
  kind: Str,
  alarmCode: Int,
  severity: Int,
  /** Alarms this message covers (a digest: more than one). */
  count: Int,
  title: Str,
  content: Str,
  read: Type.Boolean(),
  createTime: NStr,
});

export const inboxUnread = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmInbox/unread`,
  access: own,
  tags: ['notify'],
  summary: "The caller's unread in-app alarm notifications: the count and the newest (at most 20)",
  querystring: Type.Object({}, { additionalProperties: true }),
  data: Type.Object({ count: Int, records: Type.Array(InboxVO) }),
});

export const inboxList = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmInbox/list`,
  access: own,
  tags: ['notify'],
  summary: "The caller's in-app alarm notifications, newest first (`read`: 0 unread, 1 read)",
  querystring: Type.Object(
    { current: Type.Optional(Str), size: Type.Optional(Str), read: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])) },
    { additionalProperties: false },
  ),
  data: page(InboxVO),
});

export const inboxRead = defineEndpoint({
  method: 'POST',
  url: `${BASE}/alarmInbox/read`,
  access: own,
  tags: ['notify'],
  summary: "Mark the caller's in-app alarm notifications read: the ids given (comma-joined), or all with all=true",
  body: Type.Object({ ids: Type.Optional(Type.String({ maxLength: 20_000 })), all: Type.Optional(Type.Boolean()) }),
  data: Type.Object({ read: Int }),
});

export const NotificationVO = Type.Object({
  id: Str,
  alarmId: Str,
  userId: Str,
  userName: NStr,
  channel: Str,
  kind: Str,
  /** queued, sent, failed, suppressed. */
  status: Str,
  error: NStr,
  /** Alarms in the message that carried this one (a digest: more than one). */
  batchSize: Type.Union([Int, Type.Null()]),
  createTime: NStr,
  sentTime: NStr,
});

export const alarmNotifications = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmLog/notifications`,
  access: { permission: 'alarm' },
  tags: ['alarm', 'notify'],
  summary: "An alarm's notification records (to whom, channel, result, time), newest first",
  querystring: Type.Object({ alarmId: Str, current: Type.Optional(Str), size: Type.Optional(Str) }, { additionalProperties: true }),
  data: page(NotificationVO),
});
