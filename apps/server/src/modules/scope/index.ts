/** The scope module's public entry: data scopes (row rules per resource) and API scopes (path rules) of roles. */
import type { ScopeService } from './scope.service.js';

export interface ScopeApi {
  scopes: ScopeService;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    scope: ScopeApi;
  }
}

export type { ScopeService };
/** `blade_scope_*` kinds: data scopes (row rules) and API scopes (path rules). */
export { API_SCOPE, DATA_SCOPE } from './scope.service.js';
