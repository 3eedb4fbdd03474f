/**
 * The home dashboard (/wel/index): fleet figures with KPIs, energy series and station status counts of the caller's
 * tenant (administrators; platform users: all tenants or `tenantId=`) or data scope. Reads in
 * station-home.repository.ts; answers shaped as the contracts' `home.api` says.
 */
import { BizError } from '../../core/errors.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { localDay } from '../telemetry/index.js';
import { kpis, round, sums, type EnergySums } from './kpi.js';
import { HomeRepository } from './station-home.repository.js';
import { hhmm } from './station.format.js';
import { parseDayParam, str, type Row } from './station.params.js';

export class HomeService {
  private readonly repo: HomeRepository;

  constructor(private readonly ctx: ModuleContext) {
    this.repo = new HomeRepository(ctx.database);
  }

  /** Current power, today's and lifetime energies, capacities, counts and KPIs. */
  async summary(actor: Actor, query: Row) {
    const co2 = this.ctx.config.telemetry.co2KgPerKwh;
    const now = Date.now();
    const today = localDay(now, this.ctx.config.timeZone);
    const ids = this.repo.scopedPlants(actor, query);
    const { fig, day: dayE, total: totalE } = await this.repo.summary(actor, query, ids, now, today);
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
  }

  /** Fleet energy series (`dateType` day, month, year or year-days), each point through `mapper`. */
  async performance<P extends Record<string, number>>(actor: Actor, query: Row, mapper: (e: EnergySums) => P) {
    const tz = this.ctx.config.timeZone;
    const dateType = str(query, 'dateType') ?? 'day';
    if (!['day', 'month', 'year', 'year-days'].includes(dateType)) throw new BizError('unknownParam', { param: 'dateType' });
    const date = parseDayParam(query.date, localDay(Date.now(), tz));
    const ids = this.repo.scopedPlants(actor, query);
    const rows = await this.repo.fleetSeries(actor, query, ids, dateType, date, tz);
    return {
      dateType,
      date,
      points: rows.map((r) => ({ time: r.t !== undefined ? hhmm(r.t) : String(r.k), ...mapper(sums(r)) })),
    };
  }

  /** Station counts by network status (only the counts: no device figure is computed). */
  async plantStatus(actor: Actor, query: Row) {
    const fig = await this.repo.plantFigures(actor, query, this.repo.scopedPlants(actor, query));
    return { total: Number(fig.plants ?? 0), normal: Number(fig.normal ?? 0), disconnected: Number(fig.disconnected ?? 0), fault: Number(fig.fault ?? 0) };
  }
}
