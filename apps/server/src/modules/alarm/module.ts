/**
 * Alarms (issue 14): the catalogue as reference data, rule evaluation of device reports (fault codes, threshold
 * rules with duration and hysteresis), the alarm list, acknowledgement and handling records.
 */
import { defineJob, defineModule, type ModuleContext } from '../../kernel/types.js';
import { applyCatalogue, CATALOGUE_VERSION, CatalogueCache } from './alarm.catalogue.js';
import { AlarmEvaluator } from './alarm.evaluator.js';
import { PlantAgentService } from './alarm.agent.js';
import { alarmRoutes } from './alarm.routes.js';
import { alarmRulesRoutes } from './alarm-rules.routes.js';
import { alarmStatsRoutes } from './alarm.stats.routes.js';
import { AlarmService } from './alarm.service.js';
import { afterStatusChange, alarmCheckJobs } from './alarm.checks.js';
import { incidentRoutes } from './alarm-incident.routes.js';
import { onMaintenanceOpened } from './alarm.maintenance.js';
import type { AlarmApi } from './index.js';

/** Evaluates the reports stored since the last run (catch-up, and reports another process stored). */
const evaluateJob = defineJob<null>({
  name: 'alarm.evaluate',
  every: 3000,
  leaseMs: 120_000,
  async run(_payload, ctx) {
    if (ctx.config.alarmRules) await (ctx.use('alarm') as AlarmApi).evaluator.pollLatest();
  },
});

/**
 * Stored reports are evaluated at once: one run at a time per module context (one per app in this process), and a
 * report stored during a run gets one more run after it (the job above is the catch-up, and the path across
 * processes).
 */
const soon = new WeakMap<ModuleContext, { running: boolean; again: boolean }>();
function evaluateSoon(ctx: ModuleContext): void {
  if (!ctx.config.alarmRules) return;
  let state = soon.get(ctx);
  if (!state) soon.set(ctx, (state = { running: false, again: false }));
  if (state.running) {
    state.again = true;
    return;
  }
  const s = state;
  s.running = true;
  void (async () => {
    try {
      do {
        s.again = false;
        await (ctx.use('alarm') as AlarmApi).evaluator.pollLatest();
      } while (s.again);
    } catch (e) {
      ctx.log.warn({ err: e }, 'alarm evaluation after reports failed; the job catches up');
    } finally {
      s.running = false;
    }
  })();
}

export default defineModule<AlarmApi>({
  name: 'alarm',
  // The alarm page and its buttons (alarm, alarm_view, alarm_handle, alarm_export) come with the console's menus
  // (contracts AREAS); the alarm dictionaries with the system dictionaries (contracts dicts.ts).
  reference: { version: CATALOGUE_VERSION, apply: applyCatalogue },
  services: (ctx) => ({ evaluator: new AlarmEvaluator(ctx, new CatalogueCache(ctx.db)) }),
  routes: (app, ctx) => (alarmRoutes(app, new AlarmService(ctx), new PlantAgentService(ctx)), alarmStatsRoutes(app, ctx), incidentRoutes(app, ctx), alarmRulesRoutes(app, ctx)),
  jobs: [evaluateJob, ...alarmCheckJobs],
  events: {
    'telemetry.reported': (_payload, ctx) => evaluateSoon(ctx),
    'telemetry.status': (_payload, ctx) => afterStatusChange(ctx),
    'maintenance.opened': (payload, ctx) => onMaintenanceOpened(payload, ctx),
  },
});
