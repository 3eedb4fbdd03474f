/**
 * Agent companies beyond the CRUD engine's routes (issue 17; spec §7 "Agents and orders (skyworth-agent)"):
 * `deleteBatch`, the operation log (`operationLog/list`: who changed what, old → new), pickers
 * (`selectAgencyCompany`, `selectDeliveryManager`, `companyInfo/getListCompanyName`), the company's staff
 * (`findAgentUserList`, adding a staff user with an agent role, `user/list-by-dept-tenant`), excluded staff
 * (`agentUnauthorizedUser` list, saveBatch, remove), the company's documents and its associated stations (the
 * stations it operates, which is also its staff's data scope).
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';
import type { Rules } from '../../validation.js';
import { DIGITS_PATTERN, EMAIL_PATTERN } from '../../validation.js';
import { AGENT_API, DIALLING_CODE_PATTERN } from './agent.resource.js';

/** The roles an agent company's staff may have (contracts seed/roles.ts aliases); `agent` is its administrator's. */
export const AGENT_STAFF_ROLES = ['site_technician', 'electrician', 'rollout_manager', 'delivery_manager', 'warehouse_manager'] as const;
export type AgentStaffRole = (typeof AGENT_STAFF_ROLES)[number];
export const AGENT_ADMIN_ROLE = 'agent';
/** Documents: at most 3 files (images or PDF), each at most 10 MB (spec §5; uploaded with `put-file?use=attachment`). */
export const AGENT_DOCUMENTS_MAX = 3;
export const AGENT_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const AGENT_DOCUMENT_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'pdf'] as const;
/** Account names: letters, digits, `.`, `_`, `-`, `@` (2–45). */
export const ACCOUNT_PATTERN = '^[A-Za-z0-9._@-]{2,45}$';

/** A staff member's form (shared by the server and the web's dialog). */
export const STAFF_RULES: Rules = {
  account: { label: { zh: '登录账号', en: 'Account' }, required: true, max: 45, pattern: ACCOUNT_PATTERN },
  realName: { label: { zh: '姓名', en: 'Full name' }, required: true, max: 20 },
  phoneDiallingCode: { label: { zh: '区号', en: 'Dialling code' }, required: true, max: 8, pattern: DIALLING_CODE_PATTERN },
  phone: { label: { zh: '手机号码', en: 'Mobile number' }, required: true, max: 20, pattern: DIGITS_PATTERN, patternMessage: 'digitsOnly' },
  email: { label: { zh: '邮箱', en: 'E-mail' }, max: 100, pattern: EMAIL_PATTERN },
  roleAlias: { label: { zh: '角色', en: 'Role' }, required: true },
};
/** The administrator account created with a company (left out: the company number, lower case). */
export const ADMIN_ACCOUNT_RULE = { label: { zh: '管理员账号', en: 'Administrator account' }, max: 45, pattern: ACCOUNT_PATTERN } as const;

const Str = Type.String();
const NStr = Type.Union([Type.String(), Type.Null()]);
const Int = Type.Integer();
const Id = Type.String({ minLength: 1, maxLength: 20, pattern: '^\\d{1,20}$' });
const IdIn = Type.Union([Id, Type.Integer({ minimum: 1 })]);
const TAGS = ['agent'];
const READ = { permission: ['epc_agent', 'epc_order'] } as const;
const EDIT = { permission: 'epc_agent_edit' } as const;
const page = <T extends ReturnType<typeof Type.Object>>(item: T) => Type.Object({ records: Type.Array(item), total: Int, size: Int, current: Int, pages: Int });
const agentQuery = () => Type.Object({ agentId: Id }, { additionalProperties: true });

export const deleteBatch = defineEndpoint({
  method: 'POST',
  url: `${AGENT_API}/agent/deleteBatch`,
  access: { permission: 'epc_agent_delete' },
  tags: TAGS,
  summary: 'Remove agent companies (ids, comma-joined or an array): the companies are deleted softly and their stations released; their department and accounts stay',
  body: Type.Object({ ids: Type.Union([Str, Type.Array(Type.Union([Str, Int]), { maxItems: 1000 })]) }, { additionalProperties: false }),
  data: Type.Object({ removed: Int }),
});

