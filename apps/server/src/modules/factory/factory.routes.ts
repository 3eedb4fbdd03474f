/**
 * Factory (exit-factory) lists of inverters, batteries, guardians and EV chargers on the generic CRUD engine, under
 * the Blade paths `/api/skyworth-client/{device,battery,guardian,charger}ExitFactoryInfo/…`: list (+ page), detail,
 * save (insert), update (by id), submit (either), remove, export, import and import-template.
 *
 * Platform reference data: any tenant's user with the page code may read (a warehouse looks up serials), only
 * platform users (tenant 000000) change it — like regions.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  batteryFactoryResource,
  chargerFactoryResource,
  guardianFactoryResource,
  inverterFactoryResource,
} from '@helio/contracts/modules/factory/factory.resource';
import type { ModuleContext } from '../../kernel/types.js';
import { ForbiddenError } from '../../core/errors.js';
import { isPlatform } from '../../core/tenant.js';
import { registerCrudSheet } from '../../crud/crud-sheet.js';
import { registerCrud, type AuditedTable } from '../../crud/register-crud.js';
import type { DeviceKind } from '../../db/schema-device.js';
import { FACTORY_TABLES } from '../station/index.js';
import { factoryHooks } from './factory.service.js';

const RESOURCES = [
  ['inverter', inverterFactoryResource],
  ['battery', batteryFactoryResource],
  ['guardian', guardianFactoryResource],
  ['charger', chargerFactoryResource],
] as const satisfies readonly (readonly [DeviceKind, unknown])[];

const platformWrite = (req: FastifyRequest) => {
  if (!req.user || !isPlatform(req.user)) throw new ForbiddenError();
};

export async function factoryRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  for (const [kind, def] of RESOURCES) {
    const handle = registerCrud(app, s, def, FACTORY_TABLES[kind] as unknown as AuditedTable, {
      ...factoryHooks(kind, def),
      writePreHandler: platformWrite,
    });
    registerCrudSheet(app, s, handle, { key: 'deviceSn', writePreHandler: platformWrite });
  }
}
