/**
 * The demo fleet (HELIO_SIMULATOR, on by default): registered once, simulated over MQTT like real devices, history
 * backfilled in the background. Starts after the device path; the latest state, the live simulator and the
 * backfill run while the server already answers, each checking for a shutdown between batches. Before the fleet, once:
 * the demo installer orders with their company, people and stock (seed-orders.ts).
 */
import { defineModule } from '../../kernel/types.js';
import { loopbackBase } from '../../simulator/ota.js';
import { LiveSimulator } from '../../simulator/simulator.js';
import type { DemoApi } from './index.js';
import { backfillDemo, secretOf, seedDevices, writeDemoLatest } from './seed-devices.js';
import { seedDemoMaintenance } from './seed-maintenance.js';
import { ordersSummary, seedDemoOrders } from './seed-orders.js';

interface DemoState extends DemoApi {
  line: string | undefined;
  /** The demo orders' lines of the start-up message (their first start only). */
  orders: string | undefined;
  stopping: boolean;
  simulator: LiveSimulator | undefined;
  background: Promise<void> | undefined;
}

export default defineModule<DemoState>({
  name: 'demo',
  // The order, agent, stock, auth and storage modules: the demo orders (seed-orders.ts) go through their public entries.
  dependsOn: ['telemetry', 'station', 'epc-order', 'epc-package', 'agent', 'stock', 'auth', 'storage', 'maintenance'],
  services() {
    const state: DemoState = {
      line: undefined,
      orders: undefined,
      stopping: false,
      simulator: undefined,
      background: undefined,
      summary: () => [state.line, state.orders].filter(Boolean).join('\n') || undefined,
    };
    return state;
  },
  async start(ctx, state) {
    const { config, database, log } = ctx;
    // Demo orders (once; a later start reads one seed-log row): the order list, inbox and stock of a running business.
    if (config.simulator) state.orders = ordersSummary(await seedDemoOrders(ctx, { log }));
    const telemetry = ctx.use('telemetry').running();
    if (!config.simulator || !telemetry) return;
    state.stopping = false;
    const tc = config.telemetry;
    const demo = await seedDevices(database, { dataDir: config.dataDir, stations: tc.simulator.stations, timeZone: config.timeZone, log, deferLatest: true });
    // Demo maintenance orders (once), on the demo stations just made.
    await seedDemoMaintenance(ctx, { log }).catch((err) => log.warn({ err }, 'demo maintenance orders skipped'));
    const broker = telemetry.broker;
    const stop = () => state.stopping;
    const background = async () => {
      await writeDemoLatest(database, demo, { stop, log });
      if (stop()) return;
      state.simulator = new LiveSimulator(demo.model, {
        url: broker.url,
        interval: tc.simulator.interval,
        secretFor: (sn) => (broker.kind === 'embedded' ? secretOf(demo.manifest, sn) : undefined),
        only: new Set(demo.devices.keys()),
        log,
        ...(config.port > 0 ? { httpBase: loopbackBase(config.host, config.port) } : {}),
      });
      state.simulator.start();
      if (tc.simulator.history) await backfillDemo(database, demo, log, stop);
    };
    state.background = background().catch((err) => log.warn({ err }, 'demo history backfill stopped'));
    state.line = `  Simulator: ${demo.devices.size} devices on ${demo.fleet.stations.length} demo stations report every ${tc.simulator.interval} s (HELIO_SIMULATOR=off to disable)`;
  },
  async stop(_ctx, state) {
    state.stopping = true;
    await state.background;
    await state.simulator?.stop();
    state.simulator = undefined;
  },
});
