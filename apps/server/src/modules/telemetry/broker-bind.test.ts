/**
 * Where the embedded broker listens: on the server's HOST, or on HELIO_MQTT_HOST when set — not on every interface.
 * Addresses in 127.0.0.0/8 other than 127.0.0.1 tell "bound to this address" from "bound to all" without leaving
 * the machine. Plus the settings' validation.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helper.js';
import { ConfigError, loadConfig } from '../../config.js';
import { startTelemetry } from './telemetry.js';
import { loadTelemetryConfig } from '../../settings/telemetry.js';

let database: Awaited<ReturnType<typeof testDatabase>>;
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Whether a TCP connection to host:port is accepted. */
const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

async function brokerOn(env: Record<string, string>): Promise<{ port: number; url: string; close(): Promise<void> }> {
  const config = loadConfig({ HELIO_MQTT_PORT: '0', ...env });
  const t = await startTelemetry({ config, database, log, statusTimer: false, telemetry: loadTelemetryConfig(env) });
  return { port: t.broker.port!, url: t.broker.url, close: () => t.close() };
}

beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('embedded broker address', () => {
  it('listens on HOST', async () => {
    const b = await brokerOn({ HOST: '127.0.0.2' });
    try {
      expect(b.url).toBe(`mqtt://127.0.0.2:${b.port}`);
      expect(await reachable('127.0.0.2', b.port)).toBe(true);
      expect(await reachable('127.0.0.1', b.port)).toBe(false);
    } finally {
      await b.close();
    }
  });

  it('listens on HELIO_MQTT_HOST when set, whatever HOST is', async () => {
    const b = await brokerOn({ HOST: '0.0.0.0', HELIO_MQTT_HOST: '127.0.0.3' });
    try {
      expect(b.url).toBe(`mqtt://127.0.0.3:${b.port}`);
      expect(await reachable('127.0.0.3', b.port)).toBe(true);
      expect(await reachable('127.0.0.1', b.port)).toBe(false);
    } finally {
      await b.close();
    }
  });

  it('validates the broker settings', () => {
    expect(() => loadTelemetryConfig({ HELIO_MQTT_HOST: 'not a host!' })).toThrow(ConfigError);
    expect(() => loadTelemetryConfig({ HELIO_MQTT_MAX_PACKET_BYTES: '100' })).toThrow(/HELIO_MQTT_MAX_PACKET_BYTES/);
    expect(() => loadTelemetryConfig({ HELIO_MQTT_RATE: '0' })).toThrow(/HELIO_MQTT_RATE/);
    const tc = loadTelemetryConfig({ HELIO_MQTT_HOST: '::1', HELIO_MQTT_RATE: '2.5', HELIO_MQTT_BURST: '50', HELIO_MQTT_MAX_INFLIGHT: '4' });
    expect(tc.mqttHost).toBe('::1');
    expect(tc.mqttLimits).toEqual({ maxPacketBytes: 65_536, ratePerSecond: 2.5, burst: 50, maxInflight: 4 });
    expect(loadTelemetryConfig({}).mqttHost).toBeUndefined();
  });
});