export const DocumentVO = Type.Object({ attachId: Str, originalName: NStr, extension: NStr, size: Type.Union([Int, Type.Null()]), link: Str });
export const documentList = defineEndpoint({
  method: 'GET',
  url: `${AGENT_API}/agent/documents`,
  access: READ,
  tags: TAGS,
  summary: "A company's documents (attachments, in order) with their signed file links",
  querystring: agentQuery(),
  data: Type.Array(DocumentVO),
});
export const documentSave = defineEndpoint({
  method: 'POST',
  url: `${AGENT_API}/agent/documents`,
  access: EDIT,
  tags: TAGS,
  summary: "Replace a company's documents: at most 3 attachments of the caller's tenant (uploaded with put-file?use=attachment), each an image or a PDF of at most 10 MB",
  body: Type.Object({ agentId: IdIn, attachIds: Type.Array(Type.Union([Str, Int]), { maxItems: 20 }) }, { additionalProperties: false }),
  data: Type.Array(DocumentVO),
});

export const OperationLogVO = Type.Object({
  id: Str,
  agentId: Str,
  operation: Str,
  changes: Type.Array(Type.Object({ field: Str, label: Str, oldValue: NStr, newValue: NStr })),
  createUser: NStr,
  createUserName: NStr,
  createTime: NStr,
});
export const operationLogList = defineEndpoint({
  method: 'GET',
  url: `${AGENT_API}/agent/operationLog/list`,
  access: READ,
  tags: TAGS,
  summary: "A company's operation log, newest first: who changed what (field, old → new), staff, exclusions, stations and documents",
  querystring: Type.Object({ agentId: Id, current: Type.Optional(Str), size: Type.Optional(Str) }, { additionalProperties: true }),
  data: page(OperationLogVO),
});

export const CompanyOptionVO = Type.Object({ id: Str, agentNumber: Str, companyName: Str, deptId: NStr });
export const selectAgencyCompany = defineEndpoint({
  method: 'POST',
  url: `${AGENT_API}/agent/selectAgencyCompany`,
  access: READ,
  tags: TAGS,
  summary: 'Agent companies for pickers (id, number, name, department), optionally filtered by a name or number fragment',
  body: Type.Object({ keyword: Type.Optional(Type.Union([Str, Type.Null()])) }, { additionalProperties: true }),
  data: Type.Array(CompanyOptionVO),
});
export const companyNames = defineEndpoint({
  method: 'GET',
  url: `${AGENT_API}/companyInfo/getListCompanyName`,
  access: READ,
  tags: TAGS,
  summary: 'The names of the agent companies the caller may see',
  querystring: Type.Object({ companyName: Type.Optional(Str) }, { additionalProperties: true }),
  data: Type.Array(Type.Object({ id: Str, companyName: Str })),
});

export const StaffVO = Type.Object({
  id: Str,
  account: Str,
  realName: NStr,
  phoneDiallingCode: NStr,
  phone: NStr,
  email: NStr,
  status: Int,
  roles: Type.Array(Type.Object({ alias: Str, name: Str })),
  excluded: Type.Boolean(),
  isAdmin: Type.Boolean(),
});
export const selectDeliveryManager = defineEndpoint({
  method: 'POST',
  url: `${AGENT_API}/agent/selectDeliveryManager`,
  access: READ,
  tags: TAGS,
  summary: "Delivery managers: of one company (agentId) or of the caller's tenant; excluded staff are left out",
  body: Type.Object({ agentId: Type.Optional(Type.Union([IdIn, Type.Null()])) }, { additionalProperties: true }),
  data: Type.Array(StaffVO),
});
export const findAgentUserList = defineEndpoint({
  method: 'GET',
  url: `${AGENT_API}/agent/findAgentUserList`,
  access: READ,
  tags: TAGS,
  summary: "A company's staff (the users of its department) with their roles, whether excluded, and its administrator",
  querystring: Type.Object({ agentId: Id, roleAlias: Type.Optional(Str), keyword: Type.Optional(Str) }, { additionalProperties: true }),
  data: Type.Array(StaffVO),
});
export const staffSave = defineEndpoint({
  method: 'POST',
  url: `${AGENT_API}/agent/staff/save`,
  access: EDIT,
  tags: TAGS,
  summary:
    "Add a staff member: a user of the company's department with one agent role (site technician, electrician, rollout manager, delivery manager, warehouse manager); without a password one is generated and answered once",
  body: Type.Object(
    {
      agentId: IdIn,
      account: Str,
      realName: Str,
      phoneDiallingCode: Type.Optional(Str),
      phone: Str,
      email: Type.Optional(Type.Union([Str, Type.Null()])),
      roleAlias: Str,
      password: Type.Optional(Type.Union([Str, Type.Null()])),
    },
    { additionalProperties: false },
  ),
  data: Type.Object({ id: Str, initialPassword: Type.Optional(Str) }),
});
export const listByDeptTenant = defineEndpoint({
  method: 'GET',
  url: `${AGENT_API}/user/list-by-dept-tenant`,
  access: READ,
  tags: TAGS,
  summary: "Live users of a department of the caller's tenant (platform users may name the tenant)",
  querystring: Type.Object({ deptId: Id, tenantId: Type.Optional(Str) }, { additionalProperties: true }),
  data: Type.Array(Type.Object({ id: Str, account: Str, realName: NStr, phone: NStr, email: NStr, deptId: Str })),
});

