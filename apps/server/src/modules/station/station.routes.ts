/**
 * `/api/skyworth-client/...` — stations (plant), inverters, batteries, guardians, EV chargers and the home dashboard
 * (spec §7 "Client"). Reads are tenant- and data-scoped (station.scope.ts); every route declares its permission.
 * Paths and shapes: docs/stations.md.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { faultName, faultSolution } from '@helio/contracts/modules/station/fault-codes';
import type { ModuleContext } from '../../kernel/types.js';
import { formatDateTime } from '../../core/dates.js';
import { ok, page, status } from '../../core/envelope.js';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import { parsePaging, parseSort } from '../../core/list-query.js';
import { device, plant, type DeviceKind } from '../../db/schema-device.js';
import { idsFrom } from '../../crud/register-crud.js';
import { addDays, localDay, localMidnight } from '../telemetry/index.js';
import { registerDevices, unbindDevices } from './device-registry.js';
import { kpis, round, sums, type EnergySums } from './kpi.js';
import { CURVE_FIELDS, DEFAULT_CURVE, like, likeAny, parseDayParam, StationRepository, type Row } from './station.repository.js';
import { deviceWhere } from './station.scope.js';
import { homeRoutes } from './station-home.routes.js';
import { checkKeys, int, str } from './station.params.js';

const BASE = '/api/skyworth-client';
const Q = (props: Record<string, ReturnType<typeof Type.Optional>> = {}) =>
  Type.Object(
    {
      current: Type.Optional(Type.Integer({ minimum: 1 })),
      size: Type.Optional(Type.Integer({ minimum: 1 })),
      ...props,
    },
    { additionalProperties: true },
  );
const S = () => Type.Optional(Type.String());
const IdQ = Type.Object({ id: Type.Optional(Type.String()), deviceSn: Type.Optional(Type.String()) }, { additionalProperties: true });

const dt = (v: unknown) => (v instanceof Date || typeof v === 'string' ? formatDateTime(v as Date) : null);
const num = (v: unknown, d = 2) => (v === null || v === undefined ? null : round(Number(v), d));

/**
 * ORDER BY from ascs/descs over an allow-list (API key or its snake_case name), else the default: the engine lists'
 * `parseSort`, given one trimmed value of each as every station parameter (station.params.ts `str`).
 */
function orderBy(q: Row, allowed: Record<string, AnyColumn>, def: SQL): SQL {
  return sql.join(parseSort({ ascs: str(q, 'ascs'), descs: str(q, 'descs') }, { filters: {}, sorts: allowed, defaultSort: [def] }), sql`, `);
}

function faults(codes: unknown, lang: string) {
  return (Array.isArray(codes) ? codes : []).map((c: number) => ({ code: c, name: faultName(c, lang), solution: faultSolution(c, lang) }));
}

function energyOut(e: EnergySums) {
  return {
    pvEnergy: round(e.pv),
    loadEnergy: round(e.load),
    gridImport: round(e.import),
    gridExport: round(e.export),
    chargeEnergy: round(e.charge),
    dischargeEnergy: round(e.discharge),
    evEnergy: round(e.ev),
  };
}

