/**
 * Station and device reads: lists with allow-listed filters, details, live state, curves and energy statistics.
 * Every query carries the caller's tenant and data scope (station.scope.ts). Energy comes from the rollups, live
 * figures from the latest-state table, curves from raw telemetry (one device-day through the (device_id, ts) key of
 * one or two daily partitions).
 */
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../core/access.js';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import type { Paging } from '../../core/list-query.js';
import { isPlatform } from '../../core/tenant.js';
import type { Database } from '../../db/client.js';
import { device, DEVICE_TYPES, plant, type DeviceKind } from '../../db/schema-device.js';
import { addDays, localDay, localMidnight } from '../telemetry/index.js';
import { sums, type EnergySums } from './kpi.js';
import { deviceWhere, plantWhere } from './station.scope.js';

export type Row = Record<string, unknown>;

export const ENERGY = sql.raw(
  `coalesce(sum(pv_kwh), 0) AS "pv", coalesce(sum(load_kwh), 0) AS "load", coalesce(sum(import_kwh), 0) AS "import",
   coalesce(sum(export_kwh), 0) AS "export", coalesce(sum(charge_kwh), 0) AS "charge", coalesce(sum(discharge_kwh), 0) AS "discharge",
   coalesce(sum(ev_kwh), 0) AS "ev"`,
);
const list = (ids: readonly (string | number)[]) => sql.join(ids.map((i) => sql`${i}`), sql`, `);
/** The inside of `IN (…)`: a few ids as parameters, or a subquery (a data scope of any size). */
const inList = (x: readonly string[] | SQL) => (Array.isArray(x) ? list(x) : (x as SQL));
/** A fragment of column references only (no values), as raw SQL: Drizzle then need not walk it on every query. */
function columnsOnce(fragment: SQL): SQL {
  const { sql: text, params } = new PgDialect().sqlToQuery(fragment);
  if (params.length) throw new Error('columnsOnce: the fragment has values');
  return sql.raw(text);
}
const escapeLike = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Live figures are "current" while the report is at most this old. */
export const FRESH_MS = 15 * 60_000;

/** Curve fields a client may ask for, per device type: API name → column. */
export const CURVE_FIELDS: Record<DeviceKind, Record<string, string>> = {
  inverter: {
    pvPower: 'pv_power', pv1Voltage: 'pv1_v', pv1Current: 'pv1_i', pv2Voltage: 'pv2_v', pv2Current: 'pv2_i', pv3Voltage: 'pv3_v',
    pv3Current: 'pv3_i', pv4Voltage: 'pv4_v', pv4Current: 'pv4_i', gridPower: 'grid_power', gridVoltageA: 'grid_va', gridVoltageB: 'grid_vb',
    gridVoltageC: 'grid_vc', gridCurrentA: 'grid_ia', gridCurrentB: 'grid_ib', gridCurrentC: 'grid_ic', gridPowerA: 'grid_pa',
    gridPowerB: 'grid_pb', gridPowerC: 'grid_pc', gridFrequency: 'grid_freq', reactivePower: 'grid_q', powerFactor: 'grid_pf',
    loadPower: 'load_power', loadPowerA: 'load_pa', loadPowerB: 'load_pb', loadPowerC: 'load_pc', epsPower: 'eps_power',
    batteryVoltage: 'bat_v', batteryCurrent: 'bat_i', batteryPower: 'bat_power', batterySoc: 'bat_soc', batteryTemp: 'bat_temp',
    innerTemp: 'temp_inner', sinkTemp: 'temp_sink', busVoltage: 'bus_v', insulation: 'iso_kohm', pvToday: 'e_pv_today', state: 'state',
  },
  battery: {
    voltage: 'voltage', current: 'current', power: 'power', soc: 'soc', soh: 'soh', temp: 'temp', cellVoltageMax: 'cell_v_max',
    cellVoltageMin: 'cell_v_min', cellTempMax: 'cell_t_max', cellTempMin: 'cell_t_min', remainKwh: 'remain_kwh', state: 'state',
  },
  guardian: {
    power: 'power', voltageA: 'va', voltageB: 'vb', voltageC: 'vc', currentA: 'ia', currentB: 'ib', currentC: 'ic', powerA: 'pa',
    powerB: 'pb', powerC: 'pc', frequency: 'freq', leakCurrent: 'leak_ma', temp: 'temp', gate: 'gate', state: 'state',
  },
  charger: { power: 'power', voltageA: 'va', currentA: 'ia', temp: 'temp', sessionEnergy: 'session_kwh', state: 'state' },
};
export const DEFAULT_CURVE: Record<DeviceKind, string[]> = {
  inverter: ['pvPower', 'loadPower', 'gridPower', 'batteryPower', 'batterySoc'],
  battery: ['power', 'soc'],
  guardian: ['power', 'voltageA', 'currentA'],
  charger: ['power'],
};
const RAW_TABLE: Record<DeviceKind, string> = {
  inverter: 'helio_telemetry_inverter',
  battery: 'helio_telemetry_battery',
  guardian: 'helio_telemetry_guardian',
  charger: 'helio_telemetry_charger',
};

