/**
 * The maintenance module's public entry (issue 20): maintenance orders — a second kind of order on the installer
 * order's tables and stage engine (contracts `maint.process.ts`), with the call-in, the look-ups, device replacement
 * and the service KPIs.
 */
import type { MaintOrders } from './maintenance.service.js';

export interface MaintenanceApi {
  orders: MaintOrders;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    maintenance: MaintenanceApi;
  }
  interface HelioEvents {
    /** A maintenance order was opened from an alarm (after its commit): the alarm's follow-up records it. */
    'maintenance.opened': { alarmId: string; tenantId: string; orderId: string; orderNumber: string; userId: string };
  }
}
