/**
 * Stations: the list (allow-listed filters and sorts) with live figures, one station with its devices, factory info
 * and live energy flow, the operation companies and users a station can be given, and the station writes (delete,
 * operation info; run inside the caller's `ctx.tx`, station.service.ts). Every query carries the caller's tenant
 * and data scope (station.scope.ts). Device reads are in device.repository.ts, energy in energy.repository.ts.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../core/access.js';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import type { Paging } from '../../core/list-query.js';
import { isPlatform } from '../../core/tenant.js';
import type { Database, Db } from '../../db/client.js';
import { plant } from '../../db/schema-device.js';
import { localDay } from '../telemetry/index.js';
import { checkKeys, int, str, type Row } from './station.params.js';
import { plantWhere } from './station.scope.js';
import { columnsOnce, FRESH_MS, like, likeAny, orderBy, rowsIn, tenantSql } from './station.sql.js';

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

const PLANT_FILTERS = ['plantName', 'address', 'networkStatus', 'plantType', 'countryCode', 'provinceCode', 'cityCode', 'countyCode',
  'operationCompanyId', 'operationCompanyName', 'operationUserName', 'ownerName'];

/** The station list's conditions and ORDER BY from its query (unknown keys and bad values are a 400). */
export function plantListQuery(query: Row): { filters: SQL[]; order: SQL } {
  checkKeys(query, PLANT_FILTERS);
  const f: SQL[] = [];
  const v = (k: string) => str(query, k);
  if (v('plantName')) f.push(like(plant.plantName, v('plantName')!));
  if (v('address')) f.push(likeAny([plant.address, plant.regionName], v('address')!));
  const ns = int(query, 'networkStatus', 0, 2);
  if (ns !== undefined) f.push(eq(plant.networkStatus, ns));
  const pt = int(query, 'plantType', 0, 99);
  if (pt !== undefined) f.push(eq(plant.plantType, pt));
  for (const k of ['countryCode', 'provinceCode', 'cityCode', 'countyCode'] as const) if (v(k)) f.push(eq(plant[k], v(k)!));
  if (v('operationCompanyId')) {
    if (!isId(v('operationCompanyId'))) throw new BizError('unknownParam', { param: 'operationCompanyId' });
    f.push(eq(plant.operationCompanyId, v('operationCompanyId')!));
  }
  if (v('operationCompanyName')) f.push(like(plant.operationCompanyName, v('operationCompanyName')!));
  if (v('operationUserName')) f.push(like(plant.operationUserName, v('operationUserName')!));
  if (v('ownerName')) f.push(like(plant.ownerName, v('ownerName')!));
  const order = orderBy(
    query,
    { createTime: plant.createTime, plantName: plant.plantName, capacityKwp: plant.capacityKwp, networkStatus: plant.networkStatus, installDate: plant.installDate },
    sql`${plant.createTime} DESC, ${plant.id} DESC`,
  );
  return { filters: f, order };
}

export interface OperationInfo {
  operationCompanyId: string | null;
  operationCompanyName: string | null;
  operationUserId: string | null;
  operationUserName: string | null;
}

export class StationRepository {
  constructor(private readonly database: Database) {}

  private rows<T = Row>(q: SQL): Promise<T[]> {
    return this.database.rows<T>(q);
  }

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

  /** One live station the caller may see, or a 400 "not found" (through `db`: a transaction's check). */
  async plantOf(u: AuthUser, id: unknown, db?: Db): Promise<Row> {
    if (!isId(id)) throw new BizError('recordNotFound');
    const q = sql`SELECT ${PLANT_COLS} FROM ${plant} WHERE ${and(eq(plant.id, id), plantWhere(u))}`;
    const [r] = db ? await rowsIn<Row>(db, q) : await this.rows<Row>(q);
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
  // Writes (given the transaction of the service's `ctx.tx`)
  // -------------------------------------------------------------------------------------------------------------

  /** The name of a live department or user of the caller's tenant; undefined when there is none. */
  async nameIn(db: Db, u: AuthUser, what: 'dept' | 'user', id: string): Promise<string | null | undefined> {
    const [r] =
      what === 'dept'
        ? await rowsIn<Row>(db, sql`SELECT dept_name AS n FROM blade_dept WHERE id = ${id} AND is_deleted = 0 AND ${tenantSql(u, {})}`)
        : await rowsIn<Row>(db, sql`SELECT real_name AS n FROM blade_user WHERE id = ${id} AND is_deleted = 0 AND ${tenantSql(u, {})}`);
    return r ? ((r.n as string | undefined) ?? null) : undefined;
  }

  async removePlants(db: Db, u: AuthUser, ids: string[]): Promise<number> {
    const res = await db
      .update(plant)
      .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
      .where(and(inArray(plant.id, ids), plantWhere(u)))
      .returning({ id: plant.id });
    return res.length;
  }

  async submitOperation(db: Db, u: AuthUser, id: string, v: OperationInfo): Promise<boolean> {
    const res = await db
      .update(plant)
      .set({ ...v, updateUser: u.userId, updateTime: new Date() })
      .where(and(eq(plant.id, id), plantWhere(u)))
      .returning({ id: plant.id });
    return res.length === 1;
  }
}
