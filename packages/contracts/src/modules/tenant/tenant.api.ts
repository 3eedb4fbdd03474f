/** Tenant endpoints beyond the CRUD engine's: bringing back removed tenants. */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';

/**
 * `POST /api/blade-system/tenant/restore?ids=1,2` (ids also as form or JSON body, like `remove`). Platform only.
 * A removed tenant comes back with the users, roles, departments and posts removed with it; users sign in again with
 * their old passwords. Answers the tenant codes (`tenantId`) restored; ids of tenants that are not removed are ignored.
 */
export const tenantRestore = defineEndpoint({
  method: 'POST',
  url: '/api/blade-system/tenant/restore',
  access: { permission: 'tenant_delete' },
  tags: ['tenant'],
  summary:
    'Platform only: restore removed tenants (ids, comma-joined) with the users, roles, departments and posts removed with them; answers the tenant codes restored',
  querystring: Type.Object({ ids: Type.Optional(Type.String({ maxLength: 4000 })) }, { additionalProperties: true }),
  data: Type.Array(Type.String()),
});
