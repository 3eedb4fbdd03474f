/**
 * The physics of the demo fleet, one station-day at a time (5-minute steps from local midnight):
 * clear-sky irradiance from the sun's elevation at the site, a daily weather draw shared by nearby stations, module
 * temperature derating and inverter clipping; residential or commercial load profiles; battery dispatch by state of
 * charge (charge the surplus, cover the deficit, 10–95 %); evening EV sessions; and deterministic incidents (fault
 * episodes, offline windows). Everything is a pure function of (fleet key, station, local day), so the live
 * simulator, the history backfill and a restarted simulator produce the same numbers and the same energy counters.
 *
 * This file is the device physics (one station-day as arrays of power, state of charge and incidents); model.ts
 * turns days into energy counters and caches them (FleetModel); report.ts shapes the MQTT messages.
 */
import { addDays, localMidnight } from '../modules/telemetry/solar.js';
import { hash32, rng, type Fleet, type SimStation } from './fleet.js';

export const STEP_MS = 300_000;

export interface Incident {
  sn: string;
  start: number;
  end: number;
  code: number;
}

export interface InverterDay {
  pv: Float32Array;
  load: Float32Array;
  bat: Float32Array;
  grid: Float32Array;
  /** Cumulative kWh at each step end: pv, load, import, export, charge, discharge. */
  cum: Float64Array[];
}

export interface DaySim {
  station: SimStation;
  day: string;
  start: number;
  steps: number;
  /** Sun elevation (degrees) at each step midpoint. */
  elev: Float32Array;
  /** Station-level W per step (average over the step). */
  pv: Float32Array;
  load: Float32Array;
  bat: Float32Array;
  grid: Float32Array;
  ev: Float32Array;
  /** SoC at each step end (%; 0 when no battery). */
  soc: Float32Array;
  weather: number;
  inverters: InverterDay[];
  /** Cumulative EV kWh at each step end. */
  evCum: Float64Array;
  /** EV sessions: [startStep, endStep) and id. */
  sessions: { from: number; to: number; id: string }[];
  faults: Incident[];
  offline: Incident[];
  /** Day totals per device SN, by counter name (kWh). */
  totals: Map<string, Record<string, number>>;
}

const FAULTS: Record<string, number[]> = {
  inverter: [8, 20, 5, 12, 11, 18, 21],
  battery: [103, 108, 104],
  guardian: [204, 203, 201],
  charger: [305, 304],
};

const RAD = Math.PI / 180;

