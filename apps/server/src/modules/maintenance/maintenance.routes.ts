/**
 * Maintenance orders over HTTP (contracts `maint.api.ts`): the shared step handlers on the spec's `maint` URLs (the
 * installer order's `stageRoutes` with `maintTwin`), and the routes maintenance alone has — the page (Blade's POST
 * with the paging in the path, and a GET list), the call-in, the look-ups, the warranty data, the device replacement,
 * the alarm's order and the KPIs. Each translates HTTP ↔ the services, nothing more.
 */
import type { FastifyInstance } from 'fastify';
import * as api from '@helio/contracts/modules/epc/maint.api';
import { route } from '../../kernel/http.js';
import type { ModuleContext } from '../../kernel/types.js';
import type { MaintenanceApi } from './index.js';
import { maintKpis } from './maintenance.kpi.js';
import { replaceDevice } from './maintenance.replace.js';
import { findSites, warrantyDetail } from './maintenance.sites.js';

export function maintenanceRoutes(app: FastifyInstance, ctx: ModuleContext, m: MaintenanceApi): void {
  const orders = m.orders;
  ctx.use('epc-order').stageRoutes(app, ctx, orders.kind, api.maintTwin);

  route(app, api.maintPage, (req) => {
    const p = (req.params ?? {}) as { size?: string; current?: string };
    return orders.page(req.user!, { ...req.body, size: p.size, current: p.current }, req.lang);
  });
  route(app, api.maintList, (req) => orders.page(req.user!, req.query, req.lang));
  route(app, api.maintInsert, async (req) => orders.vo(await orders.create(req.user!, req.body, req.lang), req.lang));
  route(app, api.queryInstallOrder, (req) => findSites(orders, req.user!, req.body, req.lang));
  route(app, api.queryMaintHistory, (req) => orders.history(req.user!, req.query, req.lang));
  route(app, api.maintWarrantyDetail, (req) => warrantyDetail(orders, req.user!, req.query.orderId, req.lang));
  route(app, api.replaceDevice, (req) => replaceDevice(orders, req.user!, req.body, req.lang));
  route(app, api.maintByAlarm, (req) => orders.byAlarm(req.user!, req.query.alarmId, req.lang));
  route(app, api.maintKpi, (req) => maintKpis(orders, req.user!, req.query));
}
