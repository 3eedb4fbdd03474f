/**
 * `/api/skyworth-client/{inverter,battery,guardianPlant,charger}/...` — the device screens (spec §7 "Client"): HTTP ↔
 * device-read.service.ts (lists, details, live state), device-stats.service.ts (curves, statistics, events) and
 * station.service.ts (unbinding). Every route declares its permission; paths and shapes: docs/stations.md.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok, status } from '../../core/envelope.js';
import { idsFrom } from '../../crud/register-crud.js';
import type { DeviceKind } from '../../db/schema-device.js';
import type { DeviceReads } from './device-read.service.js';
import type { DeviceStats } from './device-stats.service.js';
import type { StationService } from './station.service.js';
import { access, BASE, curveQ, devSchema, listSchema, monthQ, pageQ, q, S } from './station.schemas.js';

export function deviceRoutes(app: FastifyInstance, reads: DeviceReads, stats: DeviceStats, writes: StationService): void {
  const list = (kind: DeviceKind) => async (req: FastifyRequest) => ok(req, await reads.list(req.user!, kind, q(req), req.lang));
  const summary = (kind: DeviceKind) => async (req: FastifyRequest) => ok(req, await reads.summary(req.user!, kind, q(req)));
  const currentStatus = (kind: DeviceKind) => async (req: FastifyRequest) => ok(req, await reads.currentStatus(req.user!, kind, q(req), req.lang));
  const deviceInfo = (kind: DeviceKind) => async (req: FastifyRequest) => ok(req, await reads.deviceInfo(req.user!, kind, q(req)));
  const installInfo = (kind: DeviceKind) => async (req: FastifyRequest) => ok(req, await reads.installInfo(req.user!, kind, q(req)));
  const curve = (kind: DeviceKind) => async (req: FastifyRequest) => ok(req, await stats.curve(req.user!, kind, q(req)));
  const everyDay = (kind: DeviceKind) => async (req: FastifyRequest) => ok(req, await stats.everyDay(req.user!, kind, q(req)));
  const totals = (kind: DeviceKind) => async (req: FastifyRequest) => ok(req, await stats.totals(req.user!, kind, q(req)));
  const events = (kind: DeviceKind, onlyIssues: boolean) => async (req: FastifyRequest) => ok(req, await stats.events(req.user!, kind, onlyIssues, q(req), req.lang));
  const alarms = (kind: DeviceKind) => async (req: FastifyRequest) => ok(req, await stats.alarms(req.user!, kind, q(req), req.lang));
  const listFilters = () => ({ deviceSn: S(), plantName: S(), networkStatus: S() });

  // Inverters (/inverter)
  const INV = access(['inverter', 'inverter_view']);
  for (const verb of ['list', 'page']) {
    app.get(`${BASE}/inverter/${verb}`, { config: INV, schema: listSchema('inverter', 'Inverters, paged (deviceSn, plantName, plantId, networkStatus, model)', listFilters()) }, list('inverter'));
  }
  app.get(`${BASE}/inverter/overview`, { config: INV, schema: { tags: ['inverter'], summary: 'Inverter counts by network status, rated and current power' } }, summary('inverter'));
  app.get(`${BASE}/inverter/detail`, { config: INV, schema: devSchema('inverter', 'Inverter detail head: identity, station, status, today and total energy') },
    async (req) => ok(req, await reads.inverterDetail(req.user!, q(req), req.lang)));
  app.get(`${BASE}/inverter/currentStatus`, { config: INV, schema: devSchema('inverter', 'Inverter live data (PV strings, battery, grid per phase, load, temperatures, state, faults)') }, currentStatus('inverter'));
  app.get(`${BASE}/inverter/statusStat`, { config: INV, schema: devSchema('inverter', 'Status curve of a day: chosen values (fields=pvPower,gridPower,…) from raw reports', curveQ) }, curve('inverter'));
  app.get(`${BASE}/inverter/everyDayStat`, { config: INV, schema: devSchema('inverter', 'Daily statistics of a month (month=yyyy-MM); date=yyyy-MM-dd adds that day by hour', monthQ) }, everyDay('inverter'));
  app.get(`${BASE}/inverter/energyTotalStat`, { config: INV, schema: devSchema('inverter', 'Energy totals: lifetime counters, today, month, year and everything monitored') }, totals('inverter'));
  app.get(`${BASE}/inverter/deviceInfo`, { config: INV, schema: devSchema('inverter', 'Device information: factory info and firmware versions') }, deviceInfo('inverter'));
  app.get(`${BASE}/inverter/installInfo`, { config: INV, schema: devSchema('inverter', 'Install information: station, address, installer, owner') }, installInfo('inverter'));
  app.get(`${BASE}/inverter/eventList`, { config: INV, schema: devSchema('inverter', 'Device events (newest first)', pageQ) }, events('inverter', false));
  app.get(`${BASE}/inverter/exceptionList`, { config: INV, schema: devSchema('inverter', 'Faults and warnings reported by the device', pageQ) }, events('inverter', true));
  app.get(`${BASE}/inverter/parallelInfo`, { config: INV, schema: devSchema('inverter', 'Parallel machines: the other inverters of the station') },
    async (req) => ok(req, await reads.parallelInfo(req.user!, q(req))));
  app.get(`${BASE}/inverter/parameter`, { config: INV, schema: devSchema('inverter', 'Advanced settings as last known (read-only; issuing settings comes next)') },
    async (req) => ok(req, await reads.inverterParameter(req.user!, q(req))));

  // Batteries (/battery)
  const BAT = access(['battery', 'battery_view']);
  for (const verb of ['page', 'list']) {
    app.get(`${BASE}/battery/${verb}`, { config: BAT, schema: listSchema('battery', 'Batteries, paged, with SoC, SoH, power and today’s charge/discharge', listFilters()) }, list('battery'));
  }
  app.get(`${BASE}/battery/listSummary`, { config: BAT, schema: { tags: ['battery'], summary: 'Battery counts by status, installed capacity, current power and average SoC' } }, summary('battery'));
  app.get(`${BASE}/battery/currentStatus`, { config: BAT, schema: devSchema('battery', 'Battery live data (voltage, current, power, SoC, SoH, cells)') }, currentStatus('battery'));
  app.get(`${BASE}/battery/stateCurve`, { config: BAT, schema: devSchema('battery', 'State curve of a day (fields=soc,power,…)', curveQ) }, curve('battery'));
  app.get(`${BASE}/battery/dailyEstimate`, { config: BAT, schema: devSchema('battery', 'Daily charge/discharge of a month', monthQ) }, everyDay('battery'));
  app.get(`${BASE}/battery/totalStatistics`, { config: BAT, schema: devSchema('battery', 'Charge/discharge totals') }, totals('battery'));
  app.get(`${BASE}/battery/deviceInformation`, { config: BAT, schema: devSchema('battery', 'Battery factory information') }, deviceInfo('battery'));
  app.get(`${BASE}/battery/installation`, { config: BAT, schema: devSchema('battery', 'Battery installation information') }, installInfo('battery'));
  app.get(`${BASE}/battery/importantEvents`, { config: BAT, schema: devSchema('battery', 'Battery events', pageQ) }, events('battery', false));
  app.get(`${BASE}/battery/exceptionLog`, { config: BAT, schema: devSchema('battery', 'Battery faults and warnings', pageQ) }, events('battery', true));

  // Guardians (/guardian)
  const GRD = access(['guardian', 'guardian_view']);
  app.get(`${BASE}/guardianPlant/list`, { config: GRD, schema: listSchema('guardian', 'Guardians (safety breakers), paged: gate position, power, status', listFilters()) }, list('guardian'));
  app.get(`${BASE}/guardianPlant/detail`, { config: GRD, schema: devSchema('guardian', 'Guardian detail: identity, three-phase data, gate, protection, thresholds') },
    async (req) => ok(req, await reads.guardianDetail(req.user!, q(req), req.lang)));
  app.get(`${BASE}/guardianPlant/currentStatus`, { config: GRD, schema: devSchema('guardian', 'Guardian live data') }, currentStatus('guardian'));
  app.get(`${BASE}/guardianPlant/statusStat`, { config: GRD, schema: devSchema('guardian', 'Guardian curve of a day (fields=power,voltageA,…)', curveQ) }, curve('guardian'));
  app.get(`${BASE}/guardianPlant/alarmList`, { config: GRD, schema: devSchema('guardian', 'Alarms of a guardian', pageQ) }, alarms('guardian'));
  app.post(`${BASE}/guardianPlant/unbind`, {
    config: access('guardian_unbind'),
    schema: { tags: ['guardian'], summary: 'Unbind guardians from their stations (the SN becomes free; data is kept)', querystring: Type.Object({ ids: S() }, { additionalProperties: true }) },
  }, async (req) => status(req, (await writes.unbind(req.user!, 'guardian', idsFrom(req))) > 0));

  // EV chargers (/charge)
  const CHG = access(['charge', 'charge_view']);
  app.get(`${BASE}/charger/list`, { config: CHG, schema: listSchema('charger', 'EV chargers, paged: state, power, today’s and total energy', listFilters()) }, list('charger'));
  app.get(`${BASE}/charger/overview`, { config: CHG, schema: { tags: ['charger'], summary: 'Charger counts by status and current charging power' } }, summary('charger'));
  app.get(`${BASE}/charger/detail`, { config: CHG, schema: devSchema('charger', 'Charger detail: live state, session, energy totals') },
    async (req) => ok(req, await reads.chargerDetail(req.user!, q(req), req.lang)));
  app.get(`${BASE}/charger/sessions`, { config: CHG, schema: devSchema('charger', 'Charging sessions (newest first)', pageQ) },
    async (req) => ok(req, await stats.sessions(req.user!, q(req))));
  app.get(`${BASE}/charger/statusStat`, { config: CHG, schema: devSchema('charger', 'Charger curve of a day', curveQ) }, curve('charger'));
}
