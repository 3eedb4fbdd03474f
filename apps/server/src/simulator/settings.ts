/**
 * The simulated devices' settings commands (docs/device-protocol.md, "Settings"): `settings.write` stores the
 * values in the device's state, `settings.read` returns them. Now and then a device refuses a write or does not
 * answer at all, as real ones do; tests make it deterministic through `simSettingsBehaviour` (rates 0) and the
 * per-device state flags `refuseWrites` (a reason) and `silent` (never answers).
 */
import type { SimCommandContext, SimCommandHandler } from './command-types.js';

export const simSettingsBehaviour = {
  /** Share of writes refused with a device reason. */
  refuseRate: 0.03,
  /** Share of commands left unanswered. */
  silentRate: 0.01,
  random: Math.random as () => number,
};

const REASONS = ['device busy', 'parameter locked by local display', 'value rejected by EMS'];

function settingsOf(ctx: SimCommandContext): Record<string, unknown> {
  const cur = ctx.state.settings;
  if (cur && typeof cur === 'object') return cur as Record<string, unknown>;
  const fresh: Record<string, unknown> = {};
  ctx.state.settings = fresh;
  return fresh;
}

function silent(ctx: SimCommandContext): boolean {
  return ctx.state.silent === true || simSettingsBehaviour.random() < simSettingsBehaviour.silentRate;
}

const write: SimCommandHandler = (ctx, params) => {
  if (silent(ctx)) return Promise.resolve(null);
  const items = params.items;
  if (!items || typeof items !== 'object' || Array.isArray(items)) return Promise.resolve({ ok: false, reason: 'no items' });
  if (typeof ctx.state.refuseWrites === 'string') return Promise.resolve({ ok: false, reason: ctx.state.refuseWrites });
  if (simSettingsBehaviour.random() < simSettingsBehaviour.refuseRate) {
    return Promise.resolve({ ok: false, reason: REASONS[Math.floor(simSettingsBehaviour.random() * REASONS.length)]! });
  }
  const settings = settingsOf(ctx);
  const applied: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(items as Record<string, unknown>)) {
    settings[key] = value;
    applied[key] = value;
  }
  return Promise.resolve({ ok: true, result: { applied } });
};

const read: SimCommandHandler = (ctx, params) => {
  if (silent(ctx)) return Promise.resolve(null);
  const settings = settingsOf(ctx);
  const keys = Array.isArray(params.keys) ? params.keys.filter((k): k is string => typeof k === 'string') : Object.keys(settings);
  const values: Record<string, unknown> = {};
  for (const k of keys) if (k in settings) values[k] = settings[k];
  // A device whose stored value drifted from what it acknowledged (tests: `readOffset`).
  if (typeof ctx.state.readOffset === 'number') {
    for (const k of Object.keys(values)) if (typeof values[k] === 'number') values[k] = (values[k] as number) + (ctx.state.readOffset as number);
  }
  return Promise.resolve({ ok: true, result: { values } });
};

export const SETTINGS_HANDLERS: Record<string, SimCommandHandler> = { 'settings.write': write, 'settings.read': read };
