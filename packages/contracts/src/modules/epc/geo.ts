/**
 * EHS geofence (spec §5, §9): the EHS form may only be submitted within 2 km of the site.
 * Pure and shared by the server (the rule that decides) and the web (the same rule shown before the call).
 */

/** Earth radius used by the spec, in kilometres. */
export const EARTH_RADIUS_KM = 6378.137

/** The EHS submission radius around the customer's site, in kilometres. */
export const SITE_RADIUS_KM = 2

/** Same shape as the forms' `Point` (order.forms.ts). */
export interface GeoPoint {
  latitude: number
  longitude: number
}

const rad = (deg: number): number => (deg * Math.PI) / 180

/** Haversine distance in km, rounded to 4 decimals. */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.latitude - a.latitude)
  const dLng = rad(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2
  const km = 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
  return Math.round(km * 10000) / 10000
}

/** Whether `here` is within the site radius of `site` (the limit itself is accepted), and the distance. */
export function withinSite(here: GeoPoint, site: GeoPoint, limitKm = SITE_RADIUS_KM): { ok: boolean; distanceKm: number } {
  const d = distanceKm(here, site)
  return { ok: d <= limitKm, distanceKm: d }
}
