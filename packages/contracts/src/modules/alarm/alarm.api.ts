/**
 * The alarm API (spec §7 Client → Alarm): `/api/skyworth-client/alarmLog/...` and `.../alarmLogOperationRecord/...`,
 * shared by the server routes and the web's alarm screen. Reading needs the `alarm` page code, acknowledging and
 * handling `alarm_handle`.
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';
import type { FieldRule } from '../../validation.js';

const BASE = '/api/skyworth-client';
const read = { permission: 'alarm' } as const;
const handle = { permission: 'alarm_handle' } as const;

const Str = Type.String();
const NStr = Type.Union([Type.String(), Type.Null()]);
const Int = Type.Integer();
const page = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({ records: Type.Array(item), total: Int, size: Int, current: Int, pages: Int });

/** The list's filters (anything else is refused). Times are `yyyy-MM-dd HH:mm:ss` on the trigger time. */
export const ALARM_LIST_FILTERS = [
  'plantId', 'deviceId', 'deviceSn', 'deviceType', 'level', 'category', 'alarmCode', 'alarmType', 'alarmStatus', 'ackStatus',
  'handleStatus', 'assigneeId', 'startTime', 'endTime',
] as const;

const Filters = Type.Object(
  {
    current: Type.Optional(Str),
    size: Type.Optional(Str),
    ...Object.fromEntries(ALARM_LIST_FILTERS.map((k) => [k, Type.Optional(Str)])),
  },
  { additionalProperties: true, description: 'paging and the filters listed; platform users may narrow to one tenant with tenantId' },
);

export const AlarmVO = Type.Object({
  id: Str,
  tenantId: Str,
  plantId: NStr,
  plantName: NStr,
  deviceId: Str,
  deviceSn: Str,
  deviceType: Int,
  alarmCode: Int,
  alarmType: Int,
  /** Severity (`alarm_severity`): 4 critical, 3 major, 2 minor, 1 warning. */
  level: Int,
  category: NStr,
  /** The catalogue's name in the caller's language ("Unknown code N" for an uncatalogued code). */
  alarmName: Str,
  /** Cause and remedy in the caller's language (`description` / `solution` of the spec's Alarm). */
  description: NStr,
  solution: NStr,
  /** `alarm_status`: 0 active, 1 recovered. */
  alarmStatus: Int,
  triggerTime: NStr,
  recoverTime: NStr,
  occurrences: Int,
  lastSeen: NStr,
  value: Type.Union([Type.Number(), Type.Null()]),
  /** `alarm_ack_status`: 0 unacknowledged, 1 acknowledged. */
  ackStatus: Int,
  ackUser: NStr,
  ackUserName: NStr,
  ackTime: NStr,
  /** `alarm_handle_status`: 0 unhandled, 1 in progress, 2 resolved, 3 ignored. */
  handleStatus: Int,
  handleUser: NStr,
  handleUserName: NStr,
  handleTime: NStr,
  assigneeId: NStr,
  assigneeName: NStr,
});

export const alarmLogList = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmLog/list`,
  access: read,
  tags: ['alarm'],
  summary: 'Alarms, newest first, filtered by station, device, SN, severity, status, acknowledgement, handling status and time',
  querystring: Filters,
  data: page(AlarmVO),
});

export const alarmLogDetail = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmLog/detail`,
  access: read,
  tags: ['alarm'],
  summary: 'One alarm',
  querystring: Type.Object({ id: Str }, { additionalProperties: true }),
  data: AlarmVO,
});

export const alarmLogAcknowledge = defineEndpoint({
  method: 'POST',
  url: `${BASE}/alarmLog/acknowledge`,
  access: handle,
  tags: ['alarm'],
  summary: 'Acknowledge alarms (ids comma-joined); those already acknowledged keep their first acknowledgement',
  body: Type.Object({ ids: Type.String({ minLength: 1, maxLength: 20_000 }) }),
  data: Type.Object({ acknowledged: Int }),
});

/**
 * A photo of a follow-up record: an attachment (`blade_attach`, uploaded with `oss/endpoint/put-file`) and its signed
 * file link, which an `<img>` shows without a token and which stops working if the attachment is removed.
 */
