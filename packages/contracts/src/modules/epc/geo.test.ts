import { describe, expect, it } from 'vitest'
import { distanceKm, EARTH_RADIUS_KM, SITE_RADIUS_KM, withinSite } from './geo.js'

const site = { latitude: 31.2304, longitude: 121.4737 }
/** A point `km` north of the site along its meridian. */
const north = (km: number) => ({ latitude: site.latitude + (km / EARTH_RADIUS_KM) * (180 / Math.PI), longitude: site.longitude })

describe('EHS geofence', () => {
  it('uses the spec radius', () => {
    expect(SITE_RADIUS_KM).toBe(2)
    expect(EARTH_RADIUS_KM).toBe(6378.137)
  })
  it('accepts 1.9 km', () => {
    expect(withinSite(north(1.9), site)).toEqual({ ok: true, distanceKm: 1.9 })
  })
  it('accepts exactly 2.0 km', () => {
    expect(withinSite(north(2), site)).toEqual({ ok: true, distanceKm: 2 })
  })
  it('refuses 2.1 km and reports the distance', () => {
    expect(withinSite(north(2.1), site)).toEqual({ ok: false, distanceKm: 2.1 })
  })
  it('rounds to 4 decimals and is symmetric', () => {
    const p = { latitude: 31.24, longitude: 121.48 }
    const d = distanceKm(site, p)
    expect(d).toBe(distanceKm(p, site))
    expect(Math.round(d * 10000) / 10000).toBe(d)
    expect(distanceKm(site, site)).toBe(0)
  })
})