/** sunElevation (solar.ts) with the latitude's sine and cosine precomputed. */
function fastElevation(sinLat: number, cosLat: number, lon: number, ms: number): number {
  const doy = Math.floor((ms - Date.UTC(new Date(ms).getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  const decl = RAD * (-23.44 * Math.cos(RAD * ((360 / 365) * (doy + 10))));
  const b = RAD * (360 / 365) * (doy - 81);
  const eot = 9.87 * Math.sin(2 * b) - 7.53 * Math.cos(b) - 1.5 * Math.sin(b);
  const solarH = ms / 3_600_000 - Math.floor(ms / 86_400_000) * 24 + lon / 15 + eot / 60;
  const x = sinLat * Math.sin(decl) + cosLat * Math.cos(decl) * Math.cos(RAD * 15 * (solarH - 12));
  return Math.asin(x > 1 ? 1 : x < -1 ? -1 : x) / RAD;
}

/** Which local weekday (0 Sunday) a yyyy-MM-dd is. */
function weekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

function gauss(x: number, mu: number, sigma: number): number {
  const z = (x - mu) / sigma;
  return Math.exp(-0.5 * z * z);
}

export function batteryKwh(s: SimStation): number {
  return s.devices.filter((d) => d.kind === 'battery').reduce((a, d) => a + d.energyKwh, 0);
}

export function ratedKw(s: SimStation): number {
  return s.devices.filter((d) => d.kind === 'inverter').reduce((a, d) => a + d.ratedKw, 0);
}

/**
 * One station-day. `stepMs` is 5 minutes for days with raw data (the last week and live); older days, of which only
 * the totals are kept, use 30-minute steps (6× cheaper at start-up).
 */
export function simulateDay(fleet: Fleet, s: SimStation, day: string, stepMs = STEP_MS): DaySim {
  const start = localMidnight(day, s.site.tz);
  const end = localMidnight(addDays(day, 1), s.site.tz);
  const steps = Math.round((end - start) / stepMs);
  const perHour = 3_600_000 / stepMs; // W·step → Wh: divide by perHour
  const r = rng(hash32(`${fleet.params.key}|${s.key}|${day}`));
  const wr = rng(hash32(`weather|${s.site.county || s.site.regionEn}|${day}`));
  const w = wr();
  const weather = w < 0.55 ? 0.85 + wr() * 0.15 : w < 0.85 ? 0.45 + wr() * 0.35 : 0.1 + wr() * 0.25;
  const partly = weather < 0.85 && weather >= 0.45;
  const phase = r() * 10;
  const ci = s.plantType >= 3;
  const wd = weekday(day);
  const weekend = wd === 0 || wd === 6;
  const doy = Math.floor((start - Date.UTC(new Date(start).getUTCFullYear(), 0, 1)) / 86_400_000);
  const summer = Math.cos(((doy - 196) / 365) * 2 * Math.PI) * (s.site.lat >= 0 ? 1 : -1);
  const tAmb = 22 - Math.abs(s.site.lat) * 0.25 + 9 * summer;
  const clip = ratedKw(s) * 1000;
  const capKwh = batteryKwh(s);
  const maxRate = capKwh * 500; // 0.5 C in W
  let soc = capKwh > 0 ? 12 + r() * 10 : 0; // households empty the battery overnight
  const scale = ci ? s.capacityKwp : Math.max(0.6, s.capacityKwp / 10);
  const baseLoad = ci ? 0.08 * s.capacityKwp * 1000 : (250 + r() * 250) * scale;
  const charger = s.devices.find((d) => d.kind === 'charger');
  const sessions: DaySim['sessions'] = [];
  if (charger && r() < (weekend ? 0.5 : 0.8)) {
    const from = Math.floor(((18 + r() * 3) * 3600_000) / stepMs);
    const to = Math.min(steps, from + Math.floor(((1.5 + r() * 2) * 3600_000) / stepMs));
    sessions.push({ from, to, id: `S${day.replace(/-/g, '')}${Math.floor(r() * 90 + 10)}` });
  }

  const elev = new Float32Array(steps);
  const pv = new Float32Array(steps);
  const load = new Float32Array(steps);
  const bat = new Float32Array(steps);
  const grid = new Float32Array(steps);
  const ev = new Float32Array(steps);
  const socA = new Float32Array(steps);
  const evCum = new Float64Array(steps);
  let evAcc = 0;
  const session = sessions[0];
  const evRated = (charger?.ratedKw ?? 7) * 1000;
  const sinLat = Math.sin((s.site.lat * Math.PI) / 180);
  const cosLat = Math.cos((s.site.lat * Math.PI) / 180);
  for (let k = 0; k < steps; k++) {
    const t = start + k * stepMs + stepMs / 2;
    const e = fastElevation(sinLat, cosLat, s.site.lon, t);
    elev[k] = e;
    const hour = (t - start) / 3_600_000;
    let p = 0;
    if (e > 0) {
      const g = 1000 * Math.pow(Math.sin((e * Math.PI) / 180), 1.15);
      const cloud = partly ? weather * (0.65 + 0.35 * Math.sin(phase + k * 0.37) * Math.sin(phase * 1.7 + k * 0.11)) : weather;
      const tCell = tAmb + g * 0.03;
      p = s.capacityKwp * g * 0.82 * Math.max(0.05, cloud) * (1 - 0.004 * Math.max(0, tCell - 25));
      p = Math.min(p, clip);
    }
    pv[k] = p;
    let l: number;
    if (ci) {
      const open = !weekend && hour >= 8 && hour < 18 ? 1 : weekend && hour >= 9 && hour < 16 ? 0.3 : 0;
      l = baseLoad + open * (0.4 + 0.2 * Math.sin(phase + k * 0.05)) * s.capacityKwp * 1000;
    } else {
      l = baseLoad + scale * (800 * gauss(hour, 7.5, 0.8) + 1500 * gauss(hour, 19.5, 1.5) + 250 * gauss(hour, 12.5, 2.5));
    }
    l *= 0.92 + 0.16 * ((Math.sin(phase * 3 + k * 1.3) + 1) / 2);
    const evW = session && k >= session.from && k < session.to ? evRated : 0;
    ev[k] = evW;
    evAcc += evW / perHour / 1000;
    evCum[k] = evAcc;
    l += evW;
    load[k] = l;
    let b = 0;
    if (capKwh > 0) {
      const surplus = p - l;
      const room = capKwh * 1000 * perHour;
      if (surplus > 0 && soc < 95) b = -Math.min(surplus, maxRate, ((95 - soc) / 100) * room);
      else if (surplus < 0 && soc > 10) b = Math.min(-surplus, maxRate, ((soc - 10) / 100) * room);
      soc += ((b < 0 ? -b * 0.95 : -b / 0.95) / perHour / 1000 / capKwh) * 100;
    }
    bat[k] = b;
    socA[k] = soc;
    grid[k] = l - p - b;
  }

  // Incidents, per device.
  const faults: Incident[] = [];
  const offline: Incident[] = [];
  for (const d of s.devices) {
    const dr = rng(hash32(`${fleet.params.key}|${d.sn}|${day}`));
    if (s.scenario === 'stuck_fault' && d.kind === 'inverter' && d.index === 0) {
      faults.push({ sn: d.sn, start, end, code: 20 });
    } else if (dr() < (d.kind === 'inverter' ? 0.04 : 0.015)) {
      const from = start + (9 + dr() * 7) * 3_600_000;
      faults.push({ sn: d.sn, start: from, end: from + (15 + dr() * 75) * 60_000, code: FAULTS[d.kind]![Math.floor(dr() * FAULTS[d.kind]!.length)]! });
    }
    if (dr() < 0.03) {
      const from = start + dr() * 20 * 3_600_000;
      offline.push({ sn: d.sn, start: from, end: from + (30 + dr() * 150) * 60_000, code: 0 });
    }
  }

  // Per-inverter split; a faulted inverter produces nothing.
  const invs = s.devices.filter((d) => d.kind === 'inverter');
  const n = invs.length;
  const inverters: InverterDay[] = invs.map((d) => {
    const f = faults.filter((x) => x.sn === d.sn);
    const ipv = new Float32Array(steps);
    const iload = new Float32Array(steps);
    const ibat = new Float32Array(steps);
    const igrid = new Float32Array(steps);
    const cum = Array.from({ length: 6 }, () => new Float64Array(steps));
    const acc = [0, 0, 0, 0, 0, 0];
    for (let k = 0; k < steps; k++) {
      const t = start + k * stepMs;
      const down = f.length > 0 && f.some((x) => t >= x.start && t < x.end);
      ipv[k] = down ? 0 : pv[k]! / n;
      iload[k] = load[k]! / n;
      ibat[k] = bat[k]! / n;
      igrid[k] = iload[k]! - ipv[k]! - ibat[k]!;
      const kwh = perHour * 1000;
      acc[0]! += ipv[k]! / kwh;
      acc[1]! += iload[k]! / kwh;
      if (igrid[k]! > 0) acc[2]! += igrid[k]! / kwh;
      else acc[3]! += -igrid[k]! / kwh;
      if (ibat[k]! < 0) acc[4]! += -ibat[k]! / kwh;
      else acc[5]! += ibat[k]! / kwh;
      for (let j = 0; j < 6; j++) cum[j]![k] = acc[j]!;
    }
    return { pv: ipv, load: iload, bat: ibat, grid: igrid, cum };
  });

  const totals = new Map<string, Record<string, number>>();
  invs.forEach((d, i) => {
    const c = inverters[i]!.cum;
    totals.set(d.sn, { pv: c[0]![steps - 1]!, load: c[1]![steps - 1]!, import: c[2]![steps - 1]!, export: c[3]![steps - 1]!, charge: c[4]![steps - 1]!, discharge: c[5]![steps - 1]! });
  });
  const packs = s.devices.filter((d) => d.kind === 'battery');
  const invTotal = (key: string) => invs.reduce((a, d) => a + totals.get(d.sn)![key]!, 0);
  for (const d of packs) totals.set(d.sn, { charge: invTotal('charge') / packs.length, discharge: invTotal('discharge') / packs.length });
  if (charger) totals.set(charger.sn, { ev: evAcc });
  const guardian = s.devices.find((d) => d.kind === 'guardian');
  if (guardian) totals.set(guardian.sn, { total: invTotal('load') });

  return { station: s, day, start, steps, elev, pv, load, bat, grid, ev, soc: socA, weather, inverters, evCum, sessions, faults, offline, totals };
}
