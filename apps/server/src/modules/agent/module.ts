/**
 * Agent companies (issue 17): the company with every field of spec §3 (CRUD engine), its department and administrator
 * account, its staff with the agent roles, excluded staff, documents, associated stations (the data scope of its
 * staff, through the station module's operation-company scope) and the operation log.
 */
import { defineModule } from '../../kernel/types.js';
import type { AgentApi } from './index.js';
import { agentRoutes } from './agent.routes.js';
import { AgentService } from './agent.service.js';

export default defineModule<AgentApi>({
  name: 'agent',
  services: (ctx) => ({ service: new AgentService(ctx) }),
  routes: (app, ctx, api) => agentRoutes(app, ctx, api),
});
