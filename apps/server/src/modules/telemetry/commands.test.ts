/**
 * Device commands through the kernel (`ctx.devices.send`), end to end over a real broker: the embedded aedes, or an
 * external one given by HELIO_TEST_MQTT_URL (the local Mosquitto). A device subscribes to its command topic and
 * answers; the caller gets the answer, the command row records it; silence is a 504 and an expired row.
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { createDevice, createPlant } from '../../../test/station-fixtures.js';
import { BizError } from '../../core/errors.js';
import type { AuthUser } from '../../core/access.js';
import type { DeviceCommands } from '../../kernel/types.js';

const EXTERNAL = process.env.HELIO_TEST_MQTT_URL;
let t: TestApp;
let devices: DeviceCommands;
let notStarted: unknown;
const clients: MqttClient[] = [];
const fleet: { sn: string; secret: string }[] = [];

async function device(sn: string, secret: string, answer: (method: string, params: unknown) => object | undefined): Promise<MqttClient> {
  const url = t.services.kernel.use('telemetry').running()!.broker.url;
  const c = await mqtt.connectAsync(url, {
    clientId: sn,
    username: EXTERNAL ? undefined : sn,
    password: EXTERNAL ? undefined : secret,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(c);
  await c.subscribeAsync(`helio/v1/${sn}/cmd/req/+`, { qos: 1 });
  c.on('message', (topic, payload) => {
    const id = topic.split('/').pop()!;
    const req = JSON.parse(payload.toString()) as { method: string; params: unknown };
    const reply = answer(req.method, req.params);
    if (reply) void c.publishAsync(`helio/v1/${sn}/cmd/resp/${id}`, JSON.stringify({ ts: Date.now(), ...reply }), { qos: 1 });
  });
  return c;
}

const row = async (sn: string) =>
  (await t.database.rows<{ status: string; result: unknown; error: string | null; method: string }>(
    (await import('drizzle-orm')).sql`SELECT status, result, error, method FROM helio_device_command WHERE device_sn = ${sn} ORDER BY created_at DESC LIMIT 1`,
  ))[0];

beforeAll(async () => {
  t = await createTestApp({
    HELIO_MQTT_PORT: '0',
    HELIO_MQTT_HOST: '127.0.0.1',
    ...(EXTERNAL ? { MQTT_URL: EXTERNAL, HELIO_MQTT_GROUP: `helio-cmd-${randomBytes(4).toString('hex')}` } : {}),
  });
  devices = t.services.kernel.context('telemetry').devices;
  notStarted = await devices.send({ sn: 'NOPE0001', method: 'ping' }).catch((e: unknown) => e);
  const plantId = await createPlant(t.database.db);
  const other = await createPlant(t.database.db, { tenantId: '123456' });
  for (let i = 0; i < 3; i++) fleet.push(await createDevice(t.database.db, { plantId, kind: 'inverter', secret: `cmd-secret-${i}-${randomBytes(6).toString('hex')}` }));
  fleet.push(await createDevice(t.database.db, { plantId: other, tenantId: '123456', kind: 'inverter' }));
  await t.start();
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await t?.stop();
});

describe('device commands', () => {
  it('answers 503 while the device path has not started', () => {
    expect(notStarted).toBeInstanceOf(BizError);
    expect((notStarted as BizError).status).toBe(503);
  });

  it("publishes to the device and returns its answer; the command row keeps it", async () => {
    const d = fleet[0]!;
    await device(d.sn, d.secret, (method, params) => ({ ok: true, result: { method, echo: params } }));
    const reply = await devices.send({ sn: d.sn, method: 'setPowerLimit', params: { percent: 80 }, timeoutMs: 10_000 });
    expect(reply.ok).toBe(true);
    expect(reply.result).toEqual({ method: 'setPowerLimit', echo: { percent: 80 } });
    expect(await row(d.sn)).toMatchObject({ status: 'ok', method: 'setPowerLimit', result: { method: 'setPowerLimit', echo: { percent: 80 } } });
  });

  it("returns a device's refusal as a failed reply", async () => {
    const d = fleet[1]!;
    await device(d.sn, d.secret, () => ({ ok: false, error: 'busy: firmware update running' }));
    const reply = await devices.send({ sn: d.sn, method: 'reboot', timeoutMs: 10_000 });
    expect(reply).toMatchObject({ ok: false, error: 'busy: firmware update running' });
    expect(await row(d.sn)).toMatchObject({ status: 'error', error: 'busy: firmware update running' });
  });

  it('a silent device: 504 after the timeout, the command expired; a late or foreign answer changes nothing', async () => {
    const d = fleet[2]!;
    let lastId = '';
    const c = await device(d.sn, d.secret, () => undefined);
    c.on('message', (topic) => (lastId = topic.split('/').pop()!));
    const err = await devices.send({ sn: d.sn, method: 'ping', timeoutMs: 800 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BizError);
    expect((err as BizError).status).toBe(504);
    expect(await row(d.sn)).toMatchObject({ status: 'expired' });
    // Another device answering that id (on its own topic, as the ACL allows) does not settle it, nor does a late reply.
    const intruder = fleet[0]!;
    const ic = clients[0]!;
    await ic.publishAsync(`helio/v1/${intruder.sn}/cmd/resp/${lastId}`, JSON.stringify({ ok: true }), { qos: 1 });
    await c.publishAsync(`helio/v1/${d.sn}/cmd/resp/${lastId}`, JSON.stringify({ ok: true }), { qos: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await row(d.sn)).toMatchObject({ status: 'expired' });
  });

  it("another tenant's device is answered as missing, and so is an unknown one", async () => {
    const actor = { tenantId: '654321', userId: '1' } as AuthUser;
    for (const sn of [fleet[3]!.sn, 'UNKNOWN0001']) {
      const err = await devices.send({ sn, method: 'ping', actor, timeoutMs: 500 }).catch((e: unknown) => e);
      expect((err as BizError).status).toBe(404);
    }
  });
});
