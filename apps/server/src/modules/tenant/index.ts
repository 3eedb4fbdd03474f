/** The tenant module's public entry: which menus a tenant's product package lets it use. */
export { packageCodeCache, tenantMenuIds } from './tenant-menus.js';
