/**
 * The telemetry module's public entry: the running device path (broker, ingest, network status), device change
 * notices, SN rules and secret hashes, local-day arithmetic and the telemetry store.
 */
import type { TelemetryHandle } from './telemetry.js';

export interface TelemetryApi {
  /** The device path of this process, once started (after the server listens); undefined before and after. */
  running(): TelemetryHandle | undefined;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    telemetry: TelemetryApi;
  }
  interface HelioEvents {
    /**
     * Device reports were stored (one committed ingest batch in this process; `reports` = how many, duplicates not
     * counted). Their latest state is in `helio_device_latest`.
     */
    'telemetry.reported': { reports: number };
    /**
     * A network-status run changed the status of devices or stations (`helio_device.network_status` /
     * `status_time`, `helio_plant.network_status`): the alarm module's no-data alarms follow it.
     */
    'telemetry.status': { devicesChanged: number; plantsChanged: number };
  }
}

export type { TelemetryHandle };
export type { BrokerHandle } from './broker.js';
export { BrokerPortInUseError } from './broker.js';
export { deviceChanged, deviceChanges } from './device-events.js';
export { IngestService, sha256Hex, SN_PATTERN } from './ingest.service.js';
export { addDays, localDay, localMidnight } from './solar.js';
export { StatusService } from './status.service.js';
export { rawDb, type RawDb } from './raw-db.js';
export { TelemetryRepository } from './telemetry.repository.js';