export const UnauthorizedVO = Type.Object({
  id: Str,
  agentId: Str,
  userId: Str,
  account: NStr,
  realName: NStr,
  reason: NStr,
  createUserName: NStr,
  createTime: NStr,
});
export const unauthorizedList = defineEndpoint({
  method: 'GET',
  url: `${AGENT_API}/agentUnauthorizedUser/list`,
  access: READ,
  tags: TAGS,
  summary: "A company's excluded staff: members barred from the company's orders",
  querystring: agentQuery(),
  data: Type.Array(UnauthorizedVO),
});
export const unauthorizedSaveBatch = defineEndpoint({
  method: 'POST',
  url: `${AGENT_API}/agentUnauthorizedUser/saveBatch`,
  access: EDIT,
  tags: TAGS,
  summary: "Exclude staff members of a company (each must be one of its staff; one already excluded is left as it is)",
  body: Type.Object(
    { agentId: IdIn, userIds: Type.Array(Type.Union([Str, Int]), { minItems: 1, maxItems: 500 }), reason: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])) },
    { additionalProperties: false },
  ),
  data: Type.Array(UnauthorizedVO),
});
export const unauthorizedRemove = defineEndpoint({
  method: 'POST',
  url: `${AGENT_API}/agentUnauthorizedUser/remove`,
  access: EDIT,
  tags: TAGS,
  summary: 'Lift exclusions (ids of exclusion records, comma-joined: in the query, or `ids` of a form or JSON body)',
  querystring: Type.Object({ ids: Type.Optional(Str) }, { additionalProperties: true }),
  data: Type.Object({ removed: Int }),
});

export const StationVO = Type.Object({
  id: Str,
  plantName: Str,
  address: NStr,
  operationCompanyId: NStr,
  operationCompanyName: NStr,
  /** The agent company whose department operates the station, if any. */
  agentId: NStr,
});
export const stationList = defineEndpoint({
  method: 'GET',
  url: `${AGENT_API}/agent/station/list`,
  access: READ,
  tags: TAGS,
  summary: "A company's associated stations (those its department operates)",
  querystring: agentQuery(),
  data: Type.Array(StationVO),
});
export const stationOptions = defineEndpoint({
  method: 'GET',
  url: `${AGENT_API}/agent/station/options`,
  access: { permission: 'epc_agent_edit' },
  tags: TAGS,
  summary: 'Stations the caller may associate (those it sees), with the company that operates each now',
  querystring: Type.Object({ keyword: Type.Optional(Str) }, { additionalProperties: true }),
  data: Type.Array(StationVO),
});
export const stationSave = defineEndpoint({
  method: 'POST',
  url: `${AGENT_API}/agent/station/save`,
  access: EDIT,
  tags: TAGS,
  summary:
    "Set a company's associated stations (the whole set): the stations given are operated by its department from now on (its staff see them, their devices and alarms), the ones left out are released",
  body: Type.Object({ agentId: IdIn, plantIds: Type.Array(Type.Union([Str, Int]), { maxItems: 2000 }) }, { additionalProperties: false }),
  data: Type.Array(StationVO),
});
