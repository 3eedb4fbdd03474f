/**
 * Rules of the agent company beyond the shared field rules, as CRUD engine hooks (all inside the write's transaction,
 * so a refused check leaves nothing written):
 * - the number: generated when left empty (`AG` + date + sequence, under a per-tenant lock), unique in the tenant;
 * - the registration time (`yyyy-MM-dd HH:mm:ss`, now when left empty), the region codes (a real province → city →
 *   district chain; the names are looked up), an 11-digit mobile where the dialling code calls for it;
 * - on insert: the department (created, or `linkDeptId` linked), the agent roles of the tenant and the administrator
 *   account (`adminAccount`, default the number in lower case; `adminPassword` or a generated one, answered once);
 * - documents (`attachIds`): at most three images or PDFs of the tenant (agent.documents.ts);
 * - the operation log: every change with its old and new values; a removal releases the company's stations.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ACCOUNT_RULE, AGENT_ADMIN_ROLE } from '@helio/contracts/modules/agent/agent.api';
import { checkRules, ELEVEN_DIGIT_MOBILE_CODES } from '@helio/contracts/validation';
import { formatDateTime, parseDateTime } from '../../core/dates.js';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import { tenantForInsert } from '../../core/tenant.js';
import { violationMessages } from '../../core/validate.js';
import { FieldsError, type CrudHooks, type ReadCall, type Row, type TxCall, type WriteCall } from '../../crud/types.js';
import type { Db } from '../../db/client.js';
import { region, user } from '../../db/schema.js';
import type { Actor } from '../../kernel/types.js';
import { checkDocuments, linkDocuments, documentIds } from './agent.documents.js';
import { diff, fieldLabel, writeLog } from './agent.log.js';
import { agentError } from './agent.messages.js';
import { companyDept, createAccount, ensureAgentRoles, renameCompany } from './agent.org.js';
import { agentCompany } from './agent.tables.js';

interface Extras {
  attachIds?: unknown[];
  adminAccount?: string;
  adminPassword?: string;
  linkDeptId?: string;
  documents?: string[];
  existing?: Row;
}
const EXTRAS = Symbol('agent extras');
const extras = (call: TxCall): Extras => {
  let e = call.batch.get(EXTRAS) as Extras | undefined;
  if (!e) call.batch.set(EXTRAS, (e = {}));
  return e;
};
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The next generated number of a tenant: `AG` + yyyyMMdd + a 3-digit (or longer) sequence of that day. */
async function nextNumber(db: Db, tenantId: string): Promise<string> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`helio_agent_number:${tenantId}`}))`);
  const day = (formatDateTime(new Date()) ?? '').slice(0, 10).replaceAll('-', '');
  const prefix = `AG${day}`;
  const [last] = (
    (await db.execute(sql`SELECT agent_number AS n FROM helio_agent_company
      WHERE tenant_id = ${tenantId} AND agent_number ~ ${`^${prefix}[0-9]{3,}$`} ORDER BY length(agent_number) DESC, agent_number DESC LIMIT 1`)) as unknown as {
      rows: { n: string }[];
    }
  ).rows;
  const seq = last ? Number(last.n.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(3, '0')}`;
}

/** The region codes as a chain province → city → district of real regions; their names joined. */
async function regionNames(call: WriteCall, values: Row, existing: Row | undefined): Promise<void> {
  const keys = ['provinceCode', 'cityCode', 'districtCode'] as const;
  if (!keys.some((k) => k in values)) return;
  const codes = keys.map((k) => (k in values ? values[k] : existing?.[k]) as string | null | undefined);
  const given = codes.filter((c): c is string => typeof c === 'string' && c !== '');
  if (given.length === 0) {
    values.regionName = null;
    return;
  }
  const rows = await call.db
    .select({ code: region.code, parentCode: region.parentCode, name: region.name, nameEn: region.nameEn })
    .from(region)
    .where(inArray(region.code, given));
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const names: string[] = [];
  let parent: string | undefined;
  for (const [i, code] of codes.entries()) {
    if (!code) {
      // A gap (a district without a city) is not a chain.
      if (codes.slice(i + 1).some(Boolean)) throw agentError(call.lang, keys[i]!, 'regionUnknown', { field: fieldLabel(call.lang, keys[i]!) });
      continue;
    }
    const r = byCode.get(code);
    if (!r || (parent !== undefined && r.parentCode !== parent)) throw agentError(call.lang, keys[i]!, 'regionUnknown', { field: fieldLabel(call.lang, keys[i]!) });
    names.push(r.name);
    parent = code;
  }
  values.regionName = names.join(' / ');
}

