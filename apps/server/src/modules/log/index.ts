/** The log module's public entry: API, usual and error logs (a batched writer off the request path). */
import type { LogService } from './log.service.js';

export interface LogApi {
  logs: LogService;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    log: LogApi;
  }
}

export type { LogService };
/** The platform parameter that overrides HELIO_API_LOG at run time (`log.api.mode`). */
export { API_LOG_MODE_PARAM } from './log.service.js';
