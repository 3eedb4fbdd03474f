/**
 * Remote settings (issue 15): setting-item detail and register look-up, the device setting forms (`commonSetup/
 * queryAll`, inverter mode, guardian alarm setup and gate position), issuing settings (`commonSetup/issue`), the
 * commands and their states, approval of grid-code items, the immutable operation log and per-device versions.
 *
 * Who: the forms, commands, log and versions need the device's page (`inverter`, `battery`, `guardian`); issuing and
 * restoring `inverter_issue` or `guardian_issue`; approving `inverter_setting`, `guardian_setting` or
 * `setting_approval_approve` (and not the requester); the fleet-wide approvals list the `setting_approval` page; the item and register look-ups are the platform's configuration pages (`app_menu`, `protocol_mapping`).
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';
import { SETTINGS_API as B } from './settings.resource.js';

const tags = ['settings'];
const read = { permission: ['inverter', 'battery', 'guardian'] } as const;
const issue = { permission: ['inverter_issue', 'guardian_issue'] } as const;
// The device pages' approval buttons, or the fleet-wide approvals page's (`setting_approval`).
const approve = { permission: ['inverter_setting', 'guardian_setting', 'setting_approval_approve'] } as const;

const Str = Type.String();
const NStr = Type.Union([Type.String(), Type.Null()]);
const Int = Type.Integer();
const NNum = Type.Union([Type.Number(), Type.Null()]);
const Values = Type.Record(Type.String(), Type.Unknown());
const Sn = Type.String({ minLength: 1, maxLength: 64 });
const IdStr = Type.String({ pattern: '^\\d{1,19}$' });
const Paging = { current: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })), size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) };
const page = <T extends ReturnType<typeof Type.Object>>(item: T) => Type.Object({ records: Type.Array(item), total: Int, size: Int, current: Int, pages: Int });

export const SetItemVO = Type.Object({
  id: Str,
  deviceType: Int,
  deviceModel: Str,
  settingType: Str,
  itemCategory: Str,
  itemType: Str,
  nameZh: Str,
  nameEn: Str,
  itemKey: Str,
  valueType: Str,
  unit: NStr,
  minValue: NNum,
  maxValue: NNum,
  decimals: Type.Union([Int, Type.Null()]),
  defaultValue: NStr,
  valueOptions: NStr,
  gridCode: Int,
  sort: Int,
  protocolVersion: NStr,
  addressMapping: NStr,
  dbField: NStr,
  dbTable: NStr,
  reservedField: NStr,
});

export const AddressMapVO = Type.Object({
  id: Str,
  manufacturer: Str,
  protocolVersion: Str,
  physicalAddress: Int,
  attributeName: Str,
  dataType: Str,
  unit: NStr,
  dataLength: Int,
  systemDefault: NStr,
  addressMapping: NStr,
});

export const setItemDetail = defineEndpoint({
  method: 'GET',
  url: `${B}/setItemConfig/getSetItemDetail`,
  access: { permission: 'app_menu' },
  summary: 'One setting item with its register mapping',
  tags,
  querystring: Type.Object({ id: IdStr }),
  data: Type.Object({ item: SetItemVO, mapping: Type.Array(AddressMapVO) }),
});

export const mappingBySetItem = defineEndpoint({
  method: 'POST',
  url: `${B}/addressMapDefinition/getMappingBySetItem`,
  access: { permission: ['protocol_mapping', 'app_menu'] },
  summary: "A setting item's register(s): by its id, or by key and protocol version",
  tags,
  body: Type.Object({
    setItemId: Type.Optional(IdStr),
    itemKey: Type.Optional(Type.String({ maxLength: 64 })),
    protocolVersion: Type.Optional(Type.String({ maxLength: 32 })),
  }),
  data: Type.Array(AddressMapVO),
});

export const FormItemVO = Type.Object({
  id: Str,
  key: Str,
  name: Str,
  category: Str,
  itemType: Str,
  valueType: Str,
  unit: NStr,
  min: NNum,
  max: NNum,
  decimals: Type.Union([Int, Type.Null()]),
  options: Type.Array(Type.Object({ value: Str, label: Str })),
  defaultValue: NStr,
  /** The last value Helio wrote and verified (or read back); null = never set (the default applies). */
  value: Type.Unknown(),
  gridCode: Int,
});