export function parseDayParam(v: unknown, fallback: string): string {
  if (v === undefined || v === '') return fallback;
  const s = String(v).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(Date.parse(`${s}T00:00:00Z`))) throw new BizError('dateInvalid', { value: String(v).slice(0, 20) });
  return s;
}

/** A station's columns for the API (ids as strings, dates as yyyy-MM-dd); rendered to SQL text once. */
const PLANT_COLS = columnsOnce(sql`${plant.id}::text AS id, ${plant.tenantId} AS "tenantId", ${plant.plantName} AS "plantName", ${plant.plantType} AS "plantType",
  ${plant.countryCode} AS "countryCode", ${plant.provinceCode} AS "provinceCode", ${plant.cityCode} AS "cityCode",
  ${plant.countyCode} AS "countyCode", ${plant.regionName} AS "regionName", ${plant.address} AS address,
  ${plant.latitude} AS latitude, ${plant.longitude} AS longitude, ${plant.timeZone} AS "timeZone", ${plant.capacityKwp} AS "capacityKwp",
  to_char(${plant.installDate}, 'YYYY-MM-DD') AS "installDate", ${plant.ownerUserId}::text AS "ownerUserId", ${plant.ownerName} AS "ownerName",
  ${plant.ownerPhone} AS "ownerPhone", ${plant.operationCompanyId}::text AS "operationCompanyId", ${plant.operationCompanyName} AS "operationCompanyName",
  ${plant.operationUserId}::text AS "operationUserId", ${plant.operationUserName} AS "operationUserName",
  ${plant.networkStatus} AS "networkStatus", ${plant.statusTime} AS "statusTime", ${plant.remark} AS remark,
  ${plant.createUser}::text AS "createUser", ${plant.createTime} AS "createTime", ${plant.updateTime} AS "updateTime"`);

export class StationRepository {
  constructor(
    private readonly database: Database,
    private readonly defaultTz: string,
  ) {}

