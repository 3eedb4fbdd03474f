/**
 * Device reads: the device lists (allow-listed filters and sorts), status counts, one device with its station, its
 * latest state, its factory row and the other devices of its station. Every list and lookup carries the caller's
 * tenant and data scope (station.scope.ts `deviceWhere`); unbound registrations stay readable by id.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../core/access.js';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import type { Paging } from '../../core/list-query.js';
import type { Database } from '../../db/client.js';
import { device, DEVICE_TYPES, plant, type DeviceKind } from '../../db/schema-device.js';
import { checkKeys, int, str, type Row } from './station.params.js';
import { deviceWhere } from './station.scope.js';
import { FRESH_MS, like, orderBy } from './station.sql.js';

const DEVICE_FILTERS = ['deviceSn', 'plantName', 'plantId', 'networkStatus', 'model'];

/** The list's conditions and ORDER BY from its query (unknown keys and bad values are a 400). */
export function deviceListQuery(query: Row): { filters: SQL[]; order: SQL } {
  checkKeys(query, DEVICE_FILTERS);
  const f: SQL[] = [];
  if (str(query, 'deviceSn')) f.push(like(device.deviceSn, str(query, 'deviceSn')!));
  if (str(query, 'model')) f.push(like(device.model, str(query, 'model')!));
  if (str(query, 'plantName')) f.push(like(plant.plantName, str(query, 'plantName')!));
  if (str(query, 'plantId')) {
    if (!isId(str(query, 'plantId'))) throw new BizError('unknownParam', { param: 'plantId' });
    f.push(eq(device.plantId, str(query, 'plantId')!));
  }
  const ns = int(query, 'networkStatus', 0, 2);
  if (ns !== undefined) f.push(eq(device.networkStatus, ns));
  const order = orderBy(query, { createTime: device.createTime, deviceSn: device.deviceSn, networkStatus: device.networkStatus, registerTime: device.registerTime }, sql`${device.registerTime} DESC, ${device.id} DESC`);
  return { filters: f, order };
}

export class DeviceRepository {
  constructor(private readonly database: Database) {}

  private rows<T = Row>(q: SQL): Promise<T[]> {
    return this.database.rows<T>(q);
  }

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

  /** Other inverters of the same station (parallel operation). */
  async siblings(plantId: string, kind: DeviceKind): Promise<Row[]> {
    return this.rows<Row>(sql`
      SELECT d.id::text AS id, d.device_sn AS "deviceSn", d.model, d.network_status AS "networkStatus", l.pv_power AS "pvPower", l.ts AS "lastDataTime"
        FROM helio_device d LEFT JOIN helio_device_latest l ON l.device_id = d.id
       WHERE d.plant_id = ${plantId} AND d.device_type = ${DEVICE_TYPES[kind]} AND d.is_deleted = 0 ORDER BY d.device_sn`);
  }
}

/** Devices of a type the caller may unbind: its registrations in the caller's tenant and data scope. */
export function unbindScope(u: AuthUser, kind: DeviceKind): SQL {
  return and(eq(device.deviceType, DEVICE_TYPES[kind]), deviceWhere(u))!;
}
