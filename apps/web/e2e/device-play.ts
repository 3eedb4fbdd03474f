/**
 * Devices played by a walk over MQTT (docs/device-protocol.md), for what the demo simulator cannot give
 * deterministically (it refuses or ignores a share of commands at random, fails a share of upgrades, and its PV
 * inverters go quiet at night): a device signs in to the fleet server's broker with its SN and secret (one client
 * per device, as in the field), reports telemetry, status and events at QoS 1 (the broker acknowledges once they are
 * stored), and answers the commands it is sent with the walk's own handler.
 */
import mqtt from 'mqtt';
import { addInverter, demoStation, withAdmin, type FleetServer } from './fleet-api';

/** A command's answer (`cmd/resp/{id}`, without its `ts`). */
export type Answer = { ok: true; result: unknown } | { ok: false; error: string };
/** Answers a command; `after` runs once the answer is published (e.g. a firmware upgrade's progress events). */
export type CommandHandler<P> = (method: string, params: P) => Answer & { after?: () => Promise<unknown> };

export interface PlayedDevice {
  sn: string;
  /** An inverter's telemetry report with these fault codes (none: running normally). */
  telemetry(faults: number[]): Promise<void>;
  /** Online, with its model and master firmware. */
  status(model: string, fw: string): Promise<void>;
  /** Events (codes of docs/device-protocol.md, e.g. the OTA progress 801…806). */
  event(code: number, msg: string, level?: number): Promise<void>;
  /** Answers every command from now on with `handler` (which refuses the methods it does not play: `refuse()`). */
  answer<P extends object = Record<string, unknown>>(handler: CommandHandler<P>): Promise<void>;
  /** Disconnects (at once, without waiting for messages in flight). */
  end(): Promise<void>;
}

export async function playDevice(mqttUrl: string, sn: string, secret: string): Promise<PlayedDevice> {
  const client = await mqtt.connectAsync(mqttUrl, { clientId: sn, username: sn, password: secret, reconnectPeriod: 0 });
  // Each report's time after the previous one's (the server keeps a device's reports in order).
  let ts = Date.now();
  const at = () => (ts = Math.max(ts + 1, Date.now()));
  const publish = async (kind: string, body: unknown) => {
    await client.publishAsync(`helio/v1/${sn}/${kind}`, JSON.stringify(body), { qos: 1 });
  };
  return {
    sn,
    telemetry: (faults) => publish('telemetry', { ts: at(), ...inverterReport(faults) }),
    status: (model, fw) => publish('status', { ts: at(), online: true, model, fw: { master: fw } }),
    event: (code, msg, level = 1) => publish('event', { ts: at(), events: [{ code, type: 3, level, msg }] }),
    async answer<P extends object>(handler: CommandHandler<P>) {
      client.on('message', (topic, payload) => {
        const id = topic.split('/').pop()!;
        const { method, params } = JSON.parse(payload.toString()) as { method: string; params?: P };
        const { after, ...answer } = handler(method, params ?? ({} as P));
        // A reply or event still in flight when the walk closes the device has nowhere to go: dropped.
        void publish(`cmd/resp/${id}`, { ts: at(), ...answer })
          .then(() => after?.())
          .catch(() => undefined);
      });
      await client.subscribeAsync(`helio/v1/${sn}/cmd/req/+`, { qos: 1 });
    },
    end: () => client.endAsync(true).catch(() => undefined),
  };
}

/** A new inverter of the fleet's demo station, registered as an installer does it, played over MQTT. */
export async function playInverter(fleet: FleetServer, sn: string, model = 'E2E-8K'): Promise<PlayedDevice> {
  const secret = await withAdmin(fleet.url, async (api) => addInverter(api, await demoStation(api), sn, model));
  return playDevice(fleet.mqttUrl, sn, secret);
}

/** Devices played at once (their connections opened concurrently). */
export function playDevices(mqttUrl: string, secrets: Map<string, string>): Promise<PlayedDevice[]> {
  return Promise.all([...secrets].map(([sn, secret]) => playDevice(mqttUrl, sn, secret)));
}

export const refuse = (): Answer => ({ ok: false, error: 'unknown method' });

/** An inverter's telemetry: faulted (state 7, no PV power) with fault codes, running normally (state 2) without. */
export function inverterReport(faults: number[]) {
  return {
    state: faults.length ? 7 : 2,
    pv: [{ v: 380, i: 5 }, { v: 375, i: 4.8 }],
    pvPower: faults.length ? 0 : 3700,
    grid: { v: [230, 231, 229], i: [2, 2, 2], p: [400, 400, 400], power: -1200, freq: 50.01 },
    load: { power: 1500 },
    battery: { v: 51.2, i: -10, power: -512, soc: 55, temp: 25 },
    temp: { inner: 40, sink: 45 },
    energy: { pvTotal: 1000, loadTotal: 500, importTotal: 100, exportTotal: 300, chargeTotal: 50, dischargeTotal: 40 },
    faults,
  };
}