  rows<T = Row>(q: SQL): Promise<T[]> {
    return this.database.rows<T>(q);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Stations
  // -------------------------------------------------------------------------------------------------------------

  /** Station page. `filters` are already validated conditions; `order` is an allow-listed ORDER BY. */
  async plantPage(u: AuthUser, q: Row, filters: SQL[], order: SQL, p: Paging): Promise<{ rows: Row[]; total: number }> {
    const where = and(plantWhere(u, q), ...filters);
    const count = sql`SELECT count(*) AS n FROM ${plant} WHERE ${where}`;
    const page = (total: SQL = sql``) => sql`SELECT ${PLANT_COLS}${total} FROM ${plant} WHERE ${where} ORDER BY ${order} LIMIT ${p.size} OFFSET ${p.offset}`;
    // Page and count separately: the page then stops after `size` rows of an index scan instead of numbering every
    // match, which matters at 100,000 stations. PostgreSQL runs the two in parallel; PGlite (one connection) gets
    // them as one statement, the count as a subquery run once (a page past the end counts on its own).
    if (this.database.kind === 'pglite') {
      const rows = await this.rows<Row & { __total: string }>(page(sql`, (${count}) AS __total`));
      if (rows.length || p.offset === 0) return { rows: rows.map(({ __total: _t, ...r }) => r), total: Number(rows[0]?.__total ?? 0) };
      return { rows: [], total: Number((await this.rows<{ n: string }>(count))[0]?.n ?? 0) };
    }
    const [rows, counted] = await Promise.all([this.rows<Row>(page()), this.rows<{ n: string }>(count)]);
    return { rows, total: Number(counted[0]?.n ?? 0) };
  }

  /**
   * Per-station live figures and energy for a page of stations, in one statement: device counts, current PV power
   * (inverters with a fresh report), last data time, today's PV energy (the station's local day) and all-time PV.
   */
  async plantFigures(plants: { id: string; timeZone: string }[], now: number): Promise<Map<string, Row>> {
    const out = new Map<string, Row>();
    if (!plants.length) return out;
    const keys = plants.map((p) => sql`(${p.id}::bigint, ${localDay(now, p.timeZone)}::date)`);
    const rows = await this.rows<Row>(sql`
      SELECT x.id::text AS id, dv.inv, dv.bat, dv.grd, dv.chg, dv.pv, dv.last,
             (SELECT e.pv_kwh FROM helio_energy_plant_day e WHERE e.plant_id = x.id AND e.day = x.day) AS today,
             (SELECT sum(m.pv_kwh) FROM helio_energy_plant_month m WHERE m.plant_id = x.id) AS total
        FROM (VALUES ${sql.join(keys, sql`, `)}) AS x(id, day)
        CROSS JOIN LATERAL (
          SELECT count(*) FILTER (WHERE d.device_type = 1) AS inv, count(*) FILTER (WHERE d.device_type = 2) AS bat,
                 count(*) FILTER (WHERE d.device_type = 3) AS grd, count(*) FILTER (WHERE d.device_type = 4) AS chg,
                 coalesce(sum(l.pv_power) FILTER (WHERE d.device_type = 1 AND l.ts > ${new Date(now - FRESH_MS).toISOString()}::timestamptz), 0) AS pv,
                 max(l.ts) AS last
            FROM helio_device d LEFT JOIN helio_device_latest l ON l.device_id = d.id
           WHERE d.is_deleted = 0 AND d.plant_id = x.id) dv`);
    for (const r of rows) {
      out.set(String(r.id), {
        inverterCount: Number(r.inv),
        batteryCount: Number(r.bat),
        guardianCount: Number(r.grd),
        chargerCount: Number(r.chg),
        currentPower: Math.round(Number(r.pv)),
        todayEnergy: Number(r.today ?? 0),
        totalEnergy: Number(r.total ?? 0),
        lastDataTime: r.last ?? null,
      });
    }
    return out;
  }

  /** One live station the caller may see, or a 400 "not found". */
  async plantOf(u: AuthUser, id: unknown): Promise<Row> {
    if (!isId(id)) throw new BizError('recordNotFound');
    const [r] = await this.rows<Row>(sql`SELECT ${PLANT_COLS} FROM ${plant} WHERE ${and(eq(plant.id, id), plantWhere(u))}`);
    if (!r) throw new BizError('recordNotFound');
    return r;
  }

  async plantDevices(plantId: string): Promise<Row[]> {
    return this.rows<Row>(sql`
      SELECT d.id::text AS id, d.device_sn AS "deviceSn", d.device_type AS "deviceType", d.model, d.parent_sn AS "parentSn",
             d.network_status AS "networkStatus", d.online, d.register_time AS "registerTime", l.ts AS "lastDataTime",
             l.state, l.fault_codes AS "faultCodes", l.pv_power AS "pvPower", l.load_power AS "loadPower", l.grid_power AS "gridPower",
             l.bat_power AS "batteryPower", l.bat_soc AS "batterySoc"
        FROM helio_device d LEFT JOIN helio_device_latest l ON l.device_id = d.id
       WHERE d.plant_id = ${plantId} AND d.is_deleted = 0 ORDER BY d.device_type, d.device_sn`);
  }

  /** Factory info of a station's devices (installedInfo). */
  async plantInstalled(plantId: string): Promise<Row[]> {
    return this.rows<Row>(sql`
      SELECT d.id::text AS id, d.device_sn AS "deviceSn", d.device_type AS "deviceType", d.model, d.register_time AS "registerTime",
             coalesce(fi.rated_power, fc.rated_power) AS "ratedPower", fb.energy_kwh AS "energyKwh", fi.phase_type AS "phaseType",
             fi.grid_type AS "gridType", to_char(coalesce(fi.warranty_end, null), 'YYYY-MM-DD') AS "warrantyEnd", fg.card_number AS "cardNumber",
             coalesce(fi.manufacturer, fb.manufacturer, fg.manufacturer, fc.manufacturer) AS manufacturer
        FROM helio_device d
        LEFT JOIN helio_inverter_factory fi ON d.device_type = 1 AND fi.device_sn = d.device_sn AND fi.is_deleted = 0
        LEFT JOIN helio_battery_factory fb ON d.device_type = 2 AND fb.device_sn = d.device_sn AND fb.is_deleted = 0
        LEFT JOIN helio_guardian_factory fg ON d.device_type = 3 AND fg.device_sn = d.device_sn AND fg.is_deleted = 0
        LEFT JOIN helio_charger_factory fc ON d.device_type = 4 AND fc.device_sn = d.device_sn AND fc.is_deleted = 0
       WHERE d.plant_id = ${plantId} AND d.is_deleted = 0 ORDER BY d.device_type, d.device_sn`);
  }

  /** Live energy flow of a station: sums of its inverters' (and chargers') fresh latest reports. */
  async plantFlow(plantId: string, now: number): Promise<Row> {
    const [r] = await this.rows<Row>(sql`
      SELECT coalesce(sum(l.pv_power) FILTER (WHERE d.device_type = 1), 0) AS pv,
             coalesce(sum(l.load_power) FILTER (WHERE d.device_type = 1), 0) AS load,
             coalesce(sum(l.grid_power) FILTER (WHERE d.device_type = 1), 0) AS grid,
             coalesce(sum(l.bat_power) FILTER (WHERE d.device_type = 1), 0) AS battery,
             avg(l.bat_soc) FILTER (WHERE d.device_type = 2) AS soc,
             coalesce(sum(l.load_power) FILTER (WHERE d.device_type = 4), 0) AS ev,
             max(l.ts) AS last
        FROM helio_device d JOIN helio_device_latest l ON l.device_id = d.id
       WHERE d.plant_id = ${plantId} AND d.is_deleted = 0 AND l.ts > ${new Date(now - FRESH_MS).toISOString()}::timestamptz`);
    return r ?? {};
  }

  /** Energy of a station over [fromDay, toDay] from the daily rollup. */
  /** `plants`: station ids, a subquery selecting them, or 'tenant' (the tenant rollup, filtered by `tenantSql`). */
  async plantEnergy(plants: string[] | SQL | 'tenant', fromDay: string, toDay: string, tenantSql?: SQL): Promise<EnergySums> {
    if (Array.isArray(plants) && !plants.length) return sums(undefined);
    const [r] =
      plants === 'tenant'
        ? await this.rows<Row>(sql`SELECT ${ENERGY} FROM helio_energy_tenant_day WHERE ${tenantSql ?? sql`true`} AND day BETWEEN ${fromDay}::date AND ${toDay}::date`)
        : await this.rows<Row>(sql`SELECT ${ENERGY} FROM helio_energy_plant_day WHERE plant_id IN (${inList(plants)}) AND day BETWEEN ${fromDay}::date AND ${toDay}::date`);
    return sums(r);
  }

  /** Lifetime energy (all months). */
  async plantEnergyTotal(plants: string[] | SQL | 'tenant', tenantSql?: SQL): Promise<EnergySums> {
    if (Array.isArray(plants) && !plants.length) return sums(undefined);
    const [r] =
      plants === 'tenant'
        ? await this.rows<Row>(sql`SELECT ${ENERGY} FROM helio_energy_tenant_month WHERE ${tenantSql ?? sql`true`}`)
        : await this.rows<Row>(sql`SELECT ${ENERGY} FROM helio_energy_plant_month WHERE plant_id IN (${inList(plants)})`);
    return sums(r);
  }

  /**
   * Energy series of a station: `day` = 5-minute buckets (kWh and average kW), `month` = days, `year` = months,
   * `total` = years.
   */
  async plantSeries(plantId: string, tz: string, dateType: string, date: string): Promise<Row[]> {
    if (dateType === 'day') {
      const from = localMidnight(date, tz);
      const to = localMidnight(addDays(date, 1), tz);
      return this.rows<Row>(sql`
        SELECT extract(epoch FROM bucket)::bigint * 1000 AS t, pv_kwh AS pv, load_kwh AS load, import_kwh AS import, export_kwh AS export,
               charge_kwh AS charge, discharge_kwh AS discharge, ev_kwh AS ev
          FROM helio_energy_plant_5m WHERE plant_id = ${plantId} AND bucket >= ${new Date(from).toISOString()}::timestamptz
           AND bucket < ${new Date(to).toISOString()}::timestamptz ORDER BY bucket`);
    }
    if (dateType === 'month') {
      const first = `${date.slice(0, 7)}-01`;
      return this.rows<Row>(sql`
        SELECT to_char(day, 'YYYY-MM-DD') AS k, pv_kwh AS pv, load_kwh AS load, import_kwh AS import, export_kwh AS export,
               charge_kwh AS charge, discharge_kwh AS discharge, ev_kwh AS ev
          FROM helio_energy_plant_day WHERE plant_id = ${plantId} AND day >= ${first}::date AND day < (${first}::date + interval '1 month')
         ORDER BY day`);
    }
    if (dateType === 'year-days') {
      const y = date.slice(0, 4);
      return this.rows<Row>(sql`
        SELECT to_char(day, 'YYYY-MM-DD') AS k, pv_kwh AS pv, load_kwh AS load, import_kwh AS import, export_kwh AS export,
               charge_kwh AS charge, discharge_kwh AS discharge, ev_kwh AS ev
          FROM helio_energy_plant_day WHERE plant_id = ${plantId} AND day >= ${`${y}-01-01`}::date AND day < ${`${Number(y) + 1}-01-01`}::date
         ORDER BY day`);
    }
    if (dateType === 'year') {
      const y = date.slice(0, 4);
      return this.rows<Row>(sql`
        SELECT to_char(month, 'YYYY-MM') AS k, pv_kwh AS pv, load_kwh AS load, import_kwh AS import, export_kwh AS export,
               charge_kwh AS charge, discharge_kwh AS discharge, ev_kwh AS ev
          FROM helio_energy_plant_month WHERE plant_id = ${plantId} AND month >= ${`${y}-01-01`}::date AND month < ${`${Number(y) + 1}-01-01`}::date
         ORDER BY month`);
    }
    return this.rows<Row>(sql`
      SELECT to_char(month, 'YYYY') AS k, ${ENERGY} FROM helio_energy_plant_month WHERE plant_id = ${plantId} GROUP BY 1 ORDER BY 1`);
  }

  async removePlants(u: AuthUser, ids: string[]): Promise<number> {
    const res = await this.database.db
      .update(plant)
      .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
      .where(and(inArray(plant.id, ids), plantWhere(u)))
      .returning({ id: plant.id });
    return res.length;
  }

  async submitOperation(u: AuthUser, id: string, v: { operationCompanyId: string | null; operationCompanyName: string | null; operationUserId: string | null; operationUserName: string | null }): Promise<boolean> {
    const res = await this.database.db
      .update(plant)
      .set({ ...v, updateUser: u.userId, updateTime: new Date() })
      .where(and(eq(plant.id, id), plantWhere(u)))
      .returning({ id: plant.id });
    return res.length === 1;
  }

  /** Departments of the caller's tenant (operation companies) and the users of one. */
  async operationCompanies(u: AuthUser, q: Row): Promise<Row[]> {
    const tenant = isPlatform(u) && typeof q.tenantId === 'string' && /^\d{6,12}$/.test(q.tenantId) ? q.tenantId : u.tenantId;
    return this.rows<Row>(sql`SELECT id::text AS id, dept_name AS "deptName", full_name AS "fullName", parent_id::text AS "parentId"
      FROM blade_dept WHERE tenant_id = ${tenant} AND is_deleted = 0 ORDER BY sort, id`);
  }

  async agentUsers(u: AuthUser, deptId: string | undefined, q: Row): Promise<Row[]> {
    const tenant = isPlatform(u) && typeof q.tenantId === 'string' && /^\d{6,12}$/.test(q.tenantId) ? q.tenantId : u.tenantId;
    return this.rows<Row>(sql`SELECT u.id::text AS id, u.account, u.real_name AS "realName", u.phone FROM blade_user u
      WHERE u.tenant_id = ${tenant} AND u.is_deleted = 0 AND u.status = 1
        ${deptId && isId(deptId) ? sql`AND u.id IN (SELECT user_id FROM blade_user_dept WHERE dept_id = ${deptId})` : sql``}
      ORDER BY u.real_name LIMIT 500`);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Devices
  // -------------------------------------------------------------------------------------------------------------

  async devicePage(u: AuthUser, kind: DeviceKind, q: Row, filters: SQL[], order: SQL, p: Paging): Promise<{ rows: Row[]; total: number }> {
    const where = and(eq(device.deviceType, DEVICE_TYPES[kind]), eq(device.isDeleted, 0), deviceWhere(u, q), ...filters);
    const rows = await this.rows<Row>(sql`
      SELECT ${device.id}::text AS id, ${device.tenantId} AS "tenantId", ${device.deviceSn} AS "deviceSn", ${device.model} AS model,
             ${device.parentSn} AS "parentSn", ${device.plantId}::text AS "plantId", ${plant.plantName} AS "plantName",
             coalesce(${plant.isDeleted}, 0) AS "plantDeleted", ${plant.timeZone} AS "timeZone", ${device.networkStatus} AS "networkStatus",
             ${device.statusTime} AS "statusTime", ${device.online} AS online, ${device.registerTime} AS "registerTime",
             ${device.fwMaster} AS "fwMaster", l.ts AS "lastDataTime", l.state, l.fault_codes AS "faultCodes", l.pv_power AS "pvPower",
             l.load_power AS "loadPower", l.grid_power AS "gridPower", l.bat_power AS "batteryPower", l.bat_soc AS "batterySoc",
             l.e_pv_total AS "pvTotal", l.e_charge_total AS "chargeTotal", l.e_discharge_total AS "dischargeTotal", l.e_ev_total AS "evTotal",
             ${kind === 'inverter' ? sql`(SELECT rated_power FROM helio_inverter_factory f WHERE f.device_sn = ${device.deviceSn} AND f.is_deleted = 0)` : kind === 'charger' ? sql`(SELECT rated_power FROM helio_charger_factory f WHERE f.device_sn = ${device.deviceSn} AND f.is_deleted = 0)` : sql`NULL`} AS "ratedPower",
             ${kind === 'battery' ? sql`(SELECT energy_kwh FROM helio_battery_factory f WHERE f.device_sn = ${device.deviceSn} AND f.is_deleted = 0)` : sql`NULL`} AS "energyKwh",
             ${kind === 'guardian' ? sql`(SELECT card_number FROM helio_guardian_factory f WHERE f.device_sn = ${device.deviceSn} AND f.is_deleted = 0)` : sql`NULL`} AS "cardNumber",
             ${kind === 'guardian' ? sql`(l.data->>'gate')::int` : sql`NULL`} AS gate,
             ${kind === 'battery' ? sql`(l.data->>'soh')::real` : sql`NULL`} AS soh
        FROM ${device} LEFT JOIN ${plant} ON ${plant.id} = ${device.plantId} LEFT JOIN helio_device_latest l ON l.device_id = ${device.id}
       WHERE ${where} ORDER BY ${order} LIMIT ${p.size} OFFSET ${p.offset}`);
    const total = Number((await this.rows<{ n: string }>(sql`SELECT count(*) AS n FROM ${device} LEFT JOIN ${plant} ON ${plant.id} = ${device.plantId} WHERE ${where}`))[0]?.n ?? 0);
    return { rows, total };
  }

  /** Today's energy per device (local day of its station). */
  async deviceToday(devs: { id: string; timeZone: unknown }[], now: number): Promise<Map<string, EnergySums>> {
    const out = new Map<string, EnergySums>();
    if (!devs.length) return out;
    const keys = devs.map((d) => sql`(${d.id}::bigint, ${localDay(now, typeof d.timeZone === 'string' ? d.timeZone : this.defaultTz)}::date)`);
    const rows = await this.rows<Row>(sql`SELECT device_id::text AS id, pv_kwh AS pv, load_kwh AS load, import_kwh AS import, export_kwh AS export,
      charge_kwh AS charge, discharge_kwh AS discharge, ev_kwh AS ev FROM helio_energy_device_day WHERE (device_id, day) IN (${sql.join(keys, sql`, `)})`);
    for (const r of rows) out.set(String(r.id), sums(r));
    return out;
  }

  /** Status counts and totals over the caller's devices of a type (list overview/summary). */
  async deviceSummary(u: AuthUser, kind: DeviceKind, q: Row, now: number): Promise<Row> {
    const where = and(eq(device.deviceType, DEVICE_TYPES[kind]), eq(device.isDeleted, 0), deviceWhere(u, q));
    const [r] = await this.rows<Row>(sql`
      SELECT count(*) AS total, count(*) FILTER (WHERE ${device.networkStatus} = 0) AS normal,
             count(*) FILTER (WHERE ${device.networkStatus} = 1) AS disconnected, count(*) FILTER (WHERE ${device.networkStatus} = 2) AS fault,
             coalesce(sum(CASE WHEN l.ts > ${new Date(now - FRESH_MS).toISOString()}::timestamptz THEN ${kind === 'battery' ? sql`l.bat_power` : kind === 'charger' ? sql`l.load_power` : kind === 'guardian' ? sql`l.grid_power` : sql`l.pv_power`} END), 0) AS power,
             avg(l.bat_soc) AS soc,
             ${kind === 'inverter' ? sql`coalesce(sum((SELECT rated_power FROM helio_inverter_factory f WHERE f.device_sn = ${device.deviceSn} AND f.is_deleted = 0)), 0)` : sql`0`} AS rated,
             ${kind === 'battery' ? sql`coalesce(sum((SELECT energy_kwh FROM helio_battery_factory f WHERE f.device_sn = ${device.deviceSn} AND f.is_deleted = 0)), 0)` : sql`0`} AS capacity
        FROM ${device} LEFT JOIN helio_device_latest l ON l.device_id = ${device.id} WHERE ${where}`);
    return r ?? {};
  }

  /** A device (registered or unbound) of a type that the caller may see, with its station. */
  async deviceOf(u: AuthUser, kind: DeviceKind, q: Row): Promise<Row> {
    const id = q.id ?? q.deviceId;
    const sn = typeof q.deviceSn === 'string' ? q.deviceSn : undefined;
    if (!isId(id) && !sn) throw new BizError('recordNotFound');
    const [r] = await this.rows<Row>(sql`
      SELECT ${device.id}::text AS id, ${device.tenantId} AS tenant_id, ${device.deviceSn} AS device_sn, ${device.deviceType} AS device_type,
             ${device.parentSn} AS parent_sn, ${device.model} AS model, ${device.networkStatus} AS network_status, ${device.statusTime} AS status_time,
             ${device.reportInterval} AS report_interval, ${device.online} AS online, ${device.lastConnectTime} AS last_connect_time,
             ${device.lastDisconnectTime} AS last_disconnect_time, ${device.fwProtocol} AS fw_protocol, ${device.fwMaster} AS fw_master,
             ${device.fwSlave} AS fw_slave, ${device.fwEms} AS fw_ems, ${device.fwDcdc} AS fw_dcdc, ${device.registerTime} AS register_time,
             ${device.unbindTime} AS unbind_time, ${device.isDeleted} AS is_deleted,
             ${device.plantId}::text AS plant_id, ${plant.plantName} AS plant_name,
             ${plant.timeZone} AS time_zone, ${plant.address} AS plant_address, ${plant.regionName} AS region_name,
             coalesce(${plant.isDeleted}, 0) AS plant_deleted, to_char(${plant.installDate}, 'YYYY-MM-DD') AS install_date,
             ${plant.operationCompanyName} AS operation_company_name, ${plant.operationUserName} AS operation_user_name,
             ${plant.ownerName} AS owner_name, ${plant.ownerPhone} AS owner_phone, ${plant.latitude} AS latitude, ${plant.longitude} AS longitude
        FROM ${device} LEFT JOIN ${plant} ON ${plant.id} = ${device.plantId}
       WHERE ${and(eq(device.deviceType, DEVICE_TYPES[kind]), deviceWhere(u, q), isId(id) ? eq(device.id, id) : and(eq(device.deviceSn, sn!), eq(device.isDeleted, 0)))}
       ORDER BY ${device.isDeleted}, ${desc(device.registerTime)} LIMIT 1`);
    if (!r) throw new BizError('recordNotFound');
    return r;
  }

  async latest(deviceId: string): Promise<Row | undefined> {
    const [r] = await this.rows<Row>(sql`SELECT ts, received_at, state, fault_codes, warning_codes, pv_power, load_power, grid_power, bat_power,
      bat_soc, e_pv_total, e_load_total, e_import_total, e_export_total, e_charge_total, e_discharge_total, e_ev_total, data
      FROM helio_device_latest WHERE device_id = ${deviceId}`);
    return r;
  }

  async factory(kind: DeviceKind, sn: string): Promise<Row | undefined> {
    const table = sql.raw(`helio_${kind}_factory`);
    const [r] = await this.rows<Row>(sql`SELECT ${table}.*, id::text AS id, to_char(factory_date, 'YYYY-MM-DD') AS factory_date,
      ${kind === 'inverter' ? sql`to_char(warranty_start, 'YYYY-MM-DD') AS warranty_start, to_char(warranty_end, 'YYYY-MM-DD') AS warranty_end,
        to_char(activation_date, 'YYYY-MM-DD') AS activation_date,` : sql``}
      create_user::text AS create_user, update_user::text AS update_user, create_dept::text AS create_dept
      FROM ${table} WHERE device_sn = ${sn} AND is_deleted = 0`);
    return r;
  }

  /** Raw values of one device over [from, to) for the chosen fields. */
  async curve(kind: DeviceKind, deviceId: string, from: number, to: number, fields: string[]): Promise<Row[]> {
    const cols = fields.map((f) => sql.raw(`"${CURVE_FIELDS[kind][f]!}" AS "${f}"`));
    return this.rows<Row>(sql`
      SELECT extract(epoch FROM ts)::bigint * 1000 AS t, ${sql.join(cols, sql`, `)}
        FROM ${sql.raw(RAW_TABLE[kind])} WHERE device_id = ${deviceId}
         AND ts >= ${new Date(from).toISOString()}::timestamptz AND ts < ${new Date(to).toISOString()}::timestamptz ORDER BY ts LIMIT 5000`);
  }

  async deviceDays(deviceId: string, fromDay: string, toDay: string): Promise<Row[]> {
    return this.rows<Row>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, pv_kwh AS pv, load_kwh AS load, import_kwh AS import, export_kwh AS export,
             charge_kwh AS charge, discharge_kwh AS discharge, ev_kwh AS ev, samples
        FROM helio_energy_device_day WHERE device_id = ${deviceId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date ORDER BY day`);
  }

  async deviceHours(deviceId: string, from: number, to: number): Promise<Row[]> {
    return this.rows<Row>(sql`
      SELECT extract(epoch FROM bucket)::bigint * 1000 AS t, pv_kwh AS pv, load_kwh AS load, import_kwh AS import, export_kwh AS export,
             charge_kwh AS charge, discharge_kwh AS discharge, ev_kwh AS ev
        FROM helio_energy_device_hour WHERE device_id = ${deviceId} AND bucket >= ${new Date(from).toISOString()}::timestamptz
         AND bucket < ${new Date(to).toISOString()}::timestamptz ORDER BY bucket`);
  }

  async deviceEnergy(deviceId: string, fromDay: string | null, toDay: string | null): Promise<EnergySums> {
    const [r] =
      fromDay && toDay
        ? await this.rows<Row>(sql`SELECT ${ENERGY} FROM helio_energy_device_day WHERE device_id = ${deviceId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date`)
        : await this.rows<Row>(sql`SELECT ${ENERGY} FROM helio_energy_device_month WHERE device_id = ${deviceId}`);
    return sums(r);
  }

  /** Device events; `onlyIssues` = faults and warnings (exception list). */
  async events(deviceId: string, onlyIssues: boolean, p: Paging): Promise<{ rows: Row[]; total: number }> {
    const rows = await this.rows<Row & { __total: string }>(sql`
      SELECT id::text AS id, ts, event_type AS "eventType", code, level, action, message, count(*) OVER () AS __total
        FROM helio_device_event WHERE device_id = ${deviceId} ${onlyIssues ? sql`AND event_type IN (1, 2)` : sql``}
       ORDER BY ts DESC, id DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    return { rows: rows.map(({ __total: _t, ...r }) => r), total: rows.length ? Number(rows[0]!.__total) : 0 };
  }

  async deviceAlarms(deviceId: string, p: Paging): Promise<{ rows: Row[]; total: number }> {
    const rows = await this.rows<Row & { __total: string }>(sql`
      SELECT id::text AS id, alarm_code AS "alarmCode", alarm_type AS "alarmType", level, alarm_status AS "alarmStatus",
             trigger_time AS "triggerTime", recover_time AS "recoverTime", handle_status AS "handleStatus", count(*) OVER () AS __total
        FROM helio_alarm WHERE device_id = ${deviceId} AND is_deleted = 0 ORDER BY trigger_time DESC, id DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    return { rows: rows.map(({ __total: _t, ...r }) => r), total: rows.length ? Number(rows[0]!.__total) : 0 };
  }

  async sessions(deviceId: string, p: Paging): Promise<{ rows: Row[]; total: number }> {
    const rows = await this.rows<Row & { __total: string }>(sql`
      SELECT session_id AS "sessionId", start_time AS "startTime", end_time AS "endTime", energy_kwh AS "energyKwh", max_power AS "maxPower",
             session_status AS "sessionStatus", count(*) OVER () AS __total
        FROM helio_charge_session WHERE device_id = ${deviceId} ORDER BY start_time DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    return { rows: rows.map(({ __total: _t, ...r }) => r), total: rows.length ? Number(rows[0]!.__total) : 0 };
  }

  /** Other inverters of the same station (parallel operation). */
  async siblings(plantId: string, kind: DeviceKind): Promise<Row[]> {
    return this.rows<Row>(sql`
      SELECT d.id::text AS id, d.device_sn AS "deviceSn", d.model, d.network_status AS "networkStatus", l.pv_power AS "pvPower", l.ts AS "lastDataTime"
        FROM helio_device d LEFT JOIN helio_device_latest l ON l.device_id = d.id
       WHERE d.plant_id = ${plantId} AND d.device_type = ${DEVICE_TYPES[kind]} AND d.is_deleted = 0 ORDER BY d.device_sn`);
  }

  /** Tenant condition on a rollup table's tenant_id (mirrors core/tenant.ts for raw SQL). */
  tenantSql(u: AuthUser, q: Row, column = 'tenant_id'): SQL {
    const col = sql.raw(column);
    if (!isPlatform(u)) return sql`${col} = ${u.tenantId}`;
    const wanted = q.tenantId;
    return typeof wanted === 'string' && /^\d{6,12}$/.test(wanted) ? sql`${col} = ${wanted}` : sql`true`;
  }
}

/** Text filter helpers (bound parameters; LIKE wildcards escaped). */
export const like = (col: Parameters<typeof ilike>[0], v: string) => ilike(col, escapeLike(v));
export const likeAny = (cols: Parameters<typeof ilike>[0][], v: string) => or(...cols.map((c) => ilike(c, escapeLike(v))))!;
