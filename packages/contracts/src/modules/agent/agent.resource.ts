/**
 * Agent companies (issue 17; spec §1 "Agents: company info, associated stations, excluded staff", §2 `/epc/agent`,
 * §3 "Agent", §5 "agent fee and contact must be legal", §7 "Agents and orders (skyworth-agent)"): the company record
 * on the CRUD engine (`list`, `detail`, `save`, `update`; `deleteBatch` and the rest in agent.api.ts). Every §3
 * field: number (generated when left empty, unique in the tenant), registration time, region (province → city →
 * district codes; the names are looked up by the server), company, contact (name, dialling code + phone), type,
 * address, e-mail, agent fee (non-negative, at most 3 decimals), controller and legal person (name, ID type and
 * number, phone), bank account and invoice information, tax id. Documents are attachments (agent.api.ts).
 */
import { defineResource, type FieldDef } from '../../crud/resource.js';
import { DECIMAL_PATTERN, DIGITS_PATTERN, EMAIL_PATTERN } from '../../validation.js';

export const AGENT_API = '/api/skyworth-agent';
/** Agent numbers: letters, digits, `-`, `_` (1–32); generated as `AG` + date + sequence when left empty. */
export const AGENT_NUMBER_PATTERN = '^[A-Za-z0-9_-]{1,32}$';
/** ID, tax and bank numbers: letters, digits, spaces and `-`. */
export const ID_NUMBER_PATTERN = '^[A-Za-z0-9 -]{1,40}$';
/** Dialling codes: `+` and 1–4 digits. */
export const DIALLING_CODE_PATTERN = '^\\+?\\d{1,4}$';

type Extra = Partial<FieldDef>;
const text = (key: string, zh: string, en: string, max: number, extra: Extra = {}): FieldDef => ({
  key,
  label: { zh, en },
  kind: 'text',
  table: false,
  ...extra,
  rules: { max, ...(extra.rules ?? {}) },
});
const phone = (key: string, zh: string, en: string, extra: Extra = {}): FieldDef =>
  text(key, zh, en, 20, { ...extra, rules: { max: 20, pattern: DIGITS_PATTERN, patternMessage: 'digitsOnly', ...(extra.rules ?? {}) } });
const idType = (key: string, zh: string, en: string): FieldDef => ({
  key,
  label: { zh, en },
  kind: 'dictbiz',
  dict: 'agent_id_type',
  numeric: true,
  table: false,
  rules: { integer: true, minValue: 1, maxValue: 99 },
});
const person = (prefix: 'controller' | 'legalPerson', zh: string, en: string): FieldDef[] => [
  text(`${prefix}Name`, `${zh}姓名`, `${en} name`, 50),
  idType(`${prefix}IdType`, `${zh}证件类型`, `${en} ID type`),
  text(`${prefix}IdNumber`, `${zh}证件号码`, `${en} ID number`, 40, { rules: { max: 40, pattern: ID_NUMBER_PATTERN } }),
  phone(`${prefix}Phone`, `${zh}电话`, `${en} phone`),
];

/** The form's sections, in order (web): which fields each shows. */
export const AGENT_SECTIONS = {
  company: ['agentNumber', 'registrationTime', 'companyName', 'agentType', 'provinceCode', 'cityCode', 'districtCode', 'address', 'agentFee', 'taxId', 'remark'],
  contact: ['contactName', 'phoneDiallingCode', 'phone', 'email'],
  controller: ['controllerName', 'controllerIdType', 'controllerIdNumber', 'controllerPhone'],
  legalPerson: ['legalPersonName', 'legalPersonIdType', 'legalPersonIdNumber', 'legalPersonPhone'],
  bank: ['bankName', 'bankAccountName', 'bankAccount'],
  invoice: ['invoiceTitle', 'invoiceTaxId', 'invoiceAddress', 'invoicePhone', 'invoiceBankName', 'invoiceBankAccount'],
} as const;

