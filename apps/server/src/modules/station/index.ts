/** The station module's public entry: device registration against the factory lists, bulk writes, energy KPIs. */
export { FACTORY_TABLES, newDeviceSecret, registerDevices, unbindDevices, type RegisterInput, type Registered } from './device-registry.js';
export { bulkInsert } from './bulk-insert.js';
/** Which SNs of a list are in the factory lists (and used, and repeated in the list): the order's SN check. */
export { snExistence, type SnExistence } from './device-sn.js';
export { autarky, selfConsumption, specificYield } from './kpi.js';
/** Which stations a user may see (data scope inside the tenant), as a condition on helio_plant. */
export { plantWhere, stationScope } from './station.scope.js';
/** The stations a person owns, by phone or e-mail (warranty verification of an installer order). */
export { plantsOwnedBy, type OwnedPlant } from './plant-owner.js';
/** Commissioning an installer order: the homeowner's station found or created, the SNs registered; where SNs are installed. */
export { commissionPlant, devicePlants, type Commissioned, type CommissionInput, type HomeOwner, type InstalledAt } from './plant-commission.js';
