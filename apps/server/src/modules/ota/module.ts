/**
 * OTA firmware (issue 15): packages with one firmware file each (SHA-256 on upload, signed expiring download links
 * with HTTP Range), the device upgrade protocol over MQTT (notify command → progress events → new version;
 * docs/device-protocol.md, "OTA"), per-device versions, upgrade records, overview, retry, and staged campaigns
 * (canary, paced waves inside a maintenance window, self-halting on failures, resume, rollback) run by durable jobs.
 */
import { defineJob, defineModule, type ModuleContext } from '../../kernel/types.js';
import type { OtaApi } from './index.js';
import { CampaignService, STEP_JOB } from './ota.campaign.js';
import { OtaFiles } from './ota.files.js';
import { OtaQueries } from './ota.queries.js';
import { otaRoutes } from './ota.routes.js';
import { UpgradeService } from './ota.upgrade.js';

/** Progress of running upgrades from stored device events, and time-outs (catch-up and the path across processes). */
const syncJob = defineJob<null>({
  name: 'ota.sync',
  every: 2000,
  leaseMs: 60_000,
  async run(_p, ctx) {
    await (ctx.use('ota') as OtaApi).upgrades.sync();
  },
});

const stepJob = defineJob<{ campaignId: string; step: number }>({
  name: STEP_JOB,
  leaseMs: 120_000,
  retryMs: 1000,
  async run({ campaignId, step }, ctx) {
    await (ctx.use('ota') as OtaApi).campaigns.step(campaignId, step);
  },
});

/** Stored reports are looked at soon after they are stored: one run at a time per context, one more if asked meanwhile. */
const soon = new WeakMap<ModuleContext, { running: boolean; again: boolean }>();
function syncSoon(ctx: ModuleContext): void {
  let s = soon.get(ctx);
  if (!s) soon.set(ctx, (s = { running: false, again: false }));
  if (s.running) {
    s.again = true;
    return;
  }
  const state = s;
  state.running = true;
  const run = async (): Promise<void> => {
    do {
      state.again = false;
      await (ctx.use('ota') as OtaApi).upgrades.sync().catch((err: unknown) => ctx.log.warn({ err }, 'ota progress sync failed'));
    } while (state.again);
    state.running = false;
  };
  void run();
}

export default defineModule<OtaApi>({
  name: 'ota',
  services(ctx) {
    const files = new OtaFiles(ctx);
    const upgrades = new UpgradeService(ctx, files);
    return { files, upgrades, campaigns: new CampaignService(ctx, upgrades), queries: new OtaQueries(ctx) };
  },
  routes: (app, ctx, api) => otaRoutes(app, ctx, api),
  events: {
    'telemetry.reported': (_p, ctx) => syncSoon(ctx),
  },
  jobs: [syncJob, stepJob],
});
