/**
 * The mail module's public entry: `send(tenantId, {to, subject, text, html?, attachments?})` through the tenant's
 * enabled SMTP configuration. It never throws and never takes longer than 10 s; every message is recorded in the mail
 * outbox (its attachments' bytes are not); `deliver` also names the outbox row and, on failure, why in `opts.lang`.
 */
import type { MailAttachment, OutgoingMail } from './mail.transport.js';
import type { MailDelivery, SendOptions, SendResult } from './mail.service.js';

export interface MailApi {
  send(tenantId: string, message: OutgoingMail, opts?: SendOptions): Promise<SendResult>;
  /** `send`, answering also the outbox row and, on failure, why in `opts.lang` (for callers that show or keep it). */
  deliver(tenantId: string, message: OutgoingMail, opts?: SendOptions): Promise<MailDelivery>;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    mail: MailApi;
  }
}

export type { MailAttachment, MailDelivery, OutgoingMail, SendOptions, SendResult };
export { MAX_ATTACHMENT_BYTES } from './mail.service.js';