export const AlarmRecordPhotoVO = Type.Object({
  attachId: Str,
  originalName: NStr,
  link: Str,
});

export const AlarmRecordVO = Type.Object({
  id: Str,
  alarmId: Str,
  handleStatus: Int,
  content: NStr,
  /** The record's photos in the order they were sent (live attachments only). */
  photos: Type.Array(AlarmRecordPhotoVO),
  createUser: NStr,
  createUserName: NStr,
  createTime: NStr,
});

/** Longest follow-up record (`alarmRecordSave.content`). */
export const ALARM_RECORD_CONTENT_MAX = 1000;

/** Most photos on one follow-up record (`alarmRecordSave.photos`). */
export const ALARM_RECORD_PHOTOS_MAX = 9;

/**
 * What a photo may be: the image types the `attachment` upload takes (sniffed from the content on upload, kept as the
 * attachment's extension). Each is at most the upload's 10 MB.
 */
export const ALARM_RECORD_PHOTO_TYPES = ['jpg', 'png', 'gif', 'webp', 'bmp'] as const;
export const ALARM_RECORD_PHOTO_BYTES = 10 * 1024 * 1024;

/** The handling form's rules, as the web form checks them (the server's schema below holds the same limits). */
export const ALARM_RECORD_RULES: Record<'handleStatus' | 'content', FieldRule> = {
  handleStatus: { label: { zh: '处理状态', en: 'Handling status' }, required: true },
  content: { label: { zh: '跟进记录', en: 'Follow-up record' }, max: ALARM_RECORD_CONTENT_MAX },
};

export const alarmRecordSave = defineEndpoint({
  method: 'POST',
  url: `${BASE}/alarmLogOperationRecord/save`,
  access: handle,
  tags: ['alarm'],
  summary: 'Handle an alarm: the handling status chosen, a follow-up record, photos and (optionally) an assignee; acknowledges it too',
  body: Type.Object({
    alarmId: Type.String({ minLength: 1, maxLength: 20 }),
    handleStatus: Type.Integer({ minimum: 0, maximum: 3 }),
    content: Type.Optional(Type.String({ maxLength: ALARM_RECORD_CONTENT_MAX })),
    assigneeId: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
    photos: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 20 }), {
        maxItems: ALARM_RECORD_PHOTOS_MAX,
        description:
          `Optional (Blade clients leave it out): attachment ids of images (${ALARM_RECORD_PHOTO_TYPES.join(', ')}) uploaded with ` +
          "`/api/blade-resource/oss/endpoint/put-file` in the caller's tenant, at most " + `${ALARM_RECORD_PHOTOS_MAX}. ` +
          "An id that is not a live image attachment of the caller's tenant is refused and nothing is saved.",
      }),
    ),
  }),
  data: AlarmRecordVO,
});

export const alarmRecordList = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmLogOperationRecord/list`,
  access: read,
  tags: ['alarm'],
  summary: "An alarm's handling history, newest first",
  querystring: Type.Object({ alarmId: Str, current: Type.Optional(Str), size: Type.Optional(Str) }, { additionalProperties: true }),
  data: page(AlarmRecordVO),
});

/** Who runs the station an alarm is on: its operation company (the agent or installer) and operator, and its owner. */
export const PlantAgentVO = Type.Object({
  plantId: Str,
  plantName: Str,
  regionName: NStr,
  address: NStr,
  ownerName: NStr,
  ownerPhone: NStr,
  agentCompanyId: NStr,
  agentCompanyName: NStr,
  operationUserId: NStr,
  operationUserName: NStr,
  operationUserPhone: NStr,
  operationUserEmail: NStr,
});

export const plantAgentViewInfo = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmLog/plantAgentViewInfo`,
  access: read,
  tags: ['alarm'],
  summary: "The agent (operation company) and operator to call about a station's alarm, by plantId or by alarmId",
  querystring: Type.Object({ plantId: Type.Optional(Str), alarmId: Type.Optional(Str) }, { additionalProperties: true }),
  data: PlantAgentVO,
});
