/** The rule kinds, one decision at a time: fault codes (raise, repeat, clear, unknown), duration, hysteresis. */
import { describe, expect, it } from 'vitest';
import { ALARM_CATALOGUE } from '@helio/contracts/modules/alarm/alarm-catalogue';
import { activeCodes, decide, metricsOf, type ActiveAlarm, type RuleDef, type Sample } from './alarm.engine.js';

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
  });
});
