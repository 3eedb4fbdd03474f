/**
 * The live device simulator: every demo device is an MQTT client that signs in with its SN and secret and reports
 * what the fleet model says at that moment, at QoS 1, every `interval` seconds (staggered across the fleet). It
 * publishes a status message on connect (last will: offline), fault events when an episode starts or ends, goes
 * silent during its offline windows and — for PV-only inverters — at night. It answers
 * commands (`cmd/req/{id}` → `cmd/resp/{id}`) through the handlers registered in commands.ts.
 */
import type Mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import type { SimDevice, SimStation } from './fleet.js';
import type { FleetModel } from './model.js';
import { answerCommands, devicePublisher } from './commands.js';
import { activeFault, report } from './report.js';
import { localDay } from '../modules/telemetry/solar.js';

export interface SimulatorOptions {
  /** Broker URL (the embedded broker or MQTT_URL). */
  url: string;
  /** Seconds between a device's reports. */
  interval: number;
  /** The device's MQTT password; undefined = connect without credentials (external broker that allows it). */
  secretFor(sn: string): string | undefined;
  /** Only these SNs take part (registered devices); default all. */
  only?: Set<string>;
  log?: { info(o: unknown, m?: string): void; warn(o: unknown, m?: string): void };
  now?: () => number;
  /** Base HTTP URL of the Helio server (command handlers that download, e.g. firmware). */
  httpBase?: string;
}

interface Sim {
  station: SimStation;
  device: SimDevice;
  client?: MqttClient;
  connecting?: boolean;
  nextAt: number;
  fault?: number;
  /** The device's settings/firmware state, kept across reconnects (command handlers change it). */
  state: Record<string, unknown>;
}

export interface SimulatorStats {
  devices: number;
  /** Devices whose connection is up now. */
  connected: number;
  /** Connections that came back after dropping (the client reconnects by itself). */
  reconnects: number;
  /** First connections that failed (refused, timed out); the device tries again at its next report. */
  connectFailures: number;
  published: number;
  acked: number;
  failed: number;
}

/** How often the simulator logs its figures (a fleet gone quiet shows in the server log, not only on the screens). */
const LOG_EVERY_MS = 5 * 60_000;

export class LiveSimulator {
  private readonly sims: Sim[] = [];
  private timer: NodeJS.Timeout | undefined;
  readonly stats: SimulatorStats = { devices: 0, connected: 0, reconnects: 0, connectFailures: 0, published: 0, acked: 0, failed: 0 };
  private readonly now: () => number;
  private mqtt: typeof Mqtt | undefined;
  private loggedAt = 0;
  private logged: SimulatorStats | undefined;

  constructor(
    private readonly model: FleetModel,
    private readonly o: SimulatorOptions,
  ) {
    this.now = o.now ?? Date.now;
    const all = model.fleet.stations.flatMap((station) => station.devices.map((device) => ({ station, device })));
    const list = all.filter((x) => !o.only || o.only.has(x.device.sn));
    const start = this.now();
    // The devices come online spread over the first half-minute (a fleet looks alive soon after start), then each
    // reports every interval from its own start.
    const rampMs = Math.min(o.interval, 30) * 1000;
    list.forEach((x, i) => this.sims.push({ ...x, state: {}, nextAt: start + 1000 + (i / Math.max(1, list.length)) * rampMs }));
    this.stats.devices = this.sims.length;
  }

  /** Imports the MQTT client first: a server that never simulates never loads it (core/lazy-import.ts). */
  async start(): Promise<void> {
    this.mqtt = (await import('mqtt')).default;
    this.timer = setInterval(() => this.tick(), 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.sims.map((s) => s.client?.endAsync(true).catch(() => undefined)));
  }

  private tick(): void {
    const now = this.now();
    if (now - this.loggedAt >= LOG_EVERY_MS) this.logStats(now);
    for (const s of this.sims) {
      if (s.nextAt > now) continue;
      s.nextAt += this.o.interval * 1000;
      if (s.nextAt < now) s.nextAt = now + this.o.interval * 1000;
      this.step(s, now);
    }
  }

