/**
 * Energy from the rollups the ingest keeps (5-minute, hour, day and month per device, station and tenant): the sums
 * behind the KPIs (kpi.ts) of a station or a device over a period, and their series for the charts. The caller has
 * found the station or device in its scope first; these read by id (or by a scoped subquery of station ids).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { addDays, localDay, localMidnight } from '../telemetry/index.js';
import { sums, type EnergySums } from './kpi.js';
import type { Row } from './station.params.js';
import { ENERGY, inList } from './station.sql.js';

/** The seven energies of one rollup row, named as `sums` reads them. */
const COLS = sql.raw('pv_kwh AS pv, load_kwh AS load, import_kwh AS import, export_kwh AS export, charge_kwh AS charge, discharge_kwh AS discharge, ev_kwh AS ev');

export class EnergyRepository {
  constructor(
    private readonly database: Database,
    private readonly defaultTz: string,
  ) {}

  private rows<T = Row>(q: SQL): Promise<T[]> {
    return this.database.rows<T>(q);
  }

  /** Energy of stations (ids, or a subquery selecting them) over [fromDay, toDay] from the daily rollup. */
  async plantEnergy(plants: string[] | SQL, fromDay: string, toDay: string): Promise<EnergySums> {
    if (Array.isArray(plants) && !plants.length) return sums(undefined);
    const [r] = await this.rows<Row>(sql`SELECT ${ENERGY} FROM helio_energy_plant_day WHERE plant_id IN (${inList(plants)}) AND day BETWEEN ${fromDay}::date AND ${toDay}::date`);
    return sums(r);
  }

  /** Lifetime energy of stations (all months). */
  async plantEnergyTotal(plants: string[] | SQL): Promise<EnergySums> {
    if (Array.isArray(plants) && !plants.length) return sums(undefined);
    const [r] = await this.rows<Row>(sql`SELECT ${ENERGY} FROM helio_energy_plant_month WHERE plant_id IN (${inList(plants)})`);
    return sums(r);
  }

  /**
   * Energy series of a station: `day` = 5-minute buckets (kWh and average kW), `month` = days, `year` = months,
   * `year-days` = the days of a year, `total` = years.
   */
  async plantSeries(plantId: string, tz: string, dateType: string, date: string): Promise<Row[]> {
    if (dateType === 'day') {
      const from = localMidnight(date, tz);
      const to = localMidnight(addDays(date, 1), tz);
      return this.rows<Row>(sql`
        SELECT extract(epoch FROM bucket)::bigint * 1000 AS t, ${COLS}
          FROM helio_energy_plant_5m WHERE plant_id = ${plantId} AND bucket >= ${new Date(from).toISOString()}::timestamptz
           AND bucket < ${new Date(to).toISOString()}::timestamptz ORDER BY bucket`);
    }
    if (dateType === 'month') {
      const first = `${date.slice(0, 7)}-01`;
      return this.rows<Row>(sql`
        SELECT to_char(day, 'YYYY-MM-DD') AS k, ${COLS}
          FROM helio_energy_plant_day WHERE plant_id = ${plantId} AND day >= ${first}::date AND day < (${first}::date + interval '1 month')
         ORDER BY day`);
    }
    if (dateType === 'year-days') {
      const y = date.slice(0, 4);
      return this.rows<Row>(sql`
        SELECT to_char(day, 'YYYY-MM-DD') AS k, ${COLS}
          FROM helio_energy_plant_day WHERE plant_id = ${plantId} AND day >= ${`${y}-01-01`}::date AND day < ${`${Number(y) + 1}-01-01`}::date
         ORDER BY day`);
    }
    if (dateType === 'year') {
      const y = date.slice(0, 4);
      return this.rows<Row>(sql`
        SELECT to_char(month, 'YYYY-MM') AS k, ${COLS}
          FROM helio_energy_plant_month WHERE plant_id = ${plantId} AND month >= ${`${y}-01-01`}::date AND month < ${`${Number(y) + 1}-01-01`}::date
         ORDER BY month`);
    }
    return this.rows<Row>(sql`
      SELECT to_char(month, 'YYYY') AS k, ${ENERGY} FROM helio_energy_plant_month WHERE plant_id = ${plantId} GROUP BY 1 ORDER BY 1`);
  }

  /** Today's energy per device (local day of its station; the default zone for a device without one). */
  async deviceToday(devs: { id: string; timeZone: unknown }[], now: number): Promise<Map<string, EnergySums>> {
    const out = new Map<string, EnergySums>();
    if (!devs.length) return out;
    const keys = devs.map((d) => sql`(${d.id}::bigint, ${localDay(now, typeof d.timeZone === 'string' ? d.timeZone : this.defaultTz)}::date)`);
    const rows = await this.rows<Row>(sql`SELECT device_id::text AS id, ${COLS} FROM helio_energy_device_day WHERE (device_id, day) IN (${sql.join(keys, sql`, `)})`);
    for (const r of rows) out.set(String(r.id), sums(r));
    return out;
  }

  /** A device's days over [fromDay, toDay], with the number of reports of each. */
  async deviceDays(deviceId: string, fromDay: string, toDay: string): Promise<Row[]> {
    return this.rows<Row>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, ${COLS}, samples
        FROM helio_energy_device_day WHERE device_id = ${deviceId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date ORDER BY day`);
  }

  /** A device's hours over [from, to). */
  async deviceHours(deviceId: string, from: number, to: number): Promise<Row[]> {
    return this.rows<Row>(sql`
      SELECT extract(epoch FROM bucket)::bigint * 1000 AS t, ${COLS}
        FROM helio_energy_device_hour WHERE device_id = ${deviceId} AND bucket >= ${new Date(from).toISOString()}::timestamptz
         AND bucket < ${new Date(to).toISOString()}::timestamptz ORDER BY bucket`);
  }

  /** A device's energy over [fromDay, toDay], or of all time (both null). */
  async deviceEnergy(deviceId: string, fromDay: string | null, toDay: string | null): Promise<EnergySums> {
    const [r] =
      fromDay && toDay
        ? await this.rows<Row>(sql`SELECT ${ENERGY} FROM helio_energy_device_day WHERE device_id = ${deviceId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date`)
        : await this.rows<Row>(sql`SELECT ${ENERGY} FROM helio_energy_device_month WHERE device_id = ${deviceId}`);
    return sums(r);
  }
}
