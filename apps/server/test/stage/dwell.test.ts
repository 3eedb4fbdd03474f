/**
 * Node dwell days: calendar days in a time zone, per stage (every stay counted) and in total; pure arithmetic.
 */
import { describe, expect, it } from 'vitest';
import type { ProcessState } from '@helio/contracts/process/types';
import { calendarDays, dwellDays, initialState, localDay, transition } from '../../src/stage/index.js';
import { DEF, ENV, FORMS, actor } from './fixtures.js';

describe('calendar days', () => {
  it('counts local dates crossed, not 24-hour periods', () => {
    expect(calendarDays('2026-03-02T15:00:00Z', '2026-03-02T17:00:00Z', 'UTC')).toBe(0);
    // 23:00 → 01:00 the next local day: one day although two hours passed.
    expect(calendarDays('2026-03-02T15:00:00Z', '2026-03-02T17:00:00Z', 'Asia/Shanghai')).toBe(1);
    // 00:30 → 23:30 the same local day: no day although 23 hours passed.
    expect(calendarDays('2026-03-01T16:30:00Z', '2026-03-02T15:30:00Z', 'Asia/Shanghai')).toBe(0);
    expect(calendarDays('2026-03-01T00:00:00Z', '2026-03-31T23:59:59Z', 'UTC')).toBe(30);
    expect(calendarDays('2026-03-05T00:00:00Z', '2026-03-01T00:00:00Z', 'UTC')).toBe(0);
  });

  it('depends on the zone: the same instants are different dates in Shanghai and Los Angeles', () => {
    const from = '2026-06-01T20:00:00Z'; // 04:00 on 2 June in Shanghai, 13:00 on 1 June in Los Angeles
    const to = '2026-06-02T10:00:00Z'; // 18:00 on 2 June in Shanghai, 03:00 on 2 June in Los Angeles
    expect(calendarDays(from, to, 'Asia/Shanghai')).toBe(0);
    expect(calendarDays(from, to, 'America/Los_Angeles')).toBe(1);
    expect(localDay('2026-06-01T20:00:00Z', 'Asia/Shanghai') - localDay('2026-06-01T20:00:00Z', 'America/Los_Angeles')).toBe(1);
  });

  it('is not fooled by daylight saving time (a 23-hour and a 25-hour local day are one day each)', () => {
    // Los Angeles: clocks forward 2026-03-08, back 2026-11-01.
    expect(calendarDays('2026-03-08T07:30:00Z', '2026-03-09T06:30:00Z', 'America/Los_Angeles')).toBe(1);
    expect(calendarDays('2026-10-31T07:30:00Z', '2026-11-01T07:30:00Z', 'America/Los_Angeles')).toBe(1);
    expect(calendarDays('2026-11-01T07:30:00Z', '2026-11-02T08:30:00Z', 'America/Los_Angeles')).toBe(1);
    expect(calendarDays('2026-03-01T08:00:00Z', '2026-04-01T07:00:00Z', 'America/Los_Angeles')).toBe(31);
  });

  it('crosses months, leap days and years', () => {
    expect(calendarDays('2028-02-28T12:00:00Z', '2028-03-01T12:00:00Z', 'UTC')).toBe(2);
    expect(calendarDays('2026-12-31T15:59:59Z', '2026-12-31T16:00:00Z', 'Asia/Shanghai')).toBe(1);
    expect(() => localDay('not a date', 'UTC')).toThrow(RangeError);
  });
});

describe('dwell days of an order', () => {
  const at = (d: string) => `${d}T02:00:00.000Z`; // 10:00 in Shanghai
  function walk(): ProcessState {
    let s = initialState(DEF, { tenantId: '1', companyId: '2', now: at('2026-03-01') });
    const step = (role: string, action: string, now: string, more = {}) => {
      const r = transition(DEF, s, { action, actor: actor(role), stage: s.stage, version: s.version, data: FORMS, now, ...more }, ENV);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      s = r.nextState;
      return r;
    };
    step('agent', 'submit', at('2026-03-03')); // create: 2 days
    step('delivery_manager', 'submit', at('2026-03-03')); // call-out quote submitted the same day
    step('finance', 'approve', at('2026-03-04')); // call-out quote: 1 day
    step('rollout_manager', 'submit', at('2026-03-07')); // survey date: 3 days
    step('rollout_manager', 'assign', at('2026-03-07'), { assignees: { site_technician: ['a'], electrician: ['b'] } }); // 0 days
    step('site_technician', 'submit', at('2026-03-09')); // survey: 2 days
    const back = step('rollout_manager', 'reject', at('2026-03-10'), { targetStage: 'survey', reason: 'blurred photos' }); // review: 1 day
    expect(back.history.dwellDays).toBe(1);
    step('site_technician', 'submit', at('2026-03-14')); // survey again: 4 more days
    return s;
  }

  it('sums every stay of a stage, counts the current stage up to now and the total from the first stage', () => {
    const s = walk();
    const d = dwellDays(DEF, s, at('2026-03-20'), 'Asia/Shanghai');
    expect(d.stages).toEqual({ create: 2, callout_quote: 1, survey_date: 3, designated_person: 0, survey: 6, survey_review: 1 + 6 });
    expect(d.current).toBe(6);
    expect(d.total).toBe(19);
  });

  it('stops counting when the order ends, and terminal stages never count', () => {
    const s = walk();
    const r = transition(DEF, s, { action: 'cancel', actor: actor('agent'), stage: s.stage, version: s.version, reason: 'gone', now: at('2026-03-15') }, ENV);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const e = transition(DEF, r.nextState, { action: 'examine', actor: actor('administrator'), stage: s.stage, version: r.nextState.version, approved: true, now: at('2026-03-16') }, ENV);
    if (!e.ok) throw new Error(JSON.stringify(e.errors));
    expect(e.history.dwellDays).toBe(2);
    const d = dwellDays(DEF, e.nextState, at('2027-01-01'), 'Asia/Shanghai');
    expect(d.current).toBeNull();
    expect(d.total).toBe(15);
    expect(d.stages.survey_review).toBe(1 + 2);
    expect(d.stages).not.toHaveProperty('cancelled');
  });
});
