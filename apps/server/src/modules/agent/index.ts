/**
 * The agent module's public entry: agent companies, their staff, excluded staff and associated stations, for the
 * order workflow (who may be assigned, which company a station belongs to).
 */
import type { AgentService } from './agent.service.js';

export { isExcluded } from './agent.service.js';
/** The companies an agent's staff member belongs to (undefined: not agent staff); the order module scopes by it. */
export { ownCompanies } from './agent.hooks.js';
/** Company names, and a company's staff in a role (the order module's task candidates). */
export { companiesOfDepts, companyNames, staffWithRole } from './agent.lookup.js';

export interface AgentApi {
  service: AgentService;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    agent: AgentApi;
  }
}
