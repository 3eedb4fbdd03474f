/**
 * The Configuration area's version lists on the CRUD engine (contracts `config-versions.resource`): the matching list
 * and the factory versions, each with Excel export, import and its template, keyed by device type, model, firmware
 * type and version. `platformSheet` also serves the setting items' and address map's sheets.
 */
import type { FastifyInstance } from 'fastify';
import { CONFIG_VERSION_KEY, factoryVersionResource, matchingListResource } from '@helio/contracts/modules/settings/config-versions.resource';
import { ForbiddenError } from '../../core/errors.js';
import { isPlatform } from '../../core/tenant.js';
import { registerCrudSheet, type CrudSheetOptions } from '../../crud/crud-sheet.js';
import { registerCrud, type CrudHandle } from '../../crud/register-crud.js';
import type { AuditedTable } from '../../crud/types.js';
import type { ModuleContext } from '../../kernel/types.js';
import { factoryVersion, matchingList } from './config-versions.tables.js';

/** Excel export, template and import of a platform-only resource: platform users only, as its CRUD routes. */
export function platformSheet(app: FastifyInstance, ctx: ModuleContext, handle: CrudHandle, opts: CrudSheetOptions): void {
  void app.register(async (scoped) => {
    scoped.addHook('preHandler', async (req) => {
      if (req.user && !isPlatform(req.user)) throw new ForbiddenError();
    });
    registerCrudSheet(scoped, ctx, handle, opts);
  });
}

export function configVersionRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const matching = registerCrud(app, ctx, matchingListResource, matchingList as unknown as AuditedTable);
  platformSheet(app, ctx, matching, { key: CONFIG_VERSION_KEY });
  const factory = registerCrud(app, ctx, factoryVersionResource, factoryVersion as unknown as AuditedTable);
  platformSheet(app, ctx, factory, { key: CONFIG_VERSION_KEY });
}
