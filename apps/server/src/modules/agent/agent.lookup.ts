/**
 * Lookups a neighbour needs about agent companies (the order module names a company on its rows and opens tasks for
 * a company's staff in a role): part of the public entry, so nobody reads this module's tables directly.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { agentCompany } from './agent.tables.js';

/** Company names by id (ids that are no company are left out). */
export async function companyNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const list = [...new Set(ids.filter(isId))];
  if (!list.length) return new Map();
  const rows = await db.select({ id: agentCompany.id, name: agentCompany.companyName }).from(agentCompany).where(inArray(agentCompany.id, list));
  return new Map(rows.map((r) => [String(r.id), r.name]));
}

/** Staff of a company (users of its department) holding a role alias and not excluded from its orders (at most 200). */
export async function staffWithRole(db: Db, companyId: string, alias: string): Promise<string[]> {
  if (!isId(companyId)) return [];
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT u.id::text AS id FROM blade_user u
      JOIN helio_agent_company c ON c.id = ${companyId} AND c.dept_id IS NOT NULL AND c.is_deleted = 0
      WHERE u.is_deleted = 0 AND u.tenant_id = c.tenant_id AND u.id IN (SELECT user_id FROM blade_user_dept WHERE dept_id = c.dept_id)
        AND string_to_array(u.role_id, ',') && ARRAY(SELECT id::text FROM blade_role WHERE role_alias = ${alias} AND tenant_id = c.tenant_id AND is_deleted = 0)
        AND NOT EXISTS (SELECT 1 FROM helio_agent_unauthorized_user x WHERE x.agent_id = c.id AND x.user_id = u.id)
      ORDER BY u.id LIMIT 200`,
  );
  return rows.map((r) => r.id);
}

/** The agent company of each department (a station's operation company → the company whose orders it takes). */
export async function companiesOfDepts(db: Db, deptIds: readonly string[]): Promise<Map<string, { id: string; name: string }>> {
  const list = [...new Set(deptIds.filter(isId))];
  if (!list.length) return new Map();
  const rows = await db
    .select({ id: agentCompany.id, name: agentCompany.companyName, deptId: agentCompany.deptId })
    .from(agentCompany)
    .where(and(inArray(agentCompany.deptId, list), eq(agentCompany.isDeleted, 0)));
  return new Map(rows.map((r) => [String(r.deptId), { id: String(r.id), name: r.name }]));
}
