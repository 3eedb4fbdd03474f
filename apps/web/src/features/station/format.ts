/**
 * Pure display helpers for the station screens: numbers with units, network status, energy-flow directions.
 * Device powers arrive in W (telemetry), energies in kWh; the screens show kW / kWh / MWh.
 */

export type NetworkStatus = 0 | 1 | 2;

/** Spec §4 network status → antd tag colour and locale key (`station.network.<key>`). */
export const NETWORK_STATUS: Record<NetworkStatus, { key: 'normal' | 'disconnected' | 'fault'; color: string }> = {
  // Solid colours dark enough for white text (WCAG AA); antd's light success/error presets are not.
  0: { key: 'normal', color: '#237804' },
  1: { key: 'disconnected', color: 'default' },
  2: { key: 'fault', color: '#cf1322' },
};

export function networkStatusOf(value: unknown): NetworkStatus | null {
  const n = Number(value);
  return value !== null && value !== undefined && value !== '' && (n === 0 || n === 1 || n === 2) ? n : null;
}

const isNum = (v: unknown): v is number | string => v !== null && v !== undefined && v !== '' && Number.isFinite(Number(v));

/** `1234.5` → `1,234.5` in the locale (at most `digits` decimals); `-` for a missing value. */
export function formatNumber(value: unknown, digits = 2, locale = 'zh-CN'): string {
  if (!isNum(value)) return '-';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(Number(value));
}

export function withUnit(value: unknown, unit: string, digits = 2, locale = 'zh-CN'): string {
  const text = formatNumber(value, digits, locale);
  return text === '-' ? text : `${text} ${unit}`;
}

/** Watts → kW text (`1182` → `1.18 kW`). */
export function formatPowerW(watts: unknown, locale = 'zh-CN'): string {
  return isNum(watts) ? withUnit(Number(watts) / 1000, 'kW', 2, locale) : '-';
}

/** kWh → text, switching to MWh / GWh for large fleet totals. */
export function formatEnergy(kwh: unknown, locale = 'zh-CN'): string {
  if (!isNum(kwh)) return '-';
  const v = Number(kwh);
  const abs = Math.abs(v);
  if (abs >= 1_000_000) return withUnit(v / 1_000_000, 'GWh', 2, locale);
  if (abs >= 10_000) return withUnit(v / 1000, 'MWh', 2, locale);
  return withUnit(v, 'kWh', 2, locale);
}

/** Split form for statistic cards: `{ value: '1.05', unit: 'MWh' }`. */
export function energyParts(kwh: unknown, locale = 'zh-CN'): { value: string; unit: string } {
  const text = formatEnergy(kwh, locale);
  const i = text.lastIndexOf(' ');
  return i < 0 ? { value: text, unit: '' } : { value: text.slice(0, i), unit: text.slice(i + 1) };
}

export function formatPercent(value: unknown, locale = 'zh-CN', digits = 1): string {
  return withUnit(value, '%', digits, locale).replace(' %', '%');
}

export function formatTemp(value: unknown, locale = 'zh-CN'): string {
  return withUnit(value, '°C', 1, locale).replace(' °C', ' °C');
}

/** CO₂ in kg → kg or t. */
export function formatCo2(kg: unknown, locale = 'zh-CN'): string {
  if (!isNum(kg)) return '-';
  const v = Number(kg);
  return Math.abs(v) >= 1000 ? withUnit(v / 1000, 't', 2, locale) : withUnit(v, 'kg', 1, locale);
}

// ---------------------------------------------------------------------------------------------------------------
// Energy flow: PV → (inverter hub) → battery / load / grid
// ---------------------------------------------------------------------------------------------------------------

/** Direction of one link of the diagram, relative to the hub: `in` flows towards the hub, `out` away from it. */
export type FlowDirection = 'in' | 'out' | 'idle';

export interface FlowInput {
  /** W, ≥ 0. */
  pvPower?: number | null;
  /** W; > 0 importing from the grid, < 0 exporting to it. */
  gridPower?: number | null;
  /** W; > 0 discharging, < 0 charging. */
  batteryPower?: number | null;
  /** W, ≥ 0. */
  loadPower?: number | null;
}

export interface FlowLink {
  direction: FlowDirection;
  /** Absolute power, W. */
  power: number;
}

export interface FlowState {
  pv: FlowLink;
  battery: FlowLink;
  grid: FlowLink;
  load: FlowLink;
}

/** Below this many watts a link is shown idle (measurement noise, standby draw). */
export const FLOW_IDLE_W = 10;

function link(power: number | null | undefined, positiveIsIn: boolean): FlowLink {
  const p = Number(power ?? 0);
  if (!Number.isFinite(p) || Math.abs(p) < FLOW_IDLE_W) return { direction: 'idle', power: 0 };
  const inward = p > 0 === positiveIsIn;
  return { direction: inward ? 'in' : 'out', power: Math.abs(p) };
}

/** Where energy moves right now, from the station's live powers (sign conventions as the device protocol). */
export function flowState(input: FlowInput): FlowState {
  const pv = link(Math.max(0, Number(input.pvPower ?? 0)), true);
  const load = link(Math.max(0, Number(input.loadPower ?? 0)), false);
  return {
    pv,
    battery: link(input.batteryPower, true),
    grid: link(input.gridPower, true),
    load,
  };
}

/** Battery state of the diagram: charging, discharging or idle. */
export function batteryMode(state: FlowState): 'charging' | 'discharging' | 'idle' {
  return state.battery.direction === 'out' ? 'charging' : state.battery.direction === 'in' ? 'discharging' : 'idle';
}

/** Grid state of the diagram: importing, exporting or idle. */
export function gridMode(state: FlowState): 'importing' | 'exporting' | 'idle' {
  return state.grid.direction === 'in' ? 'importing' : state.grid.direction === 'out' ? 'exporting' : 'idle';
}
