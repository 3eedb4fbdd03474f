/**
 * `/api/skyworth-client/home/...` — the home dashboard (/wel/index): fleet figures, series and station status counts
 * of the caller's tenant (administrators; platform users: all tenants or `tenantId=`) or data scope. Registered by
 * station.routes.ts; reads in station-home.repository.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { homeBatteryPerformance, homeInverterPerformance, homePlantStatus, homeSummary } from '@helio/contracts/modules/station/home.api';
import type { ModuleContext } from '../../kernel/types.js';
import { formatDateTime } from '../../core/dates.js';
import { route } from '../../kernel/http.js';
import { BizError } from '../../core/errors.js';
import { localDay } from '../telemetry/index.js';
import { kpis, round, sums, type EnergySums } from './kpi.js';
import { HomeRepository } from './station-home.repository.js';
import { parseDayParam, type Row, type StationRepository } from './station.repository.js';
import { str } from './station.params.js';


export async function homeRoutes(app: FastifyInstance, s: ModuleContext, station: StationRepository): Promise<void> {
  const repo = new HomeRepository(station);
  const co2 = s.config.telemetry.co2KgPerKwh;
  const tz = s.config.timeZone;
  const q = (req: FastifyRequest) => (req.query ?? {}) as Row;

  route(app, homeSummary, async (req) => {
    const u = req.user!;
    const query = q(req);
    const now = Date.now();
    const today = localDay(now, tz);
    const ids = repo.scopedPlants(u, query);
    const { fig, day: dayE, total: totalE } = await repo.summary(u, query, ids, now, today);
    const kwp = Number(fig.kwp ?? 0);
    return {
      currentPower: round(Number(fig.power ?? 0) / 1000, 2),
      todayGeneration: round(dayE.pv),
      todayLoad: round(dayE.load),
      ratedPower: round(Number(fig.rated ?? 0)),
      totalGeneration: round(totalE.pv),
      totalLoad: round(totalE.load),
      todayCharge: round(dayE.charge),
      todayDischarge: round(dayE.discharge),
      totalCharge: round(totalE.charge),
      totalDischarge: round(totalE.discharge),
      batteryCapacity: round(Number(fig.capacity ?? 0)),
      todayGridImport: round(dayE.import),
      todayGridExport: round(dayE.export),
      capacityKwp: round(kwp),
      plants: Number(fig.plants ?? 0),
      inverters: Number(fig.inverters ?? 0),
      batteries: Number(fig.batteries ?? 0),
      today: kpis(dayE, kwp, co2),
      total: { ...kpis(totalE, kwp, co2), co2AvoidedTons: round((totalE.pv * co2) / 1000, 2) },
      units: { power: 'kW', energy: 'kWh', capacity: 'kWh', ratedPower: 'kW', specificYield: 'kWh/kWp', co2: 'kg' },
      co2Factor: co2,
      clearCache: true,
    };
  });

  const perf = <P extends Record<string, number>>(mapper: (e: EnergySums) => P) => async (req: FastifyRequest) => {
    const u = req.user!;
    const query = q(req);
    const dateType = str(query, 'dateType') ?? 'day';
    if (!['day', 'month', 'year', 'year-days'].includes(dateType)) throw new BizError('unknownParam', { param: 'dateType' });
    const date = parseDayParam(query.date, localDay(Date.now(), tz));
    const ids = repo.scopedPlants(u, query);
    const rows = await repo.fleetSeries(u, query, ids, dateType, date, tz);
    return {
      dateType,
      date,
      points: rows.map((r) => ({ time: r.t !== undefined ? formatDateTime(new Date(Number(r.t)))!.slice(11, 16) : String(r.k), ...mapper(sums(r)) })),
    };
  };
  route(app, homeInverterPerformance, perf((e) => ({ generation: round(e.pv), load: round(e.load), gridImport: round(e.import), gridExport: round(e.export) })));
  route(app, homeBatteryPerformance, perf((e) => ({ charge: round(e.charge), discharge: round(e.discharge) })));
  route(app, homePlantStatus, async (req) => {
    // Station counts only (this call used to compute every device figure as well, and threw them away).
    const fig = await repo.plantFigures(req.user!, q(req), repo.scopedPlants(req.user!, q(req)));
    return { total: Number(fig.plants ?? 0), normal: Number(fig.normal ?? 0), disconnected: Number(fig.disconnected ?? 0), fault: Number(fig.fault ?? 0) };
  });
}
