/** CRUD hooks: a line's package must be a live package of its tenant. */
import { and, eq } from 'drizzle-orm';
import type { CrudHooks } from '../../crud/register-crud.js';
import { packageError } from './epc-package.messages.js';
import { epcPackage } from './epc-package.tables.js';

export const packageHooks: CrudHooks = {};

export const lineHooks: CrudHooks = {
  beforeWrite: async (call, existing, values) => {
    if (values.packageId === undefined) return;
    const tenantId = String(existing?.tenantId ?? values.tenantId ?? call.actor.tenantId);
    const [p] = await call.db
      .select({ id: epcPackage.id })
      .from(epcPackage)
      .where(and(eq(epcPackage.id, String(values.packageId)), eq(epcPackage.tenantId, tenantId), eq(epcPackage.isDeleted, 0)));
    if (!p) throw Object.assign(packageError(call.lang, 'packageMissing'), { field: 'packageId' });
  },
};
