/**
 * The home dashboard's reads (`home/*`, station-home.service.ts): fleet figures and series for the caller's tenant or
 * data scope. Energy comes from the rollups (tenant rollups for a whole tenant, station rollups for a data scope),
 * live power from the latest-state table, counts and capacities from the registrations and stations.
 *
 * PGlite runs every query on its one connection, so one slow dashboard query stalls every other request: each call
 * is one statement that asks only for what it answers, device figures come from a summary kept incrementally (as the
 * energy rollups are), and no plan depends on table statistics (PGlite never analyzes on its own).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../core/access.js';
import type { Database } from '../../db/client.js';
import { plant } from '../../db/schema-device.js';
import { addDays, localMidnight } from '../telemetry/index.js';
import { sums, type EnergySums } from './kpi.js';
import type { Row } from './station.params.js';
import { plantWhere, stationScope } from './station.scope.js';
import { ENERGY, FRESH_MS, tenantSql } from './station.sql.js';

/** The energy sums of a rollup query (as ENERGY), each column named with a prefix. */
const energyCols = (prefix: string) =>
  sql.raw(
    ['pv', 'load', 'import', 'export', 'charge', 'discharge', 'ev']
      .map((k) => `coalesce(sum(${k}_kwh), 0) AS "${prefix}${k}"`)
      .join(', '),
  );

export class HomeRepository {
  constructor(private readonly database: Database) {}

  private rows<T = Row>(q: SQL): Promise<T[]> {
    return this.database.rows<T>(q);
  }

  /** Stations in the caller's data scope as a subquery; undefined = the whole tenant (tenant rollups apply). */
  scopedPlants(u: AuthUser, q: Row): SQL | undefined {
    if (!stationScope(u)) return undefined;
    return sql`SELECT ${plant.id} FROM ${plant} WHERE ${plantWhere(u, q)}`;
  }

  /**
   * Everything `home/inverterAndLoadSummary` shows, in one statement (PGlite: one turn of its connection):
   * - devices of the caller's tenant or scope: inverter and battery counts, rated inverter power and installed battery
   *   capacity, from the per-station device summary the registration and factory triggers keep (0008);
   * - current PV power: the caller's inverters with a report in the last 15 minutes (their ids hashed once, then one
   *   pass over the latest-state rows);
   * - live stations: count, installed kWp, counts by network status;
   * - energy of `today` and of all time: tenant rollups for a whole tenant, station rollups for a data scope.
   */
  async summary(u: AuthUser, q: Row, plants: SQL | undefined, now: number, today: string): Promise<{ fig: Row; day: EnergySums; total: EnergySums }> {
    const tenant = tenantSql(u, q);
    const sscope = plants ? sql`s.plant_id IN (${plants})` : tenantSql(u, q, 's.tenant_id');
    const dscope = plants ? sql`d.plant_id IN (${plants})` : tenantSql(u, q, 'd.tenant_id');
    const day = plants
      ? sql`SELECT ${energyCols('day_')} FROM helio_energy_plant_day WHERE plant_id IN (${plants}) AND day BETWEEN ${today}::date AND ${today}::date`
      : sql`SELECT ${energyCols('day_')} FROM helio_energy_tenant_day WHERE ${tenant} AND day BETWEEN ${today}::date AND ${today}::date`;
    const total = plants
      ? sql`SELECT ${energyCols('total_')} FROM helio_energy_plant_month WHERE plant_id IN (${plants})`
      : sql`SELECT ${energyCols('total_')} FROM helio_energy_tenant_month WHERE ${tenant}`;
    const [r] = await this.rows<Row>(sql`
      WITH dev AS (
        SELECT coalesce(sum(s.inverters), 0) AS inverters, coalesce(sum(s.batteries), 0) AS batteries,
               coalesce(sum(s.rated_kw), 0) AS rated, coalesce(sum(s.battery_kwh), 0) AS capacity
          FROM helio_plant_device_summary s WHERE ${sscope}),
      inv AS MATERIALIZED (SELECT d.id FROM helio_device d WHERE d.device_type = 1 AND d.is_deleted = 0 AND ${dscope}),
      pw AS (
        SELECT coalesce(sum(l.pv_power), 0) AS power FROM helio_device_latest l JOIN inv ON inv.id = l.device_id
         WHERE l.ts > ${new Date(now - FRESH_MS).toISOString()}::timestamptz),
      pl AS (${this.plantCounts(u, q, plants)}),
      eday AS (${day}),
      etot AS (${total})
      SELECT * FROM dev, pw, pl, eday, etot`);
    const prefixed = (p: string) => Object.fromEntries(Object.entries(r ?? {}).filter(([k]) => k.startsWith(p)).map(([k, v]) => [k.slice(p.length), v]));
    return { fig: r ?? {}, day: sums(prefixed('day_')), total: sums(prefixed('total_')) };
  }