export const agentCompanyResource = defineResource({
  name: 'agentCompany',
  page: 'epc_agent',
  api: `${AGENT_API}/agent`,
  title: { zh: '代理商', en: 'Agent company' },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 1000, maskClosable: false },
  defaultSort: { field: 'registrationTime', order: 'desc' },
  select: { labelKey: 'companyName' },
  fields: [
    text('agentNumber', '代理商编号', 'Agent number', 32, {
      table: true,
      search: 'like',
      sortable: true,
      unique: true,
      rules: { max: 32, pattern: AGENT_NUMBER_PATTERN },
    }),
    { key: 'registrationTime', label: { zh: '注册时间', en: 'Registration time' }, kind: 'datetime', sortable: true },
    text('companyName', '公司名称', 'Company name', 100, { table: true, search: 'like', sortable: true, rules: { required: true, max: 100 } }),
    {
      key: 'agentType',
      label: { zh: '代理商类型', en: 'Agent type' },
      kind: 'dictbiz',
      dict: 'agent_type',
      numeric: true,
      search: 'equal',
      rules: { required: true, integer: true, minValue: 1, maxValue: 99 },
    },
    text('provinceCode', '省份', 'Province', 12, { rules: { max: 12, pattern: DIGITS_PATTERN } }),
    text('cityCode', '城市', 'City', 12, { rules: { max: 12, pattern: DIGITS_PATTERN } }),
    text('districtCode', '区县', 'District', 12, { rules: { max: 12, pattern: DIGITS_PATTERN } }),
    /** Province / city / district names, looked up by the server from the codes. */
    text('regionName', '所在地区', 'Region', 200, { table: true, form: false, search: 'like' }),
    text('address', '详细地址', 'Address', 255),
    text('contactName', '联系人', 'Contact name', 50, { table: true, search: 'like', rules: { required: true, max: 50 } }),
    text('phoneDiallingCode', '区号', 'Dialling code', 8, { omitted: { value: '+86' }, rules: { required: true, max: 8, pattern: DIALLING_CODE_PATTERN } }),
    phone('phone', '联系电话', 'Phone', { table: true, search: 'like', rules: { required: true } }),
    text('email', '邮箱', 'E-mail', 100, { table: true, rules: { max: 100, pattern: EMAIL_PATTERN } }),
    text('agentFee', '代理费', 'Agent fee', 14, { table: true, rules: { max: 14, pattern: DECIMAL_PATTERN, patternMessage: 'decimal' } }),
    text('taxId', '税号', 'Tax ID', 40, { rules: { max: 40, pattern: ID_NUMBER_PATTERN } }),
    ...person('controller', '实际控制人', 'Controller'),
    ...person('legalPerson', '法人', 'Legal person'),
    text('bankName', '开户银行', 'Bank', 100),
    text('bankAccountName', '账户名称', 'Account name', 100),
    text('bankAccount', '银行账号', 'Bank account', 40, { rules: { max: 40, pattern: ID_NUMBER_PATTERN } }),
    text('invoiceTitle', '发票抬头', 'Invoice title', 100),
    text('invoiceTaxId', '纳税人识别号', 'Invoice tax ID', 40, { rules: { max: 40, pattern: ID_NUMBER_PATTERN } }),
    text('invoiceAddress', '开票地址', 'Invoice address', 255),
    phone('invoicePhone', '开票电话', 'Invoice phone'),
    text('invoiceBankName', '开票银行', 'Invoice bank', 100),
    text('invoiceBankAccount', '开票账号', 'Invoice bank account', 40, { rules: { max: 40, pattern: ID_NUMBER_PATTERN } }),
    /** The company's department (its staff belong to it) and administrator account, created with the company. */
    text('deptId', '所属机构', 'Department', 20, { form: false }),
    text('adminUserId', '管理员账号', 'Administrator account', 20, { form: false }),
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, kind: 'textarea', table: false, rules: { max: 255 }, span: 24 },
  ],
});
