/**
 * The platform's own alarm checks as durable jobs: the no-data alarm (alarm.nodata.ts), the station outage
 * (alarm.outage.ts) and incident grouping (alarm.incident.ts). Recurring jobs fire each once across all processes;
 * a network-status change (`telemetry.status`) runs the no-data check and the grouping at once in this process
 * (one run at a time; a change during a run gets one more run after it).
 */
import { databaseErrorReason, isDatabaseUnavailable } from '../../core/errors.js';
import { defineJob, type ModuleContext } from '../../kernel/types.js';
import { groupIncidents } from './alarm.incident.js';
import { runNoData } from './alarm.nodata.js';
import { runOutage } from './alarm.outage.js';

async function guarded(ctx: ModuleContext, what: string, fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    // The next run tries again: a database away for a while costs a few runs, not the job.
    if (isDatabaseUnavailable(err)) ctx.log.warn({ reason: databaseErrorReason(err) }, `${what} skipped: database unavailable`);
    else throw err;
  }
}

const noDataJob = defineJob<null>({
  name: 'alarm.nodata',
  every: 15_000,
  leaseMs: 120_000,
  run: (_p, ctx) => guarded(ctx, 'no-data alarm run', () => runNoData(ctx)),
});

const outageJob = defineJob<null>({
  name: 'alarm.outage',
  every: 60_000,
  leaseMs: 120_000,
  run: (_p, ctx) => guarded(ctx, 'station outage run', () => runOutage(ctx)),
});

const incidentJob = defineJob<null>({
  name: 'alarm.incident',
  every: 30_000,
  leaseMs: 120_000,
  run: (_p, ctx) => guarded(ctx, 'incident grouping', () => groupIncidents(ctx)),
});

export const alarmCheckJobs = [noDataJob, outageJob, incidentJob];

function soonAfterStatus(): (ctx: ModuleContext) => void {
  let running = false;
  let again = false;
  const run = async (ctx: ModuleContext): Promise<void> => {
    running = true;
    try {
      do {
        again = false;
        await runNoData(ctx);
        await groupIncidents(ctx);
      } while (again);
    } catch (e) {
      ctx.log.warn({ err: e }, 'no-data alarms after a status change failed; the jobs catch up');
    } finally {
      running = false;
    }
  };
  return (ctx) => {
    if (running) again = true;
    else void run(ctx);
  };
}

/** `telemetry.status` handler: returns at once (the status job does not wait for the alarms). */
export const afterStatusChange = soonAfterStatus();
