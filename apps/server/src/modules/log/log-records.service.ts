/**
 * The log screens' side of the log tables: the scope of their lists (tenant-isolated; server error rows, which carry
 * stacks, for platform users only; the bulky columns left out of lists) and the browser's error-log upload (UI
 * errors stored as error-log rows of the uploader's tenant, source `web`). The batched writer is log.service.ts.
 */
import { eq } from 'drizzle-orm';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { logApiResource, logErrorResource, logUsualResource } from '@helio/contracts/modules/log/log.resource';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { nextId } from '../../core/ids.js';
import type { ReadOnlyOptions, ReadTable } from '../../core/read-routes.js';
import { isPlatform, tenantCondition } from '../../core/tenant.js';
import { logApi, logError, logUsual } from '../../db/schema.js';

/** One entry of the browser's local error log. */
export interface ClientErrorEntry {
  url?: string;
  time?: string;
  type?: string;
  message?: string;
  stack?: string;
  info?: string;
}

/** Where an upload came from (recorded with each entry). */
export interface ClientOrigin {
  userAgent: string;
  ip: string;
}

const LISTS: [ResourceDef, typeof logApi | typeof logUsual | typeof logError, 'api' | 'usual' | 'error'][] = [
  [logApiResource, logApi, 'api'],
  [logUsualResource, logUsual, 'usual'],
  [logErrorResource, logError, 'error'],
];

export class LogRecords {
  /** The read-only engine's options of the API, usual and error log lists and details. */
  readonly reads: ReadOnlyOptions[] = LISTS.map(([def, table, kind]) => ({
    def,
    table: table as unknown as ReadTable,
    // Tenant isolation; server error rows (stacks) are for platform users only.
    scope: (actor: Actor, q?: Record<string, unknown>) => [
      tenantCondition(table.tenantId, actor, q),
      kind === 'error' && !isPlatform(actor) ? eq(logError.source, 'web') : undefined,
    ],
    omitInList: ['params', 'stackTrace', 'userAgent'],
  }));

  constructor(private readonly ctx: ModuleContext) {}

  /** Stores the browser's error-log entries as error-log rows of the actor's tenant; answers how many. */
  async uploadClientErrors(actor: Actor, entries: readonly ClientErrorEntry[], origin: ClientOrigin): Promise<number> {
    if (entries.length) {
      await this.ctx.db.insert(logError).values(
        entries.map((e) => ({
          id: nextId(),
          tenantId: actor.tenantId,
          serviceId: 'helio-web',
          method: 'CLIENT',
          requestUri: (e.url ?? '').slice(0, 255),
          userAgent: origin.userAgent.slice(0, 1000),
          remoteIp: origin.ip,
          exceptionName: (e.type ?? 'error').slice(0, 255),
          message: e.message ?? '',
          stackTrace: e.stack ?? '',
          params: e.info ?? '',
          fileName: e.time ?? '',
          createBy: actor.account,
          source: 'web',
        })),
      );
    }
    return entries.length;
  }
}
