/** Simulated devices for the OTA tests: real MQTT clients answering commands through the simulator's handlers. */
import mqtt, { type MqttClient } from 'mqtt';
import { answerCommands, devicePublisher } from '../src/simulator/commands.js';

export interface SimDeviceRef {
  sn: string;
  secret: string;
  state: Record<string, unknown>;
}

export async function connectFleet(brokerUrl: string, httpBase: string, devices: SimDeviceRef[]): Promise<MqttClient[]> {
  return Promise.all(
    devices.map(async (d) => {
      const client = await mqtt.connectAsync(brokerUrl, { clientId: d.sn, username: d.sn, password: d.secret, reconnectPeriod: 0 });
      answerCommands(client, { sn: d.sn, deviceType: 'inverter', state: d.state, publish: devicePublisher(client, d.sn), httpBase });
      await client.subscribeAsync(`helio/v1/${d.sn}/cmd/req/+`, { qos: 1 });
      return client;
    }),
  );
}

export async function closeFleet(clients: MqttClient[]): Promise<void> {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
}

/** Polls `check` until it returns a value (not undefined) or `ms` pass. */
export async function until<T>(check: () => Promise<T | undefined>, ms = 20_000, every = 100): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, every));
  }
}
