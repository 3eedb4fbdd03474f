/**
 * The MQTT side of the ingest.
 *
 * Embedded (default): an aedes broker on HELIO_MQTT_PORT. Devices authenticate with username = SN and password =
 * the secret issued at registration; the platform's own clients use an internal credential generated per process.
 * Ingest runs inside `authorizePublish`: aedes sends the QoS 1 PUBACK only after that callback (lib/handlers/
 * publish.js: authorizePublish → enqueuePublish → write PUBACK), so the callback fires after the database commit and
 * an acknowledged message is always durable. A database failure answers the callback with an error, which closes
 * the device's connection without PUBACK: the device resends after reconnecting. A rejected message (malformed,
 * out of range, skewed clock, another device's topic) is counted and acknowledged — resending it cannot help.
 *
 * External (MQTT_URL): a pool of consumers in one shared subscription group (`$share/helio/helio/v1/+/…`), so
 * several Helio processes split the load. mqtt.js calls `handleMessage(packet, cb)` before it sends the PUBACK and
 * handles a connection's messages one at a time (mqttjs/MQTT.js#209, PR #549), hence the pool: each consumer holds
 * one unacknowledged message, and the group commit batches across them. Sessions are persistent (fixed client ids,
 * clean start off, session expiry 1 day), so messages in flight when the process dies are redelivered by the broker.
 * Device authentication is then the broker's job (docs/device-protocol.md shows a Mosquitto setup).
 */
import net from 'node:net';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import type { IngestService } from './ingest.service.js';
import { parseTopic, secretMatches, SN_PATTERN, TOPIC_PREFIX } from './ingest.service.js';
import type { TelemetryRepository } from './telemetry.repository.js';

export const INTERNAL_USERNAME = 'helio-internal';

export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface BrokerHandle {
  kind: 'embedded' | 'external';
  /** Where devices (and the simulator) connect. */
  url: string;
  /** Embedded only: the port actually bound (0 in the config picks a free one). */
  port?: number;
  /** Embedded only: the platform's own credential (commands, monitoring). */
  internal?: { username: string; password: string };
  close(): Promise<void>;
}

export class BrokerPortInUseError extends Error {
  constructor(readonly port: number) {
    super(
      `the embedded MQTT broker cannot listen on port ${port}: it is already in use (another broker such as ` +
        `Mosquitto?). Set HELIO_MQTT_PORT to a free port, or MQTT_URL to use that broker instead.`,
    );
  }
}

function authError(code: 4 | 5, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;
}

interface DeviceClient extends Client {
  helioSn?: string;
  helioDeviceId?: string;
  helioInternal?: boolean;
}

export interface EmbeddedOptions {
  port: number;
  host?: string;
  ingest: IngestService;
  repo: TelemetryRepository;
  log?: Logger;
}

