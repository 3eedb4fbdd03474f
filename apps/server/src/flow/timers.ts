// ISO 8601 durations (P1D, PT5M, P1Y2M3DT4H5M6.5S, P2W) and date-times for timer events and task due dates.
// The engine never waits itself: it only computes a dueAt that the module's database-backed scheduler acts on.

const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const MAX_YEARS = 100;

export interface Duration {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function parseDuration(text: string): Duration | null {
  const s = text.trim();
  const m = DURATION.exec(s);
  if (!m || s === 'P' || s.endsWith('T')) return null;
  const n = (i: number): number => (m[i] ? Number(m[i]!.replace(',', '.')) : 0);
  const d = { years: n(1), months: n(2), weeks: n(3), days: n(4), hours: n(5), minutes: n(6), seconds: n(7) };
  const approxYears = d.years + d.months / 12 + (d.weeks * 7 + d.days) / 365 + (d.hours + d.minutes / 60 + d.seconds / 3600) / 8760;
  if (!(approxYears <= MAX_YEARS)) return null;
  return d;
}

export function addDuration(from: Date, d: Duration): Date {
  const t = new Date(from.getTime());
  if (d.years || d.months) t.setUTCMonth(t.getUTCMonth() + d.years * 12 + d.months);
  const ms = ((((d.weeks * 7 + d.days) * 24 + d.hours) * 60 + d.minutes) * 60 + d.seconds) * 1000;
  return new Date(t.getTime() + Math.round(ms));
}

export function parseDateTime(text: string): Date | null {
  const s = text.trim();
  if (!DATE_TIME.test(s)) return null;
  const t = Date.parse(s);
  return Number.isFinite(t) ? new Date(t) : null;
}

/** A due time from a timer/due-date text: an ISO duration (relative to now) or an ISO date-time. */
export function resolveDue(kind: 'duration' | 'date' | 'either', text: string, now: Date): Date | null {
  if (kind !== 'date') {
    const d = parseDuration(text);
    if (d) return addDuration(now, d);
  }
  if (kind !== 'duration') return parseDateTime(text);
  return null;
}
