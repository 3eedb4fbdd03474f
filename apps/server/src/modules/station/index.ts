/** The station module's public entry: device registration against the factory lists, and bulk writes. */
export { FACTORY_TABLES, newDeviceSecret, registerDevices, unbindDevices, type RegisterInput, type Registered } from './device-registry.js';
export { bulkInsert } from './bulk-insert.js';
