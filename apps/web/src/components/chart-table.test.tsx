import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { categoryOption, timesOption } from '@/features/alarm-analysis/charts';
import { chartOption } from '@/features/station/chart';
import { ChartTable, chartFigures } from './chart-table';

describe('chart text alternative', () => {
  it('reads the figures of a chart from its option, whichever axis holds the categories', () => {
    const station = chartOption({ categories: ['00:00', '00:05'], series: [{ name: 'PV', data: [1.5, null] }], units: ['kW'] });
    expect(chartFigures(station as Record<string, unknown>)).toEqual({ categories: ['00:00', '00:05'], series: [{ name: 'PV', data: [1.5, null] }] });
    const times = timesOption(['Plant A'], [12], [30], ['MTTA', 'MTTR'], 'min');
    expect(chartFigures(times as Record<string, unknown>)).toEqual({
      categories: ['Plant A'],
      series: [
        { name: 'MTTA', data: [12] },
        { name: 'MTTR', data: [30] },
      ],
    });
    const days = categoryOption(['2026-11-01'], [{ key: 'grid', name: 'Grid', counts: [3] }]);
    expect(chartFigures(days as Record<string, unknown>).series).toEqual([{ name: 'Grid', data: [3] }]);
  });

  it('shows the figures as a table on request', () => {
    const option = chartOption({ categories: ['Mon', 'Tue'], series: [{ name: 'Energy', data: [10, 12] }], units: ['kWh'] });
    render(<ChartTable option={option as Record<string, unknown>} caption="Daily energy" />);
    expect(screen.queryByRole('table')).toBeNull();
    const toggle = screen.getByRole('button');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('table', { name: 'Daily energy' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Tue' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '12' })).toBeTruthy();
  });
});
