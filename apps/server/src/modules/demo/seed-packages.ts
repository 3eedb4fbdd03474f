/**
 * The demo's base packages (issue 18): three systems built from the demo SKUs (the 6 kW hybrid inverter, 5.12 kWh LFP
 * batteries, 550 W panels, a 12-panel mounting kit), made once by code through the CRUD engine's handles. The demo
 * orders' designs name them (`BP-6K-5`, `BP-6K-10`).
 */
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { AuthUser } from '../../core/access.js';
import type { Lang } from '../../core/i18n.js';
import type { ModuleContext } from '../../kernel/types.js';

const LANG: Lang = 'zh-CN';

export const DEMO_PACKAGES = [
  {
    code: 'BP-6K-5',
    name: '6 kW 混合逆变 + 5 kWh 储能 Hybrid starter',
    description: 'Small home: 10 × 550 W (5.5 kWp), 6 kW single-phase hybrid inverter, one 5.12 kWh LFP battery.',
    kwp: '5.5',
    inverterKw: '6',
    batteryKwh: '5.12',
    lines: [
      { sku: 'HLS-INV-6K', quantity: 1, equipmentType: 'inverter' },
      { sku: 'HLS-BAT-5', quantity: 1, equipmentType: 'battery' },
      { sku: 'HLS-PV-550', quantity: 10, equipmentType: 'panel' },
      { sku: 'HLS-MNT-12', quantity: 1, equipmentType: 'mounting' },
    ],
  },
  {
    code: 'BP-6K-10',
    name: '6 kW 混合逆变 + 10 kWh 储能 Hybrid family',
    description: 'Family home: 12 × 550 W (6.6 kWp), 6 kW single-phase hybrid inverter, two 5.12 kWh LFP batteries.',
    kwp: '6.6',
    inverterKw: '6',
    batteryKwh: '10.24',
    lines: [
      { sku: 'HLS-INV-6K', quantity: 1, equipmentType: 'inverter' },
      { sku: 'HLS-BAT-5', quantity: 2, equipmentType: 'battery' },
      { sku: 'HLS-PV-550', quantity: 12, equipmentType: 'panel' },
      { sku: 'HLS-MNT-12', quantity: 1, equipmentType: 'mounting' },
    ],
  },
  {
    code: 'BP-6K-15',
    name: '6 kW 混合逆变 + 15 kWh 储能 Backup plus',
    description: 'Long backup: 12 × 550 W (6.6 kWp), 6 kW single-phase hybrid inverter, three 5.12 kWh LFP batteries.',
    kwp: '6.6',
    inverterKw: '6',
    batteryKwh: '15.36',
    lines: [
      { sku: 'HLS-INV-6K', quantity: 1, equipmentType: 'inverter' },
      { sku: 'HLS-BAT-5', quantity: 3, equipmentType: 'battery' },
      { sku: 'HLS-PV-550', quantity: 12, equipmentType: 'panel' },
      { sku: 'HLS-MNT-12', quantity: 1, equipmentType: 'mounting' },
    ],
  },
] as const;

/** Makes the demo packages that the platform tenant lacks (by code), with their lines; answers how many were made. */
export async function seedDemoPackages(ctx: ModuleContext, admin: AuthUser): Promise<number> {
  const pkgs = ctx.crud.get('epcPackage');
  const lines = ctx.crud.get('epcPackageLine');
  if (!pkgs || !lines) throw new Error('demo packages: the base-package resources are not registered');
  let made = 0;
  for (const p of DEMO_PACKAGES) {
    const found = await pkgs.repo.page(admin, { code: p.code, tenantId: PLATFORM_TENANT_ID, size: 10, current: 1 }, { lang: LANG });
    if (found.records.some((r) => r.code === p.code && r.tenantId === PLATFORM_TENANT_ID)) continue;
    const { lines: items, ...body } = p;
    const id = (await pkgs.repo.save(admin, { ...body, enabled: 1 }, { mode: 'insert', lang: LANG }))!.id;
    for (const l of items) await lines.repo.save(admin, { ...l, packageId: id }, { mode: 'insert', lang: LANG });
    made++;
  }
  return made;
}
