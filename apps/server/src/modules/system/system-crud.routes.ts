/**
 * System entities served by the generic CRUD engine: a definition (contracts) + its table + the few module rules
 * (department ancestors, sealed dictionary items, hashed client secrets, permission-cache invalidation).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, ilike } from 'drizzle-orm';
import { clientResource } from '@helio/contracts/modules/client/client.resource';
import { deptResource } from '@helio/contracts/modules/dept/dept.resource';
import { dictBizResource, dictResource } from '@helio/contracts/modules/dict/dict.resource';
import { menuResource, topMenuResource } from '@helio/contracts/modules/menu/menu.resource';
import { paramResource } from '@helio/contracts/modules/param/param.resource';
import { postResource } from '@helio/contracts/modules/post/post.resource';
import { roleResource } from '@helio/contracts/modules/role/role.resource';
import { apiScopeResource, dataScopeResource, NO_SCOPE_COLUMN } from '@helio/contracts/modules/scope/scope.resource';
import { tenantPackageResource } from '@helio/contracts/modules/tenant/tenant.resource';
import type { ModuleContext } from '../../kernel/types.js';
import { API_LOG_MODE_PARAM } from '../log/index.js';
import { roleCrudGuard } from '../role/index.js';
import { API_LOG_MODES, parseApiLogMode } from '../../settings/resources.js';
import { BizError } from '../../core/errors.js';
import { label, msg } from '../../core/i18n.js';
import { FieldsError, registerCrud, type AuditedTable, type CrudHandle, type Row, type WriteCall } from '../../crud/register-crud.js';
import { client, dept, dict, dictBiz, menu, param, post, role, scopeApi, scopeData, tenantPackage, topMenu } from '../../db/schema.js';

export interface SystemHandles {
  dept: CrudHandle;
  dict: CrudHandle;
  dictBiz: CrudHandle;
  role: CrudHandle;
  menu: CrudHandle;
}

const T = (t: unknown) => t as AuditedTable;

export async function systemCrudRoutes(app: FastifyInstance, s: ModuleContext): Promise<SystemHandles> {
  const invalidate = () => s.use('auth').permissions.invalidate();
  /** Caches follow a committed change (never a rolled-back one). */
  const refresh = (fn: () => unknown) => ({
    afterWrite: (call: WriteCall) => call.afterCommit(async () => void (await fn())),
    afterRemove: (call: WriteCall) => call.afterCommit(async () => void (await fn())),
  });

  // Parameters: `log.api.mode` switches the API log at run time, so its value is checked and applied on save.
  registerCrud(app, s, paramResource, T(param), {
    beforeWrite: (call, existing, values) => {
      const key = String(values.paramKey ?? existing?.paramKey ?? '');
      if (key !== API_LOG_MODE_PARAM || !('paramValue' in values || 'paramKey' in values)) return;
      const mode = parseApiLogMode(String(values.paramValue ?? existing?.paramValue ?? ''));
      if (!mode) {
        throw new FieldsError([{ field: 'paramValue', message: msg(call.lang, 'paramValueOneOf', { key, values: API_LOG_MODES.join(', ') }) }]);
      }
      values.paramValue = mode;
    },
    ...refresh(() => s.use('log').logs.refreshMode()),
  });
  registerCrud(app, s, postResource, T(post), { skip: [] });

  // Departments: keep `ancestors` (comma list of parent ids from the root) right, also for moved sub-trees.
  const deptHandle = registerCrud(app, s, deptResource, T(dept), {
    beforeWrite: async (call, existing, values) => {
      if (!('parentId' in values) && existing) return;
      const parentId = String(values.parentId ?? existing?.parentId ?? '0');
      if (parentId === '0') {
        values.ancestors = '0';
        return;
      }
      const [p] = await call.db.select({ ancestors: dept.ancestors }).from(dept).where(eq(dept.id, parentId));
      if (existing && p && `,${p.ancestors},`.includes(`,${String(existing.id)},`)) {
        throw new BizError('invalidFormat', { field: 'parentId' }); // a department cannot move under its own child
      }
      values.ancestors = `${p?.ancestors ?? '0'},${parentId}`;
    },
    writeWithin: async ({ db: tx }, id, values, inserted) => {
      if (inserted || values.ancestors === undefined) return;
      // Re-root the descendants of a moved department, in the move's transaction.
      const subtree = await tx.select({ id: dept.id, ancestors: dept.ancestors }).from(dept).where(ilike(dept.ancestors, `%${id}%`));
      for (const d of subtree) {
        const tail = d.ancestors.slice(d.ancestors.indexOf(id));
        await tx.update(dept).set({ ancestors: `${values.ancestors as string},${tail}` }).where(eq(dept.id, d.id));
      }
    },
  });

  // Dictionaries: children take their parent's code; a key is required for them; sealed items are frozen.
  const dictHooks = (table: typeof dict | typeof dictBiz) => ({
    beforeWrite: async (call: WriteCall, existing: Row | undefined, values: Row) => {
      if (existing && Number(existing.isSealed) === 1) throw new BizError('sealed');
      if (!existing && Object.keys(values).length === 0) return;
      const parentId = String(values.parentId ?? existing?.parentId ?? '0');
      if (parentId !== '0') {
        const [p] = await call.db.select({ code: table.code }).from(table).where(eq(table.id, parentId));
        if (p) values.code = p.code;
        const key = values.dictKey ?? existing?.dictKey;
        if (key === undefined || key === null || key === '') {
          throw new BizError('required', { field: label(call.lang, { zh: '字典键值', en: 'Key' }) });
        }
      } else if (!existing) {
        values.dictKey = '-1';
      }
    },
  });
  const dictHandle = registerCrud(app, s, dictResource, T(dict), dictHooks(dict));
  const dictBizHandle = registerCrud(app, s, dictBizResource, T(dictBiz), { ...dictHooks(dictBiz), skip: ['list'] });

  const menuHandle = registerCrud(app, s, menuResource, T(menu), refresh(invalidate));
  registerCrud(app, s, topMenuResource, T(topMenu));
  // Roles: only below one's own, never the administrator alias (role/privilege.ts).
  const roleHandle = registerCrud(app, s, roleResource, T(role), { ...roleCrudGuard(), ...refresh(invalidate), skip: ['select'] });
  registerCrud(app, s, tenantPackageResource, T(tenantPackage), refresh(invalidate));

  // OAuth clients: the secret is stored as sha256 and never returned; a new client needs one.
  registerCrud(app, s, clientResource, T(client), {
    beforeWrite: (call, existing, values) => {
      if (typeof values.clientSecret === 'string' && values.clientSecret) {
        values.clientSecret = createHash('sha256').update(values.clientSecret).digest('hex');
      } else if (!existing && Object.keys(values).length) {
        throw new BizError('required', { field: label(call.lang, { zh: '应用密钥', en: 'Client secret' }) });
      }
    },
  });

  // A rule without a column ('-', as SpringBlade's clients send for "all visible") is only meaningful for that type.
  registerCrud(app, s, dataScopeResource, T(scopeData), {
    ...refresh(() => s.use('scope').scopes.invalidate()),
    beforeWrite: (call, existing, values) => {
      const column = String(values.scopeColumn ?? existing?.scopeColumn ?? '');
      const type = Number(values.scopeType ?? existing?.scopeType);
      if (column === NO_SCOPE_COLUMN && type !== 1) {
        throw new FieldsError([
          { field: 'scopeColumn', message: label(call.lang, { zh: '只有“全部可见”的规则可以不指定权限字段', en: 'Only an "All" rule may leave the column out' }) },
        ]);
      }
    },
  });
  registerCrud(app, s, apiScopeResource, T(scopeApi), refresh(() => s.use('scope').scopes.invalidate()));

  return { dept: deptHandle, dict: dictHandle, dictBiz: dictBizHandle, role: roleHandle, menu: menuHandle };
}
