/**
 * Alarm incidents (issue 14): alarms of the same code raised within minutes across several stations of one region,
 * grouped into one incident (a grid outage shows as one row). Reading needs the `alarm` page code and sees the
 * member alarms the alarm list would show (the same data scope); handling needs `alarm_handle` and hands every
 * visible member the same handling record as `alarmLogOperationRecord/save`.
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';

const BASE = '/api/skyworth-client/alarmIncident';

const Str = Type.String();
const NStr = Type.Union([Type.String(), Type.Null()]);
const Int = Type.Integer();

/** The list's filters (anything else is refused). Times are `yyyy-MM-dd HH:mm:ss` on the first trigger time. */
export const INCIDENT_LIST_FILTERS = ['incidentStatus', 'alarmCode', 'regionCode', 'handleStatus', 'startTime', 'endTime'] as const;

const Filters = Type.Object(
  {
    current: Type.Optional(Str),
    size: Type.Optional(Str),
    ...Object.fromEntries(INCIDENT_LIST_FILTERS.map((k) => [k, Type.Optional(Str)])),
  },
  { additionalProperties: true, description: 'paging and the filters listed; platform users may narrow to one tenant with tenantId' },
);

export const IncidentVO = Type.Object({
  id: Str,
  tenantId: Str,
  regionCode: Str,
  /** The region's name in the caller's language (the code when the region is unknown). */
  regionName: Str,
  alarmCode: Int,
  deviceType: Int,
  alarmName: Str,
  /** Highest severity among the members (`alarm_severity`). */
  level: Int,
  category: NStr,
  /** 0 open, 1 closed (every member recovered). */
  incidentStatus: Int,
  firstTrigger: NStr,
  lastTrigger: NStr,
  closeTime: NStr,
  /** Member alarms, their stations and the members still active, as far as the caller may see them. */
  memberCount: Int,
  stationCount: Int,
  activeCount: Int,
  /** The last handling applied to the whole incident (`alarm_handle_status`). */
  handleStatus: Int,
  handleUser: NStr,
  handleUserName: NStr,
  handleTime: NStr,
});

export const IncidentMemberVO = Type.Object({
  id: Str,
  plantId: NStr,
  plantName: NStr,
  deviceId: Str,
  deviceSn: Str,
  deviceType: Int,
  alarmCode: Int,
  alarmName: Str,
  level: Int,
  alarmStatus: Int,
  triggerTime: NStr,
  recoverTime: NStr,
  ackStatus: Int,
  handleStatus: Int,
});

const page = <T extends ReturnType<typeof Type.Object>>(item: T) => Type.Object({ records: Type.Array(item), total: Int, size: Int, current: Int, pages: Int });

export const alarmIncidentList = defineEndpoint({
  method: 'GET',
  url: `${BASE}/list`,
  access: { permission: 'alarm' },
  tags: ['alarm'],
  summary: 'Alarm incidents, newest first: region, alarm kind, member count, time span, status',
  querystring: Filters,
  data: page(IncidentVO),
});

export const alarmIncidentDetail = defineEndpoint({
  method: 'GET',
  url: `${BASE}/detail`,
  access: { permission: 'alarm' },
  tags: ['alarm'],
  summary: 'One incident with its member alarms (those the caller may see)',
  querystring: Type.Object({ id: Str }, { additionalProperties: true }),
  data: Type.Object({ incident: IncidentVO, members: Type.Array(IncidentMemberVO) }),
});

export const alarmIncidentHandle = defineEndpoint({
  method: 'POST',
  url: `${BASE}/handle`,
  access: { permission: 'alarm_handle' },
  tags: ['alarm'],
  summary: 'Handle an incident: every member alarm the caller may see gets the handling status, follow-up record and assignee (one transaction)',
  body: Type.Object({
    id: Type.String({ minLength: 1, maxLength: 20 }),
    handleStatus: Type.Integer({ minimum: 0, maximum: 3 }),
    content: Type.Optional(Type.String({ maxLength: 1000 })),
    assigneeId: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  }),
  data: Type.Object({ handled: Int }),
});
