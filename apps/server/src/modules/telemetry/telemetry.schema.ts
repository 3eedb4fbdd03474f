/**
 * MQTT payload schemas (docs/device-protocol.md), compiled once. Ranges are physical plausibility limits: a value
 * outside them is "out_of_range" (rejected and counted), a wrong shape is "malformed". Unknown extra properties are
 * allowed so newer firmware can add fields without being rejected.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

const n = (minimum: number, maximum: number) => Type.Number({ minimum, maximum });
const opt = <T extends TSchema>(t: T) => Type.Optional(t);
const phases = (minimum: number, maximum: number) => Type.Array(n(minimum, maximum), { minItems: 1, maxItems: 3 });
const codes = Type.Array(Type.Integer({ minimum: 0, maximum: 65535 }), { maxItems: 32 });
const kwh = n(0, 1e9);

/** ms since the epoch (UTC) or an ISO-8601 string with a zone (`2026-11-22T10:15:00Z`). */
export const TimestampSchema = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ minLength: 10, maxLength: 40 })]);

const common = {
  ts: TimestampSchema,
  seq: opt(Type.Integer({ minimum: 0 })),
  faults: opt(codes),
  warnings: opt(codes),
};

export const InverterTelemetrySchema = Type.Object({
  ...common,
  /** 0 off, 1 standby, 2 on-grid running, 3 derated, 4 fault, 5 off-grid (backup) running. */
  state: Type.Integer({ minimum: 0, maximum: 9 }),
  pv: opt(Type.Array(Type.Object({ v: n(0, 1500), i: n(0, 100) }), { maxItems: 4 })),
  pvPower: opt(n(0, 500_000)),
  grid: opt(
    Type.Object({
      v: opt(phases(0, 500)),
      i: opt(phases(-1000, 1000)),
      p: opt(phases(-500_000, 500_000)),
      power: opt(n(-1_000_000, 1_000_000)),
      freq: opt(n(0, 70)),
      q: opt(n(-500_000, 500_000)),
      pf: opt(n(-1, 1)),
    }),
  ),
  load: opt(Type.Object({ power: opt(n(0, 1_000_000)), p: opt(phases(0, 500_000)) })),
  eps: opt(Type.Object({ power: opt(n(0, 500_000)) })),
  battery: opt(
    Type.Object({
      v: opt(n(0, 1500)),
      i: opt(n(-1000, 1000)),
      power: opt(n(-500_000, 500_000)),
      soc: opt(n(0, 100)),
      temp: opt(n(-40, 100)),
    }),
  ),
  temp: opt(Type.Object({ inner: opt(n(-40, 125)), sink: opt(n(-40, 150)) })),
  busV: opt(n(0, 1500)),
  isoKohm: opt(n(0, 100_000)),
  energy: opt(
    Type.Object({
      pvToday: opt(n(0, 100_000)),
      pvTotal: opt(kwh),
      loadTotal: opt(kwh),
      importTotal: opt(kwh),
      exportTotal: opt(kwh),
      chargeTotal: opt(kwh),
      dischargeTotal: opt(kwh),
    }),
  ),
});
export type InverterTelemetry = Static<typeof InverterTelemetrySchema>;

