/**
 * Node dwell days (spec §4), pure: calendar days in a given IANA time zone. A stay from Monday 23:00 to Tuesday
 * 01:00 local time is 1 day, a stay within one local date 0. A stage visited several times (rejected back to) counts
 * each stay. The total is from the order's first stage to its end (or now), not the sum of the stages (two stages
 * left on the same day would count that day twice).
 */
import type { ProcessDefinition, ProcessState, StageVisit } from '@helio/contracts/process/types';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

function instant(at: Date | string): Date {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not an instant: ${String(at)}`);
  return d;
}

/** The local calendar date of an instant in `timeZone`, as days since 1970-01-01. */
export function localDay(at: Date | string, timeZone: string): number {
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant(at))) p[part.type] = part.value;
  return Math.round(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)) / 86_400_000);
}

/** Calendar days between two instants in `timeZone` (0 when `to` is on the same local date or earlier). */
export function calendarDays(from: Date | string, to: Date | string, timeZone: string): number {
  return Math.max(0, localDay(to, timeZone) - localDay(from, timeZone));
}

export function visitDays(visit: StageVisit, now: Date | string, timeZone: string): number {
  return calendarDays(visit.enteredAt, visit.leftAt ?? now, timeZone);
}

export interface DwellDays {
  /** Days per stage (only stages that count and were visited). */
  stages: Record<string, number>;
  /** Days in the current stage so far (null once the order has ended). */
  current: number | null;
  total: number;
}

export function dwellDays(definition: ProcessDefinition, state: ProcessState, now: Date | string, timeZone: string): DwellDays {
  const stages: Record<string, number> = {};
  for (const v of state.visits) {
    const st = definition.stage(v.stage);
    if (!st || st.terminal || st.dwell === false) continue;
    stages[v.stage] = (stages[v.stage] ?? 0) + visitDays(v, now, timeZone);
  }
  const last = state.visits[state.visits.length - 1];
  const first = state.visits[0];
  return {
    stages,
    current: state.endedAt || !last ? null : visitDays(last, now, timeZone),
    total: first ? calendarDays(first.enteredAt, state.endedAt ?? now, timeZone) : 0,
  };
}
