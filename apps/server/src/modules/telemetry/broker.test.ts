/**
 * The ingest over a real broker: the embedded aedes (default) or an external one given by HELIO_TEST_MQTT_URL
 * (e.g. the local Mosquitto, mqtt://127.0.0.1:1883), on whichever database the harness runs (PGlite or PostgreSQL).
 * Embedded: a QoS 1 PUBACK means the row is committed; credentials are checked at CONNECT. External: two consumer
 * pools in one shared subscription group split the messages, each stored exactly once.
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helper.js';
import { createDevice, createPlant, inverterReport } from '../../../test/station-fixtures.js';
import { startEmbeddedBroker, startExternalConsumer, type BrokerHandle } from './broker.js';
import { IngestService } from './ingest.service.js';
import { rawDb } from './raw-db.js';
import { TelemetryRepository } from './telemetry.repository.js';

const EXTERNAL = process.env.HELIO_TEST_MQTT_URL;
type TestDb = Awaited<ReturnType<typeof testDatabase>>;
let database: TestDb;
let repo: TelemetryRepository;
let ingest: IngestService;
let broker: BrokerHandle;
let second: BrokerHandle | undefined;
let second2: IngestService | undefined;
const devices: { id: string; sn: string; secret: string }[] = [];
const clients: MqttClient[] = [];

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await rawDb(database).query<T>(text, params)).rows;
const count = async (deviceId: string) => (await q<{ n: number }>('SELECT count(*)::int AS n FROM helio_telemetry_inverter WHERE device_id = $1', [deviceId]))[0]!.n;

async function connect(sn: string, password: string): Promise<MqttClient> {
  const c = await mqtt.connectAsync(broker.url, {
    clientId: sn, // the embedded broker binds the client id to the SN
    username: EXTERNAL ? undefined : sn,
    password: EXTERNAL ? undefined : password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(c);
  return c;
}

async function waitFor(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

beforeAll(async () => {
  database = await testDatabase();
  repo = new TelemetryRepository(rawDb(database));
  ingest = new IngestService(repo, { defaultTz: 'Asia/Shanghai', counterFlushMs: 0 });
  const plantId = await createPlant(database.db);
  for (let i = 0; i < 4; i++) devices.push(await createDevice(database.db, { plantId, kind: 'inverter', secret: `secret-${i}-${randomBytes(6).toString('hex')}` }));
  if (EXTERNAL) {
    const group = `helio-test-${randomBytes(4).toString('hex')}`;
    broker = await startExternalConsumer({ url: EXTERNAL, ingest, group, consumers: 4, clientIdPrefix: `${group}-a`, sessionExpiry: 60 });
    second2 = new IngestService(new TelemetryRepository(rawDb(database)), { defaultTz: 'Asia/Shanghai', counterFlushMs: 0 });
    second = await startExternalConsumer({ url: EXTERNAL, ingest: second2, group, consumers: 4, clientIdPrefix: `${group}-b`, sessionExpiry: 60 });
  } else {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest, repo });
  }
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await broker?.close();
  await second?.close();
  await ingest?.close();
  await second2?.close();
  await database?.drop();
});

describe(`ingest over ${EXTERNAL ? `the external broker ${EXTERNAL}` : 'the embedded broker'}`, () => {
  it('stores QoS 1 reports; on the embedded broker the PUBACK comes after the commit', async () => {
    const d = devices[0]!;
    const c = await connect(d.sn, d.secret);
    const t0 = Date.now() - 60_000;
    for (let i = 0; i < 5; i++) {
      await c.publishAsync(`helio/v1/${d.sn}/telemetry`, JSON.stringify(inverterReport(t0 + i * 1000, { pvTotal: 10 + i })), { qos: 1 });
      if (!EXTERNAL) expect(await count(d.id)).toBe(i + 1); // acknowledged ⇒ already durable
    }
    await waitFor(async () => (await count(d.id)) === 5);
    const [latest] = await q<{ e: number }>('SELECT e_pv_total AS e FROM helio_device_latest WHERE device_id = $1', [d.id]);
    expect(latest!.e).toBe(14);
  });

  it('rejects malformed messages without dropping the connection, refuses another device’s topic, and counts them', async () => {
    const d = devices[1]!;
    const c = await connect(d.sn, d.secret);
    const t = Date.now() - 30_000;
    await c.publishAsync(`helio/v1/${d.sn}/telemetry`, '{"ts": oops', { qos: 1 });
    await c.publishAsync(`helio/v1/${d.sn}/telemetry`, JSON.stringify({ ...inverterReport(t), grid: { freq: 99 } }), { qos: 1 });
    await c.publishAsync(`helio/v1/${d.sn}/telemetry`, JSON.stringify(inverterReport(t + 86_400_000 * 3)), { qos: 1 });
    if (!EXTERNAL) {
      // Another device's topic closes the publisher's connection (mqtt-abuse.test.ts): use a second device for it.
      const other = await connect(devices[3]!.sn, devices[3]!.secret);
      other.on('error', () => undefined);
      const closed = new Promise<void>((r) => other.once('close', () => r()));
      other.publish(`helio/v1/${devices[2]!.sn}/telemetry`, JSON.stringify(inverterReport(t)), { qos: 1 });
      await closed;
    }
    await c.publishAsync(`helio/v1/${d.sn}/telemetry`, JSON.stringify(inverterReport(t + 1000)), { qos: 1 });
    expect(c.connected).toBe(true);
    await waitFor(async () => (await count(d.id)) === 1);
    const totals = (r: string) => (ingest.totals[r] ?? 0) + (second2?.totals[r] ?? 0);
    await waitFor(async () => totals('malformed') >= 1 && totals('out_of_range') >= 1 && totals('clock_skew') >= 1);
    if (!EXTERNAL) {
      expect(totals('forbidden_topic')).toBe(1);
      expect(await count(devices[2]!.id)).toBe(0);
    }
  });

  it.skipIf(!!EXTERNAL)('refuses unknown SNs and wrong secrets at CONNECT and counts them', async () => {
    const before = { unknown: ingest.totals.unknown_sn ?? 0, bad: ingest.totals.bad_credential ?? 0 };
    await expect(mqtt.connectAsync(broker.url, { username: 'NOSUCHDEV001', password: 'x', reconnectPeriod: 0 })).rejects.toThrow(/Bad username or password|Not authorized/i);
    await expect(mqtt.connectAsync(broker.url, { username: devices[3]!.sn, password: 'wrong', reconnectPeriod: 0 })).rejects.toThrow(
      /Bad username or password|Not authorized/i,
    );
    expect((ingest.totals.unknown_sn ?? 0) - before.unknown).toBe(1);
    expect((ingest.totals.bad_credential ?? 0) - before.bad).toBe(1);
  });

  it('many devices at once: every report stored exactly once, duplicates idempotent', async () => {
    const t0 = Date.now() - 120_000;
    const conns = await Promise.all(devices.map((d) => connect(d.sn, d.secret)));
    const before = await Promise.all(devices.map((d) => count(d.id)));
    await Promise.all(
      conns.map(async (c, k) => {
        const sn = devices[k]!.sn;
        const sends: Promise<unknown>[] = [];
        for (let i = 0; i < 50; i++) {
          const body = JSON.stringify(inverterReport(t0 + i * 1000, { pvTotal: 100 + i }));
          sends.push(c.publishAsync(`helio/v1/${sn}/telemetry`, body, { qos: 1 }));
          if (i % 10 === 0) sends.push(c.publishAsync(`helio/v1/${sn}/telemetry`, body, { qos: 1 })); // duplicate
        }
        await Promise.all(sends);
      }),
    );
    await waitFor(async () => {
      const now = await Promise.all(devices.map((d) => count(d.id)));
      return now.every((n, i) => n - before[i]! === 50);
    });
    await new Promise((r) => setTimeout(r, 300));
    const after = await Promise.all(devices.map((d) => count(d.id)));
    expect(after.map((n, i) => n - before[i]!)).toEqual([50, 50, 50, 50]);
    if (EXTERNAL) {
      // Both consumer pools of the shared group took part.
      expect(ingest.totals.stored).toBeGreaterThan(0);
      expect(second2!.totals.stored).toBeGreaterThan(0);
    }
  });
});
