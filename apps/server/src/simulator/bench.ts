/**
 * Large-fleet mode for benchmarks: N inverters (SNs `<prefix>000001…`, secrets derived from `key` as in the demo
 * fleet) connect over MQTT and publish full 45-value reports at QoS 1 as fast as acknowledgements come back, each
 * keeping `window` messages in flight — or, with `rate`, at that many reports per second in all (the devices in turn,
 * each still at most `window` in flight). Reports are stamped one second apart per device, starting a day ago, so all
 * of them are new rows. Registering these devices is the benchmark's job (bench/ingest.bench.mjs).
 */
import mqtt, { type MqttClient } from 'mqtt';
import { deviceSecret } from './fleet.js';

export interface BenchOptions {
  url: string;
  devices: number;
  seconds: number;
  key: string;
  prefix: string;
  window: number;
  /** Start of the timestamps (ms); default now − 1 day. */
  t0?: number;
  /** Skip credentials (external broker allowing anonymous clients). */
  anonymous?: boolean;
  /** Reports per second over all devices; 0 or absent = as fast as they are acknowledged. */
  rate?: number;
}

export function benchSn(prefix: string, i: number): string {
  return `${prefix}${String(i + 1).padStart(6, '0')}`;
}

export function benchReport(ts: number, i: number, n: number): Record<string, unknown> {
  const pv = 3000 + ((i * 37 + n) % 4000);
  return {
    ts,
    state: 2,
    pv: [
      { v: 380.5, i: pv / 2 / 380.5 },
      { v: 377.1, i: pv / 2 / 377.1 },
    ],
    pvPower: pv,
    grid: { v: [230.1, 231.2, 229.4], i: [3.1, 3.0, 3.2], p: [-700, -690, -720], power: -2110, freq: 50.01, q: 40, pf: 0.99 },
    load: { power: 1400, p: [470, 460, 470] },
    eps: { power: 0 },
    battery: { v: 51.4, i: -9.5, power: -490, soc: 55 + (n % 40), temp: 24.5 },
    temp: { inner: 41.3, sink: 47.9 },
    busV: 402.2,
    isoKohm: 2100,
    energy: {
      pvToday: n * 0.005,
      pvTotal: 10_000 + n * 0.005,
      loadTotal: 8_000 + n * 0.002,
      importTotal: 2_000 + n * 0.0005,
      exportTotal: 4_000 + n * 0.003,
      chargeTotal: 1_500 + n * 0.001,
      dischargeTotal: 1_400 + n * 0.001,
    },
    faults: [],
    warnings: [],
  };
}

export interface BenchResult {
  devices: number;
  seconds: number;
  acked: number;
  perSecond: number;
  failed: number;
  /** CPU seconds this simulator process used while publishing. */
  cpuSec: number;
}

export async function runBench(o: BenchOptions): Promise<BenchResult> {
  const t0 = o.t0 ?? Date.now() - 86_400_000;
  const clients: MqttClient[] = [];
  for (let i = 0; i < o.devices; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, o.devices - i) }, (_, k) => {
        const sn = benchSn(o.prefix, i + k);
        return mqtt.connectAsync(o.url, {
          clientId: sn,
          ...(o.anonymous ? {} : { username: sn, password: deviceSecret(o.key, sn) }),
          reconnectPeriod: 0,
          connectTimeout: 20_000,
        });
      }),
    );
    clients.push(...batch);
  }
  let acked = 0;
  let failed = 0;
  let running = true;
  const start = Date.now();
  const cpu0 = process.cpuUsage();
  const loops = clients.map(async (c, i) => {
    const sn = benchSn(o.prefix, i);
    let n = 0;
    const lane = async (lane: number) => {
      while (running) {
        const k = n++;
        if (o.rate) {
          // Report k of device i is due at (k × devices + i) / rate seconds after the start.
          const wait = start + ((k * o.devices + i) / o.rate) * 1000 - Date.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          if (!running) return;
        }
        const body = JSON.stringify(benchReport(t0 + k * 1000 + lane, i, k));
        try {
          await c.publishAsync(`helio/v1/${sn}/telemetry`, body, { qos: 1 });
          acked++;
        } catch {
          failed++;
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: o.window }, (_, l) => lane(l)));
  });
  await new Promise((r) => setTimeout(r, o.seconds * 1000));
  running = false;
  const seconds = (Date.now() - start) / 1000;
  const counted = acked;
  const cpu = process.cpuUsage(cpu0);
  await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 10_000))]);
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  return { devices: o.devices, seconds, acked: counted, perSecond: Math.round(counted / seconds), failed, cpuSec: Math.round((cpu.user + cpu.system) / 1e5) / 10 };
}