export async function startEmbeddedBroker(o: EmbeddedOptions): Promise<BrokerHandle> {
  const internalPassword = randomBytes(24).toString('base64url');
  const broker = await Aedes.createBroker({ concurrency: 1000, connectTimeout: 15_000 });

  broker.authenticate = (client: DeviceClient, username, password, done) => {
    const user = username ?? '';
    if (user === INTERNAL_USERNAME) {
      if (password && password.toString() === internalPassword) {
        client.helioInternal = true;
        return done(null, true);
      }
      o.ingest.reject('bad_credential', null, 'internal client');
      return done(authError(4, 'bad credential'), false);
    }
    if (!SN_PATTERN.test(user)) {
      o.ingest.reject('unknown_sn', user.slice(0, 64) || null, 'invalid username');
      return done(authError(4, 'unknown device'), false);
    }
    o.ingest.devices.get(user).then(
      (device) => {
        if (!device) {
          o.ingest.reject('unknown_sn', user);
          return done(authError(4, 'unknown device'), false);
        }
        if (!secretMatches(password, device.secretHash)) {
          o.ingest.reject('bad_credential', user);
          return done(authError(4, 'bad credential'), false);
        }
        client.helioSn = user;
        client.helioDeviceId = device.id;
        done(null, true);
      },
      (err) => {
        o.log?.error({ err }, 'device lookup failed');
        done(authError(5, 'unavailable'), false);
      },
    );
  };

  broker.authorizePublish = (client: DeviceClient | null, packet, callback) => {
    if (!client || client.helioInternal) return callback(null);
    if (!packet.topic.startsWith(TOPIC_PREFIX)) {
      o.ingest.reject('unsupported_topic', client.helioSn ?? null, packet.topic.slice(0, 100));
      return callback(null);
    }
    o.ingest.handle(packet.topic, packet.payload as Buffer, client.helioSn).then(
      () => callback(null),
      (err: Error) => callback(err), // not durable: close without PUBACK, the device resends
    );
  };

  broker.authorizeSubscribe = (client: DeviceClient, sub, callback) => {
    if (client.helioInternal) return callback(null, sub);
    // A device may only listen to its own command topic.
    const t = parseTopic(sub.topic.replace(/#$/, 'cmd/x'));
    if (t && t.sn === client.helioSn && sub.topic.startsWith(`${TOPIC_PREFIX}${t.sn}/cmd/`)) return callback(null, sub);
    callback(new Error('not allowed'), null);
  };

  broker.on('clientReady', (client: DeviceClient) => {
    if (client.helioDeviceId) void o.repo.markConnection(client.helioDeviceId, true, new Date()).catch(() => undefined);
  });
  broker.on('clientDisconnect', (client: DeviceClient) => {
    if (client.helioDeviceId) void o.repo.markConnection(client.helioDeviceId, false, new Date()).catch(() => undefined);
  });
  broker.on('clientError', (client: DeviceClient, err) => {
    // A device dropping its connection (ECONNRESET, EPIPE) is routine; anything else is worth a line.
    if (!/ECONNRESET|EPIPE|ETIMEDOUT|keep ?alive/i.test(err.message)) o.log?.warn({ sn: client.helioSn, err: err.message }, 'MQTT client error');
  });

  const server = net.createServer(broker.handle);
  const host = o.host ?? '0.0.0.0';
  await new Promise<void>((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(e.code === 'EADDRINUSE' ? new BrokerPortInUseError(o.port) : e);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(o.port, host);
  }).catch(async (e) => {
    await new Promise<void>((r) => broker.close(() => r()));
    throw e;
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    kind: 'embedded',
    url: `mqtt://127.0.0.1:${port}`,
    port,
    internal: { username: INTERNAL_USERNAME, password: internalPassword },
    close: async () => {
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export interface ExternalOptions {
  url: string;
  ingest: IngestService;
  /** Consumers in the shared group in this process. */
  consumers?: number;
  /** Stable client-id prefix per process (persistent sessions survive a restart). */
  clientIdPrefix?: string;
  /** Shared subscription group. */
  group?: string;
  /** Seconds the broker keeps a consumer's session (and its queued messages) after a disconnect. */
  sessionExpiry?: number;
  log?: Logger;
}

/** Client ids that survive a restart of the same process: host name and HTTP port distinguish processes. */
export function defaultClientIdPrefix(httpPort: number): string {
  return `helio-${os.hostname().replace(/[^\w-]/g, '').slice(0, 24)}-${httpPort}`;
}

export async function startExternalConsumer(o: ExternalOptions): Promise<BrokerHandle> {
  const n = o.consumers ?? 32;
  const group = o.group ?? 'helio';
  const prefix = o.clientIdPrefix ?? defaultClientIdPrefix(0);
  const topics = ['telemetry', 'event', 'status'].map((k) => `$share/${group}/${TOPIC_PREFIX}+/${k}`);
  const clients: MqttClient[] = [];
  const connected: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const client = mqtt.connect(o.url, {
      clientId: `${prefix}-${i}`,
      clean: false,
      protocolVersion: 5,
      properties: { sessionExpiryInterval: o.sessionExpiry ?? 86_400 },
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      resubscribe: false,
    });
    client.handleMessage = (packet, cb) => {
      if (packet.cmd !== 'publish') return cb();
      o.ingest.handle(packet.topic, packet.payload as Buffer).then(
        () => cb(),
        (err: Error) => {
          // Not durable: no PUBACK. MQTT redelivers only on a new connection, so drop this one.
          cb(err);
          o.log?.warn({ err: err.message }, 'ingest failed; reconnecting so the broker redelivers');
          client.stream?.destroy();
        },
      );
    };
    connected.push(
      new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`cannot connect to the MQTT broker at ${o.url}`)), 15_000);
        client.once('connect', () => {
          clearTimeout(t);
          resolve();
        });
      }),
    );
    client.on('connect', () => {
      client.subscribe(topics, { qos: 1 }, (err) => {
        if (err) o.log?.error({ err }, 'shared subscription failed');
      });
    });
    client.on('error', (err) => o.log?.warn({ err: err.message }, 'MQTT consumer error'));
    clients.push(client);
  }
  try {
    await Promise.all(connected);
  } catch (e) {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    throw e;
  }
  return {
    kind: 'external',
    url: o.url,
    close: async () => {
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}
