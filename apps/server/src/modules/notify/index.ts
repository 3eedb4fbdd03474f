/**
 * The notify module's public entry (docs/notifications.md). Alarm notifications go out through channels; the in-app
 * inbox is the module's own, other channels register a sender here (the mail module registers `mail`; SMS is
 * registered by whoever wires the SMS outbox):
 *
 *   ctx.use('notify').channels.register('mail', { send: (tenantId, msg) => … }, { address: 'email' });
 *
 * A sender is called from a durable job (never from the request or the ingest that raised the alarm), under a time
 * limit (system parameter `notify.sendTimeoutSeconds`, default 10 s): a slow provider costs its own message only.
 */
import type { ChannelRegistry } from './channels.js';

/** One message to one person. */
export interface ChannelMessage {
  userId: string;
  /** Where to (the phone number for sms, the e-mail address for mail). */
  address: string;
  subject: string;
  text: string;
}

export interface ChannelSender {
  send(tenantId: string, msg: ChannelMessage): Promise<{ ok: boolean; error?: string }>;
}

/** The user columns a channel may take its address from. */
export interface Addressee {
  userId: string;
  phone: string | null;
  phoneDiallingCode: string | null;
  email: string | null;
}

export interface ChannelOptions {
  /**
   * How to find a user's address: `phone`, `email`, or a function (null: the user has none, the record fails with
   * "no address"). Default: `phone` for sms, `email` for mail.
   */
  address?: 'phone' | 'email' | ((u: Addressee) => string | null);
}

export interface NotifyApi {
  channels: ChannelRegistry;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    notify: NotifyApi;
  }
}

export type { ChannelRegistry };
