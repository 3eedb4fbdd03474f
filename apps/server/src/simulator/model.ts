/**
 * The demo fleet's energy counters and day cache: each device's cumulative counters are a per-device constant (years
 * of earlier operation) plus every simulated day's total since the fleet's first day, so the live simulator, the
 * history backfill and a restarted simulator report the same counters. The days come from physics.ts; report.ts
 * turns a device at an instant into its MQTT message.
 */
import { addDays, localDay, localMidnight } from '../modules/telemetry/solar.js';
import { hash32, type Fleet, type SimDevice, type SimStation } from './fleet.js';
import { batteryKwh, simulateDay, STEP_MS, type DaySim } from './physics.js';

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
