/**
 * The MQTT abuse suite (issue 11): what one device credential — or none — can do to the broker and to other devices.
 * Real broker, real mqtt.js clients and raw sockets, real database. On the embedded broker: publishing outside the
 * device's own device-side topics, subscribing outside its command requests, retained messages and retained wills,
 * oversized packets and a partial huge CONNECT, another client id, the publish rate, MQTT 5 — each refused, counted,
 * the victim unaffected, the retained store empty. Poison payloads run on the external broker too
 * (HELIO_TEST_MQTT_URL): each is acknowledged and counted, and the device's next report is stored.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type IClientPublishOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helper.js';
import { createDevice, createPlant, inverterReport } from '../../../test/station-fixtures.js';
import { startEmbeddedBroker, startExternalConsumer, type BrokerHandle } from './broker.js';
import { IngestService } from './ingest.service.js';
import { MAX_DEVICE_SUBSCRIPTIONS } from './mqtt-acl.js';
import { rawDb } from './raw-db.js';
import { TelemetryRepository } from './telemetry.repository.js';

const EXTERNAL = process.env.HELIO_TEST_MQTT_URL;
/** With an external broker the ACL and the limits are that broker's (docs/device-protocol.md: Mosquitto, EMQX). */
const embeddedOnly = it.skipIf(!!EXTERNAL);
/** Small enough to reach in a test, with a refill too slow to matter during one (no timing involved). */
const LIMITS = { burst: 100, ratePerSecond: 0.01 };

type Device = { id: string; sn: string; secret: string };
let database: Awaited<ReturnType<typeof testDatabase>>;
let ingest: IngestService;
let broker: BrokerHandle;
let plantId: string;
const clients: MqttClient[] = [];

const q = async <T>(text: string, params: unknown[] = []) => (await rawDb(database).query<T>(text, params)).rows;
const rows = async (d: Device) => (await q<{ n: number }>('SELECT count(*)::int AS n FROM helio_telemetry_inverter WHERE device_id = $1', [d.id]))[0]!.n;
const device = () => createDevice(database.db, { plantId, kind: 'inverter', secret: `abuse-${randomBytes(6).toString('hex')}` });
const report = (ts = Date.now() - 60_000) => JSON.stringify(inverterReport(ts));
const totals = () => ({ ...ingest.totals });
const delta = (before: Record<string, number>, reason: string) => (ingest.totals[reason] ?? 0) - (before[reason] ?? 0);

async function connect(d: Device, extra: IClientOptions = {}): Promise<MqttClient> {
  const auth = EXTERNAL ? {} : { username: d.sn, password: d.secret };
  const c = await mqtt.connectAsync(broker.url, { clientId: d.sn, ...auth, reconnectPeriod: 0, connectTimeout: 5000, ...extra });
  c.on('error', () => undefined);
  c.setMaxListeners(0); // `attempt` listens for 'close' once per publish
  clients.push(c);
  return c;
}

/** The platform's own client (unrestricted). */
async function platform(): Promise<MqttClient> {
  const c = await mqtt.connectAsync(broker.url, { clientId: `helio:test-${randomBytes(3).toString('hex')}`, ...broker.internal!, reconnectPeriod: 0 });
  clients.push(c);
  return c;
}

/** Why a connection attempt failed: the CONNACK return code (or -1). */
const refusal = (p: Promise<unknown>) => p.then(() => 'connected' as const, (e: { code?: number }) => e.code ?? -1);

const closed = (c: MqttClient) => new Promise<'closed'>((r) => (c.disconnected || !c.connected ? r('closed') : c.once('close', () => r('closed'))));

/** A QoS 1 publish: 'acked' on PUBACK, 'closed' when the broker drops the connection instead. */
const attempt = (c: MqttClient, topic: string, body: string | Buffer, opts: IClientPublishOptions = {}) =>
  Promise.race([c.publishAsync(topic, body, { qos: 1, ...opts }).then(() => 'acked' as const, () => 'closed' as const), closed(c)]);

