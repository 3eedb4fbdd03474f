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

export type { Addressee, ChannelMessage, ChannelOptions, ChannelSender } from './channels.js';

export interface NotifyApi {
  channels: ChannelRegistry;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    notify: NotifyApi;
  }
}

export type { ChannelRegistry };
