/**
 * The phone's location for the EHS submission (issue 19; spec §5 "submission only within 2 km of the site", §8
 * "geolocation failure shows the browser's message; an unsupported browser shows a translated map error", §9 radius
 * 2 km, R = 6378.137 km, 4 decimals): the browser's `navigator.geolocation` read once as a promise, the order's site
 * point, and the same geofence the server applies (contracts `geo.ts`). Pure but for the browser call; the last
 * reading is kept in a small store so the EHS panel shows what the submit button measured (`useLastFix`).
 */
import { useSyncExternalStore } from 'react';
import { SITE_RADIUS_KM, withinSite, type GeoPoint } from '@helio/contracts/modules/epc/geo';

/** What the submission sends (contracts order.field.api `FieldLocation`). */
export interface Fix {
  lat: number;
  lng: number;
  accuracy?: number;
}

/** Why no location: the browser has no geolocation, the user refused, or the browser's own failure (its message). */
export class GeoError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'denied' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'GeoError';
  }
}

/** Reads the browser's current position (high accuracy, 20 s, a fresh reading: the phone may have moved). */
export function readPosition(geo: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation): Promise<Fix> {
  if (!geo || typeof geo.getCurrentPosition !== 'function') return Promise.reject(new GeoError('unsupported', 'unsupported'));
  return new Promise<Fix>((resolve, reject) => {
    geo.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude, ...(Number.isFinite(p.coords.accuracy) ? { accuracy: Math.round(p.coords.accuracy) } : {}) }),
      (e) => reject(new GeoError(e.code === 1 ? 'denied' : 'failed', e.message || String(e.code))),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  });
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : {});
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A `{ latitude, longitude }` (the forms' Point) or `{ lat, lng }` (the field API's) as a GeoPoint; null when neither. */
export function pointOf(v: unknown): GeoPoint | null {
  const r = rec(v);
  const latitude = num(r.latitude) ?? num(r.lat);
  const longitude = num(r.longitude) ?? num(r.lng);
  return latitude === undefined || longitude === undefined ? null : { latitude, longitude };
}

/** The order's site: its map point in the customer form (what the server measures from). */
export const siteOf = (data: Rec): GeoPoint | null => pointOf(rec(data.customer).location);

export interface SiteCheck {
  fix: Fix;
  /** Null: the order has no site point (the server decides). */
  distanceKm: number | null;
  ok: boolean;
  radiusKm: number;
}

/** The geofence of a fix against the site (the limit itself accepted; no site point: left to the server). */
export function checkFix(fix: Fix, site: GeoPoint | null, radiusKm = SITE_RADIUS_KM): SiteCheck {
  if (!site) return { fix, distanceKm: null, ok: true, radiusKm };
  const r = withinSite({ latitude: fix.lat, longitude: fix.lng }, site, radiusKm);
  return { fix, distanceKm: r.distanceKm, ok: r.ok, radiusKm };
}

// ── The last reading, by order (shown by the EHS panel) ─────────────────────────────────────────────────────────────

const fixes = new Map<string, SiteCheck>();
const listeners = new Set<() => void>();

export function rememberFix(orderId: string, check: SiteCheck): void {
  fixes.set(orderId, check);
  for (const l of listeners) l();
}

export function useLastFix(orderId: string): SiteCheck | undefined {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => fixes.get(orderId),
  );
}
