/**
 * External broker (MQTT_URL): a pool of consumers in one shared subscription group (`$share/helio/helio/v1/+/…`), so
 * several Helio processes split the load. mqtt.js calls `handleMessage(packet, cb)` before it sends the PUBACK and
 * handles a connection's messages one at a time (mqttjs/MQTT.js#209, PR #549), hence the pool: each consumer holds
 * one unacknowledged message, and the group commit batches across them. Sessions are persistent (fixed client ids,
 * clean start off, session expiry 1 day), so messages in flight when the process dies are redelivered by the broker.
 * Device authentication, the topic ACL and the resource limits are then the broker's job (docs/device-protocol.md
 * shows the Mosquitto and EMQX setup).
 */
import os from 'node:os';
import type { MqttClient } from 'mqtt';
import type { BrokerHandle, Logger } from './broker-types.js';
import type { IngestService } from './ingest.service.js';
import { TOPIC_ROOT } from './mqtt-acl.js';

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
  const topics = ['telemetry', 'event', 'status', 'cmd/resp/+'].map((k) => `$share/${group}/${TOPIC_ROOT}+/${k}`);
  const { default: mqtt } = await import('mqtt'); // only with MQTT_URL (core/lazy-import.ts)
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
    state: () => {
      const up = clients.filter((c) => c.connected).length;
      return { ok: up > 0, detail: `external, ${up}/${clients.length} consumers connected` };
    },
    publish: async (topic, payload) => {
      const client = clients.find((c) => c.connected) ?? clients[0]!;
      await client.publishAsync(topic, payload, { qos: 1, retain: false });
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}
