/**
 * The device screens' lists and details (inverters, batteries, guardians, EV chargers; docs/stations.md): lists with
 * today's energy, status summaries, live state, factory and install information, and the per-type detail heads.
 * A device is found in the caller's scope first (device.repository.ts `deviceOf`); unbound registrations stay
 * readable by id. Statistics over time are in device-stats.service.ts.
 */
import { page, type Page } from '../../core/envelope.js';
import { parsePaging } from '../../core/list-query.js';
import type { DeviceKind } from '../../db/schema-device.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { localDay } from '../telemetry/index.js';
import { deviceListQuery, DeviceRepository } from './device.repository.js';
import { EnergyRepository } from './energy.repository.js';
import { round } from './kpi.js';
import { dt, faults, head, num } from './station.format.js';
import type { Row } from './station.params.js';

export class DeviceReads {
  private readonly devices: DeviceRepository;
  private readonly energy: EnergyRepository;

  constructor(private readonly ctx: ModuleContext) {
    this.devices = new DeviceRepository(ctx.database);
    this.energy = new EnergyRepository(ctx.database, ctx.config.timeZone);
  }

  /** Devices of a type, paged, with live figures and today's energy. */
  async list(actor: Actor, kind: DeviceKind, query: Row, lang: string): Promise<Page<Row>> {
    const { filters, order } = deviceListQuery(query);
    const p = parsePaging(query, this.ctx.config.maxPageSize);
    const { rows, total } = await this.devices.devicePage(actor, kind, query, filters, order, p);
    const today = await this.energy.deviceToday(rows.map((r) => ({ id: r.id as string, timeZone: r.timeZone })), Date.now());
    const records = rows.map((r) => {
      const e = today.get(r.id as string);
      return {
        ...r,
        statusTime: dt(r.statusTime),
        registerTime: dt(r.registerTime),
        lastDataTime: dt(r.lastDataTime),
        faults: faults(r.faultCodes, lang),
        ...(kind === 'inverter' ? { todayEnergy: round(e?.pv ?? 0), totalEnergy: num(r.pvTotal) } : {}),
        ...(kind === 'battery' ? { todayCharge: round(e?.charge ?? 0), todayDischarge: round(e?.discharge ?? 0) } : {}),
        ...(kind === 'charger' ? { todayEnergy: round(e?.ev ?? 0), totalEnergy: num(r.evTotal) } : {}),
      };
    });
    return page(records, total, p.current, p.size);
  }

  /** Counts by network status and current power (rated power for inverters, capacity and SoC for batteries). */
  async summary(actor: Actor, kind: DeviceKind, query: Row): Promise<Row> {
    const r = await this.devices.deviceSummary(actor, kind, query, Date.now());
    return {
      total: Number(r.total ?? 0),
      normal: Number(r.normal ?? 0),
      disconnected: Number(r.disconnected ?? 0),
      fault: Number(r.fault ?? 0),
      currentPower: Math.round(Number(r.power ?? 0)),
      ...(kind === 'inverter' ? { ratedPower: num(r.rated) } : {}),
      ...(kind === 'battery' ? { capacityKwh: num(r.capacity), averageSoc: num(r.soc, 1) } : {}),
    };
  }

  /** Live data as last reported. */
  async currentStatus(actor: Actor, kind: DeviceKind, query: Row, lang: string): Promise<Row> {
    const d = await this.devices.deviceOf(actor, kind, query);
    const l = await this.devices.latest(d.id as string);
    const data = (l?.data ?? {}) as Row;
    return {
      ...head(d),
      updateTime: dt(l?.ts),
      receivedTime: dt(l?.received_at),
      state: l?.state ?? null,
      faults: faults(l?.fault_codes, lang),
      warnings: faults(l?.warning_codes, lang),
      data,
    };
  }

