/**
 * Reports (`/api/blade-report/report/rest/*`): records of generated exports — `generate` builds one of the fixed
 * report types and stores it; `list`/`detail`, `download`, `remove`. HTTP ↔ report.service.ts (tenant-scoped).
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { REPORT_TYPES, reportResource } from '@helio/contracts/modules/report/report.resource';
import type { ModuleContext } from '../../kernel/types.js';
import { ok, status } from '../../core/envelope.js';
import { idsFrom } from '../../crud/register-crud.js';
import { registerReadRoutes } from '../../core/read-routes.js';
import { sendFile } from '../../core/download.js';
import type { GenerateInput, ReportService } from './report.service.js';

export function reportRoutes(app: FastifyInstance, s: ModuleContext, reports: ReportService): void {
  const base = reportResource.api;

  registerReadRoutes(app, s, { ...reports.reads, tag: 'report', access: { permission: ['report_list', 'report_list_view'] } });

  app.post(
    `${base}/generate`,
    {
      config: { access: { permission: 'report_list_export' } },
      schema: {
        tags: ['report'],
        summary: `Generate a report (${REPORT_TYPES.join(', ')}) for a date range (from, to: yyyy-MM-dd; default the last 30 days)`,
        querystring: Type.Object(
          { type: Type.String({ maxLength: 32 }), from: Type.Optional(Type.String({ maxLength: 10 })), to: Type.Optional(Type.String({ maxLength: 10 })) },
          { additionalProperties: true },
        ),
      },
    },
    async (req) => {
      const q = req.query as GenerateInput;
      const r = await reports.generate(req.user!, req.lang, { type: q.type, from: q.from, to: q.to, tenantId: q.tenantId });
      s.use('log').logs.usual({ req, id: 'report.generate', data: { id: r.id, type: q.type, ...r.params } });
      return ok(req, { id: r.id, name: r.name, fileName: r.fileName });
    },
  );

  app.get(
    `${base}/download`,
    {
      config: { access: { permission: ['report_list', 'report_list_view', 'report_list_export'] }, download: true },
      schema: { tags: ['report'], summary: 'Download a report file', querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }) },
    },
    async (req, reply) => {
      const f = await reports.file(req.user!, (req.query as { id: string }).id);
      return sendFile(reply, f.content, { name: f.fileName, mime: f.mime, size: f.content.length });
    },
  );

  app.post(
    `${base}/remove`,
    {
      config: { access: { permission: 'report_list_delete' } },
      schema: { tags: ['report'], summary: 'Remove reports (ids=1,2); their files are dropped', querystring: Type.Object({ ids: Type.Optional(Type.String()) }, { additionalProperties: true }) },
    },
    async (req) => status(req, await reports.remove(req.user!, idsFrom(req))),
  );
}
