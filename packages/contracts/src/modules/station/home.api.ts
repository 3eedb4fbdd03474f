/** The home dashboard's API (/wel/index): `/api/skyworth-client/home/...`, shared by the server route and the web page. */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';

const BASE = '/api/skyworth-client/home';
const access = { permission: ['power_station', 'inverter', 'battery'] } as const;
const Num = Type.Number();
const Query = Type.Object(
  {
    dateType: Type.Optional(Type.String({ description: 'day (hours), month (days), year (months), year-days' })),
    date: Type.Optional(Type.String({ description: 'yyyy-MM-dd (default today)' })),
  },
  { additionalProperties: true },
);

const Kpis = Type.Object({
  selfConsumption: Num,
  autarky: Num,
  specificYield: Type.Union([Num, Type.Null()]),
  co2AvoidedKg: Num,
});

export const homeSummary = defineEndpoint({
  method: 'GET',
  url: `${BASE}/inverterAndLoadSummary`,
  access,
  tags: ['home'],
  summary: 'Fleet figures: current power, today and total generation/load, battery charge/discharge, capacities, KPIs',
  querystring: Type.Object({}, { additionalProperties: true, description: 'platform users may narrow to one tenant with tenantId' }),
  data: Type.Object({
    currentPower: Num,
    todayGeneration: Num,
    todayLoad: Num,
    ratedPower: Num,
    totalGeneration: Num,
    totalLoad: Num,
    todayCharge: Num,
    todayDischarge: Num,
    totalCharge: Num,
    totalDischarge: Num,
    batteryCapacity: Num,
    todayGridImport: Num,
    todayGridExport: Num,
    capacityKwp: Num,
    plants: Type.Integer(),
    inverters: Type.Integer(),
    batteries: Type.Integer(),
    today: Kpis,
    total: Type.Object({ ...Kpis.properties, co2AvoidedTons: Num }),
    units: Type.Record(Type.String(), Type.String()),
    co2Factor: Num,
    clearCache: Type.Boolean(),
  }),
});

const series = <P extends Record<string, typeof Num>>(point: P) =>
  Type.Object({ dateType: Type.String(), date: Type.String(), points: Type.Array(Type.Object({ time: Type.String(), ...point })) });

export const homeInverterPerformance = defineEndpoint({
  method: 'GET',
  url: `${BASE}/inverterPerformance`,
  access,
  tags: ['home'],
  summary: 'Generation and load over time: dateType=day (hours), month (days), year (months)',
  querystring: Query,
  data: series({ generation: Num, load: Num, gridImport: Num, gridExport: Num }),
});

export const homeBatteryPerformance = defineEndpoint({
  method: 'GET',
  url: `${BASE}/batteryPerformance`,
  access,
  tags: ['home'],
  summary: 'Battery charge and discharge over time (dateType as above)',
  querystring: Query,
  data: series({ charge: Num, discharge: Num }),
});

export const homePlantStatus = defineEndpoint({
  method: 'GET',
  url: `${BASE}/plantStatusSummary`,
  access,
  tags: ['home'],
  summary: 'Stations by network status (normal, disconnected, fault)',
  querystring: Type.Object({}, { additionalProperties: true, description: 'platform users may narrow to one tenant with tenantId' }),
  data: Type.Object({ total: Type.Integer(), normal: Type.Integer(), disconnected: Type.Integer(), fault: Type.Integer() }),
});
