/**
 * The simulated devices' command handlers (docs/device-protocol.md, "Commands"): a small registry by method name.
 * The simulator subscribes each device to its `helio/v1/{sn}/cmd/req/+`, looks the method up here and answers on
 * `cmd/resp/{id}`; an unknown method is refused (`unknown method`), a handler that returns null does not answer
 * (the server times the command out). Feature files register their handlers (settings.ts, ota.ts) on import.
 */
import type { MqttClient } from 'mqtt';
// Feature handlers register themselves on import (they import this module back: see `handlers`).
import './settings.js';
import './ota.js';
export interface SimCommandContext {
  sn: string;
  deviceType: string;
  /** current firmware/settings state of the simulated device, mutable */
  state: Record<string, unknown>;
  publish(kind: 'event' | 'status', payload: unknown): Promise<void>;
  /** base HTTP URL of the Helio server, when known */
  httpBase?: string;
}

export type SimCommandResult = { ok: true; result?: unknown } | { ok: false; reason: string } | null; // null: do not answer (timeout)

export type SimCommandHandler = (ctx: SimCommandContext, params: Record<string, unknown>) => Promise<SimCommandResult>;

/**
 * The registry. A hoisted function, not a module constant: the feature files imported below import this module
 * back (a cycle), and register before this module's own constants would be initialised.
 */
function handlers(): Map<string, SimCommandHandler> {
  const holder = handlers as unknown as { map?: Map<string, SimCommandHandler> };
  return (holder.map ??= new Map());
}

export function registerCommandHandler(method: string, handler: SimCommandHandler): void {
  handlers().set(method, handler);
}

registerCommandHandler('ping', () => Promise.resolve({ ok: true, result: { pong: true } }));

/** Runs the handler for `method`; an unknown method or a throwing handler is a refusal. */
export async function dispatchCommand(ctx: SimCommandContext, method: string, params: Record<string, unknown>): Promise<SimCommandResult> {
  const handler = handlers().get(method);
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
