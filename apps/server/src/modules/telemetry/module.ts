/**
 * The device path: MQTT (embedded broker or consumers of an external one), ingest, roll-ups, the network-status job
 * and device commands. Started by the kernel after the server listens; tests that build the app without starting it
 * get the HTTP side only.
 */
import { databaseErrorReason, isDatabaseUnavailable } from '../../core/errors.js';
import { defineJob, defineModule } from '../../kernel/types.js';
import { expireAbandonedCommands } from './commands.js';
import type { TelemetryApi } from './index.js';
import { rawDb } from './raw-db.js';
import { StatusService } from './status.service.js';
import { startTelemetry, type TelemetryHandle } from './telemetry.js';
import { TelemetryRepository } from './telemetry.repository.js';
import { ingestFamilies } from './telemetry.metrics.js';

/** The module's state in one kernel (several kernels may run in one test process). */
interface TelemetryState extends TelemetryApi {
  handle: TelemetryHandle | undefined;
}

/** Network status from freshness and fault codes (announced when it changed): one run at a time across all processes. */
const statusJob = defineJob<null>({
  name: 'telemetry.status',
  every: (config) => config.telemetry.statusIntervalSeconds * 1000,
  leaseMs: 120_000,
  async run(_payload, ctx) {
    const db = rawDb(ctx.database);
    const status = (ctx.use('telemetry') as TelemetryState).handle?.status ?? new StatusService(db, new TelemetryRepository(db), ctx.config.telemetry.retention);
    try {
      const changed = await status.run();
      if (changed.devicesChanged || changed.plantsChanged) await ctx.events.emit('telemetry.status', changed);
    } catch (err) {
      // The next run tries again: a database away for a while costs a few runs, not the job.
      if (isDatabaseUnavailable(err)) ctx.log.warn({ reason: databaseErrorReason(err) }, 'network status run skipped: database unavailable');
      else throw err;
    }
  },
});

/** Commands whose waiter is gone (its process stopped) are marked expired a minute after their deadline. */
const commandExpiryJob = defineJob<null>({
  name: 'telemetry.command-expiry',
  every: 60_000,
  async run(_payload, ctx) {
    await expireAbandonedCommands(ctx.database);
  },
});

export default defineModule<TelemetryState>({
  name: 'telemetry',
  services() {
    const state: TelemetryState = { handle: undefined, running: () => state.handle };
    return state;
  },
  // Readiness and metrics of the device path; before `start` (an app built without the device path) it says so.
  routes(_app, ctx, state) {
    ctx.health.register('broker', async () => {
      const h = state.handle;
      if (!h) return 'not started';
      const s = h.broker.state();
      if (!s.ok) throw new Error(s.detail);
      return s.detail;
    });
    ctx.metrics.collect(() => ingestFamilies(state.handle));
  },
  jobs: [statusJob, commandExpiryJob],
  async start(ctx, state) {
    state.handle = await startTelemetry({
      config: ctx.config,
      database: ctx.database,
      log: ctx.log,
      statusTimer: false,
      onStored: (reports) => void ctx.events.emit('telemetry.reported', { reports }),
    });
    ctx.provide('devices', state.handle.commands);
  },
  async stop(_ctx, state) {
    const h = state.handle;
    state.handle = undefined;
    await h?.close();
  },
});
