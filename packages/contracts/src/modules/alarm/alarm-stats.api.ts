/**
 * Alarm figures (issue 14): active alarm counts by severity for the badges (dashboard, station list, station and
 * device detail) and the analysis page (MTTA / MTTR per agent, installer or station; alarm counts by category per
 * day). Same permission (`alarm`) and data scope as `alarmLog/list`.
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';

const BASE = '/api/skyworth-client/alarmLog';
const read = { permission: 'alarm' } as const;

const Int = Type.Integer();
const NStr = Type.Union([Type.String(), Type.Null()]);
const NNum = Type.Union([Type.Number(), Type.Null()]);

/** At most this many station ids per `countByPlant` call (a station list page). */
export const MAX_COUNT_PLANTS = 200;
/** The analysis range may span at most this many days. */
export const MAX_ANALYSIS_DAYS = 366;
/** At most this many groups are answered (the busiest first). */
export const MAX_ANALYSIS_GROUPS = 100;
export const ANALYSIS_GROUPS = ['station', 'agent', 'installer'] as const;
export type AnalysisGroup = (typeof ANALYSIS_GROUPS)[number];

/** Active alarms: by severity (`alarm_severity` 4 critical … 1 warning) and how many are not acknowledged yet. */
export const AlarmCounts = Type.Object({
  total: Int,
  critical: Int,
  major: Int,
  minor: Int,
  warning: Int,
  unacknowledged: Int,
});

export const alarmLogCount = defineEndpoint({
  method: 'GET',
  url: `${BASE}/count`,
  access: read,
  tags: ['alarm'],
  summary: 'Active alarms by severity and unacknowledged, of every station the caller sees or of one station or device',
  querystring: Type.Object(
    {
      plantId: Type.Optional(Type.String({ description: 'one station' })),
      deviceId: Type.Optional(Type.String({ description: 'one device (registration id)' })),
      deviceSn: Type.Optional(Type.String({ description: 'one device by its serial number (exact)' })),
    },
    { additionalProperties: true, description: 'platform users may narrow to one tenant with tenantId' },
  ),
  data: AlarmCounts,
});

export const alarmLogCountByPlant = defineEndpoint({
  method: 'GET',
  url: `${BASE}/countByPlant`,
  access: read,
  tags: ['alarm'],
  summary: `Active alarm counts per station (the station list's badges): of the stations named (comma-joined, at most ${MAX_COUNT_PLANTS}), or of every station with active alarms; stations without any are left out`,
  querystring: Type.Object(
    { plantIds: Type.Optional(Type.String({ description: `station ids, comma-joined (at most ${MAX_COUNT_PLANTS})` })) },
    { additionalProperties: true, description: 'platform users may narrow to one tenant with tenantId' },
  ),
  data: Type.Array(Type.Object({ plantId: Type.String(), ...AlarmCounts.properties })),
});

export const AnalysisGroupVO = Type.Object({
  /** Station id, operation company (agent) id or operation user (installer) id; null: stations without one. */
  key: NStr,
  name: NStr,
  alarms: Int,
  acknowledged: Int,
  recovered: Int,
  /** Mean time to acknowledge (trigger → first acknowledgement) of the acknowledged alarms, minutes. */
  mttaMinutes: NNum,
  /** Mean time to recover (trigger → recovery) of the recovered alarms, minutes. */
  mttrMinutes: NNum,
});

export const alarmLogAnalysis = defineEndpoint({
  method: 'GET',
  url: `${BASE}/analysis`,
  access: read,
  tags: ['alarm'],
  summary: `MTTA and MTTR per station, agent (operation company) or installer (operation user), and alarm counts by category per day, of the alarms triggered in a range of at most ${MAX_ANALYSIS_DAYS} days`,
  querystring: Type.Object(
    {
      from: Type.Optional(Type.String({ description: 'yyyy-MM-dd[ HH:mm:ss] (default: 29 days before to)' })),
      to: Type.Optional(Type.String({ description: 'yyyy-MM-dd (the whole day) or yyyy-MM-dd HH:mm:ss (default: today)' })),
      groupBy: Type.Optional(Type.String({ description: 'station (default), agent or installer' })),
    },
    { additionalProperties: true, description: 'platform users may narrow to one tenant with tenantId' },
  ),
  data: Type.Object({
    from: Type.String(),
    to: Type.String(),
    groupBy: Type.String(),
    /** Alarms triggered in the range. */
    total: Int,
    mttaMinutes: NNum,
    mttrMinutes: NNum,
    /** The busiest groups first (at most MAX_ANALYSIS_GROUPS); `groupCount` is how many there are. */
    groups: Type.Array(AnalysisGroupVO),
    groupCount: Int,
    /** Local days (yyyy-MM-dd) of the range; each category's `counts` follows them. */
    days: Type.Array(Type.String()),
    categories: Type.Array(Type.Object({ category: Type.String(), counts: Type.Array(Int) })),
  }),
});
