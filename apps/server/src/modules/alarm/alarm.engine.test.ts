/** The rule kinds, one decision at a time: fault codes (raise, repeat, clear, unknown), duration, hysteresis, overrides. */
import { describe, expect, it } from 'vitest';
import { ALARM_CATALOGUE } from '@helio/contracts/modules/alarm/alarm-catalogue';
import { checkDefinition, checkOverride, checkRule, ruleProblemText } from '@helio/contracts/modules/alarm/alarm-rules.api';
import { activeCodes, decide, metricsOf, withOverrides, type ActiveAlarm, type RuleDef, type Sample } from './alarm.engine.js';

const T0 = Date.UTC(2026, 5, 1, 10, 0, 0);
const MIN = 60_000;
const sample = (o: Partial<Sample> = {}): Sample => ({
  deviceId: '1', tenantId: '000000', plantId: '2', sn: 'INV0001', deviceType: 1, ts: T0, faults: [], state: 2, metrics: {}, ...o,
});
const overTemp: RuleDef = { code: 9101, rule: { metric: 'temperature', op: '>', threshold: 75, clear: 70, durationS: 600 } };
const lowSoc: RuleDef = { code: 9102, rule: { metric: 'soc', op: '<', threshold: 5, clear: 10, durationS: 0 } };

describe('fault codes', () => {
  it('raises a new code, repeats an active one and clears one gone from a newer report', () => {
    const active: ActiveAlarm[] = [
      { id: 'a8', code: 8, alarmType: 1, triggerTime: T0 - 10 * MIN },
      { id: 'a3', code: 3, alarmType: 1, triggerTime: T0 - 10 * MIN },
    ];
    const d = decide(sample({ faults: [8, 5, 5] }), active, {}, []);
    expect(d.seen).toEqual([
      { code: 8, alarmType: 1, ts: T0, activeId: 'a8' },
      { code: 5, alarmType: 1, ts: T0, activeId: undefined },
    ]);
    expect(d.clear).toEqual([{ alarmId: 'a3', code: 3, ts: T0 }]);
  });

  it('keeps an unknown code as an alarm of its own and maps the fault state without a code to 9000', () => {
    expect(decide(sample({ faults: [4242] }), [], {}, []).seen.map((s) => s.code)).toEqual([4242]);
    expect(activeCodes({ faults: [], state: 4 })).toEqual([9000]);
    expect(activeCodes({ faults: [], state: 2 })).toEqual([]);
  });

  it('does not clear an alarm from a report older than its trigger, nor a threshold alarm without its metric', () => {
    const active: ActiveAlarm[] = [
      { id: 'a1', code: 1, alarmType: 1, triggerTime: T0 },
      { id: 'r', code: 9101, alarmType: 4, triggerTime: T0 - MIN },
    ];
    const d = decide(sample({ ts: T0 - MIN }), active, {}, [overTemp]);
    expect(d.clear).toEqual([]);
    expect(d.seen).toEqual([]);
  });
});

describe('threshold rules', () => {
  it('duration: pending until the condition has held for 10 minutes, then raised once', () => {
    let pending = {};
    const at = (m: number, temperature: number) => decide(sample({ ts: T0 + m * MIN, metrics: { temperature } }), [], pending, [overTemp]);
    let d = at(0, 80);
    expect(d.seen).toEqual([]);
    expect(d.pending).toEqual({ 9101: T0 });
    pending = d.pending;
    d = at(5, 78);
    expect(d.seen).toEqual([]);
    expect(d.pending).toEqual({ 9101: T0 });
    pending = d.pending;
    d = at(10, 77);
    expect(d.seen).toEqual([{ code: 9101, alarmType: 4, ts: T0 + 10 * MIN, value: 77 }]);
    expect(d.pending).toEqual({});
  });

  it('duration: a dip below the threshold restarts the wait', () => {
    const d1 = decide(sample({ metrics: { temperature: 80 } }), [], {}, [overTemp]);
    const d2 = decide(sample({ ts: T0 + 5 * MIN, metrics: { temperature: 72 } }), [], d1.pending, [overTemp]);
    expect(d2.pending).toEqual({});
    const d3 = decide(sample({ ts: T0 + 11 * MIN, metrics: { temperature: 80 } }), [], d2.pending, [overTemp]);
    expect(d3.seen).toEqual([]);
    expect(d3.pending).toEqual({ 9101: T0 + 11 * MIN });
  });

  it('hysteresis: an active alarm stays between the levels (a repeat) and clears only below the clear level', () => {
    const active: ActiveAlarm[] = [{ id: 'r1', code: 9101, alarmType: 4, triggerTime: T0 }];
    const between = decide(sample({ ts: T0 + MIN, metrics: { temperature: 72 } }), active, {}, [overTemp]);
    expect(between.clear).toEqual([]);
    expect(between.seen).toEqual([{ code: 9101, alarmType: 4, ts: T0 + MIN, value: 72, activeId: 'r1' }]);
    const below = decide(sample({ ts: T0 + 2 * MIN, metrics: { temperature: 69.5 } }), active, {}, [overTemp]);
    expect(below.clear).toEqual([{ alarmId: 'r1', code: 9101, ts: T0 + 2 * MIN }]);
    expect(below.seen).toEqual([]);
  });

  it('a "<" rule without a duration raises at once and clears above its clear level', () => {
    const battery = sample({ deviceType: 2 });
    expect(decide({ ...battery, metrics: { soc: 4 } }, [], {}, [lowSoc]).seen).toEqual([{ code: 9102, alarmType: 4, ts: T0, value: 4 }]);
    expect(decide({ ...battery, metrics: { soc: 6 } }, [], {}, [lowSoc]).seen).toEqual([]);
    const active: ActiveAlarm[] = [{ id: 's', code: 9102, alarmType: 4, triggerTime: T0 - MIN }];
    expect(decide({ ...battery, metrics: { soc: 8 } }, active, {}, [lowSoc]).clear).toEqual([]);
    expect(decide({ ...battery, metrics: { soc: 11 } }, active, {}, [lowSoc]).clear).toEqual([{ alarmId: 's', code: 9102, ts: T0 }]);
  });
});

