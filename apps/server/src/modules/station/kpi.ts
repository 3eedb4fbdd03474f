/**
 * Energy KPIs (solar-domain.md §3.2; IEC 61724 for specific yield; OpenEMS for self-consumption and autarky):
 *
 *   self-consumption (%) = (1 − export / production) × 100, clamped to 0–100; 0 when nothing was produced
 *   autarky (%)          = (1 − import / consumption) × 100, clamped to 0–100; 100 when nothing was consumed
 *   specific yield       = production (kWh) / installed PV capacity (kWp)  — IEC 61724 final yield Yf, "hours"
 *   CO₂ avoided (kg)     = production (kWh) × grid emission factor (kg/kWh; HELIO_CO2_KG_PER_KWH, default 0.5703,
 *                          China's national grid average for 2022 published by the Ministry of Ecology and Environment)
 *
 * Production = PV energy; consumption = load energy; import/export = grid energies — all from the rollups of the
 * same period. Battery round trips are inside "load" and "import" (the inverter measures them at its ports).
 */

export interface EnergySums {
  pv: number;
  load: number;
  import: number;
  export: number;
  charge: number;
  discharge: number;
  ev: number;
}

export const ZERO: EnergySums = { pv: 0, load: 0, import: 0, export: 0, charge: 0, discharge: 0, ev: 0 };

const clamp = (x: number) => Math.max(0, Math.min(100, x));
export const round = (x: number, d = 2) => {
  const f = 10 ** d;
  return Math.round(x * f) / f;
};

export function selfConsumption(e: Pick<EnergySums, 'pv' | 'export'>): number {
  return e.pv > 0 ? round(clamp((1 - e.export / e.pv) * 100), 1) : 0;
}

export function autarky(e: Pick<EnergySums, 'load' | 'import'>): number {
  return e.load > 0 ? round(clamp((1 - e.import / e.load) * 100), 1) : 100;
}

export function specificYield(pvKwh: number, kwp: number): number | null {
  return kwp > 0 ? round(pvKwh / kwp, 2) : null;
}

export function co2AvoidedKg(pvKwh: number, factor: number): number {
  return round(pvKwh * factor, 1);
}

/** The KPI block shown beside a period's energies. */
export function kpis(e: EnergySums, kwp: number, co2Factor: number) {
  return {
    selfConsumption: selfConsumption(e),
    autarky: autarky(e),
    specificYield: specificYield(e.pv, kwp),
    co2AvoidedKg: co2AvoidedKg(e.pv, co2Factor),
  };
}

export function sums(r: Record<string, unknown> | undefined): EnergySums {
  if (!r) return { ...ZERO };
  const n = (k: string) => round(Number(r[k] ?? 0), 3);
  return { pv: n('pv'), load: n('load'), import: n('import'), export: n('export'), charge: n('charge'), discharge: n('discharge'), ev: n('ev') };
}
