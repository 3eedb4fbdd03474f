/**
 * The simulated devices' command handlers (docs/device-protocol.md, "Commands"): a small registry by method name.
 * The simulator subscribes each device to its `helio/v1/{sn}/cmd/req/+`, looks the method up here and answers on
 * `cmd/resp/{id}`; an unknown method is refused (`unknown method`), a handler that returns null does not answer
 * (the server times the command out). The feature files export their handlers (settings.ts, ota.ts).
 */
import type { MqttClient } from 'mqtt';
import type { SimCommandContext, SimCommandHandler, SimCommandResult } from './command-types.js';
import { OTA_HANDLERS } from './ota.js';
import { SETTINGS_HANDLERS } from './settings.js';

export type { SimCommandContext, SimCommandHandler, SimCommandResult } from './command-types.js';

/** The registry: method name → handler (the feature files export theirs; tests may add more). */
const handlers = new Map<string, SimCommandHandler>(
  Object.entries({ ping: () => Promise.resolve({ ok: true, result: { pong: true } }), ...SETTINGS_HANDLERS, ...OTA_HANDLERS } satisfies Record<string, SimCommandHandler>),
);

export function registerCommandHandler(method: string, handler: SimCommandHandler): void {
  handlers.set(method, handler);
}

/** Runs the handler for `method`; an unknown method or a throwing handler is a refusal. */
export async function dispatchCommand(ctx: SimCommandContext, method: string, params: Record<string, unknown>): Promise<SimCommandResult> {
  const handler = handlers.get(method);
  if (!handler) return { ok: false, reason: 'unknown method' };
  try {
    return await handler(ctx, params);
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : 'failed' };
  }
}

/** The reply body on the wire: `{ts, ok, result}` or `{ts, ok: false, error}` (the protocol's field for the reason). */
export function replyBody(result: Exclude<SimCommandResult, null>, now = Date.now()): Record<string, unknown> {
  return result.ok ? { ts: now, ok: true, result: result.result ?? null } : { ts: now, ok: false, error: result.reason, reason: result.reason };
}

/**
 * Answers `sn`'s command requests on an MQTT client that signed in as that device (the caller subscribes to
 * `helio/v1/{sn}/cmd/req/+` once connected). Used by the live simulator and by tests that play a device.
 */
export function answerCommands(client: MqttClient, ctx: SimCommandContext, now: () => number = Date.now): void {
  const prefix = `helio/v1/${ctx.sn}/cmd/req/`;
  client.on('message', (topic, payload) => {
    if (!topic.startsWith(prefix)) return;
    const id = topic.slice(prefix.length);
    if (!id) return;
    let body: { method?: unknown; params?: unknown };
    try {
      body = JSON.parse(payload.toString()) as typeof body;
    } catch {
      return;
    }
    const method = typeof body?.method === 'string' ? body.method : '';
    const params = body?.params && typeof body.params === 'object' ? (body.params as Record<string, unknown>) : {};
    void dispatchCommand(ctx, method, params).then((result) => {
      if (!result) return; // silent: the server times it out
      return client.publishAsync(`helio/v1/${ctx.sn}/cmd/resp/${id}`, JSON.stringify(replyBody(result, now())), { qos: 1 });
    }).catch(() => undefined);
  });
}

/** The `publish` of a context for a device signed in on `client`. */
export function devicePublisher(client: MqttClient, sn: string): SimCommandContext['publish'] {
  return async (kind, payload) => {
    await client.publishAsync(`helio/v1/${sn}/${kind}`, JSON.stringify(payload), { qos: 1 });
  };
}
