/**
 * Remote settings (issue 15): setting items and the protocol address map (platform configuration, with a default
 * catalogue as reference data), the devices' setting forms, issuing settings over MQTT with tracked states, approval
 * of grid-code items, the immutable operation log and per-device versions.
 */
import { defineJob, defineModule } from '../../kernel/types.js';
import { applySettingsCatalogue, SETTINGS_CATALOGUE_VERSION } from './settings.reference.js';
import { settingsRoutes } from './settings.routes.js';
import { deliver, DELIVER_JOB, sweep, SWEEP_JOB } from './settings.runner.js';

const deliverJob = defineJob<{ id: string }>({
  name: DELIVER_JOB,
  // The write and the read back each wait up to 10 minutes at most.
  leaseMs: 25 * 60_000,
  retryMs: 2000,
  run: ({ id }, ctx) => deliver(ctx, id),
});

/** Expiry, abandoned commands and devices back online; every second (a reconnecting device gets its queue at once). */
const sweepJob = defineJob<null>({
  name: SWEEP_JOB,
  every: 1000,
  leaseMs: 120_000,
  run: (_p, ctx) => sweep(ctx),
});

export default defineModule({
  name: 'settings',
  reference: { version: SETTINGS_CATALOGUE_VERSION, apply: applySettingsCatalogue },
  routes: (app, ctx) => settingsRoutes(app, ctx),
  jobs: [deliverJob, sweepJob],
});
