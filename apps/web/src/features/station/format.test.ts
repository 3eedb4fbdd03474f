import { describe, expect, it } from 'vitest';
import {
  batteryMode,
  energyParts,
  flowState,
  formatCo2,
  formatEnergy,
  formatNumber,
  formatPercent,
  formatPowerW,
  formatTemp,
  gridMode,
  networkStatusOf,
} from './format';

describe('station formatters', () => {
  it('format numbers with units and a dash for missing values', () => {
    expect(formatNumber(1234.567, 2, 'en-US')).toBe('1,234.57');
    expect(formatNumber(null)).toBe('-');
    expect(formatNumber('')).toBe('-');
    expect(formatNumber('abc')).toBe('-');
    expect(formatPowerW(1182, 'en-US')).toBe('1.18 kW');
    expect(formatPowerW(undefined)).toBe('-');
    expect(formatPercent(90.14, 'en-US')).toBe('90.1%');
    expect(formatTemp(22, 'en-US')).toBe('22 °C');
  });

  it('scale energy to MWh and GWh for fleet totals', () => {
    expect(formatEnergy(12.345, 'en-US')).toBe('12.35 kWh');
    expect(formatEnergy(9999, 'en-US')).toBe('9,999 kWh');
    expect(formatEnergy(1047481.93, 'en-US')).toBe('1.05 GWh');
    expect(formatEnergy(86346.38, 'en-US')).toBe('86.35 MWh');
    expect(energyParts(86346.38, 'en-US')).toEqual({ value: '86.35', unit: 'MWh' });
    expect(energyParts(null)).toEqual({ value: '-', unit: '' });
  });

  it('show CO₂ in kg or tonnes', () => {
    expect(formatCo2(512.34, 'en-US')).toBe('512.3 kg');
    expect(formatCo2(597378.9, 'en-US')).toBe('597.38 t');
  });

  it('read network status 0/1/2 and nothing else', () => {
    expect(networkStatusOf(0)).toBe(0);
    expect(networkStatusOf('2')).toBe(2);
    expect(networkStatusOf(3)).toBeNull();
    expect(networkStatusOf(null)).toBeNull();
    expect(networkStatusOf('')).toBeNull();
  });
});

describe('energy flow directions', () => {
  it('sunny noon: PV in, battery charging, exporting, load out', () => {
    const s = flowState({ pvPower: 6100, batteryPower: -1530, gridPower: -2840, loadPower: 1750 });
    expect(s.pv).toEqual({ direction: 'in', power: 6100 });
    expect(s.battery).toEqual({ direction: 'out', power: 1530 });
    expect(s.grid).toEqual({ direction: 'out', power: 2840 });
    expect(s.load).toEqual({ direction: 'out', power: 1750 });
    expect(batteryMode(s)).toBe('charging');
    expect(gridMode(s)).toBe('exporting');
  });

  it('night: no PV, battery discharging, importing', () => {
    const s = flowState({ pvPower: 0, batteryPower: 800, gridPower: 382, loadPower: 1182 });
    expect(s.pv.direction).toBe('idle');
    expect(batteryMode(s)).toBe('discharging');
    expect(gridMode(s)).toBe('importing');
    expect(s.load.direction).toBe('out');
  });

  it('treat noise, missing values and negative PV as idle', () => {
    const s = flowState({ pvPower: -5, batteryPower: 4, gridPower: null, loadPower: undefined });
    expect(s.pv.direction).toBe('idle');
    expect(s.battery).toEqual({ direction: 'idle', power: 0 });
    expect(s.grid.direction).toBe('idle');
    expect(s.load.direction).toBe('idle');
    expect(batteryMode(s)).toBe('idle');
    expect(gridMode(s)).toBe('idle');
  });
});