/** The granted QoS of one subscription (128 = refused), or 'closed'. */
const subscribe = (c: MqttClient, filter: string) =>
  Promise.race([
    c.subscribeAsync(filter, { qos: 1 }).then(
      (g) => g[0]!.qos,
      (e: { packet?: { granted?: number[] } }) => e.packet?.granted?.[0] ?? -1,
    ),
    closed(c),
  ]);

function inbox(c: MqttClient): string[] {
  const got: string[] = [];
  c.on('message', (topic) => got.push(topic));
  return got;
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The platform publishes a marker to `d`'s command topic; resolves once `got` (d's inbox) has it. Anything a refused
 *  message could have delivered would have arrived before it. */
async function marker(p: MqttClient, d: Device, got: string[]): Promise<string> {
  const topic = `helio/v1/${d.sn}/cmd/req/marker-${randomBytes(3).toString('hex')}`;
  await p.publishAsync(topic, '{}', { qos: 1 });
  await waitFor(() => got.includes(topic), 'the marker');
  return topic;
}

beforeAll(async () => {
  const suffix = randomBytes(3).toString('hex');
  database = await testDatabase();
  const repo = new TelemetryRepository(rawDb(database));
  ingest = new IngestService(repo, { defaultTz: 'Asia/Shanghai', counterFlushMs: 0 });
  plantId = await createPlant(database.db);
  broker = EXTERNAL
    ? await startExternalConsumer({ url: EXTERNAL, ingest, group: `abuse-${suffix}`, clientIdPrefix: `abuse-${suffix}`, consumers: 2, sessionExpiry: 60 })
    : await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest, repo, limits: LIMITS });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await broker?.close();
  await ingest?.close();
  await database?.drop();
});

