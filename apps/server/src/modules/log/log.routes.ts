/**
 * blade-log: API, usual and error log lists and details (tenant-scoped; server error stacks only for platform
 * users), the shell's local error log upload (UI errors stored as error-log rows, source `web`), and the API-log
 * hook with the batched writer's lifecycle.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { logApiResource, logErrorResource, logUsualResource } from '@helio/contracts/modules/log/log.resource';
import type { ModuleContext } from '../../kernel/types.js';
import { ok } from '../../core/envelope.js';
import { nextId } from '../../core/ids.js';
import { isPlatform, tenantCondition } from '../../core/tenant.js';
import { logApi, logError, logUsual } from '../../db/schema.js';
import { registerReadRoutes, type ReadTable } from '../../core/read-routes.js';
import { installApiLog } from './log.service.js';

const Entry = Type.Object(
  {
    url: Type.Optional(Type.String({ maxLength: 2000 })),
    time: Type.Optional(Type.String({ maxLength: 64 })),
    type: Type.Optional(Type.String({ maxLength: 32 })),
    message: Type.Optional(Type.String({ maxLength: 4000 })),
    stack: Type.Optional(Type.String({ maxLength: 20000 })),
    info: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);

export async function logRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const db = s.database.db;
  s.use('log').logs.logger = app.log;
  installApiLog(app, s.use('log').logs);
  s.use('log').logs.start();
  app.addHook('onClose', async () => s.use('log').logs.close());

  app.post(
    '/api/blade-log/error/upload',
    {
      config: { access: { login: true } },
      schema: {
        tags: ['log'],
        summary: "Upload the browser's local error log (at most 100 entries a call)",
        body: Type.Array(Entry, { maxItems: 100 }),
      },
    },
    async (req) => {
      const entries = req.body as { url?: string; time?: string; type?: string; message?: string; stack?: string; info?: string }[];
      if (entries.length) {
        await db.insert(logError).values(
          entries.map((e) => ({
            id: nextId(),
            tenantId: req.user!.tenantId,
            serviceId: 'helio-web',
            method: 'CLIENT',
            requestUri: (e.url ?? '').slice(0, 255),
            userAgent: String(req.headers['user-agent'] ?? '').slice(0, 1000),
            remoteIp: req.ip,
            exceptionName: (e.type ?? 'error').slice(0, 255),
            message: e.message ?? '',
            stackTrace: e.stack ?? '',
            params: e.info ?? '',
            fileName: e.time ?? '',
            createBy: req.user!.account,
            source: 'web',
          })),
        );
      }
      return ok(req, entries.length);
    },
  );

  const lists: [ResourceDef, typeof logApi | typeof logUsual | typeof logError, string][] = [
    [logApiResource, logApi, 'api'],
    [logUsualResource, logUsual, 'usual'],
    [logErrorResource, logError, 'error'],
  ];
  for (const [def, table, kind] of lists) {
    registerReadRoutes(app, s, {
      def,
      table: table as unknown as ReadTable,
      tag: 'log',
      access: { permission: [def.page, `${def.page}_view`] },
      // Tenant isolation; server error rows (stacks) are for platform users only.
      scope: (actor, q) => [
        tenantCondition(table.tenantId, actor, q),
        kind === 'error' && !isPlatform(actor) ? eq(logError.source, 'web') : undefined,
      ],
      omitInList: ['params', 'stackTrace', 'userAgent'],
    });
  }
}