  /** Live stations of the caller's tenant or scope: count, installed kWp, counts by network status. */
  async plantFigures(u: AuthUser, q: Row, plants: SQL | undefined): Promise<Row> {
    const [p] = await this.rows<Row>(this.plantCounts(u, q, plants));
    return p ?? {};
  }

  private plantCounts(u: AuthUser, q: Row, plants: SQL | undefined): SQL {
    const pscope = plants ? sql`p.id IN (${plants})` : tenantSql(u, q, 'p.tenant_id');
    return sql`SELECT count(*) AS plants, coalesce(sum(p.capacity_kwp), 0) AS kwp,
        count(*) FILTER (WHERE p.network_status = 0) AS normal, count(*) FILTER (WHERE p.network_status = 1) AS disconnected,
        count(*) FILTER (WHERE p.network_status = 2) AS fault
      FROM helio_plant p WHERE p.is_deleted = 0 AND ${pscope}`;
  }

  /** Fleet energy series: `day` = hours, `month` = days, `year` = months. */
  async fleetSeries(u: AuthUser, q: Row, plants: SQL | undefined, dateType: string, date: string, tz: string): Promise<Row[]> {
    const scoped = plants !== undefined;
    const ids = plants ?? sql`NULL`;
    if (dateType === 'day') {
      const from = new Date(localMidnight(date, tz)).toISOString();
      const to = new Date(localMidnight(addDays(date, 1), tz)).toISOString();
      return scoped
        ? this.rows<Row>(sql`SELECT extract(epoch FROM bucket)::bigint * 1000 AS t, ${ENERGY} FROM helio_energy_plant_hour
            WHERE plant_id IN (${ids}) AND bucket >= ${from}::timestamptz AND bucket < ${to}::timestamptz GROUP BY bucket ORDER BY bucket`)
        : this.rows<Row>(sql`SELECT extract(epoch FROM bucket)::bigint * 1000 AS t, ${ENERGY} FROM helio_energy_tenant_hour
            WHERE ${tenantSql(u, q)} AND bucket >= ${from}::timestamptz AND bucket < ${to}::timestamptz GROUP BY bucket ORDER BY bucket`);
    }
    if (dateType === 'month') {
      const first = `${date.slice(0, 7)}-01`;
      return scoped
        ? this.rows<Row>(sql`SELECT to_char(day, 'YYYY-MM-DD') AS k, ${ENERGY} FROM helio_energy_plant_day
            WHERE plant_id IN (${ids}) AND day >= ${first}::date AND day < (${first}::date + interval '1 month') GROUP BY day ORDER BY day`)
        : this.rows<Row>(sql`SELECT to_char(day, 'YYYY-MM-DD') AS k, ${ENERGY} FROM helio_energy_tenant_day
            WHERE ${tenantSql(u, q)} AND day >= ${first}::date AND day < (${first}::date + interval '1 month') GROUP BY day ORDER BY day`);
    }
    const y = date.slice(0, 4);
    const next = `${Number(y) + 1}-01-01`;
    if (dateType === 'year-days') {
      // 1-year daily chart (benchmark and the year view's day resolution)
      return scoped
        ? this.rows<Row>(sql`SELECT to_char(day, 'YYYY-MM-DD') AS k, ${ENERGY} FROM helio_energy_plant_day
            WHERE plant_id IN (${ids}) AND day >= ${`${y}-01-01`}::date AND day < ${next}::date GROUP BY day ORDER BY day`)
        : this.rows<Row>(sql`SELECT to_char(day, 'YYYY-MM-DD') AS k, ${ENERGY} FROM helio_energy_tenant_day
            WHERE ${tenantSql(u, q)} AND day >= ${`${y}-01-01`}::date AND day < ${next}::date GROUP BY day ORDER BY day`);
    }
    return scoped
      ? this.rows<Row>(sql`SELECT to_char(month, 'YYYY-MM') AS k, ${ENERGY} FROM helio_energy_plant_month
          WHERE plant_id IN (${ids}) AND month >= ${`${y}-01-01`}::date AND month < ${next}::date GROUP BY month ORDER BY month`)
      : this.rows<Row>(sql`SELECT to_char(month, 'YYYY-MM') AS k, ${ENERGY} FROM helio_energy_tenant_month
          WHERE ${tenantSql(u, q)} AND month >= ${`${y}-01-01`}::date AND month < ${next}::date GROUP BY month ORDER BY month`);
  }
}
