/**
 * Maintenance orders (issue 20; spec §1 maintenance, §2 `/epc/maintenance`, §3 Maintenance, §7 Maintenance orders):
 * the maintenance definition run by the installer order module's shared steps (`orderKind`) with the installer
 * order's stage extensions where the step is the same (installation, EHS and QC rules without commissioning, FAC and
 * COC, base package) and its own (`maintenance.extension.ts`: warranty, fee type, parts, COC, service milestones).
 */
import { MAINT_ORDER_PROCESS } from '@helio/contracts/modules/epc/maint.process';
import { defineModule } from '../../kernel/types.js';
import type { MaintenanceApi } from './index.js';
import { maintExtension } from './maintenance.extension.js';
import { maintenanceRoutes } from './maintenance.routes.js';
import { MaintOrders } from './maintenance.service.js';

export default defineModule<MaintenanceApi>({
  name: 'maintenance',
  dependsOn: ['epc-order', 'agent', 'stock', 'workflow', 'station'],
  services: (ctx) => {
    const epc = ctx.use('epc-order');
    const x = epc.extensions;
    const kind = epc.orderKind(MAINT_ORDER_PROCESS, 'MNT', [x.install, x.field, x.handover, x.package, maintExtension]);
    return { orders: new MaintOrders(ctx, kind, epc.reads) };
  },
  routes: (app, ctx, api) => maintenanceRoutes(app, ctx, api),
});
