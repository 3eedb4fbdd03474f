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
