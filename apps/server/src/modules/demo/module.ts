/**
 * The demo fleet (HELIO_SIMULATOR, on by default): registered once, simulated over MQTT like real devices, history
 * backfilled in the background. Starts after the device path; the latest state, the live simulator and the
 * backfill run while the server already answers, each checking for a shutdown between batches. After the live
 * simulator, once: the demo installer orders with their company, people and stock (seed-orders.ts), and the demo
 * maintenance orders (seed-maintenance.ts).
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
  /** The demo orders' lines for the start-up output (their first start only). */
  ordersLines: string | undefined;
  stopping: boolean;
  simulator: LiveSimulator | undefined;
  background: Promise<void> | undefined;
  /** Settles when the demo orders (and maintenance orders) of this start are seeded, or were skipped. */
  ordersDone: Promise<void> | undefined;
}

export default defineModule<DemoState>({
  name: 'demo',
  // The order, agent, stock, auth and storage modules: the demo orders (seed-orders.ts) go through their public entries.
  dependsOn: ['telemetry', 'station', 'epc-order', 'epc-package', 'agent', 'stock', 'auth', 'storage', 'maintenance'],
  services() {
    const state: DemoState = {
      line: undefined,
      ordersLines: undefined,
      stopping: false,
      simulator: undefined,
      background: undefined,
      ordersDone: undefined,
      summary: () => state.line,
      orders: async () => {
        await state.ordersDone;
        return state.ordersLines;
      },
    };
    return state;
  },
  async start(ctx, state) {
    const { config, database, log } = ctx;
    if (!config.simulator) return;
    state.stopping = false;
    const stop = () => state.stopping;
    const telemetry = ctx.use('telemetry').running();
    // Demo orders (once; a later start reads one seed-log row): the order list, inbox and stock of a running business;
    // then the demo maintenance orders (once), on the demo stations. Seeded after the start-up message, as the
    // history is (a first start answers sign-ins seconds sooner); their accounts are printed when ready (`orders()`).
    const seedOrders = async () => {
      state.ordersLines = ordersSummary(await seedDemoOrders(ctx, { log }));
      if (telemetry && !stop()) await seedDemoMaintenance(ctx, { log }).catch((err) => log.warn({ err }, 'demo maintenance orders skipped'));
    };
    if (!telemetry) {
      state.ordersDone = seedOrders().catch((err) => log.warn({ err }, 'demo orders skipped'));
      state.background = state.ordersDone;
      return;
    }
    const tc = config.telemetry;
    const demo = await seedDevices(database, { dataDir: config.dataDir, stations: tc.simulator.stations, timeZone: config.timeZone, log, deferLatest: true });
    const broker = telemetry.broker;
    let ordersSeeded!: () => void;
    state.ordersDone = new Promise<void>((resolve) => (ordersSeeded = resolve));
    const background = async () => {
      try {
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
        await state.simulator.start();
        await seedOrders().catch((err) => log.warn({ err }, 'demo orders skipped'));
      } finally {
        ordersSeeded();
      }
      if (tc.simulator.history && !stop()) await backfillDemo(database, demo, log, stop);
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
