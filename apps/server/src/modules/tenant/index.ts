/**
 * The tenant module's public entry: which menus a tenant's product package lets it use, and the events of a tenant's
 * removal and restoration (modules with tenant-owned rows of their own follow them; tenant-removal.ts).
 */
export { packageCodeCache, tenantMenuIds } from './tenant-menus.js';

declare module '../../kernel/types.js' {
  interface HelioEvents {
    /** Tenants were removed (codes); their users, roles, departments and posts went with them at `at`. */
    'tenant.removed': { tenantIds: string[]; at: Date };
    /** Removed tenants were restored (codes), with the rows removed with them. */
    'tenant.restored': { tenantIds: string[] };
  }
}
