/**
 * The standalone device simulator (`npm run simulate` → node apps/server/dist/simulator/main.js).
 *
 *   (default)   the demo fleet the server registered (reads <HELIO_DATA_DIR>/simulator-fleet.json); connects to
 *               MQTT_URL or the embedded broker on HELIO_MQTT_HOST (or HOST) and HELIO_MQTT_PORT and reports every
 *               HELIO_SIM_INTERVAL seconds.
 *               Run the server with HELIO_SIMULATOR=off meanwhile, or both simulate the same devices. Firmware
 *               downloads (OTA) go to --http URL, else http://HOST:PORT on loopback.
 *   --bench     large-fleet mode: --devices N --seconds S --key K --prefix P --window W [--rate R] [--anonymous]
 *               (the devices must be registered; bench/ingest.bench.mjs does that) — prints one JSON line.
 */
import { loadConfig } from '../config.js';
import { readManifest, modelOf, secretOf } from '../modules/demo/seed-devices.js';
import { localBrokerUrl } from '../modules/telemetry/broker.js';
import { loadTelemetryConfig } from '../settings/telemetry.js';
import { runBench } from './bench.js';
import { loopbackBase } from './ota.js';
import { LiveSimulator } from './simulator.js';

function arg(name: string, def?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return def;
  const v = process.argv[i + 1];
  return v === undefined || v.startsWith('--') ? 'true' : v;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const tc = loadTelemetryConfig();
  const url = arg('url') ?? config.mqttUrl ?? localBrokerUrl(tc.mqttHost ?? config.host, config.mqttPort);
  if (arg('bench')) {
    const r = await runBench({
      url,
      devices: Number(arg('devices', '100')),
      seconds: Number(arg('seconds', '20')),
      key: arg('key', 'helio-bench')!,
      prefix: arg('prefix', 'BENCH')!,
      window: Number(arg('window', '10')),
      rate: Number(arg('rate', '0')),
      anonymous: arg('anonymous') === 'true',
    });
    console.log(JSON.stringify(r));
    return;
  }
  const manifest = readManifest(config.dataDir);
  const { model } = modelOf(manifest);
  // Firmware downloads go to the server's HTTP address: --http, else HOST and PORT on loopback.
  const httpBase = arg('http') ?? loopbackBase(config.host, config.port || 8080);
  const sim = new LiveSimulator(model, { url, interval: tc.simulator.interval, secretFor: (sn) => secretOf(manifest, sn), httpBase });
  await sim.start();
  console.log(`Simulating ${sim.stats.devices} devices of ${manifest.stations} stations → ${url}, one report per device every ${tc.simulator.interval} s`);
  const timer = setInterval(() => console.log(JSON.stringify({ at: new Date().toISOString(), ...sim.stats })), 30_000);
  const stop = async () => {
    clearInterval(timer);
    await sim.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await new Promise(() => undefined);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
