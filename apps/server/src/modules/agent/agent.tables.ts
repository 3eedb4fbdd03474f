/**
 * Agent companies (issue 17): the company (CRUD engine table), its documents (attachments, in order), its excluded
 * staff and its operation log (old → new per field). Its staff are the users of its department (`dept_id`), and its
 * associated stations are the stations that department operates (`helio_plant.operation_company_id`).
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, numeric, pgTable, primaryKey, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, tenantId, ts } from '../../db/columns.js';

const v = (name: string, length: number) => varchar(name, { length });

export const agentCompany = pgTable(
  'helio_agent_company',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    agentNumber: v('agent_number', 32).notNull(),
    registrationTime: ts('registration_time').notNull().defaultNow(),
    companyName: v('company_name', 100).notNull(),
    /** business dictionary `agent_type`. */
    agentType: smallint('agent_type').notNull(),
    provinceCode: v('province_code', 12),
    cityCode: v('city_code', 12),
    districtCode: v('district_code', 12),
    regionName: v('region_name', 200),
    address: v('address', 255),
    contactName: v('contact_name', 50).notNull(),
    phoneDiallingCode: v('phone_dialling_code', 8).notNull().default('+86'),
    phone: v('phone', 20).notNull(),
    email: v('email', 100),
    agentFee: numeric('agent_fee', { precision: 14, scale: 3 }),
    taxId: v('tax_id', 40),
    controllerName: v('controller_name', 50),
    controllerIdType: smallint('controller_id_type'),
    controllerIdNumber: v('controller_id_number', 40),
    controllerPhone: v('controller_phone', 20),
    legalPersonName: v('legal_person_name', 50),
    legalPersonIdType: smallint('legal_person_id_type'),
    legalPersonIdNumber: v('legal_person_id_number', 40),
    legalPersonPhone: v('legal_person_phone', 20),
    bankName: v('bank_name', 100),
    bankAccountName: v('bank_account_name', 100),
    bankAccount: v('bank_account', 40),
    invoiceTitle: v('invoice_title', 100),
    invoiceTaxId: v('invoice_tax_id', 40),
    invoiceAddress: v('invoice_address', 255),
    invoicePhone: v('invoice_phone', 20),
    invoiceBankName: v('invoice_bank_name', 100),
    invoiceBankAccount: v('invoice_bank_account', 40),
    /** The company's department (blade_dept) and administrator account (blade_user), created with it. */
    deptId: id('dept_id'),
    adminUserId: id('admin_user_id'),
    remark: v('remark', 255),
    ...audit(),
  },
  (t) => [
    uniqueIndex('helio_agent_number_uq').on(t.tenantId, t.agentNumber).where(sql`${t.isDeleted} = 0`),
    index('helio_agent_company_dept_idx').on(t.deptId),
  ],
);

/** A company's documents: attachments (blade_attach) in the order shown. */
export const agentDocument = pgTable(
  'helio_agent_document',
  {
    agentId: id('agent_id').notNull(),
    seq: smallint('seq').notNull(),
    attachId: id('attach_id').notNull(),
    tenantId: tenantId(),
    createTime: ts('create_time').defaultNow(),
  },
  (t) => [primaryKey({ name: 'helio_agent_document_pk', columns: [t.agentId, t.seq] })],
);

/** Excluded staff (`agentUnauthorizedUser`): members barred from the company's orders. */
export const agentUnauthorizedUser = pgTable(
  'helio_agent_unauthorized_user',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    agentId: id('agent_id').notNull(),
    userId: id('user_id').notNull(),
    reason: v('reason', 255),
    createUser: id('create_user'),
    createTime: ts('create_time').defaultNow(),
  },
  (t) => [uniqueIndex('helio_agent_unauthorized_uq').on(t.agentId, t.userId)],
);

/** Who changed what on a company: the operation and, per field, the old and the new value. */
export const agentOperationLog = pgTable(
  'helio_agent_operation_log',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    agentId: id('agent_id').notNull(),
    /** create, update, delete, staff, exclude, include, stations, documents. */
    operation: v('operation', 16).notNull(),
    /** [{field, oldValue, newValue}] */
    changes: jsonb('changes').$type<{ field: string; oldValue: string | null; newValue: string | null }[]>().notNull(),
    createUser: id('create_user'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('helio_agent_operation_log_agent_idx').on(t.agentId, t.createTime)],
);