export const BatteryTelemetrySchema = Type.Object({
  ...common,
  /** 0 off, 1 idle, 2 charging, 3 discharging, 4 fault. */
  state: Type.Integer({ minimum: 0, maximum: 9 }),
  v: opt(n(0, 1500)),
  i: opt(n(-1000, 1000)),
  power: opt(n(-500_000, 500_000)),
  soc: opt(n(0, 100)),
  soh: opt(n(0, 100)),
  temp: opt(n(-40, 100)),
  cell: opt(Type.Object({ vMax: opt(n(0, 5)), vMin: opt(n(0, 5)), tMax: opt(n(-40, 100)), tMin: opt(n(-40, 100)) })),
  cycles: opt(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  remainKwh: opt(n(0, 100_000)),
  energy: opt(Type.Object({ chargeTotal: opt(kwh), dischargeTotal: opt(kwh) })),
});
export type BatteryTelemetry = Static<typeof BatteryTelemetrySchema>;

export const GuardianTelemetrySchema = Type.Object({
  ...common,
  /** 2 normal, 3 warning, 4 fault/tripped, 0 off. */
  state: Type.Integer({ minimum: 0, maximum: 9 }),
  /** 0 open, 1 closed, 2 tripped. */
  gate: Type.Integer({ minimum: 0, maximum: 2 }),
  /** 0 none, 1 over-voltage, 2 under-voltage, 3 over-current, 4 residual current, 5 over-temperature, 6 phase loss, 7 manual/remote. */
  protect: opt(Type.Integer({ minimum: 0, maximum: 15 })),
  v: opt(phases(0, 500)),
  i: opt(phases(0, 2000)),
  p: opt(phases(-1_000_000, 1_000_000)),
  power: opt(n(-3_000_000, 3_000_000)),
  freq: opt(n(0, 70)),
  leakMa: opt(n(0, 10_000)),
  temp: opt(n(-40, 150)),
  energy: opt(Type.Object({ total: opt(kwh) })),
});
export type GuardianTelemetry = Static<typeof GuardianTelemetrySchema>;

export const ChargerTelemetrySchema = Type.Object({
  ...common,
  /** 0 unavailable, 1 available, 2 charging, 3 finishing/suspended, 4 fault, 5 preparing (plugged in). */
  state: Type.Integer({ minimum: 0, maximum: 9 }),
  power: opt(n(0, 500_000)),
  v: opt(phases(0, 1000)),
  i: opt(phases(0, 500)),
  temp: opt(n(-40, 150)),
  session: opt(Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }), energy: opt(n(0, 10_000)) })),
  energy: opt(Type.Object({ total: opt(kwh) })),
});
export type ChargerTelemetry = Static<typeof ChargerTelemetrySchema>;

export const EventSchema = Type.Object({
  ts: TimestampSchema,
  events: Type.Array(
    Type.Object({
      ts: opt(TimestampSchema),
      code: Type.Integer({ minimum: 0, maximum: 65535 }),
      /** 1 fault, 2 warning, 3 info/state. */
      type: Type.Integer({ minimum: 1, maximum: 3 }),
      /** 1 info, 2 minor, 3 major, 4 critical. */
      level: opt(Type.Integer({ minimum: 1, maximum: 4 })),
      /** 1 raised, 0 cleared. */
      action: opt(Type.Integer({ minimum: 0, maximum: 1 })),
      msg: opt(Type.String({ maxLength: 255 })),
    }),
    { minItems: 1, maxItems: 50 },
  ),
});
export type EventPayload = Static<typeof EventSchema>;

export const StatusSchema = Type.Object({
  ts: TimestampSchema,
  online: Type.Boolean(),
  /** Seconds between telemetry reports. */
  interval: opt(Type.Integer({ minimum: 10, maximum: 86_400 })),
  model: opt(Type.String({ maxLength: 64 })),
  fw: opt(
    Type.Object({
      protocol: opt(Type.String({ maxLength: 32 })),
      master: opt(Type.String({ maxLength: 32 })),
      slave: opt(Type.String({ maxLength: 32 })),
      ems: opt(Type.String({ maxLength: 32 })),
      dcdc: opt(Type.String({ maxLength: 32 })),
    }),
  ),
});
export type StatusPayload = Static<typeof StatusSchema>;

export const validators = {
  inverter: Compile(InverterTelemetrySchema),
  battery: Compile(BatteryTelemetrySchema),
  guardian: Compile(GuardianTelemetrySchema),
  charger: Compile(ChargerTelemetrySchema),
  event: Compile(EventSchema),
  status: Compile(StatusSchema),
};

const RANGE_KEYWORDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

export type Verdict = { ok: true } | { ok: false; reason: 'malformed' | 'out_of_range'; detail: string };

/** Validates against a compiled schema; range violations are told apart from shape errors. */
export function verdict(v: (typeof validators)[keyof typeof validators], value: unknown): Verdict {
  if (v.Check(value)) return { ok: true };
  const errors = [...v.Errors(value)].slice(0, 5);
  const range = errors.length > 0 && errors.every((e) => RANGE_KEYWORDS.has(e.keyword));
  const first = errors[0];
  return {
    ok: false,
    reason: range ? 'out_of_range' : 'malformed',
    detail: first ? `${first.instancePath || '/'} ${first.message}`.slice(0, 200) : 'invalid',
  };
}
