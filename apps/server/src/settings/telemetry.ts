/**
 * Telemetry settings beyond config.ts (which holds MQTT_URL, HELIO_MQTT_PORT and HELIO_SIMULATOR), validated the
 * same way: a bad value stops the server with a message naming the variable.
 */
import net from 'node:net';
import { ConfigError } from './config-error.js';

export interface MqttLimits {
  /** Largest MQTT packet (fixed header included) a client may send; larger closes the connection. */
  maxPacketBytes: number;
  /** Sustained PUBLISH + SUBSCRIBE rate per device, per second. */
  ratePerSecond: number;
  /** Bucket size: how many may come at once (a device uploading buffered history) before the rate applies. */
  burst: number;
  /** Messages of one connection in the ingest at once; the rest are queued in arrival order. */
  maxInflight: number;
}

export const DEFAULT_MQTT_LIMITS: MqttLimits = {
  maxPacketBytes: 64 * 1024,
  ratePerSecond: 20,
  burst: 1000,
  maxInflight: 16,
};

export interface TelemetryConfig {
  /** Listen address of the embedded broker (HELIO_MQTT_HOST); undefined: the HTTP server's HOST. */
  mqttHost: string | undefined;
  /** Per-device bounds of the embedded broker (packet size, rate, in-flight window). */
  mqttLimits: MqttLimits;
  /** Consumers per process in the shared subscription group (external broker). */
  mqttConsumers: number;
  /** Client-id prefix of the consumers (stable per process; default host name + HTTP port). */
  mqttClientId: string | undefined;
  /** Shared subscription group of all Helio processes of one deployment. */
  mqttGroup: string;
  /** Reports stamped more than this many seconds ahead are rejected. */
  maxFutureSeconds: number;
  /** Reports older than this many days are rejected. */
  maxAgeDays: number;
  /** Seconds between network-status and alarm runs. */
  statusIntervalSeconds: number;
  retention: { raw: number; fiveMinute: number; hourly: number };
  /** Grid emission factor for "CO₂ avoided" (kg per kWh). */
  co2KgPerKwh: number;
  simulator: {
    /** Seconds between a simulated device's reports. */
    interval: number;
    /** Stations in the demo fleet (first start). */
    stations: number;
    /** Backfill the demo fleet's past week in the background (HELIO_SIM_HISTORY, on by default). */
    history: boolean;
  };
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min || v > max) {
    throw new ConfigError(`${name}="${raw}" is not valid: use a whole number from ${min} to ${max}`);
  }
  return v;
}

function onOff(env: Env, name: string, def: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return def;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`${name}="${env[name]}" is not valid: use on or off`);
}

function num(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < min || v > max) throw new ConfigError(`${name}="${raw}" is not valid: use a number from ${min} to ${max}`);
  return v;
}

export function loadTelemetryConfig(env: Env = process.env): TelemetryConfig {
  const clientId = env.HELIO_MQTT_CLIENT_ID || undefined;
  if (clientId !== undefined && !/^[\w-]{1,40}$/.test(clientId)) {
    throw new ConfigError('HELIO_MQTT_CLIENT_ID must be 1 to 40 letters, digits, "_" or "-"');
  }
  const mqttHost = env.HELIO_MQTT_HOST || undefined;
  if (mqttHost !== undefined && !net.isIP(mqttHost) && !/^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/.test(mqttHost)) {
    throw new ConfigError(`HELIO_MQTT_HOST="${mqttHost}" is not valid: use an IP address (0.0.0.0 for all) or a host name`);
  }
  const group = env.HELIO_MQTT_GROUP || 'helio';
  if (!/^[\w-]{1,40}$/.test(group)) throw new ConfigError('HELIO_MQTT_GROUP must be 1 to 40 letters, digits, "_" or "-"');
  const d = DEFAULT_MQTT_LIMITS;
  return {
    mqttHost,
    mqttLimits: {
      maxPacketBytes: int(env, 'HELIO_MQTT_MAX_PACKET_BYTES', d.maxPacketBytes, 20 * 1024, 16 * 1024 * 1024),
      ratePerSecond: num(env, 'HELIO_MQTT_RATE', d.ratePerSecond, 0.01, 100_000),
      burst: int(env, 'HELIO_MQTT_BURST', d.burst, 1, 1_000_000),
      maxInflight: int(env, 'HELIO_MQTT_MAX_INFLIGHT', d.maxInflight, 1, 1000),
    },
    mqttGroup: group,
    mqttConsumers: int(env, 'HELIO_MQTT_CONSUMERS', 32, 1, 256),
    mqttClientId: clientId,
    maxFutureSeconds: int(env, 'HELIO_TELEMETRY_MAX_FUTURE_SECONDS', 300, 0, 86_400),
    maxAgeDays: int(env, 'HELIO_TELEMETRY_MAX_AGE_DAYS', 7, 1, 365),
    statusIntervalSeconds: int(env, 'HELIO_STATUS_INTERVAL_SECONDS', 15, 1, 3600),
    retention: {
      raw: int(env, 'HELIO_RETENTION_RAW_DAYS', 90, 0, 36_500),
      fiveMinute: int(env, 'HELIO_RETENTION_5M_DAYS', 400, 0, 36_500),
      hourly: int(env, 'HELIO_RETENTION_HOURLY_DAYS', 1830, 0, 36_500),
    },
    co2KgPerKwh: num(env, 'HELIO_CO2_KG_PER_KWH', 0.5703, 0, 5),
    simulator: {
      interval: int(env, 'HELIO_SIM_INTERVAL', 300, 1, 3600),
      stations: int(env, 'HELIO_SIM_STATIONS', 200, 1, 100_000),
      history: onOff(env, 'HELIO_SIM_HISTORY', true),
    },
  };
}
