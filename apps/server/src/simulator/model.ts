/**
 * The physics of the demo fleet, one station-day at a time (5-minute steps from local midnight):
 * clear-sky irradiance from the sun's elevation at the site, a daily weather draw shared by nearby stations, module
 * temperature derating and inverter clipping; residential or commercial load profiles; battery dispatch by state of
 * charge (charge the surplus, cover the deficit, 10–95 %); evening EV sessions; and deterministic incidents (fault
 * episodes, offline windows). Everything is a pure function of (fleet key, station, local day), so the live
 * simulator, the history backfill and a restarted simulator produce the same numbers and the same energy counters.
 */
import { addDays, localDay, localMidnight } from '../modules/telemetry/solar.js';
import { hash32, rng, type Fleet, type SimDevice, type SimStation } from './fleet.js';

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

// ---------------------------------------------------------------------------------------------------------------
// Energy counters: a per-device constant plus every day's total since the fleet's first day
// ---------------------------------------------------------------------------------------------------------------

const COUNTERS: Record<string, string[]> = {
  inverter: ['pv', 'load', 'import', 'export', 'charge', 'discharge'],
  battery: ['charge', 'discharge'],
  guardian: ['total'],
  charger: ['ev'],
};

export function counterNames(kind: string, pvOnly = false): string[] {
  return kind === 'inverter' && pvOnly ? ['pv'] : (COUNTERS[kind] ?? []);
}

/** A PV-only site (no battery) has no meter: its inverter measures only what it produces. */
export function isPvOnly(s: SimStation): boolean {
  return batteryKwh(s) === 0;
}

/** The counters a device of a station reports. */
export function countersOf(s: SimStation, d: SimDevice): string[] {
  return counterNames(d.kind, isPvOnly(s));
}

/** The counter a device had before the fleet's first day (years of earlier operation). */
function baseCounter(s: SimStation, d: SimDevice, name: string): number {
  const days = Math.max(30, (Date.parse(`${'2026-01-01'}T00:00:00Z`) - Date.parse(`${s.installDate}T00:00:00Z`)) / 86_400_000);
  const perDay = (s.capacityKwp / Math.max(1, s.devices.filter((x) => x.kind === 'inverter').length)) * 3.1;
  const f: Record<string, number> = { pv: 1, load: 0.9, import: 0.35, export: 0.45, charge: 0.25, discharge: 0.23, total: 0.9, ev: 0.3 };
  return Math.round(days * perDay * (f[name] ?? 0.5) * (0.9 + (hash32(d.sn + name) % 200) / 1000));
}

/** Caches simulated days and the running counter sums of a fleet. */
export class FleetModel {
  private readonly days = new Map<string, DaySim>();
  /** sn → day → counters at that day's local midnight. */
  private readonly bases = new Map<string, Map<string, Record<string, number>>>();

  /** From this local day on, days are simulated in 5-minute steps (raw data exists); before it in 30-minute steps. */
  readonly fineFrom: string;

  constructor(
    readonly fleet: Fleet,
    /** The fleet's first local day (yyyy-MM-dd): history starts here. */
    readonly epochDay: string,
    /** Days of history kept only as daily totals (the rest of the history has raw 5-minute data). */
    coarseDays = 83,
  ) {
    this.fineFrom = addDays(epochDay, coarseDays);
  }

  /** Stations of the 'offline' scenario stop reporting at this instant (two days before the fleet was seeded). */
  offlineFrom(s: SimStation): number {
    return localMidnight(addDays(this.fineFrom, 5), s.site.tz);
  }

  isOffline(sim: DaySim, sn: string, t: number): boolean {
    if (sim.station.scenario === 'offline') return t >= this.offlineFrom(sim.station);
    return sim.offline.some((x) => x.sn === sn && t >= x.start && t < x.end);
  }

