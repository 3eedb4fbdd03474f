/** The API log's request hooks: which calls it records, and their result code (the writer is log.service.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LogService } from './log.service.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    apiResultCode: number | undefined;
  }
}

/**
 * Records API calls through the log service after each response (nothing is awaited on the request path). The hooks
 * stay installed with the log off, because the mode can change at run time; off, they cost one property read.
 */
export function installApiLog(app: FastifyInstance, logs: LogService): void {
  const wanted = (req: FastifyRequest) => {
    const mode = logs.apiMode;
    return mode !== 'off' && req.url.startsWith('/api/') && !req.url.startsWith('/api/docs') && (mode === 'all' || WRITES.has(req.method));
  };
  app.decorateRequest('apiResultCode', undefined);
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (typeof payload === 'string' && wanted(req)) {
      const m = /^\{"(?:code|error_code)":(-?\d{1,5})[,}]/.exec(payload);
      if (m) req.apiResultCode = Number(m[1]);
    }
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    if (wanted(req)) logs.api(req, reply.statusCode, req.apiResultCode, reply.elapsedTime);
    done();
  });
}