describe(`MQTT abuse (${EXTERNAL ? `external broker ${EXTERNAL}: ACL and limit cases skipped, they are that broker's job` : 'embedded broker'})`, () => {
  embeddedOnly('a device publishing outside its own device-side topics is disconnected: nothing acknowledged, routed or retained', async () => {
    const [victim, attacker] = [await device(), await device()];
    const v = await connect(victim);
    const got = inbox(v);
    expect(await subscribe(v, `helio/v1/${victim.sn}/cmd/req/#`)).toBe(1);
    const p = await platform();
    const before = totals();
    const foreign = [
      `helio/v1/${victim.sn}/cmd/req/1`, // commanding another device
      `helio/v1/${victim.sn}/cmd/resp/1`,
      `helio/v1/${victim.sn}/telemetry`,
      `helio/v1/${attacker.sn}/cmd/req/1`, // its own, but Helio's side
      `helio/v1/${attacker.sn}/cmd/resp/a/b`,
      `helio/v1/${attacker.sn}/telemetry/x`,
      '$SYS/broker/x',
      'any/topic',
    ];
    for (const topic of foreign) {
      const a = await connect(attacker);
      expect(await attempt(a, topic, report()), topic).toBe('closed');
    }
    // Retained and at QoS 0 too: the QoS 1 report after it is never acknowledged, the connection is gone.
    const a = await connect(attacker);
    expect(await attempt(a, `helio/v1/${victim.sn}/cmd/req/2`, '{}', { retain: true })).toBe('closed');
    const a0 = await connect(attacker);
    a0.publish(`helio/v1/${victim.sn}/cmd/req/3`, '{}', { qos: 0 });
    expect(await attempt(a0, `helio/v1/${attacker.sn}/telemetry`, report())).toBe('closed');

    expect(delta(before, 'forbidden_topic')).toBe(foreign.length + 1);
    expect(delta(before, 'retained')).toBe(1);
    const m = await marker(p, victim, got);
    expect(got).toEqual([m]);
    expect(v.connected).toBe(true);
    expect(await rows(victim)).toBe(0);
    expect(await broker.retainedCount!()).toBe(0);
  });

  embeddedOnly('a device may subscribe only to its own command requests: anything else is SUBACK 0x80 and delivers nothing', async () => {
    const [victim, attacker] = [await device(), await device()];
    const v = await connect(victim);
    const a = await connect(attacker);
    const got = inbox(a);
    const before = totals();
    const forbidden = [
      `helio/v1/${victim.sn}/cmd/req/#`,
      `helio/v1/${victim.sn}/cmd/#`,
      `helio/v1/${victim.sn}/telemetry`,
      'helio/v1/+/cmd/req/#',
      '#',
      '$SYS/#',
      `helio/v1/${attacker.sn}/cmd/#`, // wider than its requests
      `helio/v1/${attacker.sn}/telemetry`,
      `$share/g/helio/v1/${attacker.sn}/cmd/req/#`,
    ];
    for (const filter of forbidden) expect(await subscribe(a, filter), filter).toBe(128);
    expect(await subscribe(a, `helio/v1/${attacker.sn}/cmd/req/#`)).toBe(1);
    // A bounded number of (narrower) subscriptions.
    for (let i = 1; i < MAX_DEVICE_SUBSCRIPTIONS; i++) expect(await subscribe(a, `helio/v1/${attacker.sn}/cmd/req/${i}`)).toBe(1);
    expect(await subscribe(a, `helio/v1/${attacker.sn}/cmd/req/one-too-many`)).toBe(128);
    expect(delta(before, 'forbidden_topic')).toBe(forbidden.length + 1);

    const p = await platform();
    await p.publishAsync(`helio/v1/${victim.sn}/cmd/req/7`, '{}', { qos: 1 });
    const m = await marker(p, attacker, got);
    expect(got).toEqual([m]);
    expect(a.connected && v.connected).toBe(true);
  });

  embeddedOnly('retained messages and retained or foreign last wills are refused: the retained store does not grow', async () => {
    const d = await device();
    const before = totals();
    for (let round = 0; round < 3; round++) {
      const c = await connect(d);
      // A flood of retained messages in one go, on arbitrary topics and on the device's own: none is kept.
      for (let i = 0; i < 20; i++) c.publish(i % 2 ? `flood/${round}/${i}` : `helio/v1/${d.sn}/status`, Buffer.alloc(16 * 1024, 0x61), { qos: 0, retain: true });
      expect(await attempt(c, `helio/v1/${d.sn}/telemetry`, report())).toBe('closed');
    }
    expect(delta(before, 'retained')).toBe(3);
    const will = (topic: string, retain: boolean) => ({ will: { topic, payload: Buffer.from('{}'), qos: 1 as const, retain } });
    expect(await refusal(connect(d, will(`helio/v1/${d.sn}/status`, true)))).toBe(5);
    expect(await refusal(connect(d, will(`helio/v1/${d.sn}/cmd/req/1`, false)))).toBe(5);
    expect(await broker.retainedCount!()).toBe(0);
    // The device itself is fine: a plain report is stored, and its proper last will is published when it drops.
    const online = await connect(d, { will: { topic: `helio/v1/${d.sn}/status`, payload: Buffer.from(JSON.stringify({ ts: Date.now(), online: false })), qos: 1, retain: false } });
    expect(await attempt(online, `helio/v1/${d.sn}/telemetry`, report())).toBe('acked');
    expect(await rows(d)).toBe(1);
    const stored = ingest.totals.stored!;
    online.stream.destroy(); // no DISCONNECT: the broker publishes the will
    await waitFor(() => ingest.totals.stored! > stored, 'the last will stored');
  });

  embeddedOnly('an oversized packet closes the connection; partial huge CONNECTs are dropped at their fixed header', async () => {
    const d = await device();
    const before = totals();
    const c = await connect(d);
    expect(await attempt(c, `helio/v1/${d.sn}/telemetry`, Buffer.alloc(100 * 1024, 0x20))).toBe('closed');
    expect(delta(before, 'packet_too_large')).toBe(1);
    // No credential at all: CONNECT's fixed header declaring 200 MB, then a few bytes, never the rest.
    const varint200MB = [0x80, 0x80, 0x80, 0x64]; // 0x64 × 128³ = 209,715,200
    await Promise.all(
      [1, 2, 3].map(async () => {
        const s = net.connect(broker.port!, '127.0.0.1');
        s.on('error', () => undefined);
        s.write(Buffer.from([0x10, ...varint200MB, 0x00, 0x04, 0x4d, 0x51]));
        await new Promise((r) => s.once('close', r));
      }),
    );
    expect(delta(before, 'packet_too_large')).toBe(4);
  });

  embeddedOnly('a client id other than the SN is refused, so no one can take over a device’s session', async () => {
    const [victim, attacker] = [await device(), await device()];
    const v = await connect(victim);
    let victimClosed = false;
    v.on('close', () => (victimClosed = true));
    const got = inbox(v);
    expect(await subscribe(v, `helio/v1/${victim.sn}/cmd/req/#`)).toBe(1);
    const before = totals();
    expect(await refusal(connect(attacker, { clientId: victim.sn }))).toBe(2); // CONNACK "identifier rejected"
    expect(await refusal(connect(attacker, { clientId: `x-${attacker.sn}` }))).toBe(2);
    const internalAsVictim = mqtt.connectAsync(broker.url, { clientId: victim.sn, ...broker.internal!, reconnectPeriod: 0 });
    expect(await refusal(internalAsVictim)).toBe(2); // platform clients use ids starting with "helio:"
    expect(delta(before, 'client_id')).toBe(3);
    await marker(await platform(), victim, got);
    expect(victimClosed).toBe(false);
    expect(v.connected).toBe(true);
  });

  embeddedOnly('the publish rate per device is bounded, across reconnections', async () => {
    const d = await device();
    const before = totals();
    const c = await connect(d);
    const t0 = Date.now() - 3_600_000;
    const sends = Array.from({ length: LIMITS.burst + 50 }, (_, i) => attempt(c, `helio/v1/${d.sn}/telemetry`, report(t0 + i * 1000)));
    const outcomes = await Promise.all(sends);
    expect(outcomes).toContain('closed');
    expect(outcomes.filter((o) => o === 'acked').length).toBeLessThanOrEqual(LIMITS.burst);
    expect(delta(before, 'rate_limited')).toBe(1);
    // Reconnecting does not refill the bucket.
    expect(await attempt(await connect(d), `helio/v1/${d.sn}/telemetry`, report())).toBe('closed');
    expect(delta(before, 'rate_limited')).toBe(2);
    expect(await rows(d)).toBeLessThanOrEqual(LIMITS.burst);
  });

  embeddedOnly('MQTT 5 is refused with CONNACK "unacceptable protocol version" (aedes 1.x speaks 3.1.1) and counted', async () => {
    const d = await device();
    const before = totals();
    expect(await refusal(connect(d, { protocolVersion: 5 }))).toBe(1);
    expect(delta(before, 'unsupported_protocol')).toBe(1);
  });

  it('poison payloads are acknowledged and counted, and the device’s next report is stored', async () => {
    const d = await device();
    const c = await connect(d);
    const topic = `helio/v1/${d.sn}/telemetry`;
    const base = inverterReport(Date.now() - 60_000);
    const poison: (string | Buffer)[] = [
      ...[1e20, 8.64e15 + 1, 8.64e15, Number.MAX_VALUE, -1, 1.5, 'NaN', '9999-99-99T99:99', '9999-99-99T99:99Z', '9999-12-31T23:59:59Z', null, [], {}, true].map(
        (ts) => JSON.stringify({ ...base, ts }),
      ),
      '{"ts": 1e400, "state": 2}',
      JSON.stringify({ ...base, note: '\u0000' }),
      'null',
      '[]',
      '"x"',
      '',
      Buffer.from([0xff, 0xfe, 0xfd]),
      '['.repeat(5000) + ']'.repeat(5000),
    ];
    const events = `helio/v1/${d.sn}/event`;
    const badEvent = JSON.stringify({ ts: base.ts, events: [{ ts: 1e20, code: 8, type: 1 }] });
    const rejected = () => Object.entries(ingest.totals).reduce((n, [k, v]) => (k === 'stored' || k === 'duplicate' ? n : n + v), 0);
    const before = rejected();
    for (const body of poison) expect(await attempt(c, topic, body), String(body).slice(0, 60)).toBe('acked');
    expect(await attempt(c, events, badEvent)).toBe('acked');
    await waitFor(() => rejected() - before === poison.length + 1, 'every poison message counted');
    expect(await attempt(c, topic, report())).toBe('acked');
    await waitFor(async () => (await rows(d)) === 1, 'the good report stored');
    expect(c.connected).toBe(true);
  });
});
