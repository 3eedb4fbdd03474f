/**
 * The MQTT messages of the demo fleet (docs/device-protocol.md): a device's telemetry payload at an instant, shaped
 * from its station-day (physics.ts) and its counters (model.ts) — PV strings, grid phases, battery, temperatures,
 * faults — with a little deterministic noise.
 */
import { localDay } from '../modules/telemetry/solar.js';
import { hash32, rng, type SimDevice, type SimStation } from './fleet.js';
import type { FleetModel } from './model.js';
import { batteryKwh, STEP_MS, type DaySim, type Incident } from './physics.js';

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
