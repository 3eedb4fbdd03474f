/**
 * Dates on the wire are `yyyy-MM-dd HH:mm:ss` in the deployment's time zone (Blade convention); the database
 * keeps timestamptz.
 */
let zone = 'Asia/Shanghai';
let fmt = makeFormatter(zone);

function makeFormatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
}

export function setTimeZone(tz: string): void {
  zone = tz;
  fmt = makeFormatter(tz);
}

export function timeZone(): string {
  return zone;
}

export function formatDateTime(d: Date | string | null | undefined): string | null {
  if (d === null || d === undefined || d === '') return null;
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return null;
  const p: Record<string, string> = {};
  for (const part of fmt.formatToParts(date)) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Offset in ms of the deployment zone from UTC at the given instant. */
function zoneOffset(at: Date): number {
  const p: Record<string, string> = {};
  for (const part of fmt.formatToParts(at)) p[part.type] = part.value;
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parse `yyyy-MM-dd[ HH:mm[:ss]]` in the deployment zone (or an ISO string with offset); null when invalid. */
export function parseDateTime(s: string): Date | null {
  const m = DATE_TIME.exec(s.trim());
  if (!m) {
    if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(s)) {
      const d = new Date(s);
      return Number.isNaN(d.getTime()) ? null : d;
    }
    return null;
  }
  const [, y, mo, d, h = '0', mi = '0', se = '0'] = m;
  const naive = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +se);
  const check = new Date(naive);
  if (check.getUTCMonth() !== +mo! - 1 || check.getUTCDate() !== +d!) return null;
  // Two passes settle the offset across DST transitions.
  let t = naive - zoneOffset(new Date(naive));
  t = naive - zoneOffset(new Date(t));
  return new Date(t);
}
