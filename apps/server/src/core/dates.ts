/**
 * Dates on the wire are `yyyy-MM-dd HH:mm:ss` in the deployment's time zone (Blade convention); the database
 * keeps timestamptz.
 */
import { dateTimeParts } from '@helio/contracts/validation';

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

/** ISO 8601 with an explicit offset (what a few clients send): `2024-06-01T12:00:00Z`, `…+08:00`, fractions allowed. */
const ISO_WITH_OFFSET = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)(?:\.\d{1,9})?(?:[zZ]|[+-](?:0\d|1[0-4]):?[0-5]\d)$/;

/**
 * Parse `yyyy-MM-dd[ HH:mm[:ss]]` (or `T` for the blank) in the deployment zone (or an ISO string with an offset); null unless it is a real
 * calendar date and time of years 1000–9999 (contracts `dateTimeParts`): no 2024-02-30, no 25:00, no year 99999.
 */
export function parseDateTime(s: string): Date | null {
  const text = s.trim();
  const iso = ISO_WITH_OFFSET.exec(text);
  if (iso) {
    if (!dateTimeParts(`${iso[1]} ${iso[2]}`)) return null;
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const p = dateTimeParts(/^\d{4}-\d{2}-\d{2}T\d/.test(text) ? text.replace('T', ' ') : text);
  if (!p) return null;
  const [y, mo, d, h, mi, se] = p;
  const naive = Date.UTC(y, mo - 1, d, h, mi, se);
  // Two passes settle the offset across DST transitions.
  let t = naive - zoneOffset(new Date(naive));
  t = naive - zoneOffset(new Date(t));
  return new Date(t);
}