export const agentHooks: CrudHooks = {
  saveAndUpdate: true,

  acceptBody: async (call, body, updating) => {
    const e = extras(call);
    if (Array.isArray(body.attachIds)) e.attachIds = body.attachIds;
    if (!updating) {
      const account = str(body.adminAccount);
      const password = str(body.adminPassword);
      const link = str(body.linkDeptId);
      const problems = checkRules({ adminAccount: account || undefined }, { adminAccount: ADMIN_ACCOUNT_RULE });
      if (problems.length) {
        const [message] = violationMessages(call.lang, problems, { adminAccount: ADMIN_ACCOUNT_RULE });
        throw new FieldsError([{ field: 'adminAccount', message: message! }]);
      }
      if (link && !isId(link)) throw agentError(call.lang, 'deptId', 'noDepartment');
      Object.assign(e, { adminAccount: account || undefined, adminPassword: password || undefined, linkDeptId: link || undefined });
      if (!str(body.agentNumber)) return { ...body, agentNumber: await nextNumber(call.db, tenantForInsert(call.actor, body.tenantId)) };
    }
    return body;
  },

  beforeWrite: async (call, existing, values) => {
    if (call.op === 'remove') return;
    const e = extras(call);
    e.existing = existing;
    const lang = call.lang;
    if ('registrationTime' in values) {
      const raw = values.registrationTime;
      if (raw === null || raw === undefined) {
        if (existing) delete values.registrationTime;
        else values.registrationTime = new Date();
      } else {
        const d = typeof raw === 'string' ? parseDateTime(raw) : null;
        if (!d) throw agentError(lang, 'registrationTime', 'dateTimeInvalid', { field: fieldLabel(lang, 'registrationTime') });
        values.registrationTime = d;
      }
    } else if (!existing) values.registrationTime = new Date();
    const code = String(values.phoneDiallingCode ?? existing?.phoneDiallingCode ?? '+86');
    const phone = values.phone;
    if (typeof phone === 'string' && /^\d+$/.test(phone) && ELEVEN_DIGIT_MOBILE_CODES.includes(code) && phone.length !== 11) {
      throw agentError(lang, 'phone', 'mobileLength', { field: fieldLabel(lang, 'phone') });
    }
    await regionNames(call, values, existing);
    if (e.attachIds) {
      const tenantId = String(existing?.tenantId ?? tenantForInsert(call.actor, values.tenantId));
      e.documents = await checkDocuments(call.db, tenantId, lang, e.attachIds);
    }
  },

  writeWithin: async (call, id, values, inserted) => {
    const e = extras(call);
    const [row] = await call.db.select().from(agentCompany).where(eq(agentCompany.id, id));
    const tenantId = row!.tenantId;
    if (!inserted) {
      const existing = e.existing;
      const changes = diff(existing, values);
      if (existing?.deptId && values.companyName !== undefined && values.companyName !== existing.companyName) {
        await renameCompany(call.db, String(existing.deptId), String(values.companyName));
      }
      if (e.documents) {
        const before = await documentIds(call.db, id);
        if (before.join(',') !== e.documents.join(',')) changes.push({ field: 'documents', oldValue: before.join(',') || null, newValue: e.documents.join(',') || null });
        await linkDocuments(call.db, id, tenantId, e.documents);
      }
      await writeLog(call.db, call.actor, tenantId, id, 'update', changes);
      return;
    }
    const deptId = await companyDept(call.db, call.actor, call.lang, tenantId, row!.companyName, e.linkDeptId);
    const roles = await ensureAgentRoles(call.db, tenantId);
    const account = e.adminAccount ?? row!.agentNumber.toLowerCase();
    const admin = await createAccount(call.db, call.actor, call.lang, {
      tenantId,
      deptId,
      roleId: roles.get(AGENT_ADMIN_ROLE)!,
      account,
      realName: row!.contactName,
      phoneDiallingCode: row!.phoneDiallingCode,
      phone: row!.phone,
      password: e.adminPassword ?? null,
    });
    // The engine's insert set version 1; these columns are the module's own, so the version stays.
    await call.db.execute(sql`UPDATE helio_agent_company SET dept_id = ${deptId}, admin_user_id = ${admin.id} WHERE id = ${id}`);
    if (e.documents?.length) await linkDocuments(call.db, id, tenantId, e.documents);
    const changes = diff(undefined, { ...values, agentNumber: row!.agentNumber, registrationTime: row!.registrationTime });
    changes.push({ field: 'adminAccount', oldValue: null, newValue: account });
    if (e.documents?.length) changes.push({ field: 'documents', oldValue: null, newValue: e.documents.join(',') });
    await writeLog(call.db, call.actor, tenantId, id, 'create', changes);
    return {
      agentNumber: row!.agentNumber,
      deptId,
      adminUserId: admin.id,
      adminAccount: account,
      ...(admin.initialPassword ? { initialPassword: admin.initialPassword } : {}),
    };
  },

  afterRemove: async (call, ids) => {
    const rows = await call.db.select().from(agentCompany).where(inArray(agentCompany.id, ids));
    for (const r of rows) {
      if (r.deptId) {
        await call.db.execute(sql`UPDATE helio_plant SET operation_company_id = NULL, operation_company_name = NULL, update_user = ${call.actor.userId}, update_time = now()
          WHERE operation_company_id = ${r.deptId} AND tenant_id = ${r.tenantId} AND is_deleted = 0`);
      }
      await writeLog(call.db, call.actor, r.tenantId, r.id, 'delete', [{ field: 'companyName', oldValue: r.companyName, newValue: null }]);
    }
  },

  listScope: (call) => agentListScope(call.db, call.actor),

  decorate: async (call: ReadCall, vos: Row[]) => {
    // A detail reads by id without the list's scope: a company of another agent answers as a missing one.
    const own = call.actor.isAdministrator ? undefined : await ownCompanies(call.db, call.actor);
    if (own && vos.some((v) => !own.includes(String(v.id)))) throw new BizError('recordNotFound');
    const admins = [...new Set(vos.map((v) => v.adminUserId).filter((v): v is string => typeof v === 'string' && isId(v)))];
    if (admins.length === 0) return vos;
    const rows = await call.db.select({ id: user.id, account: user.account }).from(user).where(inArray(user.id, admins));
    const byId = new Map(rows.map((r) => [r.id, r.account]));
    return vos.map((v) => ({ ...v, adminAccount: byId.get(String(v.adminUserId)) ?? '' }));
  },
};

