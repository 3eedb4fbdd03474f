/**
 * Sun position and local-time keys. `sunElevation` is the same formula as the SQL function helio_sun_elevation
 * (drizzle/0001_devices.sql): Cooper's declination and a Spencer-style equation of time, accurate to about 1°, which
 * is all day/night detection and the simulator's clear-sky model need.
 */

const RAD = Math.PI / 180;

export function dayOfYear(ms: number): number {
  const d = new Date(ms);
  return Math.floor((ms - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

/** Solar elevation angle in degrees at a place and instant (UTC ms). */
export function sunElevation(lat: number, lon: number, ms: number): number {
  const doy = dayOfYear(ms);
  const decl = RAD * (-23.44 * Math.cos(RAD * ((360 / 365) * (doy + 10))));
  const b = (360 / 365) * (doy - 81);
  const eot = 9.87 * Math.sin(RAD * 2 * b) - 7.53 * Math.cos(RAD * b) - 1.5 * Math.sin(RAD * b);
  const utcH = ms / 3_600_000 - Math.floor(ms / 86_400_000) * 24;
  const solarH = utcH + lon / 15 + eot / 60;
  const latR = lat * RAD;
  const s = Math.sin(latR) * Math.sin(decl) + Math.cos(latR) * Math.cos(decl) * Math.cos(RAD * 15 * (solarH - 12));
  return Math.asin(Math.max(-1, Math.min(1, s))) / RAD;
}

// ---------------------------------------------------------------------------------------------------------------
// Local-time keys for rollups
// ---------------------------------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, number>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The zone's offset from UTC in ms at an instant (cached per zone and quarter hour: offsets change on those). */
export function tzOffsetMs(tz: string, ms: number): number {
  const quarter = Math.floor(ms / 900_000);
  const key = `${tz}|${quarter}`;
  const hit = offsetCache.get(key);
  if (hit !== undefined) return hit;
  const at = quarter * 900_000;
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(new Date(at))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!);
  const off = asUtc - at;
  if (offsetCache.size > 200_000) offsetCache.clear();
  offsetCache.set(key, off);
  return off;
}

export function isValidTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

export interface LocalKeys {
  /** UTC instant (ms) of the 5-minute bucket start. */
  bucket5m: number;
  /** UTC instant (ms) of the start of the local hour. */
  hour: number;
  /** Local date `yyyy-MM-dd`. */
  day: string;
  /** First day of the local month `yyyy-MM-01`. */
  month: string;
}

/** Rollup keys of an instant in a station's zone. Zone offsets are multiples of 15 minutes, so 5-minute buckets align. */
export function localKeys(ms: number, tz: string): LocalKeys {
  const off = tzOffsetMs(tz, ms);
  const local = ms + off;
  const d = new Date(local);
  const hourLocal = Math.floor(local / 3_600_000) * 3_600_000;
  return {
    bucket5m: Math.floor(ms / 300_000) * 300_000,
    hour: hourLocal - off,
    day: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    month: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`,
  };
}

/** Local date string of an instant in a zone. */
export function localDay(ms: number, tz: string): string {
  return localKeys(ms, tz).day;
}

/** UTC instant of local midnight starting `day` (yyyy-MM-dd) in a zone. */
export function localMidnight(day: string, tz: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d);
  let t = naive - tzOffsetMs(tz, naive);
  t = naive - tzOffsetMs(tz, t);
  return t;
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
