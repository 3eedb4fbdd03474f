/** Stock HTTP (contracts `sku.resource` + `stock.api`): routes translate HTTP ↔ the CRUD engine and the ledger. */
import type { FastifyInstance } from 'fastify';
import {
  materialResource,
  skuResource,
  warehouseResource,
} from '@helio/contracts/modules/stock/sku.resource';
import {
  movementCancel,
  movementPage,
  movementSave,
  serialPage,
  serialStatus,
  skuPullDown,
  stockList,
  stockLogPage,
  stockSummary,
  surplusQuantity,
} from '@helio/contracts/modules/stock/stock.api';
import { isPlatform } from '../../core/tenant.js';
import { registerCrudSheet } from '../../crud/crud-sheet.js';
import { registerCrud, type AuditedTable } from '../../crud/register-crud.js';
import { route } from '../../kernel/http.js';
import type { ModuleContext } from '../../kernel/types.js';
import type { StockApi } from './index.js';
import { materialHooks, skuHooks } from './stock.hooks.js';
import { material, sku, warehouse } from './stock.tables.js';
import { defaultWarehouse } from './stock.warehouse.js';

const table = (t: unknown) => t as AuditedTable;

export function stockRoutes(app: FastifyInstance, ctx: ModuleContext, api: StockApi): void {
  registerCrud(app, ctx, skuResource, table(sku), skuHooks);
  registerCrud(app, ctx, warehouseResource, table(warehouse), { saveAndUpdate: true });
  const materials = registerCrud(app, ctx, materialResource, table(material), materialHooks);
  registerCrudSheet(app, ctx, materials, { key: 'materialName' });

  route(app, skuPullDown, (req) => api.queries.pullDown(req.user!, req.query));
  route(app, stockList, (req) => api.queries.balances(req.user!, req.query));
  route(app, stockSummary, async (req) => {
    // Every tenant has a warehouse from its first look at the stock screen on.
    if (!isPlatform(req.user!)) await defaultWarehouse(ctx.db, req.user!.tenantId);
    return api.queries.summary(req.user!, req.query);
  });
  route(app, surplusQuantity, (req) => api.queries.surplus(req.user!, req.query));
  route(app, movementPage, (req) => api.queries.movements(req.user!, req.query));
  route(app, movementSave, (req) => api.ledger.record(req.user!, req.body, req.lang));
  route(app, movementCancel, (req) => api.ledger.cancel(req.user!, req.body, req.lang));
  route(app, stockLogPage, (req) => api.queries.logs(req.user!, req.query));
  route(app, serialPage, (req) => api.queries.serials(req.user!, req.query));
  route(app, serialStatus, async (req) => {
    await api.ledger.serialStatus(req.user!, req.body, req.lang);
    return (await api.queries.serialBySn(req.user!, req.body.serial.trim()))!;
  });
}