describe('threshold rules: repeat and clear', () => {
  it('repeat: every report beyond the threshold while active is a repeat of the one alarm, never a second', () => {
    const active: ActiveAlarm[] = [{ id: 'r1', code: 9101, alarmType: 4, triggerTime: T0 }];
    for (const m of [1, 2, 3]) {
      const d = decide(sample({ ts: T0 + m * MIN, metrics: { temperature: 90 } }), active, {}, [overTemp]);
      expect(d.seen).toEqual([{ code: 9101, alarmType: 4, ts: T0 + m * MIN, value: 90, activeId: 'r1' }]);
      expect(d.clear).toEqual([]);
    }
  });

  it('clear: a report without the metric changes nothing; exactly at the clear level is not yet past it', () => {
    const active: ActiveAlarm[] = [{ id: 'r1', code: 9101, alarmType: 4, triggerTime: T0 }];
    expect(decide(sample({ ts: T0 + MIN, metrics: { soc: 50 } }), active, {}, [overTemp])).toEqual({ seen: [], clear: [], pending: {} });
    expect(decide(sample({ ts: T0 + MIN, metrics: { temperature: 70 } }), active, {}, [overTemp]).clear).toEqual([]);
    expect(decide(sample({ ts: T0 + MIN, metrics: { temperature: 69.9 } }), active, {}, [overTemp]).clear).toEqual([{ alarmId: 'r1', code: 9101, ts: T0 + MIN }]);
  });
});

describe('per-device overrides', () => {
  const leak: RuleDef = { code: 9104, rule: { metric: 'leakMa', op: '>', threshold: 30, clear: 20, durationS: 60 } };
  const guardian = (ts: number, leakMa: number) => sample({ deviceType: 3, sn: 'GRD0001', ts, metrics: { leakMa } });

  it('an override replaces the threshold, clear level and duration; null values follow the type', () => {
    const [r] = withOverrides([leak], [{ code: 9104, threshold: 10, clear: null, durationS: 0, enabled: true }]);
    expect(r).toEqual({ code: 9104, rule: { metric: 'leakMa', op: '>', threshold: 10, clear: 20, durationS: 0 } });
    expect(withOverrides([leak, overTemp], undefined)).toEqual([leak, overTemp]);
    expect(withOverrides([overTemp], [{ code: 9104, threshold: 1, clear: 0, durationS: 0, enabled: true }])).toEqual([overTemp]);
  });

  it("a guardian's configured leakage threshold raises where the type's would not", () => {
    expect(decide(guardian(T0, 15), [], {}, [leak]).seen).toEqual([]);
    const mine = withOverrides([leak], [{ code: 9104, threshold: 12, clear: 8, durationS: 0, enabled: true }]);
    expect(decide(guardian(T0, 15), [], {}, mine).seen).toEqual([{ code: 9104, alarmType: 4, ts: T0, value: 15 }]);
    // … and clears with its own hysteresis: 9 is between 8 and 12 (a repeat), 7.5 is past it.
    const active: ActiveAlarm[] = [{ id: 'g', code: 9104, alarmType: 4, triggerTime: T0 }];
    expect(decide(guardian(T0 + MIN, 9), active, {}, mine).clear).toEqual([]);
    expect(decide(guardian(T0 + 2 * MIN, 7.5), active, {}, mine).clear).toEqual([{ alarmId: 'g', code: 9104, ts: T0 + 2 * MIN }]);
  });

  it('a rule switched off for a device raises nothing there, drops its pending wait and clears its active alarm', () => {
    const off = withOverrides([leak], [{ code: 9104, threshold: null, clear: null, durationS: null, enabled: false }]);
    expect(off[0]!.off).toBe(true);
    const d = decide(guardian(T0, 500), [], { 9104: T0 - 10 * MIN }, off);
    expect(d).toEqual({ seen: [], clear: [], pending: {} });
    const active: ActiveAlarm[] = [{ id: 'g', code: 9104, alarmType: 4, triggerTime: T0 - MIN }];
    expect(decide(guardian(T0, 500), active, {}, off).clear).toEqual([{ alarmId: 'g', code: 9104, ts: T0 }]);
  });
});