export async function stationRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const repo = new StationRepository(s.database, s.config.timeZone);
  const tc = s.config.telemetry;
  const co2 = tc.co2KgPerKwh;
  const tz = s.config.timeZone;
  const access = (permission: string | string[]) => ({ access: { permission } });
  const paging = (q: Row) => parsePaging(q, s.config.maxPageSize);
  const q = (req: FastifyRequest) => (req.query ?? {}) as Row;

  // -------------------------------------------------------------------------------------------------------------
  // Stations (/power-station-equip/power)
  // -------------------------------------------------------------------------------------------------------------
  const PLANT_FILTERS = ['plantName', 'address', 'networkStatus', 'plantType', 'countryCode', 'provinceCode', 'cityCode', 'countyCode',
    'operationCompanyId', 'operationCompanyName', 'operationUserName', 'ownerName'];
  const plantList = async (req: FastifyRequest) => {
    const query = q(req);
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
    const p = paging(query);
    const { rows, total } = await repo.plantPage(req.user!, query, f, order, p);
    const now = Date.now();
    const figures = await repo.plantFigures(rows.map((r) => ({ id: r.id as string, timeZone: r.timeZone as string })), now);
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
    return ok(req, page(records, total, p.current, p.size));
  };
  const listSchema = (tag: string, summary: string, extra: Record<string, ReturnType<typeof Type.Optional>> = {}) => ({ tags: [tag], summary, querystring: Q(extra) });
  for (const verb of ['list', 'page']) {
    app.get(`${BASE}/plant/${verb}`, {
      config: access(['power_station', 'power_station_view']),
      schema: listSchema('station', 'Stations, paged, with filters (plantName, address/region, networkStatus, operator …) and live figures', {
        plantName: S(), address: S(), networkStatus: S(), operationCompanyName: S(), operationUserName: S(),
      }),
    }, plantList);
  }

  app.get(`${BASE}/plant/detail`, {
    config: access(['power_station', 'power_station_view']),
    schema: { tags: ['station'], summary: 'A station: info, devices, live energy flow, energy and KPIs (today, month, year, total)', querystring: IdQ },
  }, async (req) => {
    const p = await repo.plantOf(req.user!, q(req).id);
    const now = Date.now();
    const ptz = p.timeZone as string;
    const today = localDay(now, ptz);
    const [devices, flow, dayE, monthE, yearE, totalE] = await Promise.all([
      repo.plantDevices(p.id as string),
      repo.plantFlow(p.id as string, now),
      repo.plantEnergy([p.id as string], today, today),
      repo.plantEnergy([p.id as string], `${today.slice(0, 7)}-01`, today),
      repo.plantEnergy([p.id as string], `${today.slice(0, 4)}-01-01`, today),
      repo.plantEnergyTotal([p.id as string]),
    ]);
    const kwp = Number(p.capacityKwp ?? 0);
    const period = (e: EnergySums) => ({ ...energyOut(e), ...kpis(e, kwp, co2) });
    return ok(req, {
      ...p,
      statusTime: dt(p.statusTime),
      createTime: dt(p.createTime),
      updateTime: dt(p.updateTime),
      devices: devices.map((d) => ({ ...d, registerTime: dt(d.registerTime), lastDataTime: dt(d.lastDataTime), faults: faults(d.faultCodes, req.lang) })),
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
    });
  });

  app.get(`${BASE}/plant/energyStat`, {
    config: access(['power_station', 'power_station_view']),
    schema: {
      tags: ['station'],
      summary: 'Station energy chart: dateType=day (5-minute kWh and average kW), month (days), year (months), year-days (the days of a year) or total (years)',
      querystring: Type.Object({ id: Type.String(), dateType: Type.Optional(Type.String()), date: Type.Optional(Type.String()) }, { additionalProperties: true }),
    },
  }, async (req) => {
    const query = q(req);
    const p = await repo.plantOf(req.user!, query.id);
    const ptz = p.timeZone as string;
    const dateType = str(query, 'dateType') ?? 'day';
    if (!['day', 'month', 'year', 'year-days', 'total'].includes(dateType)) throw new BizError('unknownParam', { param: 'dateType' });
    const date = parseDayParam(query.date, localDay(Date.now(), ptz));
    const rows = await repo.plantSeries(p.id as string, ptz, dateType, date);
    const points = rows.map((r) => {
      const e = sums(r);
      const base = r.t !== undefined ? { time: formatDateTime(new Date(Number(r.t)))!.slice(11, 16), timestamp: Number(r.t) } : { time: String(r.k) };
      return dateType === 'day'
        ? { ...base, ...energyOut(e), pvPower: round(e.pv * 12), loadPower: round(e.load * 12), gridPower: round((e.import - e.export) * 12), batteryPower: round((e.discharge - e.charge) * 12) }
        : { ...base, ...energyOut(e) };
    });
    const total = points.reduce<EnergySums>(
      (a, x) => ({ pv: a.pv + x.pvEnergy, load: a.load + x.loadEnergy, import: a.import + x.gridImport, export: a.export + x.gridExport, charge: a.charge + x.chargeEnergy, discharge: a.discharge + x.dischargeEnergy, ev: a.ev + x.evEnergy }),
      { pv: 0, load: 0, import: 0, export: 0, charge: 0, discharge: 0, ev: 0 },
    );
    return ok(req, { dateType, date, timeZone: ptz, unit: { energy: 'kWh', power: 'kW' }, points, total: { ...energyOut(total), ...kpis(total, Number(p.capacityKwp ?? 0), co2) } });
  });

  app.get(`${BASE}/plant/installedInfo`, {
    config: access(['power_station', 'power_station_view']),
    schema: { tags: ['station'], summary: 'Devices installed at a station with their factory information', querystring: IdQ },
  }, async (req) => {
    const p = await repo.plantOf(req.user!, q(req).id ?? q(req).plantId);
    const rows = await repo.plantInstalled(p.id as string);
    return ok(req, rows.map((r) => ({ ...r, registerTime: dt(r.registerTime) })));
  });

  app.get(`${BASE}/plant/operationCompanyList`, {
    config: access(['power_station_edit']),
    schema: { tags: ['station'], summary: 'Operation companies (departments) a station can be assigned to' },
  }, async (req) => ok(req, await repo.operationCompanies(req.user!, q(req))));

  app.get(`${BASE}/plant/agentUserList`, {
    config: access(['power_station_edit']),
    schema: { tags: ['station'], summary: 'Users of an operation company (deptId) who can operate a station', querystring: Type.Object({ deptId: S() }, { additionalProperties: true }) },
  }, async (req) => ok(req, await repo.agentUsers(req.user!, str(q(req), 'deptId'), q(req))));

  app.post(`${BASE}/plant/submitOperationInfo`, {
    config: access('power_station_edit'),
    schema: {
      tags: ['station'],
      summary: "Set a station's operation company and operation user",
      body: Type.Object({
        id: Type.Union([Type.String(), Type.Number()]),
        operationCompanyId: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])),
        operationUserId: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])),
      }, { additionalProperties: true }),
    },
  }, async (req) => {
    const b = req.body as Row;
    const id = String(b.id);
    await repo.plantOf(req.user!, id);
    const companyId = b.operationCompanyId === null || b.operationCompanyId === undefined || b.operationCompanyId === '' ? null : String(b.operationCompanyId);
    const userId = b.operationUserId === null || b.operationUserId === undefined || b.operationUserId === '' ? null : String(b.operationUserId);
    if ((companyId && !isId(companyId)) || (userId && !isId(userId))) throw new BizError('badRequest');
    // Names are looked up (and the ids validated) inside the caller's tenant, never taken from the client.
    const [company] = companyId ? await repo.rows<Row>(sql`SELECT dept_name AS n FROM blade_dept WHERE id = ${companyId} AND is_deleted = 0 AND ${repo.tenantSql(req.user!, {})}`) : [];
    const [user] = userId ? await repo.rows<Row>(sql`SELECT real_name AS n FROM blade_user WHERE id = ${userId} AND is_deleted = 0 AND ${repo.tenantSql(req.user!, {})}`) : [];
    if ((companyId && !company) || (userId && !user)) throw new BizError('recordNotFound');
    const done = await repo.submitOperation(req.user!, id, {
      operationCompanyId: companyId,
      operationCompanyName: (company?.n as string | undefined) ?? null,
      operationUserId: userId,
      operationUserName: (user?.n as string | undefined) ?? null,
    });
    return status(req, done);
  });

  // Registering devices to a station (spec §5): each SN must be in its factory list and unused (usage 0 → 1); the
  // same SN cannot be chosen twice in one request; all or none. Each device's MQTT secret is answered once.
  app.post(`${BASE}/plant/addDevice`, {
    config: access('power_station_edit'),
    schema: {
      tags: ['station'],
      summary: 'Register devices to a station by SN (from the factory lists); answers each device secret once',
      body: Type.Object({
        plantId: Type.Union([Type.String(), Type.Number()]),
        devices: Type.Array(
          Type.Object({
            deviceType: Type.Union([Type.Literal('inverter'), Type.Literal('battery'), Type.Literal('guardian'), Type.Literal('charger')]),
            deviceSn: Type.String({ minLength: 1, maxLength: 64 }),
            parentSn: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
          }),
          { minItems: 1, maxItems: 50 },
        ),
      }),
    },
  }, async (req) => {
    const b = req.body as { plantId: string | number; devices: { deviceType: DeviceKind; deviceSn: string; parentSn?: string | null }[] };
    const p = await repo.plantOf(req.user!, String(b.plantId));
    const registered = await registerDevices(
      s.database.db,
      b.devices.map((d) => ({
        tenantId: p.tenantId as string,
        plantId: p.id as string,
        type: d.deviceType,
        sn: d.deviceSn.trim(),
        parentSn: d.parentSn?.trim() || null,
        userId: req.user!.userId,
        deptId: req.user!.deptIds[0] ?? null,
      })),
    );
    return ok(req, registered.map((r, i) => ({ id: r.id, deviceSn: r.sn, deviceType: b.devices[i]!.deviceType, secret: r.secret })));
  });

  app.post(`${BASE}/plant/remove`, {
    config: access('power_station_delete'),
    schema: { tags: ['station'], summary: 'Delete stations (flagged deleted; their devices and data are kept and stay findable by SN)', querystring: Type.Object({ ids: S() }, { additionalProperties: true }) },
  }, async (req) => {
    const ids = idsFrom(req);
    if (!ids.length) throw new BizError('idsRequired');
    return status(req, (await repo.removePlants(req.user!, ids)) > 0);
  });

  // -------------------------------------------------------------------------------------------------------------
  // Devices: shared pieces
  // -------------------------------------------------------------------------------------------------------------
  const DEVICE_FILTERS = ['deviceSn', 'plantName', 'plantId', 'networkStatus', 'model'];
  const deviceList = (kind: DeviceKind) => async (req: FastifyRequest) => {
    const query = q(req);
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
    const p = paging(query);
    const { rows, total } = await repo.devicePage(req.user!, kind, query, f, order, p);
    const today = await repo.deviceToday(rows.map((r) => ({ id: r.id as string, timeZone: r.timeZone })), Date.now());
    const records = rows.map((r) => {
      const e = today.get(r.id as string);
      return {
        ...r,
        statusTime: dt(r.statusTime),
        registerTime: dt(r.registerTime),
        lastDataTime: dt(r.lastDataTime),
        faults: faults(r.faultCodes, req.lang),
        ...(kind === 'inverter' ? { todayEnergy: round(e?.pv ?? 0), totalEnergy: num(r.pvTotal) } : {}),
        ...(kind === 'battery' ? { todayCharge: round(e?.charge ?? 0), todayDischarge: round(e?.discharge ?? 0) } : {}),
        ...(kind === 'charger' ? { todayEnergy: round(e?.ev ?? 0), totalEnergy: num(r.evTotal) } : {}),
      };
    });
    return ok(req, page(records, total, p.current, p.size));
  };

  const head = (d: Row) => ({
    id: d.id,
    deviceSn: d.device_sn,
    deviceType: d.device_type,
    model: d.model,
    parentSn: d.parent_sn,
    plantId: d.plant_id,
    plantName: d.plant_name,
    plantDeleted: Number(d.plant_deleted ?? 0),
    unbound: Number(d.is_deleted ?? 0),
    networkStatus: d.network_status,
    statusTime: dt(d.status_time),
    online: d.online,
    reportInterval: d.report_interval,
    registerTime: dt(d.register_time),
    unbindTime: dt(d.unbind_time),
  });

  const currentStatus = (kind: DeviceKind) => async (req: FastifyRequest) => {
    const d = await repo.deviceOf(req.user!, kind, q(req));
    const l = await repo.latest(d.id as string);
    const data = (l?.data ?? {}) as Row;
    return ok(req, {
      ...head(d),
      updateTime: dt(l?.ts),
      receivedTime: dt(l?.received_at),
      state: l?.state ?? null,
      faults: faults(l?.fault_codes, req.lang),
      warnings: faults(l?.warning_codes, req.lang),
      data,
    });
  };

  const curve = (kind: DeviceKind) => async (req: FastifyRequest) => {
    const query = q(req);
    const d = await repo.deviceOf(req.user!, kind, query);
    const dtz = (d.time_zone as string | null) ?? tz;
    const date = parseDayParam(query.date, localDay(Date.now(), dtz));
    const wanted = str(query, 'fields')?.split(',').map((x) => x.trim()).filter(Boolean) ?? DEFAULT_CURVE[kind];
    for (const f of wanted) if (!CURVE_FIELDS[kind][f]) throw new BizError('unknownParam', { param: f.slice(0, 64) });
    const fields = wanted.slice(0, 12);
    const rows = await repo.curve(kind, d.id as string, localMidnight(date, dtz), localMidnight(addDays(date, 1), dtz), fields);
    return ok(req, {
      date,
      timeZone: dtz,
      fields,
      available: Object.keys(CURVE_FIELDS[kind]),
      times: rows.map((r) => formatDateTime(new Date(Number(r.t)))!.slice(11, 16)),
      timestamps: rows.map((r) => Number(r.t)),
      series: Object.fromEntries(fields.map((f) => [f, rows.map((r) => (r[f] === null || r[f] === undefined ? null : round(Number(r[f]), 3)))])),
    });
  };

  const everyDay = (kind: DeviceKind) => async (req: FastifyRequest) => {
    const query = q(req);
    const d = await repo.deviceOf(req.user!, kind, query);
    const dtz = (d.time_zone as string | null) ?? tz;
    const month = str(query, 'month') ?? localDay(Date.now(), dtz).slice(0, 7);
    if (!/^\d{4}-\d{2}$/.test(month)) throw new BizError('dateInvalid', { value: month });
    const first = `${month}-01`;
    const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const rows = await repo.deviceDays(d.id as string, first, lastDay);
    const records = rows.map((r) => ({ day: r.day, samples: Number(r.samples), ...energyOut(sums(r)) }));
    const date = str(query, 'date');
    let hours: unknown[] | undefined;
    if (date) {
      const dd = parseDayParam(date, first);
      const h = await repo.deviceHours(d.id as string, localMidnight(dd, dtz), localMidnight(addDays(dd, 1), dtz));
      hours = h.map((r) => ({ time: formatDateTime(new Date(Number(r.t)))!.slice(11, 16), ...energyOut(sums(r)) }));
    }
    return ok(req, { month, records, ...(hours ? { hours } : {}) });
  };

  const totals = (kind: DeviceKind) => async (req: FastifyRequest) => {
    const d = await repo.deviceOf(req.user!, kind, q(req));
    const dtz = (d.time_zone as string | null) ?? tz;
    const today = localDay(Date.now(), dtz);
    const [l, dayE, monthE, yearE, totalE] = await Promise.all([
      repo.latest(d.id as string),
      repo.deviceEnergy(d.id as string, today, today),
      repo.deviceEnergy(d.id as string, `${today.slice(0, 7)}-01`, today),
      repo.deviceEnergy(d.id as string, `${today.slice(0, 4)}-01-01`, today),
      repo.deviceEnergy(d.id as string, null, null),
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
    return ok(req, { ...head(d), lifetime, today: energyOut(dayE), month: energyOut(monthE), year: energyOut(yearE), monitored: energyOut(totalE), updateTime: dt(l?.ts) });
  };

  const deviceInfo = (kind: DeviceKind) => async (req: FastifyRequest) => {
    const d = await repo.deviceOf(req.user!, kind, q(req));
    const f = await repo.factory(kind, d.device_sn as string);
    const factory = f ? Object.fromEntries(Object.entries(f).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v instanceof Date ? dt(v) : v])) : null;
    return ok(req, {
      ...head(d),
      firmware: { protocol: d.fw_protocol ?? f?.fw_protocol ?? null, master: d.fw_master ?? f?.fw_master ?? null, slave: d.fw_slave ?? f?.fw_slave ?? null, ems: d.fw_ems ?? f?.fw_ems ?? null, dcdc: d.fw_dcdc ?? f?.fw_dcdc ?? null },
      lastConnectTime: dt(d.last_connect_time),
      lastDisconnectTime: dt(d.last_disconnect_time),
      factory,
    });
  };

  const installInfo = (kind: DeviceKind) => async (req: FastifyRequest) => {
    const d = await repo.deviceOf(req.user!, kind, q(req));
    return ok(req, {
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
    });
  };

  const events = (kind: DeviceKind, onlyIssues: boolean) => async (req: FastifyRequest) => {
    const query = q(req);
    const d = await repo.deviceOf(req.user!, kind, query);
    const p = paging(query);
    const { rows, total } = await repo.events(d.id as string, onlyIssues, p);
    const records = rows.map((r) => ({
      ...r,
      ts: dt(r.ts),
      name: Number(r.eventType) === 4 ? (req.lang.startsWith('en') ? (r.action ? 'Online' : 'Offline') : r.action ? '上线' : '离线') : faultName(Number(r.code), req.lang),
      solution: Number(r.eventType) <= 2 ? faultSolution(Number(r.code), req.lang) : '',
    }));
    return ok(req, page(records, total, p.current, p.size));
  };

  const alarms = (kind: DeviceKind) => async (req: FastifyRequest) => {
    const query = q(req);
    const d = await repo.deviceOf(req.user!, kind, query);
    const p = paging(query);
    const { rows, total } = await repo.deviceAlarms(d.id as string, p);
    const records = rows.map((r) => ({ ...r, triggerTime: dt(r.triggerTime), recoverTime: dt(r.recoverTime), name: faultName(Number(r.alarmCode), req.lang), solution: faultSolution(Number(r.alarmCode), req.lang) }));
    return ok(req, page(records, total, p.current, p.size));
  };

  const summary = (kind: DeviceKind) => async (req: FastifyRequest) => {
    const r = await repo.deviceSummary(req.user!, kind, q(req), Date.now());
    return ok(req, {
      total: Number(r.total ?? 0),
      normal: Number(r.normal ?? 0),
      disconnected: Number(r.disconnected ?? 0),
      fault: Number(r.fault ?? 0),
      currentPower: Math.round(Number(r.power ?? 0)),
      ...(kind === 'inverter' ? { ratedPower: num(r.rated) } : {}),
      ...(kind === 'battery' ? { capacityKwh: num(r.capacity), averageSoc: num(r.soc, 1) } : {}),
    });
  };

  const devSchema = (tag: string, summary: string, qs: ReturnType<typeof Type.Object> = IdQ) => ({ tags: [tag], summary, querystring: qs });
  const curveQ = Type.Object({ id: S(), deviceSn: S(), date: S(), fields: S() }, { additionalProperties: true });
  const pageQ = Type.Object({ id: S(), deviceSn: S(), current: Type.Optional(Type.Integer({ minimum: 1 })), size: Type.Optional(Type.Integer({ minimum: 1 })) }, { additionalProperties: true });

  // -------------------------------------------------------------------------------------------------------------
  // Inverters (/inverter)
  // -------------------------------------------------------------------------------------------------------------
  const INV = ['inverter', 'inverter_view'];
  for (const verb of ['list', 'page']) {
    app.get(`${BASE}/inverter/${verb}`, { config: access(INV), schema: listSchema('inverter', 'Inverters, paged (deviceSn, plantName, plantId, networkStatus, model)', { deviceSn: S(), plantName: S(), networkStatus: S() }) }, deviceList('inverter'));
  }
  app.get(`${BASE}/inverter/overview`, { config: access(INV), schema: { tags: ['inverter'], summary: 'Inverter counts by network status, rated and current power' } }, summary('inverter'));
  app.get(`${BASE}/inverter/detail`, { config: access(INV), schema: devSchema('inverter', 'Inverter detail head: identity, station, status, today and total energy') }, async (req) => {
    const d = await repo.deviceOf(req.user!, 'inverter', q(req));
    const [l, f, t] = await Promise.all([repo.latest(d.id as string), repo.factory('inverter', d.device_sn as string), repo.deviceToday([{ id: d.id as string, timeZone: d.time_zone }], Date.now())]);
    return ok(req, {
      ...head(d),
      ratedPower: num(f?.rated_power),
      phaseType: f?.phase_type ?? null,
      gridType: f?.grid_type ?? null,
      warrantyEnd: f?.warranty_end ?? null,
      currentPower: l && Date.now() - new Date(l.ts as Date).getTime() < 15 * 60_000 ? Math.round(Number(l.pv_power ?? 0)) : 0,
      todayEnergy: round(t.get(d.id as string)?.pv ?? 0),
      totalEnergy: num(l?.e_pv_total),
      state: l?.state ?? null,
      faults: faults(l?.fault_codes, req.lang),
      updateTime: dt(l?.ts),
    });
  });
  app.get(`${BASE}/inverter/currentStatus`, { config: access(INV), schema: devSchema('inverter', 'Inverter live data (PV strings, battery, grid per phase, load, temperatures, state, faults)') }, currentStatus('inverter'));
  app.get(`${BASE}/inverter/statusStat`, { config: access(INV), schema: devSchema('inverter', 'Status curve of a day: chosen values (fields=pvPower,gridPower,…) from raw reports', curveQ) }, curve('inverter'));
  app.get(`${BASE}/inverter/everyDayStat`, { config: access(INV), schema: devSchema('inverter', 'Daily statistics of a month (month=yyyy-MM); date=yyyy-MM-dd adds that day by hour', Type.Object({ id: S(), deviceSn: S(), month: S(), date: S() }, { additionalProperties: true })) }, everyDay('inverter'));
  app.get(`${BASE}/inverter/energyTotalStat`, { config: access(INV), schema: devSchema('inverter', 'Energy totals: lifetime counters, today, month, year and everything monitored') }, totals('inverter'));
  app.get(`${BASE}/inverter/deviceInfo`, { config: access(INV), schema: devSchema('inverter', 'Device information: factory info and firmware versions') }, deviceInfo('inverter'));
  app.get(`${BASE}/inverter/installInfo`, { config: access(INV), schema: devSchema('inverter', 'Install information: station, address, installer, owner') }, installInfo('inverter'));
  app.get(`${BASE}/inverter/eventList`, { config: access(INV), schema: devSchema('inverter', 'Device events (newest first)', pageQ) }, events('inverter', false));
  app.get(`${BASE}/inverter/exceptionList`, { config: access(INV), schema: devSchema('inverter', 'Faults and warnings reported by the device', pageQ) }, events('inverter', true));
  app.get(`${BASE}/inverter/parallelInfo`, { config: access(INV), schema: devSchema('inverter', 'Parallel machines: the other inverters of the station') }, async (req) => {
    const d = await repo.deviceOf(req.user!, 'inverter', q(req));
    const rows = d.plant_id ? await repo.siblings(d.plant_id as string, 'inverter') : [];
    return ok(req, { master: d.device_sn, count: rows.length, machines: rows.map((r) => ({ ...r, lastDataTime: dt(r.lastDataTime), self: r.id === d.id })) });
  });
  app.get(`${BASE}/inverter/parameter`, { config: access(INV), schema: devSchema('inverter', 'Advanced settings as last known (read-only; issuing settings comes next)') }, async (req) => {
    const d = await repo.deviceOf(req.user!, 'inverter', q(req));
    const [f, l] = await Promise.all([repo.factory('inverter', d.device_sn as string), repo.latest(d.id as string)]);
    const data = (l?.data ?? {}) as { grid?: { freq?: number } };
    return ok(req, {
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
    });
  });

  // -------------------------------------------------------------------------------------------------------------
  // Batteries (/battery)
  // -------------------------------------------------------------------------------------------------------------
  const BAT = ['battery', 'battery_view'];
  for (const verb of ['page', 'list']) {
    app.get(`${BASE}/battery/${verb}`, { config: access(BAT), schema: listSchema('battery', 'Batteries, paged, with SoC, SoH, power and today’s charge/discharge', { deviceSn: S(), plantName: S(), networkStatus: S() }) }, deviceList('battery'));
  }
  app.get(`${BASE}/battery/listSummary`, { config: access(BAT), schema: { tags: ['battery'], summary: 'Battery counts by status, installed capacity, current power and average SoC' } }, summary('battery'));
  app.get(`${BASE}/battery/currentStatus`, { config: access(BAT), schema: devSchema('battery', 'Battery live data (voltage, current, power, SoC, SoH, cells)') }, currentStatus('battery'));
  app.get(`${BASE}/battery/stateCurve`, { config: access(BAT), schema: devSchema('battery', 'State curve of a day (fields=soc,power,…)', curveQ) }, curve('battery'));
  app.get(`${BASE}/battery/dailyEstimate`, { config: access(BAT), schema: devSchema('battery', 'Daily charge/discharge of a month', Type.Object({ id: S(), deviceSn: S(), month: S(), date: S() }, { additionalProperties: true })) }, everyDay('battery'));
  app.get(`${BASE}/battery/totalStatistics`, { config: access(BAT), schema: devSchema('battery', 'Charge/discharge totals') }, totals('battery'));
  app.get(`${BASE}/battery/deviceInformation`, { config: access(BAT), schema: devSchema('battery', 'Battery factory information') }, deviceInfo('battery'));
  app.get(`${BASE}/battery/installation`, { config: access(BAT), schema: devSchema('battery', 'Battery installation information') }, installInfo('battery'));
  app.get(`${BASE}/battery/importantEvents`, { config: access(BAT), schema: devSchema('battery', 'Battery events', pageQ) }, events('battery', false));
  app.get(`${BASE}/battery/exceptionLog`, { config: access(BAT), schema: devSchema('battery', 'Battery faults and warnings', pageQ) }, events('battery', true));

  // -------------------------------------------------------------------------------------------------------------
  // Guardians (/guardian)
  // -------------------------------------------------------------------------------------------------------------
  const GRD = ['guardian', 'guardian_view'];
  app.get(`${BASE}/guardianPlant/list`, { config: access(GRD), schema: listSchema('guardian', 'Guardians (safety breakers), paged: gate position, power, status', { deviceSn: S(), plantName: S(), networkStatus: S() }) }, deviceList('guardian'));
  app.get(`${BASE}/guardianPlant/detail`, { config: access(GRD), schema: devSchema('guardian', 'Guardian detail: identity, three-phase data, gate, protection, thresholds') }, async (req) => {
    const d = await repo.deviceOf(req.user!, 'guardian', q(req));
    const [l, f] = await Promise.all([repo.latest(d.id as string), repo.factory('guardian', d.device_sn as string)]);
    const data = (l?.data ?? {}) as Row;
    const rated = Number(f?.rated_current ?? 63);
    return ok(req, {
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
      faults: faults(l?.fault_codes, req.lang),
      updateTime: dt(l?.ts),
      // Defaults until remote settings exist (next issue).
      thresholds: { overVoltage: 264, underVoltage: 176, overCurrent: rated, leakCurrentMa: 30, overTemp: 85 },
      protectionCommands: ['open', 'close', 'reset'],
    });
  });
  app.get(`${BASE}/guardianPlant/currentStatus`, { config: access(GRD), schema: devSchema('guardian', 'Guardian live data') }, currentStatus('guardian'));
  app.get(`${BASE}/guardianPlant/statusStat`, { config: access(GRD), schema: devSchema('guardian', 'Guardian curve of a day (fields=power,voltageA,…)', curveQ) }, curve('guardian'));
  app.get(`${BASE}/guardianPlant/alarmList`, { config: access(GRD), schema: devSchema('guardian', 'Alarms of a guardian', pageQ) }, alarms('guardian'));
  app.post(`${BASE}/guardianPlant/unbind`, {
    config: access('guardian_unbind'),
    schema: { tags: ['guardian'], summary: 'Unbind guardians from their stations (the SN becomes free; data is kept)', querystring: Type.Object({ ids: S() }, { additionalProperties: true }) },
  }, async (req) => {
    const ids = idsFrom(req);
    if (!ids.length) throw new BizError('idsRequired');
    const n = await unbindDevices(s.database.db, ids, req.user!.userId, and(eq(device.deviceType, 3), deviceWhere(req.user!)));
    return status(req, n > 0);
  });

  // -------------------------------------------------------------------------------------------------------------
  // EV chargers (/charge)
  // -------------------------------------------------------------------------------------------------------------
  const CHG = ['charge', 'charge_view'];
  app.get(`${BASE}/charger/list`, { config: access(CHG), schema: listSchema('charger', 'EV chargers, paged: state, power, today’s and total energy', { deviceSn: S(), plantName: S(), networkStatus: S() }) }, deviceList('charger'));
  app.get(`${BASE}/charger/overview`, { config: access(CHG), schema: { tags: ['charger'], summary: 'Charger counts by status and current charging power' } }, summary('charger'));
  app.get(`${BASE}/charger/detail`, { config: access(CHG), schema: devSchema('charger', 'Charger detail: live state, session, energy totals') }, async (req) => {
    const d = await repo.deviceOf(req.user!, 'charger', q(req));
    const [l, f] = await Promise.all([repo.latest(d.id as string), repo.factory('charger', d.device_sn as string)]);
    const dtz = (d.time_zone as string | null) ?? tz;
    const today = localDay(Date.now(), dtz);
    const [dayE, totalE] = await Promise.all([repo.deviceEnergy(d.id as string, today, today), repo.deviceEnergy(d.id as string, null, null)]);
    return ok(req, {
      ...head(d),
      ratedPower: num(f?.rated_power),
      connectorType: f?.connector_type ?? null,
      state: l?.state ?? null,
      data: l?.data ?? {},
      faults: faults(l?.fault_codes, req.lang),
      todayEnergy: round(dayE.ev),
      monitoredEnergy: round(totalE.ev),
      totalEnergy: num(l?.e_ev_total),
      updateTime: dt(l?.ts),
    });
  });
  app.get(`${BASE}/charger/sessions`, { config: access(CHG), schema: devSchema('charger', 'Charging sessions (newest first)', pageQ) }, async (req) => {
    const query = q(req);
    const d = await repo.deviceOf(req.user!, 'charger', query);
    const p = paging(query);
    const { rows, total } = await repo.sessions(d.id as string, p);
    return ok(req, page(rows.map((r) => ({ ...r, startTime: dt(r.startTime), endTime: dt(r.endTime), energyKwh: num(r.energyKwh, 3), maxPower: Math.round(Number(r.maxPower)) })), total, p.current, p.size));
  });
  app.get(`${BASE}/charger/statusStat`, { config: access(CHG), schema: devSchema('charger', 'Charger curve of a day', curveQ) }, curve('charger'));

  await homeRoutes(app, s, repo);
}
