/**
 * An agent company's people, stations, documents and log (spec §7 "Agents and orders"): its staff (the users of its
 * department; one added with an agent role), excluded staff, its associated stations (the stations its department
 * operates: `helio_plant.operation_company_id`, which the station module's data scope reads, so its staff see those
 * stations, their devices and alarms and no others), its documents, its operation log and the pickers. Every write
 * runs in one `ctx.tx` with its log entry; a company the caller may not see answers as a missing one.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AGENT_STAFF_ROLES, STAFF_RULES, type AgentStaffRole } from '@helio/contracts/modules/agent/agent.api';
import { formatDateTime } from '../../core/dates.js';
import { BizError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { isId, nextId, parseIds } from '../../core/ids.js';
import { isPlatform, tenantCondition } from '../../core/tenant.js';
import { assertRules } from '../../core/validate.js';
import type { Db } from '../../db/client.js';
import { plant } from '../../db/schema-device.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { plantWhere } from '../station/index.js';
import { documentsOf, checkDocuments, linkDocuments, documentIds, type AgentDocument } from './agent.documents.js';
import { agentListScope, ownCompanies } from './agent.hooks.js';
import { readLog, writeLog } from './agent.log.js';
import { agentError } from './agent.messages.js';
import { createAccount, ensureAgentRoles } from './agent.org.js';
import { agentCompany, agentUnauthorizedUser } from './agent.tables.js';
import { rowsOf } from '../../db/rows.js';

type Company = typeof agentCompany.$inferSelect;
type Q = Record<string, unknown>;
const list = (ids: string[]) => sql.join(ids.map((i) => sql`${i}`), sql`, `);
const one = (q: Q, k: string) => (typeof q[k] === 'string' ? (q[k] as string).trim() : typeof q[k] === 'number' ? String(q[k]) : undefined);

interface StaffRow {
  id: string;
  account: string;
  realName: string | null;
  phoneDiallingCode: string | null;
  phone: string | null;
  email: string | null;
  status: number;
  roleId: string;
}

export class AgentService {
  constructor(private readonly ctx: ModuleContext) {}

  /** A live company the actor may see (tenant, then the agent-staff scope); else a 400 "no such record". */
  async company(actor: Actor, rawId: unknown, db: Db = this.ctx.db, lock = false): Promise<Company> {
    const id = String(rawId ?? '');
    if (!isId(id)) throw new BizError('recordNotFound');
    const q = db
      .select()
      .from(agentCompany)
      .where(and(eq(agentCompany.id, id), eq(agentCompany.isDeleted, 0), tenantCondition(agentCompany.tenantId, actor), await agentListScope(db, actor)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new BizError('recordNotFound');
    return row;
  }

  // ---- staff ---------------------------------------------------------------------------------------------------

  private async staffRows(db: Db, c: Company, where = sql``): Promise<StaffRow[]> {
    if (!c.deptId) return [];
    return rowsOf<StaffRow>(db, sql`SELECT u.id::text AS id, u.account, u.real_name AS "realName", u.phone_dialling_code AS "phoneDiallingCode",
        u.phone, u.email, u.status, u.role_id AS "roleId"
      FROM blade_user u WHERE u.is_deleted = 0 AND u.tenant_id = ${c.tenantId}
        AND u.id IN (SELECT user_id FROM blade_user_dept WHERE dept_id = ${c.deptId}) ${where}
      ORDER BY u.real_name, u.id LIMIT 1000`);
  }

  private async vos(db: Db, c: Company, rows: StaffRow[], lang: Lang) {
    const roleIds = [...new Set(rows.flatMap((r) => r.roleId.split(',').filter(isId)))];
    const roles = roleIds.length
      ? await rowsOf<{ id: string; alias: string; name: string; nameEn: string | null }>(
          db,
          sql`SELECT id::text AS id, role_alias AS alias, role_name AS name, role_name_en AS "nameEn" FROM blade_role WHERE id IN (${list(roleIds)})`,
        )
      : [];
    const byId = new Map(roles.map((r) => [r.id, r]));
    const excluded = new Set(
      (await db.select({ userId: agentUnauthorizedUser.userId }).from(agentUnauthorizedUser).where(eq(agentUnauthorizedUser.agentId, c.id))).map((r) => r.userId),
    );
    return rows.map((r) => ({
      id: r.id,
      account: r.account,
      realName: r.realName,
      phoneDiallingCode: r.phoneDiallingCode,
      phone: r.phone,
      email: r.email,
      status: Number(r.status),
      roles: r.roleId
        .split(',')
        .flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
        .map((x) => ({ alias: x.alias, name: lang === 'en-US' ? (x.nameEn ?? x.name) : x.name })),
      excluded: excluded.has(r.id),
      isAdmin: r.id === c.adminUserId,
    }));
  }

  async staff(actor: Actor, q: Q, lang: Lang) {
    const c = await this.company(actor, q.agentId);
    const keyword = one(q, 'keyword');
    const alias = one(q, 'roleAlias');
    const rows = await this.staffRows(
      this.ctx.db,
      c,
      sql`${keyword ? sql`AND (u.account ILIKE ${`%${keyword}%`} OR u.real_name ILIKE ${`%${keyword}%`})` : sql``}
          ${alias ? sql`AND string_to_array(u.role_id, ',') && ARRAY(SELECT id::text FROM blade_role WHERE role_alias = ${alias} AND tenant_id = ${c.tenantId} AND is_deleted = 0)` : sql``}`,
    );
    return this.vos(this.ctx.db, c, rows, lang);
  }

  /** Delivery managers of one company, or of the tenant's companies; excluded ones left out. */
  async deliveryManagers(actor: Actor, body: Q, lang: Lang) {
    const agentId = one(body, 'agentId');
    const companies = agentId
      ? [await this.company(actor, agentId)]
      : await this.ctx.db
          .select()
          .from(agentCompany)
          .where(and(eq(agentCompany.isDeleted, 0), tenantCondition(agentCompany.tenantId, actor), await agentListScope(this.ctx.db, actor)))
          .limit(200);
    const out: Awaited<ReturnType<AgentService['vos']>> = [];
    for (const c of companies) {
      const rows = await this.staffRows(
        this.ctx.db,
        c,
        sql`AND string_to_array(u.role_id, ',') && ARRAY(SELECT id::text FROM blade_role WHERE role_alias = 'delivery_manager' AND tenant_id = ${c.tenantId} AND is_deleted = 0)`,
      );
      out.push(...(await this.vos(this.ctx.db, c, rows, lang)).filter((s) => !s.excluded));
    }
    return out;
  }

  async addStaff(actor: Actor, body: Q, lang: Lang): Promise<{ id: string; initialPassword?: string }> {
    const clean = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
    if (!clean.phoneDiallingCode) clean.phoneDiallingCode = '+86';
    assertRules(lang, clean, STAFF_RULES);
    const alias = String(clean.roleAlias);
    if (!(AGENT_STAFF_ROLES as readonly string[]).includes(alias)) throw agentError(lang, 'roleAlias', 'roleNotAgent', { field: lang === 'en-US' ? 'Role' : '角色' });
    return this.ctx.tx(async (tx) => {
      const c = await this.company(actor, clean.agentId, tx, true);
      if (!c.deptId) throw agentError(lang, 'agentId', 'noDepartment');
      const roles = await ensureAgentRoles(tx, c.tenantId);
      const saved = await createAccount(tx, actor, lang, {
        tenantId: c.tenantId,
        deptId: c.deptId,
        roleId: roles.get(alias as AgentStaffRole)!,
        account: String(clean.account),
        realName: String(clean.realName),
        phoneDiallingCode: String(clean.phoneDiallingCode),
        phone: String(clean.phone),
        email: (clean.email as string | null | undefined) || null,
        password: (clean.password as string | null | undefined) || null,
      });
      await writeLog(tx, actor, c.tenantId, c.id, 'staff', [{ field: 'staff', oldValue: null, newValue: `${String(clean.account)} (${alias})` }]);
      return saved;
    });
  }

  async usersOfDept(actor: Actor, q: Q) {
    const deptId = one(q, 'deptId');
    if (!deptId || !isId(deptId)) throw new BizError('invalidParam', { param: 'deptId' });
    const wanted = one(q, 'tenantId');
    const tenant = isPlatform(actor) && wanted && /^\d{6,12}$/.test(wanted) ? wanted : actor.tenantId;
    return rowsOf<{ id: string; account: string; realName: string | null; phone: string | null; email: string | null; deptId: string }>(
      this.ctx.db,
      sql`SELECT u.id::text AS id, u.account, u.real_name AS "realName", u.phone, u.email, ${deptId}::text AS "deptId"
        FROM blade_user u WHERE u.is_deleted = 0 AND u.tenant_id = ${tenant}
          AND u.id IN (SELECT user_id FROM blade_user_dept WHERE dept_id = ${deptId})
        ORDER BY u.real_name, u.id LIMIT 1000`,
    );
  }

  // ---- excluded staff ------------------------------------------------------------------------------------------

  private async exclusions(db: Db, agentId: string, ids?: string[]) {
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT x.id::text AS id, x.agent_id::text AS "agentId", x.user_id::text AS "userId", u.account, u.real_name AS "realName", x.reason,
             c.real_name AS "createUserName", x.create_time AS "createTime"
        FROM helio_agent_unauthorized_user x
        LEFT JOIN blade_user u ON u.id = x.user_id
        LEFT JOIN blade_user c ON c.id = x.create_user
       WHERE x.agent_id = ${agentId} ${ids?.length ? sql`AND x.user_id IN (${list(ids)})` : sql``}
       ORDER BY x.create_time DESC, x.id`,
    );
    return rows.map((r) => ({ ...r, createTime: formatDateTime(r.createTime as Date | string | null) })) as {
      id: string;
      agentId: string;
      userId: string;
      account: string | null;
      realName: string | null;
      reason: string | null;
      createUserName: string | null;
      createTime: string | null;
    }[];
  }

  async excluded(actor: Actor, q: Q) {
    const c = await this.company(actor, q.agentId);
    return this.exclusions(this.ctx.db, c.id);
  }

  async exclude(actor: Actor, body: { agentId: unknown; userIds: unknown[]; reason?: string | null }, lang: Lang) {
    const userIds = [...new Set(body.userIds.map((v) => String(v)))];
    return this.ctx.tx(async (tx) => {
      const c = await this.company(actor, body.agentId, tx, true);
      const staff = new Set((await this.staffRows(tx, c)).map((s) => s.id));
      const stranger = userIds.find((u) => !staff.has(u));
      if (stranger !== undefined) throw agentError(lang, 'userIds', 'notStaff', { id: stranger.slice(0, 20) });
      const added = await tx
        .insert(agentUnauthorizedUser)
        .values(userIds.map((userId) => ({ id: nextId(), tenantId: c.tenantId, agentId: c.id, userId, reason: body.reason?.trim() || null, createUser: actor.userId })))
        .onConflictDoNothing()
        .returning({ userId: agentUnauthorizedUser.userId });
      if (added.length) {
        const names = await this.exclusions(tx, c.id, added.map((a) => a.userId));
        await writeLog(tx, actor, c.tenantId, c.id, 'exclude', [{ field: 'excluded', oldValue: null, newValue: names.map((n) => n.account ?? n.userId).join(', ') }]);
      }
      return this.exclusions(tx, c.id, userIds);
    });
  }

  async include(actor: Actor, rawIds: unknown) {
    const ids = parseIds(rawIds);
    if (ids.length === 0) throw new BizError('idsRequired');
    return this.ctx.tx(async (tx) => {
      // Exclusions of the actor's tenant (a removed company's too); agent staff only their own company's.
      const own = actor.isAdministrator ? undefined : await ownCompanies(tx, actor);
      const rows = (
        await tx.select().from(agentUnauthorizedUser).where(and(inArray(agentUnauthorizedUser.id, ids), tenantCondition(agentUnauthorizedUser.tenantId, actor)))
      ).filter((r) => !own || own.includes(r.agentId));
      let removed = 0;
      for (const agentId of new Set(rows.map((r) => r.agentId))) {
        const mine = rows.filter((r) => r.agentId === agentId);
        const names = await this.exclusions(tx, agentId, mine.map((r) => r.userId));
        const done = await tx.delete(agentUnauthorizedUser).where(inArray(agentUnauthorizedUser.id, mine.map((r) => r.id))).returning({ id: agentUnauthorizedUser.id });
        removed += done.length;
        await writeLog(tx, actor, mine[0]!.tenantId, agentId, 'include', [{ field: 'excluded', oldValue: names.map((n) => n.account ?? n.userId).join(', '), newValue: null }]);
      }
      return { removed };
    });
  }

  // ---- stations ------------------------------------------------------------------------------------------------

  private async stationRows(db: Db, actor: Actor, where: ReturnType<typeof sql>) {
    return rowsOf<{ id: string; plantName: string; address: string | null; operationCompanyId: string | null; operationCompanyName: string | null; agentId: string | null }>(
      db,
      sql`SELECT helio_plant.id::text AS id, helio_plant.plant_name AS "plantName", helio_plant.address,
             helio_plant.operation_company_id::text AS "operationCompanyId", helio_plant.operation_company_name AS "operationCompanyName",
             (SELECT c.id::text FROM helio_agent_company c WHERE c.dept_id = helio_plant.operation_company_id AND c.is_deleted = 0 LIMIT 1) AS "agentId"
        FROM helio_plant WHERE ${plantWhere(actor)} AND ${where}
        ORDER BY helio_plant.plant_name, helio_plant.id LIMIT 2000`,
    );
  }

  async stations(actor: Actor, q: Q) {
    const c = await this.company(actor, q.agentId);
    if (!c.deptId) return [];
    return this.stationRows(this.ctx.db, actor, sql`helio_plant.operation_company_id = ${c.deptId}`);
  }

  async stationOptions(actor: Actor, q: Q) {
    const keyword = one(q, 'keyword');
    return this.stationRows(this.ctx.db, actor, keyword ? sql`helio_plant.plant_name ILIKE ${`%${keyword}%`}` : sql`true`);
  }

  /** Sets the whole set of a company's stations (among those the actor sees): given ones operated by its department. */
  async saveStations(actor: Actor, body: { agentId: unknown; plantIds: unknown[] }, lang: Lang) {
    const wanted = [...new Set(body.plantIds.map((v) => String(v)))];
    const bad = wanted.find((p) => !isId(p));
    if (bad !== undefined) throw agentError(lang, 'plantIds', 'stationNotFound', { id: String(bad).slice(0, 20) });
    return this.ctx.tx(async (tx) => {
      const c = await this.company(actor, body.agentId, tx, true);
      if (!c.deptId) throw agentError(lang, 'agentId', 'noDepartment');
      const seen = wanted.length
        ? await tx.select({ id: plant.id, name: plant.plantName }).from(plant).where(and(inArray(plant.id, wanted), plantWhere(actor))).for('update')
        : [];
      const missing = wanted.find((p) => !seen.some((s) => s.id === p));
      if (missing !== undefined) throw agentError(lang, 'plantIds', 'stationNotFound', { id: missing });
      const before = await tx
        .select({ id: plant.id, name: plant.plantName })
        .from(plant)
        .where(and(eq(plant.operationCompanyId, c.deptId), eq(plant.isDeleted, 0), eq(plant.tenantId, c.tenantId)));
      const released = before.filter((b) => !wanted.includes(b.id)).map((b) => b.id);
      const now = new Date();
      if (released.length) {
        await tx
          .update(plant)
          .set({ operationCompanyId: null, operationCompanyName: null, updateUser: actor.userId, updateTime: now })
          .where(and(inArray(plant.id, released), eq(plant.operationCompanyId, c.deptId)));
      }
      const added = wanted.filter((w) => !before.some((b) => b.id === w));
      if (added.length) {
        const name = [...c.companyName].slice(0, 45).join('');
        await tx
          .update(plant)
          .set({ operationCompanyId: c.deptId, operationCompanyName: name, updateUser: actor.userId, updateTime: now })
          .where(and(inArray(plant.id, added), eq(plant.tenantId, c.tenantId)));
      }
      const names = (ids: { name: string }[]) => ids.map((x) => x.name).sort().join(', ') || null;
      if (added.length || released.length) {
        await writeLog(tx, actor, c.tenantId, c.id, 'stations', [{ field: 'stations', oldValue: names(before), newValue: names(seen) }]);
      }
      return this.stationRows(tx, actor, sql`helio_plant.operation_company_id = ${c.deptId}`);
    });
  }

  // ---- documents -----------------------------------------------------------------------------------------------

  async documents(actor: Actor, q: Q): Promise<AgentDocument[]> {
    const c = await this.company(actor, q.agentId);
    return documentsOf(this.ctx.db, c.id);
  }

  async saveDocuments(actor: Actor, body: { agentId: unknown; attachIds: unknown[] }, lang: Lang): Promise<AgentDocument[]> {
    return this.ctx.tx(async (tx) => {
      const c = await this.company(actor, body.agentId, tx, true);
      const ids = await checkDocuments(tx, c.tenantId, lang, body.attachIds);
      const before = await documentIds(tx, c.id);
      await linkDocuments(tx, c.id, c.tenantId, ids);
      if (before.join(',') !== ids.join(',')) {
        await writeLog(tx, actor, c.tenantId, c.id, 'documents', [{ field: 'documents', oldValue: before.join(',') || null, newValue: ids.join(',') || null }]);
      }
      return documentsOf(tx, c.id);
    });
  }

  // ---- log and pickers -----------------------------------------------------------------------------------------

  async log(actor: Actor, q: Q, lang: Lang) {
    const c = await this.company(actor, q.agentId);
    const size = Math.min(Math.max(Number(one(q, 'size') ?? 10) || 10, 1), 200);
    const current = Math.min(Math.max(Number(one(q, 'current') ?? 1) || 1, 1), 100_000);
    return readLog(this.ctx.db, c, { size, current }, lang);
  }

  private async visible(actor: Actor, keyword?: string) {
    return this.ctx.db
      .select({ id: agentCompany.id, agentNumber: agentCompany.agentNumber, companyName: agentCompany.companyName, deptId: agentCompany.deptId })
      .from(agentCompany)
      .where(
        and(
          eq(agentCompany.isDeleted, 0),
          tenantCondition(agentCompany.tenantId, actor),
          await agentListScope(this.ctx.db, actor),
          keyword ? sql`(${agentCompany.companyName} ILIKE ${`%${keyword}%`} OR ${agentCompany.agentNumber} ILIKE ${`%${keyword}%`})` : undefined,
        ),
      )
      .orderBy(agentCompany.companyName, agentCompany.id)
      .limit(1000);
  }

  async options(actor: Actor, body: Q) {
    return this.visible(actor, one(body ?? {}, 'keyword') || undefined);
  }

  async names(actor: Actor, q: Q) {
    return (await this.visible(actor, one(q, 'companyName') || undefined)).map((r) => ({ id: r.id, companyName: r.companyName }));
  }
}

/** Whether a user is barred from a company's orders (for the order workflow). */
export async function isExcluded(db: Db, agentId: string, userId: string): Promise<boolean> {
  if (!isId(agentId) || !isId(userId)) return false;
  const [r] = await db
    .select({ id: agentUnauthorizedUser.id })
    .from(agentUnauthorizedUser)
    .where(and(eq(agentUnauthorizedUser.agentId, agentId), eq(agentUnauthorizedUser.userId, userId)));
  return !!r;
}
