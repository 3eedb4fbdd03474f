/**
 * The MQTT side of the ingest.
 *
 * Embedded (default): an aedes broker (MQTT 3.1.1; aedes 1.x has no MQTT 5, so a v5 CONNECT is answered CONNACK
 * "unacceptable protocol version") on HELIO_MQTT_HOST:HELIO_MQTT_PORT. Devices authenticate with username = SN,
 * password = the secret issued at registration and client id = SN; the platform's own clients use an internal
 * credential generated per process. Ingest runs inside `authorizePublish`: aedes sends the QoS 1 PUBACK only after
 * that callback (lib/handlers/publish.js: authorizePublish → enqueuePublish → write PUBACK), so the callback fires
 * after the database commit and an acknowledged message is always durable. A database failure answers the callback
 * with an error, which closes the device's connection without PUBACK: the device resends after reconnecting. A
 * rejected message (malformed, out of range, skewed clock) is counted and acknowledged — resending it cannot help.
 *
 * What a device may do (mqtt-acl.ts) and how much (mqtt-limits.ts, mqtt-stream-guard.ts) is enforced here; MQTT
 * 3.1.1 has no reason codes for a refused PUBLISH, so a refused publish (foreign or command-request topic, retained,
 * over the rate) closes the connection: no PUBACK, not routed, not retained, counted. A refused subscription is
 * answered SUBACK 0x80.
 *
 * External (MQTT_URL): broker-external.ts.
 */
import type { EventEmitter } from 'node:events';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { IngestService, RejectReason } from './ingest.service.js';
import { secretMatches, sha256Hex, SN_PATTERN } from './ingest.service.js';
import { devicePublishAllowed, deviceSubscribeAllowed, INTERNAL_CLIENT_PREFIX, MAX_DEVICE_SUBSCRIPTIONS, printable } from './mqtt-acl.js';
import { DEFAULT_MQTT_LIMITS, InflightWindow, TokenBucket, type MqttLimits } from './mqtt-limits.js';
import { MqttStreamGuard } from './mqtt-stream-guard.js';
import type { TelemetryRepository } from './telemetry.repository.js';

export { defaultClientIdPrefix, startExternalConsumer, type ExternalOptions } from './broker-external.js';
export type { BrokerHandle, Logger } from './broker-types.js';
import type { BrokerHandle, Logger } from './broker-types.js';

export const INTERNAL_USERNAME = 'helio-internal';

export class BrokerPortInUseError extends Error {
  constructor(readonly port: number) {
    super(
      `the embedded MQTT broker cannot listen on port ${port}: it is already in use (another broker such as ` +
        `Mosquitto?). Set HELIO_MQTT_PORT to a free port, or MQTT_URL to use that broker instead.`,
    );
  }
}

/** A publish or subscription the broker refused (already counted): closes the connection, not worth a log line. */
class MqttRefusal extends Error {}

function authError(code: 2 | 4 | 5, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;
}

interface DeviceClient extends Client {
  helioSn?: string;
  helioDeviceId?: string;
  helioInternal?: boolean;
  helioBucket?: TokenBucket;
  helioWindow?: InflightWindow;
  /** aedes internals: the CONNECT's will while authenticating, the will once connected, the subscriptions held. */
  _will?: { topic: string; retain?: boolean } | null;
  will?: unknown;
  subscriptions?: Record<string, unknown>;
}

export interface EmbeddedOptions {
  port: number;
  /** Listen address (default 127.0.0.1; the server passes HELIO_MQTT_HOST or HOST). */
  host?: string;
  ingest: IngestService;
  repo: TelemetryRepository;
  log?: Logger;
  limits?: Partial<MqttLimits>;
}

/** The URL a local client (the simulator) reaches a broker listening on `host` with. */
export function localBrokerUrl(host: string, port: number): string {
  if (host === '' || host === '0.0.0.0') return `mqtt://127.0.0.1:${port}`;
  if (host === '::') return `mqtt://[::1]:${port}`;
  return `mqtt://${net.isIPv6(host) ? `[${host}]` : host}:${port}`;
}