  /** Factory information and firmware versions. */
  async deviceInfo(actor: Actor, kind: DeviceKind, query: Row): Promise<Row> {
    const d = await this.devices.deviceOf(actor, kind, query);
    const f = await this.devices.factory(kind, d.device_sn as string);
    const factory = f ? Object.fromEntries(Object.entries(f).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v instanceof Date ? dt(v) : v])) : null;
    return {
      ...head(d),
      firmware: { protocol: d.fw_protocol ?? f?.fw_protocol ?? null, master: d.fw_master ?? f?.fw_master ?? null, slave: d.fw_slave ?? f?.fw_slave ?? null, ems: d.fw_ems ?? f?.fw_ems ?? null, dcdc: d.fw_dcdc ?? f?.fw_dcdc ?? null },
      lastConnectTime: dt(d.last_connect_time),
      lastDisconnectTime: dt(d.last_disconnect_time),
      factory,
    };
  }

  /** Install information: station, address, installer, owner. */
  async installInfo(actor: Actor, kind: DeviceKind, query: Row): Promise<Row> {
    const d = await this.devices.deviceOf(actor, kind, query);
    return {
      ...head(d),
      address: d.plant_address,
      regionName: d.region_name,
      latitude: d.latitude,
      longitude: d.longitude,
      timeZone: d.time_zone,
      installDate: d.install_date,
      operationCompanyName: d.operation_company_name,
      operationUserName: d.operation_user_name,
      ownerName: d.owner_name,
      ownerPhone: d.owner_phone,
    };
  }

  /** Inverter detail head: identity, station, status, today and total energy. */
  async inverterDetail(actor: Actor, query: Row, lang: string): Promise<Row> {
    const d = await this.devices.deviceOf(actor, 'inverter', query);
    const [l, f, t] = await Promise.all([
      this.devices.latest(d.id as string),
      this.devices.factory('inverter', d.device_sn as string),
      this.energy.deviceToday([{ id: d.id as string, timeZone: d.time_zone }], Date.now()),
    ]);
    return {
      ...head(d),
      ratedPower: num(f?.rated_power),
      phaseType: f?.phase_type ?? null,
      gridType: f?.grid_type ?? null,
      warrantyEnd: f?.warranty_end ?? null,
      currentPower: l && Date.now() - new Date(l.ts as Date).getTime() < 15 * 60_000 ? Math.round(Number(l.pv_power ?? 0)) : 0,
      todayEnergy: round(t.get(d.id as string)?.pv ?? 0),
      totalEnergy: num(l?.e_pv_total),
      state: l?.state ?? null,
      faults: faults(l?.fault_codes, lang),
      updateTime: dt(l?.ts),
    };
  }

  /** Parallel machines: the other inverters of the station. */
  async parallelInfo(actor: Actor, query: Row): Promise<Row> {
    const d = await this.devices.deviceOf(actor, 'inverter', query);
    const rows = d.plant_id ? await this.devices.siblings(d.plant_id as string, 'inverter') : [];
    return { master: d.device_sn, count: rows.length, machines: rows.map((r) => ({ ...r, lastDataTime: dt(r.lastDataTime), self: r.id === d.id })) };
  }

  /** Advanced settings as last known (read-only; issuing settings comes next). */
  async inverterParameter(actor: Actor, query: Row): Promise<Row> {
    const d = await this.devices.deviceOf(actor, 'inverter', query);
    const [f, l] = await Promise.all([this.devices.factory('inverter', d.device_sn as string), this.devices.latest(d.id as string)]);
    const data = (l?.data ?? {}) as { grid?: { freq?: number } };
    return {
      ...head(d),
      readOnly: true,
      runMode: { mode: Number(f?.grid_type ?? 2) === 1 ? 'off-grid' : Number(f?.grid_type ?? 2) === 3 ? 'self-use' : 'grid-tied' },
      maintenance: { enabled: false },
      powerLimit: { enabled: false, limitPercent: 100, ratedPower: num(f?.rated_power) },
      grid: { ratedFrequency: num(f?.rated_frequency), phases: f?.grid_phases ?? null, measuredFrequency: num(data.grid?.freq) },
      battery: { socMin: 10, socMax: 95 },
      load: { epsEnabled: Number(f?.grid_type ?? 0) === 3 },
      generator: { connected: false },
      other: { mpptCount: f?.mppt_count ?? null },
    };
  }

  /** Guardian detail: identity, three-phase data, gate, protection, thresholds. */
  async guardianDetail(actor: Actor, query: Row, lang: string): Promise<Row> {
    const d = await this.devices.deviceOf(actor, 'guardian', query);
    const [l, f] = await Promise.all([this.devices.latest(d.id as string), this.devices.factory('guardian', d.device_sn as string)]);
    const data = (l?.data ?? {}) as Row;
    const rated = Number(f?.rated_current ?? 63);
    return {
      ...head(d),
      cardNumber: f?.card_number ?? null,
      ratedCurrent: rated,
      gate: data.gate ?? null,
      protect: data.protect ?? null,
      phases: { voltage: data.v ?? [], current: data.i ?? [], power: data.p ?? [] },
      power: data.power ?? null,
      frequency: data.freq ?? null,
      leakCurrent: data.leakMa ?? null,
      temp: data.temp ?? null,
      faults: faults(l?.fault_codes, lang),
      updateTime: dt(l?.ts),
      // Defaults until remote settings exist (next issue).
      thresholds: { overVoltage: 264, underVoltage: 176, overCurrent: rated, leakCurrentMa: 30, overTemp: 85 },
      protectionCommands: ['open', 'close', 'reset'],
    };
  }

  /** Charger detail: live state, session, energy totals. */
  async chargerDetail(actor: Actor, query: Row, lang: string): Promise<Row> {
    const d = await this.devices.deviceOf(actor, 'charger', query);
    const [l, f] = await Promise.all([this.devices.latest(d.id as string), this.devices.factory('charger', d.device_sn as string)]);
    const dtz = (d.time_zone as string | null) ?? this.ctx.config.timeZone;
    const today = localDay(Date.now(), dtz);
    const [dayE, totalE] = await Promise.all([this.energy.deviceEnergy(d.id as string, today, today), this.energy.deviceEnergy(d.id as string, null, null)]);
    return {
      ...head(d),
      ratedPower: num(f?.rated_power),
      connectorType: f?.connector_type ?? null,
      state: l?.state ?? null,
      data: l?.data ?? {},
      faults: faults(l?.fault_codes, lang),
      todayEnergy: round(dayE.ev),
      monitoredEnergy: round(totalE.ev),
      totalEnergy: num(l?.e_ev_total),
      updateTime: dt(l?.ts),
    };
  }
}