export const DeviceFormVO = Type.Object({
  deviceSn: Str,
  deviceType: Int,
  model: NStr,
  online: Type.Boolean(),
  settingsVersion: Int,
  groups: Type.Array(Type.Object({ category: Str, name: Str, items: Type.Array(FormItemVO) })),
});

const formQuery = Type.Object({ deviceSn: Sn, settingType: Type.Optional(Type.String({ maxLength: 32 })) });

export const commonSetupQueryAll = defineEndpoint({
  method: 'GET',
  url: `${B}/device/setup/commonSetup/queryAll`,
  access: read,
  summary: "A device's setting form: its model's items, current values, names in the caller's language",
  tags,
  querystring: formQuery,
  data: DeviceFormVO,
});

export const inverterMode = defineEndpoint({
  method: 'GET',
  url: `${B}/inverter/mode`,
  access: { permission: 'inverter' },
  summary: "An inverter's run mode and maintenance mode (the mode items of its form)",
  tags,
  querystring: Type.Object({ deviceSn: Sn }),
  data: DeviceFormVO,
});

export const guardianAlarmSetup = defineEndpoint({
  method: 'GET',
  url: `${B}/guardian/alarmSetup/queryAll`,
  access: { permission: 'guardian' },
  summary: "A guardian's alarm thresholds",
  tags,
  querystring: Type.Object({ deviceSn: Sn }),
  data: DeviceFormVO,
});

export const guardianGateSetup = defineEndpoint({
  method: 'GET',
  url: `${B}/guardian/GatePositionSetup/queryAll`,
  access: { permission: 'guardian' },
  summary: "A guardian's gate position and protection commands",
  tags,
  querystring: Type.Object({ deviceSn: Sn }),
  data: DeviceFormVO,
});

export const COMMAND_STATES = ['pending_approval', 'queued', 'sent', 'delivered', 'succeeded', 'failed', 'timed_out', 'expired', 'rejected'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

export const CommandVO = Type.Object({
  id: Str,
  batchId: Str,
  deviceSn: Str,
  deviceType: Int,
  items: Values,
  oldValues: Values,
  state: Str,
  /** After success: 1 the read-back matched, 0 it did not; null before. */
  verified: Type.Union([Int, Type.Null()]),
  reason: NStr,
  gridCode: Int,
  expiresAt: NStr,
  sentAt: NStr,
  finishedAt: NStr,
  createUser: NStr,
  approveUser: NStr,
  approveTime: NStr,
  restoreOf: NStr,
  createTime: NStr,
  /** The names of `items`' keys in the caller's language (a key without an item: itself). */
  itemNames: Type.Record(Type.String(), Type.String()),
});

const SettingValue = Type.Union([Type.Number(), Type.String({ maxLength: 64 })]);
const timing = {
  /** How long the device has to answer once sent (default 30 s). */
  timeoutSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
  /** How long an offline device's command waits for it (default 24 h). */
  ttlSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 * 86_400 })),
};

export const issueSettings = defineEndpoint({
  method: 'POST',
  url: `${B}/device/setup/commonSetup/issue`,
  access: issue,
  summary: 'Send settings to one device, or to every device matching a filter',
  tags,
  body: Type.Object({
    deviceSn: Type.Optional(Sn),
    /** Beyond the spec: every visible device of a type matching model, firmware (any part) and station. */
    filter: Type.Optional(
      Type.Object({
        deviceType: Type.Integer({ minimum: 1, maximum: 4 }),
        model: Type.Optional(Type.String({ maxLength: 64 })),
        firmware: Type.Optional(Type.String({ maxLength: 32 })),
        plantId: Type.Optional(IdStr),
      }),
    ),
    items: Type.Array(Type.Object({ key: Type.String({ maxLength: 64 }), value: SettingValue }), { maxItems: 100 }),
    ...timing,
  }),
  data: Type.Object({ batchId: Str, total: Int, commands: Type.Array(CommandVO) }),
});

