/** The telemetry module's public entry: the running device path (broker, ingest, network status). */
import type { TelemetryHandle } from './telemetry.js';

export interface TelemetryApi {
  /** The device path of this process, once started (after the server listens); undefined before and after. */
  running(): TelemetryHandle | undefined;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    telemetry: TelemetryApi;
  }
}

export type { TelemetryHandle };
export type { BrokerHandle } from './broker.js';
export { BrokerPortInUseError } from './broker.js';
export { deviceChanges } from './device-events.js';
export { addDays, localDay } from './solar.js';
export { rawDb, type RawDb } from './raw-db.js';
export { TelemetryRepository } from './telemetry.repository.js';
