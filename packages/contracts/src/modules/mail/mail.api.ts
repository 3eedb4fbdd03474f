/**
 * The mail API beyond the configurations' CRUD (`/api/blade-resource/mail/...`, mail.resource.ts): make a
 * configuration its tenant's enabled one, and send a test message through one. Shared by the server routes and the
 * web's mail screen.
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';

const BASE = '/api/blade-resource/mail';

export const mailEnable = defineEndpoint({
  method: 'POST',
  url: `${BASE}/enable`,
  access: { permission: 'mail_enable' },
  tags: ['mail'],
  summary: "Make a mail configuration its tenant's only enabled one (status 2)",
  querystring: Type.Object({ id: Type.String({ maxLength: 32 }) }),
  data: Type.Object({ id: Type.String() }),
});

export const mailTestSend = defineEndpoint({
  method: 'POST',
  url: `${BASE}/test-send`,
  access: { permission: 'mail_send' },
  tags: ['mail'],
  summary: 'Send a test message through a configuration of your tenant',
  body: Type.Object(
    {
      id: Type.String({ maxLength: 32, description: 'the configuration' }),
      to: Type.String({ maxLength: 320, description: 'one recipient address' }),
    },
    { description: 'Refused addresses, a failed sign-in, a refused connection or silence (10 s at most) answer a translated 400.' },
  ),
  data: Type.Object({
    /** The SMTP server's message id of the accepted message. */
    messageId: Type.String(),
    /** The server's final answer (e.g. `250 OK: queued`). */
    response: Type.String(),
    /** How long the whole exchange took, in milliseconds. */
    ms: Type.Integer(),
  }),
});

/** One message of the outbox (mail.resource.ts `mailOutboxResource`); `success` 1 accepted by the server, 0 failed. */
export const MailOutboxVO = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  toAddress: Type.String(),
  subject: Type.String(),
  /** test, notify, message. */
  scene: Type.String(),
  success: Type.Integer(),
  /** Why it failed, in English ('' when sent). */
  error: Type.String(),
  createUser: Type.String(),
  createTime: Type.String(),
});

const OutboxQuery = Type.Object(
  {
    current: Type.Optional(Type.Integer({ minimum: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1 })),
    ascs: Type.Optional(Type.String()),
    descs: Type.Optional(Type.String()),
    toAddress: Type.Optional(Type.String()),
    subject: Type.Optional(Type.String()),
    scene: Type.Optional(Type.String()),
    success: Type.Optional(Type.String()),
  },
  { additionalProperties: true, description: 'paging and the filters listed (others are refused); platform users may narrow to one tenant with tenantId' },
);

const OutboxPage = Type.Object({
  records: Type.Array(MailOutboxVO),
  total: Type.Integer(),
  size: Type.Integer(),
  current: Type.Integer(),
  pages: Type.Integer(),
});

const outboxRead = { permission: ['mail', 'mail_view'] } as const;

export const mailOutboxList = defineEndpoint({
  method: 'GET',
  url: `${BASE}/outbox/list`,
  access: outboxRead,
  tags: ['mail'],
  summary: 'Mail outbox: every message sent or attempted, newest first',
  querystring: OutboxQuery,
  data: OutboxPage,
});

export const mailOutboxPage = defineEndpoint({ ...mailOutboxList, url: `${BASE}/outbox/page`, summary: 'Mail outbox (the `list` alias)' });

export const mailOutboxDetail = defineEndpoint({
  method: 'GET',
  url: `${BASE}/outbox/detail`,
  access: outboxRead,
  tags: ['mail'],
  summary: 'One message of the mail outbox',
  querystring: Type.Object({ id: Type.String({ maxLength: 32 }) }),
  data: MailOutboxVO,
});
