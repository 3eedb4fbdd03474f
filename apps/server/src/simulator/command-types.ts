/** The shapes of the simulated devices' command handlers (commands.ts dispatches; settings.ts, ota.ts handle). */

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
