/**
 * Alarms (issue 14): the catalogue as reference data, rule evaluation of device reports (fault codes, threshold
 * rules with duration and hysteresis), the alarm list, acknowledgement and handling records.
 */
import { defineJob, defineModule, type ModuleContext } from '../../kernel/types.js';
import { applyCatalogue, CATALOGUE_VERSION, CatalogueCache } from './alarm.catalogue.js';
import { AlarmEvaluator } from './alarm.evaluator.js';
import { alarmRoutes } from './alarm.routes.js';
import { AlarmService } from './alarm.service.js';
import type { AlarmApi } from './index.js';

/** Evaluates the reports stored since the last run (catch-up, and reports another process stored). */
const evaluateJob = defineJob<null>({
  name: 'alarm.evaluate',
  every: 3000,
  leaseMs: 120_000,
  async run(_payload, ctx) {
    await (ctx.use('alarm') as AlarmApi).evaluator.pollLatest();
  },
});

/**
 * Stored reports are evaluated at once: one run at a time in this process, and a report stored during a run gets
 * one more run after it (the job above is the catch-up, and the path across processes).
 */
function soonAfterReports(): (ctx: ModuleContext) => void {
  let running = false;
  let again = false;
  const run = async (ctx: ModuleContext): Promise<void> => {
    running = true;
    try {
      do {
        again = false;
        await (ctx.use('alarm') as AlarmApi).evaluator.pollLatest();
      } while (again);
    } catch (e) {
      ctx.log.warn({ err: e }, 'alarm evaluation after reports failed; the job catches up');
    } finally {
      running = false;
    }
  };
  return (ctx) => {
    if (running) again = true;
    else void run(ctx);
  };
}

const evaluateSoon = soonAfterReports();

export default defineModule<AlarmApi>({
  name: 'alarm',
  // The alarm page and its buttons (alarm, alarm_view, alarm_handle, alarm_export) come with the console's menus
  // (contracts AREAS); the alarm dictionaries with the system dictionaries (contracts dicts.ts).
  reference: { version: CATALOGUE_VERSION, apply: applyCatalogue },
  services: (ctx) => ({ evaluator: new AlarmEvaluator(ctx, new CatalogueCache(ctx.db)) }),
  routes: (app, ctx) => alarmRoutes(app, new AlarmService(ctx)),
  jobs: [evaluateJob],
  events: { 'telemetry.reported': (_payload, ctx) => evaluateSoon(ctx) },
});
