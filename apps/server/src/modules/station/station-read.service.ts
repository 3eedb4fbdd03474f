/**
 * The station screens' reads (spec §7 "Client", docs/stations.md): the list with live figures, one station with its
 * devices, live energy flow, energies and KPIs (today, month, year, total), its energy chart, its installed devices,
 * and the operation companies and users a station can be given. Tenant- and data-scoped by the repositories.
 */
import { BizError } from '../../core/errors.js';
import { page, type Page } from '../../core/envelope.js';
import { parsePaging } from '../../core/list-query.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { localDay } from '../telemetry/index.js';
import { EnergyRepository } from './energy.repository.js';
import { kpis, round, sums, type EnergySums } from './kpi.js';
import { dt, energyOut, faults, hhmm, num } from './station.format.js';
import { parseDayParam, str, type Row } from './station.params.js';
import { plantListQuery, StationRepository } from './station.repository.js';

const ZERO: EnergySums = { pv: 0, load: 0, import: 0, export: 0, charge: 0, discharge: 0, ev: 0 };

export class StationReads {
  private readonly stations: StationRepository;
  private readonly energy: EnergyRepository;

  constructor(private readonly ctx: ModuleContext) {
    this.stations = new StationRepository(ctx.database);
    this.energy = new EnergyRepository(ctx.database, ctx.config.timeZone);
  }

  private get co2() {
    return this.ctx.config.telemetry.co2KgPerKwh;
  }

  /** Stations, paged, with filters and live figures. */
  async list(actor: Actor, query: Row): Promise<Page<Row>> {
    const { filters, order } = plantListQuery(query);
    const p = parsePaging(query, this.ctx.config.maxPageSize);
    const { rows, total } = await this.stations.plantPage(actor, query, filters, order, p);
    const now = Date.now();
    const figures = await this.stations.plantFigures(rows.map((r) => ({ id: r.id as string, timeZone: r.timeZone as string })), now);
    // Stations written together share their times (a status run, a seed): each instant is formatted once.
    const formatted = new Map<unknown, string | null>();
    const at = (v: unknown) => {
      const k = v instanceof Date ? v.getTime() : v;
      if (!formatted.has(k)) formatted.set(k, dt(v));
      return formatted.get(k)!;
    };
    const records = rows.map((r) => {
      const x = figures.get(r.id as string)!;
      return {
        ...r,
        statusTime: at(r.statusTime),
        createTime: at(r.createTime),
        updateTime: at(r.updateTime),
        ...x,
        todayEnergy: num(x.todayEnergy),
        totalEnergy: num(x.totalEnergy),
        lastDataTime: at(x.lastDataTime),
      };
    });
    return page(records, total, p.current, p.size);
  }

  /** A station: info, devices, live energy flow, energy and KPIs (today, month, year, total). */
  async detail(actor: Actor, query: Row, lang: string): Promise<Row> {
    const p = await this.stations.plantOf(actor, query.id);
    const now = Date.now();
    const ptz = p.timeZone as string;
    const today = localDay(now, ptz);
    const id = p.id as string;
    const [devices, flow, dayE, monthE, yearE, totalE] = await Promise.all([
      this.stations.plantDevices(id),
      this.stations.plantFlow(id, now),
      this.energy.plantEnergy([id], today, today),
      this.energy.plantEnergy([id], `${today.slice(0, 7)}-01`, today),
      this.energy.plantEnergy([id], `${today.slice(0, 4)}-01-01`, today),
      this.energy.plantEnergyTotal([id]),
    ]);
    const kwp = Number(p.capacityKwp ?? 0);
    const period = (e: EnergySums) => ({ ...energyOut(e), ...kpis(e, kwp, this.co2) });
    return {
      ...p,
      statusTime: dt(p.statusTime),
      createTime: dt(p.createTime),
      updateTime: dt(p.updateTime),
      devices: devices.map((d) => ({ ...d, registerTime: dt(d.registerTime), lastDataTime: dt(d.lastDataTime), faults: faults(d.faultCodes, lang) })),
      flow: {
        pvPower: Math.round(Number(flow.pv ?? 0)),
        loadPower: Math.round(Number(flow.load ?? 0)),
        gridPower: Math.round(Number(flow.grid ?? 0)),
        batteryPower: Math.round(Number(flow.battery ?? 0)),
        batterySoc: num(flow.soc, 1),
        evPower: Math.round(Number(flow.ev ?? 0)),
        updateTime: dt(flow.last),
      },
      today: period(dayE),
      month: period(monthE),
      year: period(yearE),
      total: period(totalE),
    };
  }

  /** Energy chart: dateType=day (5-minute kWh and average kW), month (days), year (months), year-days or total (years). */
  async energyStat(actor: Actor, query: Row): Promise<Row> {
    const p = await this.stations.plantOf(actor, query.id);
    const ptz = p.timeZone as string;
    const dateType = str(query, 'dateType') ?? 'day';
    if (!['day', 'month', 'year', 'year-days', 'total'].includes(dateType)) throw new BizError('unknownParam', { param: 'dateType' });
    const date = parseDayParam(query.date, localDay(Date.now(), ptz));
    const rows = await this.energy.plantSeries(p.id as string, ptz, dateType, date);
    const points = rows.map((r) => {
      const e = sums(r);
      const base = r.t !== undefined ? { time: hhmm(r.t), timestamp: Number(r.t) } : { time: String(r.k) };
      return dateType === 'day'
        ? { ...base, ...energyOut(e), pvPower: round(e.pv * 12), loadPower: round(e.load * 12), gridPower: round((e.import - e.export) * 12), batteryPower: round((e.discharge - e.charge) * 12) }
        : { ...base, ...energyOut(e) };
    });
    const total = points.reduce<EnergySums>(
      (a, x) => ({ pv: a.pv + x.pvEnergy, load: a.load + x.loadEnergy, import: a.import + x.gridImport, export: a.export + x.gridExport, charge: a.charge + x.chargeEnergy, discharge: a.discharge + x.dischargeEnergy, ev: a.ev + x.evEnergy }),
      { ...ZERO },
    );
    return { dateType, date, timeZone: ptz, unit: { energy: 'kWh', power: 'kW' }, points, total: { ...energyOut(total), ...kpis(total, Number(p.capacityKwp ?? 0), this.co2) } };
  }

  /** Devices installed at a station with their factory information. */
  async installed(actor: Actor, query: Row): Promise<Row[]> {
    const p = await this.stations.plantOf(actor, query.id ?? query.plantId);
    const rows = await this.stations.plantInstalled(p.id as string);
    return rows.map((r) => ({ ...r, registerTime: dt(r.registerTime) }));
  }

  /** Operation companies (departments) a station can be assigned to. */
  operationCompanies(actor: Actor, query: Row): Promise<Row[]> {
    return this.stations.operationCompanies(actor, query);
  }

  /** Users of an operation company (`deptId`) who can operate a station. */
  agentUsers(actor: Actor, query: Row): Promise<Row[]> {
    return this.stations.agentUsers(actor, str(query, 'deptId'), query);
  }
}