  /** The figures every few minutes; a warning when reports went out and none was acknowledged since the last time. */
  private logStats(now: number): void {
    const was = this.logged;
    this.loggedAt = now;
    this.logged = { ...this.stats };
    if (!was) return;
    const problem =
      this.stats.published > was.published && this.stats.acked === was.acked
        ? 'simulator: no report acknowledged by the broker in five minutes'
        : this.stats.failed > was.failed
          ? 'simulator: reports failed'
          : this.stats.connectFailures > was.connectFailures
            ? 'simulator: devices could not connect to the broker'
            : undefined;
    const o = { simulator: this.logged };
    if (problem) this.o.log?.warn(o, problem);
    else this.o.log?.info(o, 'simulator');
  }

  private step(s: Sim, t: number): void {
    const { model } = this;
    const sim = model.day(s.station, localDay(t, s.station.site.tz));
    if (model.isOffline(sim, s.device.sn, t)) {
      // An offline window: the device drops off the network.
      if (s.client) {
        const c = s.client;
        s.client = undefined;
        void c.endAsync(true).catch(() => undefined);
      }
      return;
    }
    if (!s.client) {
      this.connect(s, t);
      return;
    }
    if (!model.reportsAt(s.station, s.device, t)) return; // asleep (PV-only inverter at night)
    const f = activeFault(sim, s.device.sn, t);
    const base = `helio/v1/${s.device.sn}`;
    if ((f?.code ?? undefined) !== s.fault) {
      const events = [];
      if (s.fault !== undefined) events.push({ code: s.fault, type: 1, action: 0 });
      if (f) events.push({ code: f.code, type: 1, action: 1 });
      s.fault = f?.code;
      this.publish(s, `${base}/event`, { ts: t, events });
    }
    this.publish(s, `${base}/telemetry`, report(model, s.station, s.device, t));
  }

  private publish(s: Sim, topic: string, body: unknown): void {
    const c = s.client;
    if (!c) return;
    this.stats.published++;
    c.publishAsync(topic, JSON.stringify(body), { qos: 1 }).then(
      () => this.stats.acked++,
      () => this.stats.failed++,
    );
  }

  private connect(s: Sim, t: number): void {
    if (s.connecting) return;
    s.connecting = true;
    const sn = s.device.sn;
    const secret = this.o.secretFor(sn);
    if (!this.mqtt) throw new Error('LiveSimulator: start() first');
    const client = this.mqtt.connect(this.o.url, {
      clientId: sn, // the embedded broker binds the client id to the SN (docs/device-protocol.md)
      ...(secret ? { username: sn, password: secret } : {}),
      reconnectPeriod: 5000 + Math.floor(Math.random() * 5000),
      connectTimeout: 10_000,
      keepalive: 60,
      will: { topic: `helio/v1/${sn}/status`, payload: Buffer.from(JSON.stringify({ ts: t, online: false })), qos: 1, retain: false },
    });
    client.on('error', () => undefined);
    // Commands (docs/device-protocol.md, "Commands"): answered by the registered handlers (commands.ts).
    answerCommands(client, { sn, deviceType: s.device.kind, state: s.state, publish: devicePublisher(client, sn), ...(this.o.httpBase ? { httpBase: this.o.httpBase } : {}) }, this.now);
    let up = false;
    const online = (on: boolean) => {
      if (on !== up) this.stats.connected += on ? 1 : -1;
      up = on;
    };
    client.once('connect', () => {
      void client.subscribeAsync(`helio/v1/${sn}/cmd/req/+`, { qos: 1 }).catch(() => undefined);
      s.connecting = false;
      s.client = client;
      online(true);
      // The factory firmware, overlaid by what an upgrade installed (state kept across reconnects).
      const fw = { protocol: 'V1.08', master: 'V2.3.1', slave: 'V1.9.0', ems: 'E1.4.2', dcdc: 'D1.2.0', ...(s.state.fw as Record<string, string> | undefined) };
      this.publish(s, `helio/v1/${sn}/status`, { ts: this.now(), online: true, interval: this.o.interval, model: s.device.model, ...(s.device.kind === 'inverter' ? { fw } : {}) });
      // Report right away (first report after (re)connecting).
      this.step(s, this.now());
      // Later connects are the client's own reconnections after a drop.
      client.on('connect', () => {
        this.stats.reconnects++;
        online(true);
      });
    });
    client.on('close', () => {
      online(false);
      if (s.connecting) {
        s.connecting = false;
        this.stats.connectFailures++;
        void client.endAsync(true).catch(() => undefined);
      }
    });
  }
}
