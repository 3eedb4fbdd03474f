/**
 * What the kernel promises a bespoke module (OTA campaigns, alarm escalation, workflow timers): a module declared
 * here — nowhere else named, no edit to telemetry, main.ts or the app — runs a durable job that commands a device
 * over the real broker and announces the outcome as a typed event, which a neighbour module handles.
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadManifests } from '../src/kernel/module-list.js';
import { defineJob, defineModule } from '../src/kernel/types.js';
import { createTestApp, type TestApp } from './helper.js';
import { createDevice, createPlant } from './station-fixtures.js';

declare module '../src/kernel/types.js' {
  interface HelioEvents {
    'ota-probe.finished': { sn: string; ok: boolean; version: unknown };
  }
}

const EXTERNAL = process.env.HELIO_TEST_MQTT_URL;
const finished: { sn: string; ok: boolean; version: unknown }[] = [];

const ota = defineModule({
  name: 'ota-probe',
  jobs: [
    defineJob<{ sn: string; version: string }>({
      name: 'ota-probe.push',
      async run({ sn, version }, ctx) {
        const reply = await ctx.devices.send({ sn, method: 'otaStart', params: { version }, timeoutMs: 10_000 });
        await ctx.events.emit('ota-probe.finished', { sn, ok: reply.ok, version: (reply.result as { version?: unknown })?.version });
      },
    }),
  ],
});
const listener = defineModule({ name: 'ota-listener', events: { 'ota-probe.finished': (p) => void finished.push(p) } });

let t: TestApp;
let device: MqttClient;
let sn = '';

beforeAll(async () => {
  t = await createTestApp(
    {
      HELIO_MQTT_PORT: '0',
      HELIO_MQTT_HOST: '127.0.0.1',
      HELIO_JOB_POLL_MS: '100',
      ...(EXTERNAL ? { MQTT_URL: EXTERNAL, HELIO_MQTT_GROUP: `helio-ota-${randomBytes(4).toString('hex')}` } : {}),
    },
    { modules: [...(await loadManifests()), ota, listener] },
  );
  const plantId = await createPlant(t.database.db);
  const secret = `ota-${randomBytes(8).toString('hex')}`;
  ({ sn } = await createDevice(t.database.db, { plantId, kind: 'inverter', secret }));
  await t.start();
  device = await mqtt.connectAsync(t.services.kernel.use('telemetry').running()!.broker.url, {
    clientId: sn,
    ...(EXTERNAL ? {} : { username: sn, password: secret }),
    reconnectPeriod: 0,
  });
  await device.subscribeAsync(`helio/v1/${sn}/cmd/req/+`, { qos: 1 });
  device.on('message', (topic, payload) => {
    const { params } = JSON.parse(payload.toString()) as { params: { version: string } };
    void device.publishAsync(`helio/v1/${sn}/cmd/resp/${topic.split('/').pop()}`, JSON.stringify({ ok: true, result: { version: params.version } }), { qos: 1 })
      .catch(() => undefined); // a reply still in flight when the test closes the client
  });
}, 60_000);

afterAll(async () => {
  await device?.endAsync(true).catch(() => undefined);
  await t?.stop();
});

describe('a bespoke module on the kernel', () => {
  it('its job commands the device, and its event reaches the neighbour', async () => {
    await t.services.kernel.context('ota-probe').jobs.enqueue('ota-probe.push', { sn, version: '2.4.0' }, { key: `ota:${sn}:2.4.0` });
    const end = Date.now() + 20_000;
    while (finished.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(finished).toEqual([{ sn, ok: true, version: '2.4.0' }]);
  });
});
