import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { generateParams } from './report-page';

describe('report generation parameters', () => {
  it('sends the type and the dates as yyyy-MM-dd', () => {
    expect(generateParams({ type: 'station-kpi', range: [dayjs('2026-01-01 10:00'), dayjs('2026-01-31 09:00')] })).toEqual({
      type: 'station-kpi',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('refuses a range the server would refuse (over 366 days, or backwards)', () => {
    expect(generateParams({ type: 'api-activity', range: [dayjs('2024-01-01'), dayjs('2025-01-02')] })).toBeNull();
    expect(generateParams({ type: 'api-activity', range: [dayjs('2025-01-02'), dayjs('2025-01-01')] })).toBeNull();
  });
});