/**
 * Which companies a user sees beyond the tenant: administrators all of the tenant; a member of an agent company's
 * department (or one below it) only that company; everybody else (the head office's staff) all of the tenant.
 */
export async function agentListScope(db: Db, actor: Actor): Promise<SQL | undefined> {
  if (actor.isAdministrator) return undefined;
  const own = await ownCompanies(db, actor);
  return own ? inArray(agentCompany.id, own) : undefined;
}

/** The companies whose department (or one above it) the actor belongs to; undefined when none (not agent staff). */
export async function ownCompanies(db: Db, actor: Actor): Promise<string[] | undefined> {
  const depts = actor.deptIds.filter(isId);
  if (depts.length === 0) return undefined;
  const list = sql.join(depts.map((d) => sql`${d}`), sql`, `);
  const rows = (
    (await db.execute(sql`SELECT c.id::text AS id FROM helio_agent_company c
      WHERE c.is_deleted = 0 AND c.dept_id IS NOT NULL AND c.tenant_id = ${actor.tenantId}
        AND c.dept_id IN (SELECT d.id FROM blade_dept d WHERE d.is_deleted = 0 AND (d.id IN (${list})
              OR d.id IN (SELECT unnest(string_to_array(x.ancestors, ','))::bigint FROM blade_dept x WHERE x.id IN (${list}) AND x.ancestors ~ '^[0-9,]+$')))`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  return rows.length ? rows.map((r) => r.id) : undefined;
}

