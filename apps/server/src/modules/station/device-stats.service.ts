/**
 * A device over time: its curve of a day (chosen values from raw reports), its days of a month (and the hours of one
 * day), its energy totals (lifetime counters, today, month, year, everything monitored), its events and faults, its
 * alarms and its charging sessions. The device is found in the caller's scope first (device.repository.ts).
 */
import { BizError } from '../../core/errors.js';
import { page, type Page } from '../../core/envelope.js';
import { parsePaging } from '../../core/list-query.js';
import { faultName, faultSolution } from '@helio/contracts/modules/station/fault-codes';
import type { DeviceKind } from '../../db/schema-device.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { addDays, localDay, localMidnight } from '../telemetry/index.js';
import { CURVE_FIELDS, DEFAULT_CURVE, DeviceHistoryRepository } from './device-history.repository.js';
import { DeviceRepository } from './device.repository.js';
import { EnergyRepository } from './energy.repository.js';
import { round, sums } from './kpi.js';
import { dt, energyOut, head, hhmm, num } from './station.format.js';
import { parseDayParam, str, type Row } from './station.params.js';

export class DeviceStats {
  private readonly devices: DeviceRepository;
  private readonly history: DeviceHistoryRepository;
  private readonly energy: EnergyRepository;

  constructor(private readonly ctx: ModuleContext) {
    this.devices = new DeviceRepository(ctx.database);
    this.history = new DeviceHistoryRepository(ctx.database);
    this.energy = new EnergyRepository(ctx.database, ctx.config.timeZone);
  }

  /** The device and its time zone (the station's, else the server's). */
  private async found(actor: Actor, kind: DeviceKind, query: Row): Promise<{ d: Row; tz: string }> {
    const d = await this.devices.deviceOf(actor, kind, query);
    return { d, tz: (d.time_zone as string | null) ?? this.ctx.config.timeZone };
  }

  /** Curve of a day: chosen values (`fields`, at most 12) from raw reports. */
  async curve(actor: Actor, kind: DeviceKind, query: Row): Promise<Row> {
    const { d, tz } = await this.found(actor, kind, query);
    const date = parseDayParam(query.date, localDay(Date.now(), tz));
    const wanted = str(query, 'fields')?.split(',').map((x) => x.trim()).filter(Boolean) ?? DEFAULT_CURVE[kind];
    for (const f of wanted) if (!CURVE_FIELDS[kind][f]) throw new BizError('unknownParam', { param: f.slice(0, 64) });
    const fields = wanted.slice(0, 12);
    const rows = await this.history.curve(kind, d.id as string, localMidnight(date, tz), localMidnight(addDays(date, 1), tz), fields);
    return {
      date,
      timeZone: tz,
      fields,
      available: Object.keys(CURVE_FIELDS[kind]),
      times: rows.map((r) => hhmm(r.t)),
      timestamps: rows.map((r) => Number(r.t)),
      series: Object.fromEntries(fields.map((f) => [f, rows.map((r) => (r[f] === null || r[f] === undefined ? null : round(Number(r[f]), 3)))])),
    };
  }

  /** Daily statistics of a month (`month=yyyy-MM`); `date=yyyy-MM-dd` adds that day by hour. */
  async everyDay(actor: Actor, kind: DeviceKind, query: Row): Promise<Row> {
    const { d, tz } = await this.found(actor, kind, query);
    const month = str(query, 'month') ?? localDay(Date.now(), tz).slice(0, 7);
    if (!/^\d{4}-\d{2}$/.test(month)) throw new BizError('dateInvalid', { value: month });
    const first = `${month}-01`;
    const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const rows = await this.energy.deviceDays(d.id as string, first, lastDay);
    const records = rows.map((r) => ({ day: r.day, samples: Number(r.samples), ...energyOut(sums(r)) }));
    const date = str(query, 'date');
    let hours: unknown[] | undefined;
    if (date) {
      const dd = parseDayParam(date, first);
      const h = await this.energy.deviceHours(d.id as string, localMidnight(dd, tz), localMidnight(addDays(dd, 1), tz));
      hours = h.map((r) => ({ time: hhmm(r.t), ...energyOut(sums(r)) }));
    }
    return { month, records, ...(hours ? { hours } : {}) };
  }

  /** Energy totals: lifetime counters, today, month, year and everything monitored. */
  async totals(actor: Actor, kind: DeviceKind, query: Row): Promise<Row> {
    const { d, tz } = await this.found(actor, kind, query);
    const id = d.id as string;
    const today = localDay(Date.now(), tz);
    const [l, dayE, monthE, yearE, totalE] = await Promise.all([
      this.devices.latest(id),
      this.energy.deviceEnergy(id, today, today),
      this.energy.deviceEnergy(id, `${today.slice(0, 7)}-01`, today),
      this.energy.deviceEnergy(id, `${today.slice(0, 4)}-01-01`, today),
      this.energy.deviceEnergy(id, null, null),
    ]);
    const lifetime = {
      pvTotal: num(l?.e_pv_total),
      loadTotal: num(l?.e_load_total),
      importTotal: num(l?.e_import_total),
      exportTotal: num(l?.e_export_total),
      chargeTotal: num(l?.e_charge_total),
      dischargeTotal: num(l?.e_discharge_total),
      evTotal: num(l?.e_ev_total),
    };
    return { ...head(d), lifetime, today: energyOut(dayE), month: energyOut(monthE), year: energyOut(yearE), monitored: energyOut(totalE), updateTime: dt(l?.ts) };
  }

  /** Device events, newest first; `onlyIssues` = faults and warnings. */
  async events(actor: Actor, kind: DeviceKind, onlyIssues: boolean, query: Row, lang: string): Promise<Page<Row>> {
    const d = await this.devices.deviceOf(actor, kind, query);
    const p = parsePaging(query, this.ctx.config.maxPageSize);
    const { rows, total } = await this.history.events(d.id as string, onlyIssues, p);
    const records = rows.map((r) => ({
      ...r,
      ts: dt(r.ts),
      name: Number(r.eventType) === 4 ? (lang.startsWith('en') ? (r.action ? 'Online' : 'Offline') : r.action ? '上线' : '离线') : faultName(Number(r.code), lang),
      solution: Number(r.eventType) <= 2 ? faultSolution(Number(r.code), lang) : '',
    }));
    return page(records, total, p.current, p.size);
  }

  /** Alarms of a device, newest first. */
  async alarms(actor: Actor, kind: DeviceKind, query: Row, lang: string): Promise<Page<Row>> {
    const d = await this.devices.deviceOf(actor, kind, query);
    const p = parsePaging(query, this.ctx.config.maxPageSize);
    const { rows, total } = await this.history.alarms(d.id as string, p);
    const records = rows.map((r) => ({ ...r, triggerTime: dt(r.triggerTime), recoverTime: dt(r.recoverTime), name: faultName(Number(r.alarmCode), lang), solution: faultSolution(Number(r.alarmCode), lang) }));
    return page(records, total, p.current, p.size);
  }

  /** Charging sessions of a charger, newest first. */
  async sessions(actor: Actor, query: Row): Promise<Page<Row>> {
    const d = await this.devices.deviceOf(actor, 'charger', query);
    const p = parsePaging(query, this.ctx.config.maxPageSize);
    const { rows, total } = await this.history.sessions(d.id as string, p);
    return page(rows.map((r) => ({ ...r, startTime: dt(r.startTime), endTime: dt(r.endTime), energyKwh: num(r.energyKwh, 3), maxPower: Math.round(Number(r.maxPower)) })), total, p.current, p.size);
  }
}
