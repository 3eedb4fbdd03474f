/**
 * Role CRUD under the privilege rules (privilege.ts): a caller that is not an administrator creates roles only
 * below one of its own, edits, moves and removes only roles below its own, and never uses the administrator alias
 * (which would make the role's holders administrators).
 */
import { ADMINISTRATOR_ALIAS } from '@helio/contracts/permissions';
import { BizError } from '../../core/errors.js';
import type { CrudHooks, Row, WriteCall } from '../../crud/register-crud.js';
import { Privileges } from './privilege.js';

/** The checks read through the write's transaction (`call.db`). */
export function roleCrudGuard(): Pick<CrudHooks, 'beforeWrite'> {
  return {
    beforeWrite: async (call: WriteCall, existing: Row | undefined, values: Row) => {
      const u = call.actor;
      if (u.isAdministrator) return; // administrators: full power in their tenant (platform: everywhere)
      if (!existing && Object.keys(values).length === 0) return;
      if ('roleAlias' in values && String(values.roleAlias ?? '').trim().toLowerCase() === ADMINISTRATOR_ALIAS) {
        throw new BizError('roleAliasReserved', {}, 403, 403);
      }
      const tenantId = String(existing?.tenantId ?? u.tenantId);
      const privileges = new Privileges(call.db);
      if (existing) {
        const manageable = await privileges.manageableRoles(u, tenantId);
        if (manageable && !manageable.has(String(existing.id))) throw new BizError('roleOutsideOwn', {}, 403, 403);
      }
      if (!existing || 'parentId' in values) {
        // A new or moved role goes under one of the caller's roles or a role below them, never into its own subtree.
        const parent = String(values.parentId ?? existing?.parentId ?? '0');
        const grantable = await privileges.grantableRoles(u, tenantId);
        const ownSubtree = existing ? await privileges.subtree(tenantId, String(existing.id)) : new Set<string>();
        if ((grantable && !grantable.has(parent)) || ownSubtree.has(parent)) throw new BizError('roleOutsideOwn', {}, 403, 403);
      }
    },
  };
}
