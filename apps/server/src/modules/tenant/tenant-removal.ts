/**
 * A removed tenant takes its people with it, and a restored one brings them back.
 *
 * Removing a tenant (the CRUD engine's soft delete, `tenant/remove`) soft-deletes, in the same transaction, the
 * tenant's users, roles, departments and posts that are live, so none of them shows in any list (the platform's
 * included) and no user of it can sign in; after the commit every session of the tenant's users is revoked (their
 * access tokens stop within 2 s on every process, their refresh tokens at once). Nothing is erased: the rows stay for
 * audit, marked with who removed them and when.
 *
 * The tenant row and the rows removed with it carry the same `update_time`; that instant is what `restore` uses to
 * bring back exactly those rows — not a user, role, department or post that had been deleted on its own before.
 * Restored users sign in again with their old passwords and status; their old sessions stay ended.
 *
 * Installed databases whose tenants were removed before removal took their rows along are settled once at start
 * (`settleRemovedTenants`, the module's reference data): those rows leave at their tenant's removal time, so `restore`
 * brings them back too.
 *
 * Other modules' tenant-owned rows (stations, devices, …) are theirs: they follow the `tenant.removed` and
 * `tenant.restored` events (index.ts).
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { WriteCall } from '../../crud/register-crud.js';
import type { Db } from '../../db/client.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { dept, post, role, tenant, user } from '../../db/schema.js';

/** The tables whose rows leave with their tenant and come back with it (identity and organisation). */
const OWNED = [user, role, dept, post] as const;

/** `afterRemove` of the tenant resource: the tenants `ids` were just soft-deleted in `call`'s transaction. */
export async function removeTenantRows(call: WriteCall, ids: string[]): Promise<void> {
  const at = new Date();
  const removed = await call.db.update(tenant).set({ updateTime: at }).where(inArray(tenant.id, ids)).returning({ tenantId: tenant.tenantId });
  const tenantIds = removed.map((r) => r.tenantId).filter((t) => t !== PLATFORM_TENANT_ID);
  if (tenantIds.length === 0) return;
  const by = { isDeleted: 1, updateUser: call.actor.userId, updateTime: at };
  for (const table of OWNED) {
    await call.db.update(table).set(by).where(and(inArray(table.tenantId, tenantIds), eq(table.isDeleted, 0)));
  }
  // Every user of the tenant, also one deleted earlier: no session of the tenant outlives it.
  const users = await call.db.select({ id: user.id }).from(user).where(inArray(user.tenantId, tenantIds));
  const { ctx } = call;
  call.afterCommit(async () => {
    const auth = ctx.use('auth');
    for (const u of users) await auth.tokens.revokeUser(u.id, 'tenant-removed');
    auth.permissions.invalidate();
    await ctx.events.emit('tenant.removed', { tenantIds, at });
  });
}

/**
 * Brings back removed tenants (row ids) with the rows removed with them; tenants that are not removed are left as they
 * are. Platform only (the caller checks). Returns the tenant codes restored.
 */
export async function restoreTenants(ctx: ModuleContext, actor: Actor, ids: string[]): Promise<string[]> {
  return ctx.tx(async (tx, hooks) => {
    const rows = await tx
      .select({ id: tenant.id, tenantId: tenant.tenantId, removedAt: tenant.updateTime })
      .from(tenant)
      .where(and(inArray(tenant.id, ids), eq(tenant.isDeleted, 1)));
    if (rows.length === 0) return [];
    const now = new Date();
    const by = { isDeleted: 0, updateUser: actor.userId, updateTime: now };
    await tx.update(tenant).set(by).where(inArray(tenant.id, rows.map((r) => r.id)));
    for (const r of rows) {
      if (!r.removedAt) continue;
      for (const table of OWNED) {
        await tx.update(table).set(by).where(and(eq(table.tenantId, r.tenantId), eq(table.isDeleted, 1), eq(table.updateTime, r.removedAt)));
      }
    }
    const tenantIds = rows.map((r) => r.tenantId);
    hooks.afterCommit(async () => {
      ctx.use('auth').permissions.invalidate();
      await ctx.events.emit('tenant.restored', { tenantIds });
    });
    return tenantIds;
  });
}

/**
 * Tenants removed before their removal took their rows along (an installed database): their live users, roles,
 * departments and posts are removed now, marked with the tenant's removal (who and when), as `removeTenantRows`
 * would have. Idempotent; runs inside the start's reference-data transaction. Sessions are not touched here: the
 * users' refresh tokens stop with the removal and their access tokens expire.
 */
export async function settleRemovedTenants(tx: Db): Promise<void> {
  const removed = await tx
    .select({ id: tenant.id, tenantId: tenant.tenantId, at: tenant.updateTime, by: tenant.updateUser })
    .from(tenant)
    .where(and(eq(tenant.isDeleted, 1), ne(tenant.tenantId, PLATFORM_TENANT_ID)));
  for (const t of removed) {
    let at = t.at;
    if (!at) {
      at = new Date();
      await tx.update(tenant).set({ updateTime: at }).where(eq(tenant.id, t.id));
    }
    for (const table of OWNED) {
      await tx.update(table).set({ isDeleted: 1, updateUser: t.by, updateTime: at }).where(and(eq(table.tenantId, t.tenantId), eq(table.isDeleted, 0)));
    }
  }
}
