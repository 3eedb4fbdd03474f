/**
 * A restart with queued settings commands loses nothing (issue 15): a command for an offline device is queued, the
 * server stops, a new one starts on the same database, the device connects to it, and the command is delivered,
 * read back and verified.
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { answerCommands, devicePublisher } from '../src/simulator/commands.js';
import { simSettingsBehaviour } from '../src/simulator/settings.js';
import { rawDb } from '../src/modules/telemetry/index.js';
import { createTestApp, type TestApp } from './helper.js';
import { createDevice, createPlant } from './station-fixtures.js';

const EXTERNAL = process.env.HELIO_TEST_MQTT_URL;
const ENV = {
  HELIO_MQTT_PORT: '0',
  HELIO_MQTT_HOST: '127.0.0.1',
  HELIO_JOB_POLL_MS: '100',
  HELIO_STATUS_INTERVAL_SECONDS: '3600',
  ...(EXTERNAL ? { MQTT_URL: EXTERNAL, HELIO_MQTT_GROUP: `helio-settings-r-${randomBytes(4).toString('hex')}` } : {}),
};

let t: TestApp;
let second: BuiltApp | undefined;
let device: MqttClient | undefined;

beforeAll(async () => {
  simSettingsBehaviour.refuseRate = 0;
  simSettingsBehaviour.silentRate = 0;
  t = await createTestApp(ENV);
}, 120_000);

afterAll(async () => {
  await device?.endAsync(true).catch(() => undefined);
  await second?.close();
  await t?.database.drop();
});

describe('queued settings across a restart', () => {
  it('delivers a command queued before the restart once the device connects to the new server', async () => {
    const plantId = await createPlant(t.database.db);
    const secret = `r-${randomBytes(8).toString('hex')}`;
    const { sn } = await createDevice(t.database.db, { plantId, kind: 'inverter', secret });
    await t.start();
    const headers = await t.adminHeaders();
    const res = await t.req({
      method: 'POST',
      url: '/api/skyworth-client/device/setup/commonSetup/issue',
      headers,
      payload: { deviceSn: sn, items: [{ key: 'powerLimitPct', value: 55.5 }], timeoutSeconds: 5, ttlSeconds: 600 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.commands[0].id as string;
    await t.close();

    second = await buildApp(loadConfig({ HELIO_CAPTCHA: 'off', HELIO_SIMULATOR: 'off', HELIO_DATA_DIR: '/tmp/helio-test-unused', HELIO_LOG_LEVEL: 'silent', HELIO_WEB_DIR: '/nonexistent-helio-web', ...ENV }), {
      database: t.database,
      logger: false,
    });
    await second.start();
    const q = async (text: string, params: unknown[]) => (await rawDb(t.database).query<Record<string, unknown>>(text, params)).rows;
    expect((await q('SELECT state FROM helio_setting_command WHERE id = $1', [id]))[0]!.state).toBe('queued');

    const state: Record<string, unknown> = {};
    device = await mqtt.connectAsync(second.services.kernel.use('telemetry').running()!.broker.url, {
      clientId: sn,
      ...(EXTERNAL ? {} : { username: sn, password: secret }),
      reconnectPeriod: 0,
    });
    answerCommands(device, { sn, deviceType: 'inverter', state, publish: devicePublisher(device, sn) });
    await device.subscribeAsync(`helio/v1/${sn}/cmd/req/+`, { qos: 1 });
    if (EXTERNAL) await q('UPDATE helio_device SET online = true WHERE device_sn = $1', [sn]);

    const end = Date.now() + 20_000;
    let row: Record<string, unknown> | undefined;
    while (Date.now() < end) {
      row = (await q('SELECT state, verified FROM helio_setting_command WHERE id = $1', [id]))[0];
      if (row?.state === 'succeeded') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(row).toEqual({ state: 'succeeded', verified: 1 });
    expect((state.settings as Record<string, unknown>).powerLimitPct).toBe(55.5);
  });
});
