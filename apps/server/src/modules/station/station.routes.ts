/**
 * `/api/skyworth-client/plant/...` — stations (spec §7 "Client"): HTTP ↔ station-read.service.ts (reads) and
 * station.service.ts (writes). Reads are tenant- and data-scoped (station.scope.ts); every route declares its
 * permission. Paths and shapes: docs/stations.md. Devices: device.routes.ts; the home dashboard: station-home.routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ok, status } from '../../core/envelope.js';
import { idsFrom } from '../../crud/register-crud.js';
import type { StationReads } from './station-read.service.js';
import type { AddDevicesInput, StationService } from './station.service.js';
import type { Row } from './station.params.js';
import { access, BASE, IdQ, listSchema, q, S } from './station.schemas.js';

export function stationRoutes(app: FastifyInstance, reads: StationReads, writes: StationService): void {
  const VIEW = access(['power_station', 'power_station_view']);
  for (const verb of ['list', 'page']) {
    app.get(`${BASE}/plant/${verb}`, {
      config: VIEW,
      schema: listSchema('station', 'Stations, paged, with filters (plantName, address/region, networkStatus, operator …) and live figures', {
        plantName: S(), address: S(), networkStatus: S(), operationCompanyName: S(), operationUserName: S(),
      }),
    }, async (req) => ok(req, await reads.list(req.user!, q(req))));
  }

  app.get(`${BASE}/plant/detail`, {
    config: VIEW,
    schema: { tags: ['station'], summary: 'A station: info, devices, live energy flow, energy and KPIs (today, month, year, total)', querystring: IdQ },
  }, async (req) => ok(req, await reads.detail(req.user!, q(req), req.lang)));

  app.get(`${BASE}/plant/energyStat`, {
    config: VIEW,
    schema: {
      tags: ['station'],
      summary: 'Station energy chart: dateType=day (5-minute kWh and average kW), month (days), year (months), year-days (the days of a year) or total (years)',
      querystring: Type.Object({ id: Type.String(), dateType: Type.Optional(Type.String()), date: Type.Optional(Type.String()) }, { additionalProperties: true }),
    },
  }, async (req) => ok(req, await reads.energyStat(req.user!, q(req))));

  app.get(`${BASE}/plant/installedInfo`, {
    config: VIEW,
    schema: { tags: ['station'], summary: 'Devices installed at a station with their factory information', querystring: IdQ },
  }, async (req) => ok(req, await reads.installed(req.user!, q(req))));

  app.get(`${BASE}/plant/operationCompanyList`, {
    config: access(['power_station_edit']),
    schema: { tags: ['station'], summary: 'Operation companies (departments) a station can be assigned to' },
  }, async (req) => ok(req, await reads.operationCompanies(req.user!, q(req))));

  app.get(`${BASE}/plant/agentUserList`, {
    config: access(['power_station_edit']),
    schema: { tags: ['station'], summary: 'Users of an operation company (deptId) who can operate a station', querystring: Type.Object({ deptId: S() }, { additionalProperties: true }) },
  }, async (req) => ok(req, await reads.agentUsers(req.user!, q(req))));

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
  }, async (req) => status(req, await writes.submitOperation(req.user!, req.body as Row)));

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
  }, async (req) => ok(req, await writes.addDevices(req.user!, req.body as AddDevicesInput)));

  app.post(`${BASE}/plant/remove`, {
    config: access('power_station_delete'),
    schema: { tags: ['station'], summary: 'Delete stations (flagged deleted; their devices and data are kept and stay findable by SN)', querystring: Type.Object({ ids: S() }, { additionalProperties: true }) },
  }, async (req) => status(req, (await writes.removePlants(req.user!, idsFrom(req))) > 0));
}
