/** The analysis page's pure parts: durations in the user's language and the chart options. */
import { describe, expect, it } from 'vitest';
import { categoryOption, timesOption } from './charts';
import { formatMinutes } from './analysis-page';

const units: Record<string, string> = { 'alarmAnalysis.unit.min': 'min', 'alarmAnalysis.unit.h': 'h', 'alarmAnalysis.unit.d': 'd' };
const t = (k: string) => units[k] ?? k;

describe('formatMinutes', () => {
  it('minutes, hours and days; nothing measured is a dash', () => {
    expect(formatMinutes(null, t, 'en-US')).toBe('-');
    expect(formatMinutes(12.34, t, 'en-US')).toBe('12.3 min');
    expect(formatMinutes(125, t, 'en-US')).toBe('2 h 5 min');
    expect(formatMinutes(3 * 1440 + 250, t, 'en-US')).toBe('3 d 4 h');
  });
});

describe('chart options', () => {
  it('MTTA and MTTR bars per group, groups on the category axis', () => {
    const o = timesOption(['A', 'B'], [10, null], [60, 120], ['MTTA', 'MTTR'], 'min') as { yAxis: { data: string[] }; series: { name: string; data: unknown[] }[] };
    expect(o.yAxis.data).toEqual(['A', 'B']);
    expect(o.series.map((s) => [s.name, s.data])).toEqual([['MTTA', [10, null]], ['MTTR', [60, 120]]]);
  });

  it('one stacked series per category over the days', () => {
    const o = categoryOption(['2025-03-10', '2025-03-11'], [{ key: 'grid', name: 'Grid', counts: [1, 2] }, { key: 'pv', name: 'PV', counts: [0, 1] }]) as {
      xAxis: { data: string[] };
      series: { name: string; stack: string; data: number[] }[];
    };
    expect(o.xAxis.data).toEqual(['2025-03-10', '2025-03-11']);
    expect(o.series.map((s) => [s.name, s.stack, s.data])).toEqual([['Grid', 'alarms', [1, 2]], ['PV', 'alarms', [0, 1]]]);
  });
});