export async function startEmbeddedBroker(o: EmbeddedOptions): Promise<BrokerHandle> {
  const limits: MqttLimits = { ...DEFAULT_MQTT_LIMITS, ...o.limits };
  const internalPassword = randomBytes(24).toString('base64url');
  const internalHash = sha256Hex(internalPassword);
  const broker = await Aedes.createBroker({ concurrency: 1000, connectTimeout: 15_000, maxInflightInbound: limits.maxInflight });
  const count = (reason: RejectReason, sn: string | null, detail?: string) => void o.ingest.reject(reason, sn, detail);
  // Per device, not per connection: reconnecting does not refill it. One entry per device seen (dropped once full).
  const buckets = new Map<string, TokenBucket>();

  broker.preConnect = (_client, packet, done) => {
    // aedes answers any level but 3 and 4 with CONNACK 1 "unacceptable protocol version" and closes; count it here.
    if (packet.protocolVersion !== 3 && packet.protocolVersion !== 4) {
      count('unsupported_protocol', packet.username ? printable(packet.username, 64) : null, `MQTT protocol level ${packet.protocolVersion}`);
    }
    done(null, true);
  };

  broker.authenticate = (client: DeviceClient, username, password, done) => {
    const user = username ?? '';
    if (user === INTERNAL_USERNAME) {
      if (!secretMatches(password, internalHash)) {
        count('bad_credential', null, 'internal client');
        return done(authError(4, 'bad credential'), false);
      }
      if (!client.id.startsWith(INTERNAL_CLIENT_PREFIX)) {
        count('client_id', null, `internal client id ${printable(client.id, 64)}`);
        return done(authError(2, `internal client ids start with ${INTERNAL_CLIENT_PREFIX}`), false);
      }
      client.helioInternal = true;
      return done(null, true);
    }
    if (!SN_PATTERN.test(user)) {
      count('unknown_sn', user.slice(0, 64) || null, 'invalid username');
      return done(authError(4, 'unknown device'), false);
    }
    o.ingest.devices.get(user).then(
      (device) => {
        if (!device) {
          count('unknown_sn', user);
          return done(authError(4, 'unknown device'), false);
        }
        if (!secretMatches(password, device.secretHash)) {
          count('bad_credential', user);
          return done(authError(4, 'bad credential'), false);
        }
        // Bound to the SN: a device can never take over (and so disconnect) another device's session.
        if (client.id !== user) {
          count('client_id', user, `client id ${printable(client.id, 64)}`);
          return done(authError(2, 'the client id must be the SN'), false);
        }
        const will = client._will;
        if (will && will.retain) {
          count('retained', user, `last will on ${printable(will.topic)}`);
          return done(authError(5, 'retained last will'), false);
        }
        if (will && !devicePublishAllowed(user, will.topic)) {
          count('forbidden_topic', user, `last will on ${printable(will.topic)}`);
          return done(authError(5, 'last will topic not allowed'), false);
        }
        client.helioSn = user;
        client.helioDeviceId = device.id;
        let bucket = buckets.get(user);
        if (!bucket) buckets.set(user, (bucket = new TokenBucket(limits.ratePerSecond, limits.burst)));
        client.helioBucket = bucket;
        client.helioWindow = new InflightWindow(limits.maxInflight);
        done(null, true);
      },
      (err) => {
        o.log?.error({ err }, 'device lookup failed');
        done(authError(5, 'unavailable'), false);
      },
    );
  };

  broker.authorizePublish = (client: DeviceClient | null, packet, callback) => {
    if (client?.helioInternal) return callback(null);
    const sn = client?.helioSn;
    // No device behind it (a will replayed for a client that is gone): nothing a device sends is published blind.
    if (!client || !sn) return callback(new MqttRefusal('no device'));
    const refuse = (reason: RejectReason, detail: string) => {
      count(reason, sn, detail);
      callback(new MqttRefusal(`publish refused: ${reason}`));
    };
    const isWill = packet === client.will;
    if (!isWill && !client.helioBucket!.take()) return refuse('rate_limited', `publish to ${printable(packet.topic)}`);
    if (packet.retain) return refuse('retained', printable(packet.topic));
    if (!devicePublishAllowed(sn, packet.topic)) return refuse('forbidden_topic', printable(packet.topic));
    // A message still waiting when its connection has gone is not ingested: it cannot be acknowledged any more.
    const ingest = () => (client.closed && !isWill ? Promise.reject(new MqttRefusal('connection closed')) : o.ingest.handle(packet.topic, packet.payload as Buffer, sn));
    client.helioWindow!.run(ingest).then(
      () => callback(null),
      (err: Error) => callback(err), // not durable: close without PUBACK, the device resends
    );
  };

  broker.authorizeSubscribe = (client: DeviceClient, sub, callback) => {
    if (client.helioInternal) return callback(null, sub);
    const sn = client.helioSn!;
    if (!client.helioBucket!.take()) {
      count('rate_limited', sn, `subscribe to ${printable(sub.topic)}`);
      return callback(new MqttRefusal('subscribe refused: rate_limited'), null);
    }
    if (!deviceSubscribeAllowed(sn, sub.topic)) {
      count('forbidden_topic', sn, `subscribe to ${printable(sub.topic)}`);
      return callback(null, null); // SUBACK 0x80
    }
    const held = client.subscriptions ?? {};
    if (!(sub.topic in held) && Object.keys(held).length >= MAX_DEVICE_SUBSCRIPTIONS) {
      count('forbidden_topic', sn, `more than ${MAX_DEVICE_SUBSCRIPTIONS} subscriptions`);
      return callback(null, null);
    }
    callback(null, sub);
  };

  // aedes reports persistence failures (and a refused will replay) as 'error' on itself: a line, never a crash.
  (broker as EventEmitter).on('error', (err: Error) => o.log?.error({ err }, 'MQTT broker error'));
  broker.on('clientReady', (client: DeviceClient) => {
    if (client.helioDeviceId) void o.repo.markConnection(client.helioDeviceId, true, new Date()).catch(() => undefined);
  });
  broker.on('clientDisconnect', (client: DeviceClient) => {
    if (client.helioDeviceId) void o.repo.markConnection(client.helioDeviceId, false, new Date()).catch(() => undefined);
    if (client.helioSn && client.helioBucket?.full()) buckets.delete(client.helioSn);
  });
  broker.on('clientError', (client: DeviceClient, err) => {
    // A device dropping its connection (ECONNRESET, EPIPE) is routine, a refusal is counted; anything else is worth a line.
    if (err instanceof MqttRefusal) return;
    if (!/ECONNRESET|EPIPE|ETIMEDOUT|keep ?alive/i.test(err.message)) o.log?.warn({ sn: client.helioSn, err: err.message }, 'MQTT client error');
  });

  const server = net.createServer((socket) => {
    // A command's request follows the PUBACK of the device's previous reply: without this, Nagle's algorithm holds
    // it until the device's delayed ACK (~40 ms on Linux) — per request/reply pair.
    socket.setNoDelay(true);
    const guard: MqttStreamGuard & { client?: DeviceClient } = new MqttStreamGuard(socket, limits.maxPacketBytes, (detail) =>
      count('packet_too_large', guard.client?.helioSn ?? null, detail),
    );
    broker.handle(guard);
  });
  const host = o.host ?? '127.0.0.1';
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
  const persistence = (broker as unknown as { persistence: { createRetainedStream(pattern: string): AsyncIterable<unknown> } }).persistence;
  return {
    kind: 'embedded',
    url: localBrokerUrl(host, port),
    port,
    internal: { username: INTERNAL_USERNAME, password: internalPassword },
    state: () => ({ ok: server.listening && !broker.closed, detail: `embedded, ${broker.connectedClients} clients` }),
    retainedCount: async () => {
      let n = 0;
      for await (const _ of persistence.createRetainedStream('#')) n++;
      return n;
    },
    publish: (topic, payload) =>
      new Promise<void>((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false } as Parameters<typeof broker.publish>[0], (err) =>
          err ? reject(err) : resolve(),
        ),
      ),
    close: async () => {
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
