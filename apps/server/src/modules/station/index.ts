/** The station module's public entry: device registration against the factory lists, bulk writes, energy KPIs. */
export { FACTORY_TABLES, newDeviceSecret, registerDevices, unbindDevices, type RegisterInput, type Registered } from './device-registry.js';
export { bulkInsert } from './bulk-insert.js';
export { autarky, selfConsumption, specificYield } from './kpi.js';
/** Which stations a user may see (data scope inside the tenant), as a condition on helio_plant. */
export { plantWhere, stationScope } from './station.scope.js';
