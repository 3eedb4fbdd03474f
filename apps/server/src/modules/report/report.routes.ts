/**
 * Reports (`/api/blade-report/report/rest/*`): records of generated exports — `generate` builds one of the fixed
 * report types (report.service.ts) and stores it; `list`/`detail`, `download`, `remove`. Tenant-scoped.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import { REPORT_TYPES, reportResource } from '@helio/contracts/modules/report/report.resource';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { ok, status } from '../../core/envelope.js';
import { BizError } from '../../core/errors.js';
import { isId, nextId } from '../../core/ids.js';
import { tenantCondition } from '../../core/tenant.js';
import { idsFrom } from '../../crud/register-crud.js';
import { reportFile } from '../../db/schema-resource.js';
import { registerReadRoutes, type ReadTable } from '../../core/read-routes.js';
import { sendFile } from '../../core/download.js';
import { buildReport, XLSX_MIME } from './report.service.js';

const REPORTS_PER_MINUTE = 10;

export async function reportRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const db = s.database.db;
  const base = reportResource.api;
  const scope = (actor: Actor, q?: Record<string, unknown>) => [eq(reportFile.isDeleted, 0), tenantCondition(reportFile.tenantId, actor, q)];

  registerReadRoutes(app, s, {
    def: reportResource,
    table: reportFile as unknown as ReadTable,
    tag: 'report',
    access: { permission: ['report_list', 'report_list_view'] },
    scope,
    hidden: ['content'],
  });

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
      const u = req.user!;
      if ((await s.kv.incr(`report:${u.userId}`, 60_000)) > REPORTS_PER_MINUTE) throw new BizError('tooManyRequests');
      const q = req.query as { type: string; from?: string; to?: string; tenantId?: string };
      const r = await buildReport(q.type, { db, user: u, lang: req.lang, params: { from: q.from, to: q.to, tenantId: q.tenantId } as never });
      const id = nextId();
      const now = new Date();
      await db.insert(reportFile).values({
        id,
        tenantId: u.tenantId,
        name: r.name,
        reportType: q.type,
        fileName: r.fileName,
        mime: XLSX_MIME,
        fileSize: r.content.length,
        content: r.content,
        params: JSON.stringify(r.params),
        createUser: u.userId,
        createDept: u.deptIds[0] ?? null,
        createTime: now,
        updateUser: u.userId,
        updateTime: now,
      });
      s.use('log').logs.usual({ req, id: 'report.generate', data: { id, type: q.type, ...r.params } });
      return ok(req, { id, name: r.name, fileName: r.fileName });
    },
  );

  app.get(
    `${base}/download`,
    {
      config: { access: { permission: ['report_list', 'report_list_view', 'report_list_export'] } },
      schema: { tags: ['report'], summary: 'Download a report file', querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }) },
    },
    async (req, reply) => {
      const { id } = req.query as { id: string };
      const [row] = isId(id) ? await db.select().from(reportFile).where(and(eq(reportFile.id, id), ...scope(req.user!))) : [];
      if (!row?.content) throw new BizError('recordNotFound');
      return sendFile(reply, row.content, { name: row.fileName, mime: row.mime, size: row.content.length });
    },
  );

  app.post(
    `${base}/remove`,
    {
      config: { access: { permission: 'report_list_delete' } },
      schema: { tags: ['report'], summary: 'Remove reports (ids=1,2); their files are dropped', querystring: Type.Object({ ids: Type.Optional(Type.String()) }, { additionalProperties: true }) },
    },
    async (req) => {
      const ids = idsFrom(req);
      if (ids.length === 0) throw new BizError('idsRequired');
      const res = await db
        .update(reportFile)
        .set({ isDeleted: 1, content: null, updateUser: req.user!.userId, updateTime: new Date() })
        .where(and(inArray(reportFile.id, ids), ...scope(req.user!)))
        .returning({ id: reportFile.id });
      return status(req, res.length > 0);
    },
  );
}
