/**
 * Operations (issue 21): liveness, readiness (the kernel's health checks and those modules register, e.g. the device
 * broker) and the Prometheus metrics of this process (core/metrics.ts: HTTP, ingest, queues, jobs). Public routes;
 * the metrics need the configured token or a scrape from this machine.
 */
import { defineModule } from '../../kernel/types.js';
import { opsRoutes } from './ops.routes.js';

export default defineModule({
  name: 'ops',
  routes: (app, ctx) => opsRoutes(app, ctx),
});