  /** Does this device report at `t`? PV-only inverters sleep while the sun is below 2°. */
  reportsAt(s: SimStation, d: SimDevice, t: number): boolean {
    const sim = this.day(s, localDay(t, s.site.tz));
    if (this.isOffline(sim, d.sn, t)) return false;
    if (d.kind === 'inverter' && batteryKwh(s) === 0) {
      const k = Math.min(sim.steps - 1, Math.max(0, Math.floor((t - sim.start) / STEP_MS)));
      return sim.elev[k]! > 2;
    }
    return true;
  }

  /** The last instant on the 5-minute grid at or before `t` when the device reported (within `maxDays`). */
  lastReportAt(s: SimStation, d: SimDevice, t: number, maxDays = 3): number | undefined {
    let x = Math.floor(t / STEP_MS) * STEP_MS;
    const stop = x - maxDays * 86_400_000;
    for (; x > stop; x -= STEP_MS) if (this.reportsAt(s, d, x)) return x;
    return undefined;
  }

  /** Day totals per device SN (coarse or fine, as the counters use them). */
  totals(s: SimStation, day: string): Map<string, Record<string, number>> {
    if (day >= this.fineFrom) return this.day(s, day).totals;
    return simulateDay(this.fleet, s, day, 1_800_000).totals;
  }

  day(s: SimStation, day: string): DaySim {
    const key = `${s.key}|${day}`;
    let d = this.days.get(key);
    if (!d) {
      d = simulateDay(this.fleet, s, day);
      if (this.days.size > 1000) this.days.clear();
      this.days.set(key, d);
    }
    return d;
  }

  /** Counters of every device of a station at the start of a local day. */
  private base(s: SimStation, dayWanted: string): Map<string, Record<string, number>> {
    const day = dayWanted < this.epochDay ? this.epochDay : dayWanted;
    const out = new Map<string, Record<string, number>>();
    let missing = false;
    for (const d of s.devices) {
      const m = this.bases.get(d.sn)?.get(day);
      if (!m) missing = true;
      else out.set(d.sn, m);
    }
    if (!missing) return out;
    // Walk forward from the latest known day (or the epoch).
    let cur = this.epochDay;
    let acc = new Map<string, Record<string, number>>();
    for (const d of s.devices) acc.set(d.sn, Object.fromEntries(countersOf(s, d).map((n) => [n, baseCounter(s, d, n)])));
    const known = this.bases.get(s.devices[0]!.sn);
    if (known) {
      let best: string | undefined;
      for (const k of known.keys()) if (k <= day && (!best || k > best)) best = k;
      if (best) {
        cur = best;
        acc = new Map(s.devices.map((d) => [d.sn, { ...this.bases.get(d.sn)!.get(best)! }]));
      }
    }
    const remember = (dd: string) => {
      for (const d of s.devices) {
        let m = this.bases.get(d.sn);
        if (!m) this.bases.set(d.sn, (m = new Map()));
        m.set(dd, { ...acc.get(d.sn)! });
      }
    };
    remember(cur);
    while (cur < day) {
      const totals = this.totals(s, cur);
      for (const d of s.devices) {
        const c = acc.get(d.sn)!;
        const t = totals.get(d.sn) ?? {};
        for (const n of countersOf(s, d)) c[n] = c[n]! + (t[n] ?? 0);
      }
      cur = addDays(cur, 1);
      remember(cur);
    }
    return new Map(s.devices.map((d) => [d.sn, this.bases.get(d.sn)!.get(day)!]));
  }

