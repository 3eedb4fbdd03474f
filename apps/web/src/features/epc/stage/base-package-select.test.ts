import { describe, expect, it } from 'vitest';
import { designFromPackage } from './base-package-select';

describe('designFromPackage', () => {
  it('turns a package’s SKU info into BOM lines and the system summary', () => {
    const design = designFromPackage({
      code: 'BP-6K-10',
      name: 'Hybrid family',
      enabled: 1,
      summary: { kwp: '6.6', inverterKw: '6', batteryKwh: '10.24' },
      lines: [
        { sku: 'HLS-INV-6K', quantity: 1, equipmentType: 'inverter', skuName: 'Hybrid inverter', spec: '6 kW', model: 'HS-6K', unitPrice: '6800', available: 12 },
        { sku: 'GONE', quantity: 2, equipmentType: null, skuName: null, spec: null, model: null, unitPrice: null, available: 0 },
      ],
    });
    expect(design.summary).toEqual({ kwp: 6.6, inverterKw: 6, batteryKwh: 10.24 });
    expect(design.materials).toEqual([
      { sku: 'HLS-INV-6K', name: 'Hybrid inverter', spec: '6 kW', model: 'HS-6K', equipmentType: 'inverter', quantity: 1 },
      { sku: 'GONE', name: 'GONE', quantity: 2 },
    ]);
  });
});
