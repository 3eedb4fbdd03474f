/**
 * The leave demo. With the module's reference data (on the first start, and on a later start of a database installed
 * before the workflow module): the roles the leave process routes to (`hr`, `manager`, `boss`, each with the inbox
 * and start codes) and the leave model saved and deployed in the platform tenant. In demo mode (HELIO_SIMULATOR, on
 * by default) at start: one user in each role (accounts `hr`, `manager`, `boss`; a random password they must change —
 * an administrator sets it with the user page's reset). Idempotent: what exists (by role alias, account, model key,
 * definition key) is left as it is.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import { compileBpmn } from '../../flow/index.js';
import type { Db } from '../../db/client.js';
import { menu, role, roleMenu, user } from '../../db/schema.js';
import { nextId } from '../../core/ids.js';
import { hashPassword } from '../auth/index.js';
import { LEAVE_BPMN, LEAVE_PROCESS_KEY, LEAVE_RESOURCE_NAME } from './workflow.leave-model.js';
import { flowDefinition, flowDeployment, flowModel } from './workflow.tables.js';

/** What every leave role may do: start processes and work its inbox. */
const LEAVE_GRANTS = [
  'work', 'work_start', 'work_start_view', 'work_start_add', 'work_claim', 'work_claim_view', 'work_claim_handle',
  'work_todo', 'work_todo_view', 'work_todo_handle', 'work_send', 'work_send_view', 'work_done', 'work_done_view',
  'desk', 'notice', 'notice_view',
];

/**
 * Fixed ids of what this seeds (a reference seed is the same in every database: the first-start template and a database
 * seeded without it are compared row by row, test/db-template.test.ts). Roles 1700000000000000101…, their grants
 * 17000000000000002xx…, the model, deployment and definition 1700000000000000301…
 */
const SEED_ID = {
  role: (i: number) => String(1700000000000000101n + BigInt(i)),
  grant: (i: number, k: number) => String(1700000000000000200n + BigInt(i) * 100n + BigInt(k)),
  model: '1700000000000000301',
  deployment: '1700000000000000302',
} as const;

export const LEAVE_ROLES = [
  { alias: 'hr', zh: '人事', en: 'HR', account: 'hr', name: '人事专员', nameEn: 'HR officer' },
  { alias: 'manager', zh: '经理', en: 'Manager', account: 'manager', name: '部门经理', nameEn: 'Department manager' },
  { alias: 'boss', zh: '老板', en: 'Boss', account: 'boss', name: '总经理', nameEn: 'General manager' },
] as const;

/** The leave roles, each made once; answers their ids by alias. */
async function leaveRoles(tx: Db): Promise<Map<string, string>> {
  const tenantId = PLATFORM_TENANT_ID;
  const grantMenus = await tx.select({ id: menu.id }).from(menu).where(inArray(menu.code, LEAVE_GRANTS)).orderBy(menu.id);
  const ids = new Map<string, string>();
  for (const [i, r] of LEAVE_ROLES.entries()) {
    let [existing] = await tx.select({ id: role.id }).from(role).where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, r.alias), eq(role.isDeleted, 0)));
    if (!existing) {
      existing = { id: SEED_ID.role(i) };
      await tx.insert(role).values({ id: existing.id, tenantId, parentId: '0', roleName: r.zh, roleNameEn: r.en, roleAlias: r.alias, roleCode: r.alias, roleType: '2', sort: 20 + i });
      if (grantMenus.length) await tx.insert(roleMenu).values(grantMenus.map((m, k) => ({ id: SEED_ID.grant(i, k), roleId: existing!.id, menuId: m.id })));
    }
    ids.set(r.alias, existing.id);
  }
  return ids;
}

/** Demo mode: one user in each leave role. */
export async function seedLeaveUsers(tx: Db): Promise<void> {
  const tenantId = PLATFORM_TENANT_ID;
  const roles = await leaveRoles(tx);
  for (const r of LEAVE_ROLES) {
    const [u] = await tx.select({ id: user.id }).from(user).where(and(eq(user.tenantId, tenantId), eq(user.account, r.account), eq(user.isDeleted, 0)));
    if (!u) {
      await tx.insert(user).values({
        id: nextId(),
        tenantId,
        account: r.account,
        password: await hashPassword(randomBytes(18).toString('base64url')),
        mustChangePassword: 1,
        name: r.account,
        realName: r.name,
        roleId: roles.get(r.alias)!,
        userType: 1,
        // Listed after the people an installation adds (user lists are newest first): dated a day before the seed.
        createTime: new Date(Date.now() - 86_400_000),
        updateTime: new Date(Date.now() - 86_400_000),
      });
    }
  }
}

/** The leave roles, and the leave model saved and deployed in the platform tenant. */
export async function seedLeaveProcess(tx: Db, handlers: readonly string[]): Promise<void> {
  const tenantId = PLATFORM_TENANT_ID;
  await leaveRoles(tx);
  const [model] = await tx.select({ id: flowModel.id }).from(flowModel).where(and(eq(flowModel.tenantId, tenantId), eq(flowModel.modelKey, LEAVE_PROCESS_KEY), eq(flowModel.isDeleted, 0)));
  if (!model) {
    await tx.insert(flowModel).values({ id: SEED_ID.model, tenantId, modelKey: LEAVE_PROCESS_KEY, name: '请假流程', description: 'Leave request (demo)', xml: LEAVE_BPMN });
  }
  const [def] = await tx.select({ id: flowDefinition.id }).from(flowDefinition).where(and(eq(flowDefinition.tenantId, tenantId), eq(flowDefinition.key, LEAVE_PROCESS_KEY)));
  if (def) return;
  const compiled = await compileBpmn(LEAVE_BPMN, { serviceHandlers: handlers });
  if (!compiled.ok) throw new Error(`the seeded leave model does not compile: ${JSON.stringify(compiled.errors)}`);
  const deploymentId = SEED_ID.deployment;
  // Category: the `flow` dictionary's leave entry (key 1), as Blade writes it: `flow_<key>`.
  const category = 'flow_1';
  await tx.insert(flowDeployment).values({ id: deploymentId, tenantId, name: '请假流程', category, resources: [{ name: LEAVE_RESOURCE_NAME, xml: LEAVE_BPMN }] });
  for (const p of compiled.processes) {
    await tx.insert(flowDefinition).values({
      id: `${p.key}:1:${deploymentId}`,
      tenantId,
      key: p.key,
      name: p.name || p.key,
      description: p.documentation ?? null,
      version: 1,
      category,
      model: p,
      resourceName: LEAVE_RESOURCE_NAME,
      deploymentId,
    });
  }
}