  /** A device's counters at instant `t` (kWh, rounded to 1 Wh — as reported). */
  counters(s: SimStation, d: SimDevice, t: number): Record<string, number> {
    const day = localDay(t, s.site.tz);
    const sim = this.day(s, day);
    const base = this.base(s, day).get(d.sn)!;
    const k = Math.min(sim.steps - 1, Math.max(0, Math.floor((t - sim.start) / STEP_MS)));
    const frac = (t - sim.start - k * STEP_MS) / STEP_MS;
    const out: Record<string, number> = {};
    const interp = (arr: Float64Array) => (k === 0 ? 0 : arr[k - 1]!) + (arr[k]! - (k === 0 ? 0 : arr[k - 1]!)) * frac;
    if (d.kind === 'inverter') {
      const inv = sim.inverters[d.index]!;
      const all = counterNames('inverter');
      for (const n of countersOf(s, d)) out[n] = base[n]! + interp(inv.cum[all.indexOf(n)]!);
    } else if (d.kind === 'battery') {
      const packs = s.devices.filter((x) => x.kind === 'battery').length;
      for (const [n, j] of [['charge', 4], ['discharge', 5]] as const) {
        out[n] = base[n]! + sim.inverters.reduce((a, inv) => a + interp(inv.cum[j]!), 0) / packs;
      }
    } else if (d.kind === 'charger') {
      out.ev = base.ev! + interp(sim.evCum);
    } else {
      out.total = base.total! + sim.inverters.reduce((a, inv) => a + interp(inv.cum[1]!), 0);
    }
    for (const n of Object.keys(out)) out[n] = Math.round(out[n]! * 1000) / 1000;
    return out;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------------------------

const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

export function activeFault(sim: DaySim, sn: string, t: number): Incident | undefined {
  return sim.faults.find((x) => x.sn === sn && t >= x.start && t < x.end);
}

/** The MQTT telemetry payload of a device at `t`. */
export function report(model: FleetModel, s: SimStation, d: SimDevice, t: number): Record<string, unknown> {
  const sim = model.day(s, localDay(t, s.site.tz));
  const k = Math.min(sim.steps - 1, Math.max(0, Math.floor((t - sim.start) / STEP_MS)));
  const noise = rng(hash32(`${d.sn}|${t}`));
  const jitter = (x: number, pct = 0.02) => x * (1 - pct + noise() * 2 * pct);
  const c = model.counters(s, d, t);
  const fault = activeFault(sim, d.sn, t);
  const faults = fault ? [fault.code] : [];
  const threePhase = d.kind === 'inverter' ? d.ratedKw > 8 : true;
  const freq = r2(50 + (noise() - 0.5) * 0.04);
  const phases = (total: number) => (threePhase ? [r1(total / 3), r1(total / 3), r1(total / 3)] : [r1(total)]);
  const volts = () => (threePhase ? [r1(jitter(230, 0.01)), r1(jitter(230, 0.01)), r1(jitter(230, 0.01))] : [r1(jitter(230, 0.01))]);
  const capKwh = batteryKwh(s);
  const hv = s.plantType >= 3;
  if (d.kind === 'inverter') {
    const inv = sim.inverters[d.index]!;
    const pv = jitter(inv.pv[k]!);
    const load = jitter(inv.load[k]!);
    const bat = capKwh > 0 ? inv.bat[k]! : 0;
    const grid = load - pv - bat;
    const mppt = hv ? 4 : 2;
    const vmp = pv > 0 ? 330 + 60 * Math.min(1, pv / (d.ratedKw * 1000)) : 0;
    const batV = hv ? 380 + sim.soc[k]! * 0.4 : 48 + sim.soc[k]! * 0.07;
    const tInner = 28 + (pv / (d.ratedKw * 1000)) * 18;
    const pvOnly = capKwh === 0;
    return {
      ts: t,
      state: fault ? 4 : pv > 0 || capKwh > 0 ? 2 : 1,
      pv: Array.from({ length: mppt }, () => ({ v: r1(jitter(vmp, 0.01)), i: vmp > 0 ? r2(pv / mppt / vmp) : 0 })),
      pvPower: Math.round(pv),
      // Without a meter the inverter sees only its own AC output (negative: towards the grid).
      grid: pvOnly
        ? { v: volts(), i: phases(pv / 230), p: phases(-pv), power: -Math.round(pv), freq, q: 0, pf: 1 }
        : { v: volts(), i: phases(Math.abs(grid) / 230), p: phases(grid), power: Math.round(grid), freq, q: Math.round(jitter(0.03 * Math.abs(grid))), pf: 0.99 },
      ...(pvOnly ? {} : { load: { power: Math.round(load), p: phases(load) }, eps: { power: 0 } }),
      ...(capKwh > 0
        ? { battery: { v: r1(batV), i: r1(bat / batV), power: Math.round(bat), soc: r1(sim.soc[k]!), temp: r1(22 + Math.abs(bat) / 1000) } }
        : {}),
      temp: { inner: r1(tInner), sink: r1(tInner + 6) },
      busV: r1(pv > 0 ? 400 + noise() * 20 : 0),
      isoKohm: Math.round(fault?.code === 20 ? 80 : 1500 + noise() * 800),
      energy: pvOnly
        ? { pvToday: r3(inv.cum[0]![k]!), pvTotal: c.pv }
        : {
            pvToday: r3(inv.cum[0]![k]!),
            pvTotal: c.pv,
            loadTotal: c.load,
            importTotal: c.import,
            exportTotal: c.export,
            chargeTotal: c.charge,
            dischargeTotal: c.discharge,
          },
      faults,
    };
  }
  if (d.kind === 'battery') {
    const packs = s.devices.filter((x) => x.kind === 'battery').length;
    const p = sim.bat[k]! / packs;
    const soc = sim.soc[k]!;
    const v = hv ? 380 + soc * 0.4 : 48 + soc * 0.07;
    const cellV = v / (hv ? 120 : 16);
    return {
      ts: t,
      state: fault ? 4 : p < -10 ? 2 : p > 10 ? 3 : 1,
      v: r1(v),
      i: r1(p / v),
      power: Math.round(p),
      soc: r1(soc),
      soh: r1(92 + (hash32(d.sn) % 70) / 10),
      temp: r1(21 + Math.abs(p) / 800),
      cell: { vMax: r3(cellV + 0.008), vMin: r3(cellV - 0.006), tMax: r1(23 + Math.abs(p) / 700), tMin: r1(21) },
      cycles: 150 + (hash32(d.sn) % 300) + Math.floor((t - Date.parse('2026-01-01T00:00:00Z')) / 86_400_000 / 1.3),
      remainKwh: r2((soc / 100) * d.energyKwh),
      energy: { chargeTotal: c.charge, dischargeTotal: c.discharge },
      faults,
    };
  }
  if (d.kind === 'guardian') {
    const tripped = !!fault;
    const p = tripped ? 0 : jitter(sim.load[k]!);
    return {
      ts: t,
      state: tripped ? 4 : 2,
      gate: tripped ? 2 : 1,
      protect: tripped ? ({ 204: 4, 203: 3, 201: 1 } as Record<number, number>)[fault.code] ?? 7 : 0,
      v: volts(),
      i: phases(p / 230),
      p: phases(p),
      power: Math.round(p),
      freq,
      leakMa: r1(tripped && fault.code === 204 ? 32 : 1 + noise() * 4),
      temp: r1(28 + p / 2000),
      energy: { total: c.total },
      faults,
    };
  }
  const session = sim.sessions.find((x) => k >= x.from && k < x.to);
  const power = session && !fault ? jitter(sim.ev[k]!, 0.01) : 0;
  return {
    ts: t,
    state: fault ? 4 : session ? 2 : 1,
    power: Math.round(power),
    v: [r1(jitter(230, 0.01))],
    i: [r1(power / 230)],
    temp: r1(30 + power / 800),
    ...(session ? { session: { id: session.id, energy: r3(sim.evCum[k]! - (session.from > 0 ? sim.evCum[session.from - 1]! : 0)) } } : {}),
    energy: { total: c.ev },
    faults,
  };
}
