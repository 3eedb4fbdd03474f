/** Agent HTTP (contracts `agent.resource` + `agent.api`): routes translate HTTP ↔ the CRUD engine and the service. */
import type { FastifyInstance } from 'fastify';
import { agentCompanyResource } from '@helio/contracts/modules/agent/agent.resource';
import {
  companyNames,
  deleteBatch,
  documentList,
  documentSave,
  findAgentUserList,
  listByDeptTenant,
  operationLogList,
  selectAgencyCompany,
  selectDeliveryManager,
  staffSave,
  stationList,
  stationOptions,
  stationSave,
  unauthorizedList,
  unauthorizedRemove,
  unauthorizedSaveBatch,
} from '@helio/contracts/modules/agent/agent.api';
import { parseIds } from '../../core/ids.js';
import { registerCrud, type AuditedTable } from '../../crud/register-crud.js';
import { route } from '../../kernel/http.js';
import type { ModuleContext } from '../../kernel/types.js';
import type { AgentApi } from './index.js';
import { agentHooks } from './agent.hooks.js';
import { agentCompany } from './agent.tables.js';

export function agentRoutes(app: FastifyInstance, ctx: ModuleContext, api: AgentApi): void {
  const companies = registerCrud(app, ctx, agentCompanyResource, agentCompany as unknown as AuditedTable, agentHooks);
  const s = api.service;

  route(app, deleteBatch, async (req) => {
    const ids = parseIds(Array.isArray(req.body.ids) ? req.body.ids.map(String) : req.body.ids);
    return { removed: (await companies.repo.remove(req.user!, ids, { lang: req.lang })).length };
  });
  route(app, operationLogList, (req) => s.log(req.user!, req.query, req.lang));
  route(app, selectAgencyCompany, (req) => s.options(req.user!, req.body ?? {}));
  route(app, companyNames, (req) => s.names(req.user!, req.query));
  route(app, selectDeliveryManager, (req) => s.deliveryManagers(req.user!, req.body ?? {}, req.lang));
  route(app, findAgentUserList, (req) => s.staff(req.user!, req.query, req.lang));
  route(app, staffSave, (req) => s.addStaff(req.user!, req.body, req.lang));
  route(app, listByDeptTenant, (req) => s.usersOfDept(req.user!, req.query));
  route(app, unauthorizedList, (req) => s.excluded(req.user!, req.query));
  route(app, unauthorizedSaveBatch, (req) => s.exclude(req.user!, req.body, req.lang));
  route(app, unauthorizedRemove, (req) => s.include(req.user!, (req.body as { ids?: unknown } | undefined)?.ids ?? req.query.ids));
  route(app, stationList, (req) => s.stations(req.user!, req.query));
  route(app, stationOptions, (req) => s.stationOptions(req.user!, req.query));
  route(app, stationSave, (req) => s.saveStations(req.user!, req.body, req.lang));
  route(app, documentList, (req) => s.documents(req.user!, req.query));
  route(app, documentSave, (req) => s.saveDocuments(req.user!, req.body, req.lang));
}