export const commandList = defineEndpoint({
  method: 'GET',
  url: `${B}/device/setup/command/list`,
  access: read,
  summary: 'Settings commands and their states (newest first)',
  tags,
  querystring: Type.Object({ deviceSn: Type.Optional(Sn), batchId: Type.Optional(IdStr), state: Type.Optional(Type.String({ maxLength: 20 })), ...Paging }),
  data: page(CommandVO),
});

export const commandDetail = defineEndpoint({
  method: 'GET',
  url: `${B}/device/setup/command/detail`,
  access: read,
  summary: 'One settings command',
  tags,
  querystring: Type.Object({ id: IdStr }),
  data: CommandVO,
});

export const approveCommand = defineEndpoint({
  method: 'POST',
  url: `${B}/device/setup/command/approve`,
  access: approve,
  summary: 'Approve a grid-code command (another user than its requester)',
  tags,
  body: Type.Object({ id: IdStr }),
  data: CommandVO,
});

export const rejectCommand = defineEndpoint({
  method: 'POST',
  url: `${B}/device/setup/command/reject`,
  access: approve,
  summary: 'Reject a grid-code command waiting for approval',
  tags,
  body: Type.Object({ id: IdStr, reason: Type.Optional(Type.String({ maxLength: 200 })) }),
  data: CommandVO,
});

export const OperationLogVO = Type.Object({
  id: Str,
  commandId: Str,
  deviceSn: Str,
  deviceType: Int,
  itemKey: Str,
  itemName: Str,
  oldValue: NStr,
  newValue: NStr,
  result: Str,
  verified: Type.Union([Int, Type.Null()]),
  reason: NStr,
  operator: NStr,
  operatorName: NStr,
  approveUser: NStr,
  createTime: NStr,
});

export const operationLogList = defineEndpoint({
  method: 'GET',
  url: `${B}/advancedSettingsOperationLog/list`,
  access: read,
  summary: 'Every remote write: who, when, device, item, old and new value, result (immutable)',
  tags,
  querystring: Type.Object({ deviceSn: Type.Optional(Sn), itemKey: Type.Optional(Type.String({ maxLength: 64 })), result: Type.Optional(Type.String({ maxLength: 20 })), ...Paging }),
  data: page(OperationLogVO),
});

export const VersionVO = Type.Object({
  id: Str,
  deviceSn: Str,
  versionNo: Int,
  settingValues: Values,
  changed: Values,
  commandId: Str,
  createUser: NStr,
  createUserName: NStr,
  createTime: NStr,
  current: Type.Boolean(),
  /** The names of the keys of `settingValues` and `changed` in the caller's language. */
  itemNames: Type.Record(Type.String(), Type.String()),
});

export const versionList = defineEndpoint({
  method: 'GET',
  url: `${B}/device/setup/version/list`,
  access: read,
  summary: "A device's settings versions (newest first)",
  tags,
  querystring: Type.Object({ deviceSn: Sn, ...Paging }),
  data: page(VersionVO),
});

export const restoreVersion = defineEndpoint({
  method: 'POST',
  url: `${B}/device/setup/version/restore`,
  access: issue,
  summary: 'Re-issue the values of a previous settings version',
  tags,
  body: Type.Object({ id: IdStr, ...timing }),
  data: Type.Object({ batchId: Str, total: Int, commands: Type.Array(CommandVO) }),
});

/** The fleet-wide approvals list's state filter: waiting, approved (sent on), rejected. */
export const APPROVAL_STATES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const ApprovalVO = Type.Object({
  ...CommandVO.properties,
  /** pending, approved or rejected. */
  approval: Str,
  requesterName: NStr,
  approverName: NStr,
  plantName: NStr,
  /** The caller may approve or reject it: it waits, and the caller did not request it. */
  canDecide: Type.Boolean(),
});

export const approvalList = defineEndpoint({
  method: 'GET',
  url: `${B}/device/setup/approval/list`,
  access: { permission: 'setting_approval' },
  summary: "Grid-code commands waiting for a second person's approval, and decided ones, across the devices the caller sees",
  tags,
  querystring: Type.Object({
    state: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')])),
    /** Any part of the device SN. */
    deviceSn: Type.Optional(Type.String({ maxLength: 64 })),
    ...Paging,
  }),
  data: page(ApprovalVO),
});
