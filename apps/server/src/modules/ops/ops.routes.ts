/** Liveness, readiness and metrics (contracts ops.api.ts). */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelopeOf } from '@helio/contracts/api/endpoint';
import * as api from '@helio/contracts/modules/ops/ops.api';
import { BizError } from '../../core/errors.js';
import { classifyAddress } from '../../core/ip-class.js';
import { route } from '../../kernel/http.js';
import type { ModuleContext } from '../../kernel/types.js';

const TEXT = { 200: { description: 'Prometheus text format', content: { [api.metrics.mime]: { schema: { type: 'string' } } } } };

/** The configured token (constant-time), or — without one — a direct scrape from this machine (no proxy header). */
export function mayScrape(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const m = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
    const given = Buffer.from(m?.[1]?.trim() ?? '');
    const want = Buffer.from(token);
    return given.length === want.length && timingSafeEqual(given, want);
  }
  return classifyAddress(req.socket.remoteAddress ?? '') === 'loopback' && !req.headers['x-forwarded-for'] && !req.headers.forwarded;
}

export function opsRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  route(app, api.live, async () => ({ ok: true, uptime: Math.round(process.uptime()) }));

  const r = api.ready;
  app.route({
    method: r.method,
    url: r.url,
    config: { access: r.access },
    schema: { tags: r.tags, summary: r.summary, response: { 200: envelopeOf(r.data), 503: envelopeOf(r.data) } },
    handler: async (_req, reply) => {
      const report = await ctx.health.report();
      reply.header('cache-control', 'no-store');
      return reply.status(report.ok ? 200 : 503).send({ code: report.ok ? 200 : 503, success: report.ok, data: report, msg: report.ok ? 'ready' : 'not ready' });
    },
  });

  const m = api.metrics;
  app.route({
    method: m.method,
    url: m.url,
    config: { access: m.access },
    schema: { tags: [...m.tags], summary: m.summary, response: TEXT },
    handler: async (req, reply) => {
      if (!mayScrape(req, ctx.config.metricsToken)) throw new BizError('forbidden', {}, 403);
      reply.header('cache-control', 'no-store').type(m.mime);
      return ctx.metrics.render();
    },
  });
}
