/**
 * Base packages of installer orders (issue 18; spec §7 "base package SKU info"): coded, enabled/disabled systems
 * with their summary and lines on the CRUD engine (`/api/skyworth-agent/order/basePackage`, `…/line`), the enabled
 * ones for the design form and one package's SKU info with stock available. Its page `epc_package` is in contracts'
 * `AREAS` (the menu module's reference data brings it to installed databases).
 */
import { packageOptions, packageSkuInfo, epcPackageLineResource, epcPackageResource } from '@helio/contracts/modules/epc/package.resource';
import { registerCrud, type AuditedTable } from '../../crud/register-crud.js';
import { route } from '../../kernel/http.js';
import { defineModule } from '../../kernel/types.js';
import type { EpcPackageApi } from './index.js';
import { lineHooks, packageHooks } from './epc-package.hooks.js';
import { PackageService } from './epc-package.service.js';
import { epcPackage, epcPackageLine } from './epc-package.tables.js';

const table = (t: unknown) => t as AuditedTable;

export default defineModule<EpcPackageApi>({
  name: 'epc-package',
  dependsOn: ['stock'],
  services: (ctx) => ({ packages: new PackageService(ctx, () => ctx.use('stock')) }),
  routes: (app, ctx, api) => {
    registerCrud(app, ctx, epcPackageResource, table(epcPackage), packageHooks);
    registerCrud(app, ctx, epcPackageLineResource, table(epcPackageLine), lineHooks);
    route(app, packageOptions, (req) => api.packages.enabled(req.user!));
    route(app, packageSkuInfo, (req) => api.packages.skuInfo(req.user!, req.query.code, req.lang));
  },
});
