/**
 * The mail module's public entry: `send(tenantId, {to, subject, text, html?})` through the tenant's enabled SMTP
 * configuration. It never throws and never takes longer than 10 s; every message is recorded in the mail outbox.
 */
import type { OutgoingMail } from './mail.transport.js';
import type { SendOptions, SendResult } from './mail.service.js';

export interface MailApi {
  send(tenantId: string, message: OutgoingMail, opts?: SendOptions): Promise<SendResult>;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    mail: MailApi;
  }
}

export type { OutgoingMail, SendOptions, SendResult };
