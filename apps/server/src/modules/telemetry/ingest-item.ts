/**
 * What the ingest hands the telemetry store: a validated report (telemetry, events or status) of a known device at
 * an instant, and what became of it. Also the protocol's timestamp rule (docs/device-protocol.md).
 */
import type { DeviceKind } from '../../db/schema-device.js';
import type {
  BatteryTelemetry,
  ChargerTelemetry,
  EventPayload,
  GuardianTelemetry,
  InverterTelemetry,
  StatusPayload,
} from './telemetry.schema.js';

export interface DeviceInfo {
  id: string;
  sn: string;
  type: DeviceKind;
  tenantId: string;
  plantId: string | null;
  /** The station's time zone (rollup keys). */
  tz: string;
  /** Rated power in kW (plausibility cap of energy deltas); 0 when unknown. */
  ratedKw: number;
  secretHash: string;
}

export type TelemetryPayload = InverterTelemetry | BatteryTelemetry | GuardianTelemetry | ChargerTelemetry;

export type IngestItem =
  | { kind: 'telemetry'; device: DeviceInfo; ts: number; payload: TelemetryPayload; raw: string }
  | { kind: 'event'; device: DeviceInfo; ts: number; payload: EventPayload }
  | { kind: 'status'; device: DeviceInfo; ts: number; payload: StatusPayload };

export type WriteResult = 'stored' | 'duplicate';

const MAX_DATE_MS = 8.64e15;

/** ms since the epoch from a protocol timestamp (ms integer or ISO-8601 with zone); null when unreadable. */
export function parseTimestamp(ts: unknown): number | null {
  let ms: number;
  if (typeof ts === 'number') ms = ts;
  else if (typeof ts === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(ts)) ms = Date.parse(ts);
  else return null;
  // Whole milliseconds from the epoch up to the last instant a Date can hold (±8.64e15): a larger number is no
  // time at all (new Date(1e20) is an invalid Date), and a fraction or a negative is no device's clock.
  return Number.isInteger(ms) && ms >= 0 && ms <= MAX_DATE_MS ? ms : null;
}
