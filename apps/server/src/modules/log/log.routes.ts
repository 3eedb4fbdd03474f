/**
 * blade-log: API, usual and error log lists and details (tenant-scoped; server error stacks only for platform
 * users), the shell's local error log upload (UI errors stored as error-log rows, source `web`), and the API-log
 * hook with the batched writer's lifecycle. HTTP ↔ log-records.service.ts and log.service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ModuleContext } from '../../kernel/types.js';
import { ok } from '../../core/envelope.js';
import { registerReadRoutes } from '../../core/read-routes.js';
import { installApiLog } from './api-log.hook.js';
import type { ClientErrorEntry, LogRecords } from './log-records.service.js';

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

export function logRoutes(app: FastifyInstance, s: ModuleContext, records: LogRecords): void {
  const logs = s.use('log').logs;
  logs.logger = app.log;
  installApiLog(app, logs);
  logs.start();
  app.addHook('onClose', async () => logs.close());

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
      const origin = { userAgent: String(req.headers['user-agent'] ?? ''), ip: req.ip };
      return ok(req, await records.uploadClientErrors(req.user!, req.body as ClientErrorEntry[], origin));
    },
  );

  for (const reads of records.reads) {
    registerReadRoutes(app, s, { ...reads, tag: 'log', access: { permission: [reads.def.page, `${reads.def.page}_view`] } });
  }
}