describe('rule checks (contracts, shared by the server and the form)', () => {
  const ok = { metric: 'temperature', op: '>', threshold: 75, clear: 70, durationS: 600 };
  it('accepts a good rule and refuses each malformed part with its own message', () => {
    expect(checkRule(ok, 1)).toEqual([]);
    expect(checkRule({ ...ok, clear: 80 }, 1).map((p) => p.key)).toEqual(['clearAbove']);
    expect(checkRule({ ...ok, op: '<', threshold: 5, clear: 5, metric: 'soc' }, 2).map((p) => p.key)).toEqual(['clearBelow']);
    expect(checkRule({ ...ok, metric: 'voltage' }, 1).map((p) => p.key)).toEqual(['metric']);
    expect(checkRule({ ...ok, metric: 'leakMa', threshold: 30, clear: 20 }, 1).map((p) => p.key)).toEqual(['metricNotReported']);
    expect(checkRule({ ...ok, op: '>=' }, 1).map((p) => p.key)).toEqual(['op']);
    expect(checkRule({ ...ok, threshold: Infinity }, 1).map((p) => p.key)).toEqual(['notFinite']);
    expect(checkRule({ ...ok, threshold: Number.NaN }, 1).map((p) => p.key)).toEqual(['notFinite']);
    expect(checkRule({ ...ok, durationS: 86_401 }, 1).map((p) => p.key)).toEqual(['duration']);
    expect(checkRule({ ...ok, durationS: 1.5 }, 1).map((p) => p.key)).toEqual(['duration']);
    expect(checkRule({ ...ok, threshold: 500, clear: 400 }, 1).map((p) => p.key)).toEqual(['valueRange', 'valueRange']);
    const [p] = checkRule({ ...ok, clear: 80 }, 1);
    expect(ruleProblemText('en-US', p!)).toBe('For a ">" rule the clear level (80) must be below the threshold (75), or the alarm cannot clear with hysteresis');
    expect(ruleProblemText('zh-CN', p!)).toContain('恢复值(80)必须低于阈值(75)');
  });

  it('a definition keeps its kind (a rule stays a rule) and its names; an override is checked merged with its type', () => {
    const def = { severity: 3, category: 'temperature', nameZh: '温度', nameEn: 'Temp', rule: ok };
    expect(checkDefinition(def, 1, true)).toEqual([]);
    expect(checkDefinition({ ...def, rule: null }, 1, true).map((p) => p.key)).toEqual(['ruleFixed']);
    expect(checkDefinition(def, 1, false).map((p) => p.key)).toEqual(['ruleFixed']);
    expect(checkDefinition({ ...def, severity: 5, category: 'weather', nameEn: ' ' }, 1, true).map((p) => p.key)).toEqual(['severity', 'category', 'required']);
    const type = { metric: 'leakMa' as const, op: '>' as const, threshold: 30, clear: 20, durationS: 60 };
    expect(checkOverride(type, { threshold: 10 }, 3).map((p) => p.key)).toEqual(['clearAbove']);
    expect(checkOverride(type, { threshold: 10, clear: 5 }, 3)).toEqual([]);
  });
});

describe('metrics and catalogue', () => {
  it('reads the rule metrics from each device type’s report', () => {
    expect(metricsOf(1, { temp: { inner: 60, sink: 76 }, battery: { soc: 40 } })).toEqual({ temperature: 76, soc: 40 });
    expect(metricsOf(2, { soc: 3, temp: 30 })).toEqual({ soc: 3, temperature: 30 });
    expect(metricsOf(3, { leakMa: 42 })).toEqual({ leakMa: 42 });
    expect(metricsOf(1, null)).toEqual({});
  });

  it('the catalogue holds each device type and code once, every entry named, categorised and with a remedy', () => {
    const keys = ALARM_CATALOGUE.map((d) => `${d.deviceType}:${d.code}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of ALARM_CATALOGUE) {
      expect(d.name.zh && d.name.en && d.cause.zh && d.cause.en && d.remedy.zh && d.remedy.en, `${d.code}`).toBeTruthy();
      expect([1, 2, 3, 4]).toContain(d.severity);
    }
    expect(ALARM_CATALOGUE.filter((d) => d.source === 'sunspec').map((d) => d.code)).toEqual([...Array(16).keys()].map((i) => i + 1));
    // Every threshold rule of the reference data passes the check an edit must pass.
    for (const d of ALARM_CATALOGUE.filter((x) => x.rule)) expect(checkRule(d.rule!, d.deviceType), `${d.code}`).toEqual([]);
  });
});
