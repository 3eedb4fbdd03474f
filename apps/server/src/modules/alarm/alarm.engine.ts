/**
 * Rule evaluation, without a database: given one device report (a sample), the device's active alarms, the rule
 * memory and the catalogue, what to raise or see again, what to clear and what stays pending.
 *
 * - Fault codes: every code the report carries (or 9000 for the fault state without a code) is seen: a new alarm, or
 *   a repeat of the active one (one active alarm per device and code). An uncatalogued code is kept as
 *   "unknown code N". A fault alarm whose code is gone from a newer report clears at that report's time.
 * - Threshold rules (`op threshold` for `durationS`): the condition's start is remembered (`pending`), the alarm is
 *   raised once it has held for the duration; while active each report beyond the clear level is a repeat, and a
 *   report past the clear level (hysteresis) clears it. A report between the two levels changes nothing.
 * - Per-device overrides (`withOverrides`): a device's own threshold, clear level or duration replaces its type's; a
 *   rule switched off for the device raises nothing there, and an alarm it had raised clears with the next report.
 */
import { ALARM_TYPE, type ThresholdRule } from '@helio/contracts/modules/alarm/alarm-catalogue';
import { FAULT_STATE_CODE } from '@helio/contracts/modules/station/fault-codes';

export type Metric = ThresholdRule['metric'];

/** One device report, as the rules need it. */
export interface Sample {
  deviceId: string;
  tenantId: string;
  plantId: string | null;
  sn: string;
  deviceType: number;
  /** Report time, epoch ms. */
  ts: number;
  faults: readonly number[];
  state: number | null;
  metrics: Partial<Record<Metric, number>>;
}

export interface ActiveAlarm {
  id: string;
  code: number;
  alarmType: number;
  triggerTime: number;
}

export interface RuleDef {
  code: number;
  rule: ThresholdRule;
  /** Switched off for this device (an override). */
  off?: boolean;
}

/** A device's override of one rule: null values follow the type's rule. */
export interface RuleOverride {
  code: number;
  threshold: number | null;
  clear: number | null;
  durationS: number | null;
  enabled: boolean;
}

/** The rules a device is evaluated with: its type's rules with its overrides applied. */
export function withOverrides(rules: readonly RuleDef[], overrides: readonly RuleOverride[] | undefined): RuleDef[] {
  if (!overrides?.length) return [...rules];
  const byCode = new Map(overrides.map((o) => [o.code, o]));
  return rules.map((r) => {
    const o = byCode.get(r.code);
    if (!o) return r;
    const rule = { ...r.rule, threshold: o.threshold ?? r.rule.threshold, clear: o.clear ?? r.rule.clear, durationS: o.durationS ?? r.rule.durationS };
    return o.enabled ? { code: r.code, rule } : { code: r.code, rule, off: true };
  });
}

/** Rule code (as a string key) → epoch ms since which its condition has held. */
export type Pending = Record<string, number>;

export interface Seen {
  code: number;
  alarmType: number;
  ts: number;
  value?: number;
  /** The active alarm this repeats (undefined: raise a new one). */
  activeId?: string;
}

export interface Decision {
  seen: Seen[];
  clear: { alarmId: string; code: number; ts: number }[];
  pending: Pending;
}

/** The device fault state (`state` 4 in every device type's report). */
const FAULT_STATE = 4;

const beyond = (r: ThresholdRule, v: number) => (r.op === '>' ? v > r.threshold : v < r.threshold);
const cleared = (r: ThresholdRule, v: number) => (r.op === '>' ? v < r.clear : v > r.clear);

export function activeCodes(s: Pick<Sample, 'faults' | 'state'>): number[] {
  if (s.faults.length) return [...new Set(s.faults)];
  return s.state === FAULT_STATE ? [FAULT_STATE_CODE] : [];
}

export function decide(sample: Sample, active: readonly ActiveAlarm[], pending: Pending, rules: readonly RuleDef[]): Decision {
  const out: Decision = { seen: [], clear: [], pending: { ...pending } };
  const byCode = new Map(active.map((a) => [a.code, a]));

  const codes = activeCodes(sample);
  for (const code of codes) out.seen.push({ code, alarmType: ALARM_TYPE.fault, ts: sample.ts, activeId: byCode.get(code)?.id });
  for (const a of active) {
    if (a.alarmType === ALARM_TYPE.fault && !codes.includes(a.code) && sample.ts > a.triggerTime) out.clear.push({ alarmId: a.id, code: a.code, ts: sample.ts });
  }

  for (const { code, rule, off } of rules) {
    if (off) {
      const open = byCode.get(code);
      if (open && sample.ts > open.triggerTime) out.clear.push({ alarmId: open.id, code, ts: sample.ts });
      delete out.pending[String(code)];
      continue;
    }
    const v = sample.metrics[rule.metric];
    if (v === undefined || !Number.isFinite(v)) continue; // not measured in this report: nothing changes
    const key = String(code);
    const open = byCode.get(code);
    if (open) {
      if (cleared(rule, v)) out.clear.push({ alarmId: open.id, code, ts: sample.ts });
      else out.seen.push({ code, alarmType: ALARM_TYPE.threshold, ts: sample.ts, value: v, activeId: open.id });
      delete out.pending[key];
      continue;
    }
    if (!beyond(rule, v)) {
      delete out.pending[key];
      continue;
    }
    const since = Math.min(out.pending[key] ?? sample.ts, sample.ts);
    if (sample.ts - since >= rule.durationS * 1000) {
      out.seen.push({ code, alarmType: ALARM_TYPE.threshold, ts: sample.ts, value: v });
      delete out.pending[key];
    } else {
      out.pending[key] = since;
    }
  }
  return out;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The rule metrics of a report payload (docs/device-protocol.md), by device type. */
export function metricsOf(deviceType: number, data: unknown): Partial<Record<Metric, number>> {
  const d = obj(data);
  const m: Partial<Record<Metric, number>> = {};
  if (deviceType === 1) {
    const t = obj(d.temp);
    const temps = [num(t.inner), num(t.sink)].filter((x): x is number => x !== undefined);
    if (temps.length) m.temperature = Math.max(...temps);
    const soc = num(obj(d.battery).soc);
    if (soc !== undefined) m.soc = soc;
  } else {
    const temp = num(d.temp);
    if (temp !== undefined) m.temperature = temp;
    const soc = num(d.soc);
    if (soc !== undefined) m.soc = soc;
    const leak = num(d.leakMa);
    if (leak !== undefined) m.leakMa = leak;
  }
  return m;
}
