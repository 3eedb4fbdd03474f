/**
 * What a device reported over time: curves from raw telemetry (one device-day through the (device_id, ts) key of one
 * or two daily partitions), its events, alarms and charging sessions. The caller has found the device first
 * (device.repository.ts `deviceOf`, tenant- and data-scoped); these read by its id.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Paging } from '../../core/list-query.js';
import type { Database } from '../../db/client.js';
import type { DeviceKind } from '../../db/schema-device.js';
import type { Row } from './station.params.js';
import { pageOf } from './station.sql.js';

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

export class DeviceHistoryRepository {
  constructor(private readonly database: Database) {}

  private rows<T = Row>(q: SQL): Promise<T[]> {
    return this.database.rows<T>(q);
  }

  /** Raw values of one device over [from, to) for the chosen fields (names checked against CURVE_FIELDS). */
  async curve(kind: DeviceKind, deviceId: string, from: number, to: number, fields: string[]): Promise<Row[]> {
    const cols = fields.map((f) => sql.raw(`"${CURVE_FIELDS[kind][f]!}" AS "${f}"`));
    return this.rows<Row>(sql`
      SELECT extract(epoch FROM ts)::bigint * 1000 AS t, ${sql.join(cols, sql`, `)}
        FROM ${sql.raw(RAW_TABLE[kind])} WHERE device_id = ${deviceId}
         AND ts >= ${new Date(from).toISOString()}::timestamptz AND ts < ${new Date(to).toISOString()}::timestamptz ORDER BY ts LIMIT 5000`);
  }

  /** Device events; `onlyIssues` = faults and warnings (exception list). */
  async events(deviceId: string, onlyIssues: boolean, p: Paging): Promise<{ rows: Row[]; total: number }> {
    return pageOf(await this.rows<Row & { __total: string }>(sql`
      SELECT id::text AS id, ts, event_type AS "eventType", code, level, action, message, count(*) OVER () AS __total
        FROM helio_device_event WHERE device_id = ${deviceId} ${onlyIssues ? sql`AND event_type IN (1, 2)` : sql``}
       ORDER BY ts DESC, id DESC LIMIT ${p.size} OFFSET ${p.offset}`));
  }

  async alarms(deviceId: string, p: Paging): Promise<{ rows: Row[]; total: number }> {
    return pageOf(await this.rows<Row & { __total: string }>(sql`
      SELECT id::text AS id, alarm_code AS "alarmCode", alarm_type AS "alarmType", level, alarm_status AS "alarmStatus",
             trigger_time AS "triggerTime", recover_time AS "recoverTime", handle_status AS "handleStatus", count(*) OVER () AS __total
        FROM helio_alarm WHERE device_id = ${deviceId} AND is_deleted = 0 ORDER BY trigger_time DESC, id DESC LIMIT ${p.size} OFFSET ${p.offset}`));
  }

  /** Charging sessions of a charger (newest first). */
  async sessions(deviceId: string, p: Paging): Promise<{ rows: Row[]; total: number }> {
    return pageOf(await this.rows<Row & { __total: string }>(sql`
      SELECT session_id AS "sessionId", start_time AS "startTime", end_time AS "endTime", energy_kwh AS "energyKwh", max_power AS "maxPower",
             session_status AS "sessionStatus", count(*) OVER () AS __total
        FROM helio_charge_session WHERE device_id = ${deviceId} ORDER BY start_time DESC LIMIT ${p.size} OFFSET ${p.offset}`));
  }
}
