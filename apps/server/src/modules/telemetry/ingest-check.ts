/**
 * One message, from bytes to a row ready for the batch: size → JSON → schema → timestamp → clock window. Pure (no
 * I/O): whatever goes wrong here is the message's fault, and `IngestService.handle` turns it into a counted,
 * acknowledged rejection — it never decides whether the broker acknowledges.
 */
import type { DeviceKind } from '../../db/schema-device.js';
import { parseTimestamp, type DeviceInfo, type IngestItem } from './ingest-item.js';
import { validators, verdict, type EventPayload, type StatusPayload } from './telemetry.schema.js';

export type MessageKind = 'telemetry' | 'event' | 'status';
export type CheckReason = 'malformed' | 'too_large' | 'out_of_range' | 'clock_skew';
export type Checked = { item: IngestItem } | { reason: CheckReason; detail?: string };

export interface CheckOptions {
  maxPayloadBytes: number;
  maxFutureMs: number;
  maxPastMs: number;
  now: number;
}

export function checkMessage(kind: MessageKind, device: DeviceInfo, payload: Buffer | Uint8Array | string, o: CheckOptions): Checked {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
  if (size > o.maxPayloadBytes) return { reason: 'too_large', detail: `${size} bytes` };
  const text = typeof payload === 'string' ? payload : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { reason: 'malformed', detail: 'not JSON' };
  }
  const v = verdict(kind === 'telemetry' ? validators[device.type as DeviceKind] : validators[kind], body);
  if (!v.ok) return { reason: v.reason, detail: v.detail };
  const ts = parseTimestamp((body as { ts: unknown }).ts);
  if (ts === null) return { reason: 'malformed', detail: 'ts is not a timestamp' };
  if (kind === 'event') {
    const bad = (body as EventPayload).events.findIndex((e) => e.ts !== undefined && parseTimestamp(e.ts) === null);
    if (bad >= 0) return { reason: 'malformed', detail: `events[${bad}].ts is not a timestamp` };
  }
  // PostgreSQL text and jsonb cannot hold U+0000: refused here rather than by the database.
  if (text.includes('\\u0000')) return { reason: 'malformed', detail: 'NUL character' };
  if (ts > o.now + o.maxFutureMs || ts < o.now - o.maxPastMs) return { reason: 'clock_skew', detail: `ts ${new Date(ts).toISOString()}` };
  const item: IngestItem =
    kind === 'telemetry'
      ? { kind, device, ts, payload: body as never, raw: text }
      : kind === 'event'
        ? { kind, device, ts, payload: body as EventPayload }
        : { kind, device, ts, payload: body as StatusPayload };
  return { item };
}
