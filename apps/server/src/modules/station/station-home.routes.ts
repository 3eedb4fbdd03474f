/**
 * `/api/skyworth-client/home/...` — the home dashboard (/wel/index), from the contracts' `home.api` endpoints; the
 * figures are station-home.service.ts's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { homeBatteryPerformance, homeInverterPerformance, homePlantStatus, homeSummary } from '@helio/contracts/modules/station/home.api';
import { route } from '../../kernel/http.js';
import { round } from './kpi.js';
import type { HomeService } from './station-home.service.js';
import type { Row } from './station.params.js';

export function homeRoutes(app: FastifyInstance, home: HomeService): void {
  const q = (req: FastifyRequest) => (req.query ?? {}) as Row;
  route(app, homeSummary, (req) => home.summary(req.user!, q(req)));
  route(app, homeInverterPerformance, (req) =>
    home.performance(req.user!, q(req), (e) => ({ generation: round(e.pv), load: round(e.load), gridImport: round(e.import), gridExport: round(e.export) })),
  );
  route(app, homeBatteryPerformance, (req) => home.performance(req.user!, q(req), (e) => ({ charge: round(e.charge), discharge: round(e.discharge) })));
  route(app, homePlantStatus, (req) => home.plantStatus(req.user!, q(req)));
}
