/**
 * blade-resource: storage configurations (`oss` CRUD + `enable` + `debug`), uploads (`oss/endpoint/put-file`,
 * `put-file-attach`), attachments (list, detail, remove, download), signed file links, and the generic Excel
 * export. Uploads are checked by content (see core/upload.ts); stored names and paths are the server's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Type } from 'typebox';
import { attachResource } from '@helio/contracts/modules/attach/attach.resource';
import { ossResource } from '@helio/contracts/modules/oss/oss.resource';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { ok, status } from '../../core/envelope.js';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import { tenantCondition } from '../../core/tenant.js';
import { idsFrom, registerCrud } from '../../crud/register-crud.js';
import { attach, oss } from '../../db/schema-resource.js';
import { sendFile } from '../../core/download.js';
import { OutboundGuard } from '../../core/net-guard.js';
import { registerReadRoutes, type ReadTable } from '../../core/read-routes.js';
import { SecretBox } from '../../core/secret-box.js';
import { receiveFiles, UPLOAD_RULES, UPLOAD_USES, type UploadUse } from '../../core/upload.js';
import { ENABLED, LOCAL_CATEGORY, OssService, type AttachRow } from './oss.service.js';

type Row = Record<string, unknown>;

const UPLOADS_PER_MINUTE = 60;
const EXPORT_MAX_ROWS = 10_000;

export async function storageRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const db = s.database.db;
  const settings = s.config.resources;
  const box = await SecretBox.load(db);
  const guard = new OutboundGuard(settings.allowPrivateHosts);
  const files = new OssService(db, box, guard, s.config.dataDir);
  app.addHook('onClose', async () => files.close());

  // ---- storage configurations ------------------------------------------------------------------------------
  registerCrud(app, s, ossResource, oss as never, {
    beforeWrite: (call, row, values) => {
      if (call.op === 'remove') return;
      const merged = { ...(row ?? {}), ...values } as Row;
      const category = Number(merged.category ?? LOCAL_CATEGORY);
      if (category !== LOCAL_CATEGORY) {
        const lang = call.lang === 'en-US' ? 'en' : 'zh';
        const need = (key: string) => {
          if (!merged[key]) throw new BizError('required', { field: ossResource.fields.find((f) => f.key === key)!.label[lang] });
        };
        need('endpoint');
        need('bucketName');
        need('accessKey');
        need('secretKey');
        guard.checkUrl(String(merged.endpoint), 'endpoint');
        if (!/^[a-z0-9][a-z0-9.-]{1,62}$/.test(String(merged.bucketName))) throw new BizError('invalidFormat', { field: 'bucketName' });
      }
      if (typeof values.secretKey === 'string' && values.secretKey !== '' && !box.isSealed(values.secretKey)) {
        values.secretKey = box.seal(values.secretKey);
      }
    },
  });

  const configOf = async (req: FastifyRequest) => {
    const { id } = req.query as { id?: string };
    const [row] = isId(id) ? await db.select().from(oss).where(and(eq(oss.id, id), eq(oss.isDeleted, 0), tenantCondition(oss.tenantId, req.user!))) : [];
    if (!row) throw new BizError('recordNotFound');
    return row;
  };

  app.post(
    '/api/blade-resource/oss/enable',
    {
      config: { access: { permission: 'oss_enable' } },
      schema: {
        tags: ['oss'],
        summary: "Make a storage configuration its tenant's only enabled one (status 2); the others become 1",
        querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }),
      },
    },
    async (req) => {
      const row = await configOf(req);
      await db.transaction(async (tx) => {
        await tx
          .update(oss)
          .set({ status: 1, updateUser: req.user!.userId, updateTime: new Date() })
          .where(and(eq(oss.tenantId, row.tenantId), eq(oss.status, ENABLED), ne(oss.id, row.id)));
        await tx.update(oss).set({ status: ENABLED, updateUser: req.user!.userId, updateTime: new Date() }).where(eq(oss.id, row.id));
      });
      s.use('log').logs.usual({ req, id: 'oss.enable', data: { id: row.id, ossCode: row.ossCode } });
      return status(req, true);
    },
  );

  app.post(
    '/api/blade-resource/oss/debug',
    {
      config: { access: { permission: 'oss_debug' } },
      schema: {
        tags: ['oss'],
        summary: 'Check a storage configuration: write, read back and delete a small object',
        querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }),
      },
    },
    async (req) => {
      const row = await configOf(req);
      try {
        await files.probe(row);
      } catch (e) {
        if (e instanceof BizError) throw e;
        const err = e as { name?: string; code?: string; Code?: string };
        throw new BizError('storageCheckFailed', { reason: String(err.Code ?? err.code ?? err.name ?? 'error').slice(0, 80) });
      }
      return status(req, true);
    },
  );

  // ---- uploads -----------------------------------------------------------------------------------------------
  const upload = async (req: FastifyRequest) => {
    const use = ((req.query as { use?: string }).use || 'attachment') as UploadUse;
    if (!UPLOAD_USES.includes(use)) throw new BizError('uploadUseInvalid', { use: String(use).slice(0, 32) });
    const n = await s.kv.incr(`upload:${req.user!.userId}`, 60_000);
    if (n > UPLOADS_PER_MINUTE) throw new BizError('uploadRateLimited');
    const received = await receiveFiles(req, UPLOAD_RULES[use]);
    const stored = await files.store(req.user!, received, use);
    return ok(req, stored.length === 1 ? stored[0] : stored);
  };
  const uploadSchema = (summary: string) => ({
    tags: ['oss'],
    summary,
    description:
      'multipart/form-data with the file(s) in `file`. `use` picks the limits, checked on the content (magic bytes), ' +
      'not the name: `attachment` (default; ≤ 3 files of 10 MB: images, pdf, Office, zip, UTF-8 txt/csv), `avatar` ' +
      '(one jpg/png ≤ 500 kB), `import` (one .xlsx/.xls ≤ 10 MB), `ota` (one firmware package ≤ 100 MB). Answers ' +
      '`{link, domain, name, originalName, attachId}` (an array when several files were sent); `link` is a signed ' +
      'download address that stops working when the attachment is removed.',
    querystring: Type.Object({ use: Type.Optional(Type.String()) }, { additionalProperties: true }),
  });
  app.post(
    '/api/blade-resource/oss/endpoint/put-file',
    { config: { access: { login: true } }, schema: uploadSchema('Upload file(s) to the tenant store') },
    upload,
  );
  app.post(
    '/api/blade-resource/oss/endpoint/put-file-attach',
    { config: { access: { login: true } }, schema: uploadSchema('Upload file(s) and record them as attachments (same as put-file)') },
    upload,
  );

  // ---- attachments -------------------------------------------------------------------------------------------
  const attachScope = (actor: Actor, q?: Record<string, unknown>) => [eq(attach.isDeleted, 0), tenantCondition(attach.tenantId, actor, q)];
  registerReadRoutes(app, s, {
    def: attachResource,
    table: attach as unknown as ReadTable,
    tag: 'attach',
    access: { permission: ['attach', 'attach_view'] },
    scope: attachScope,
  });

  app.post(
    '/api/blade-resource/attach/remove',
    {
      config: { access: { permission: 'attach_delete' } },
      schema: {
        tags: ['attach'],
        summary: 'Remove attachments (ids=1,2): the record is deleted softly, the stored object is deleted',
        querystring: Type.Object({ ids: Type.Optional(Type.String()) }, { additionalProperties: true }),
      },
    },
    async (req) => {
      const ids = idsFrom(req);
      if (ids.length === 0) throw new BizError('idsRequired');
      const rows = await db
        .update(attach)
        .set({ isDeleted: 1, updateUser: req.user!.userId, updateTime: new Date() })
        .where(and(inArray(attach.id, ids), ...attachScope(req.user!)))
        .returning();
      for (const r of rows) await files.removeObject(r);
      return status(req, rows.length > 0);
    },
  );

  const stream = async (reply: FastifyReply, row: AttachRow) => {
    let obj;
    try {
      obj = await files.open(row);
    } catch {
      throw new BizError('recordNotFound');
    }
    return sendFile(reply, obj.body, { name: row.originalName ?? `file.${row.extension}`, mime: row.mime ?? '', size: obj.size });
  };

  app.get(
    '/api/blade-resource/attach/download',
    {
      config: { access: { permission: ['attach', 'attach_view'] } },
      schema: { tags: ['attach'], summary: 'Download an attachment', querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }) },
    },
    async (req, reply) => {
      const { id } = req.query as { id: string };
      const [row] = isId(id) ? await db.select().from(attach).where(and(eq(attach.id, id), ...attachScope(req.user!))) : [];
      if (!row) throw new BizError('recordNotFound');
      return stream(reply, row);
    },
  );

  // A file link (`link` of an upload): public so <img src> works, but only with the server's signature over the
  // attachment id, and only while the attachment exists.
  app.get(
    '/api/blade-resource/oss/endpoint/file/:id/:sig',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['oss'],
        summary: 'A signed file link (as returned by put-file)',
        params: Type.Object({ id: Type.String({ maxLength: 19 }), sig: Type.String({ maxLength: 64 }) }),
        security: [],
      },
    },
    async (req, reply) => {
      const { id, sig } = req.params as { id: string; sig: string };
      if (!isId(id) || !box.verifyLink(id, sig)) throw new BizError('recordNotFound', {}, 404, 404);
      const [row] = await db.select().from(attach).where(and(eq(attach.id, id), eq(attach.isDeleted, 0)));
      if (!row) throw new BizError('recordNotFound', {}, 404, 404);
      return stream(reply, row);
    },
  );

  // ---- the generic Excel export ------------------------------------------------------------------------------
  const Cell = Type.Union([Type.String({ maxLength: 32_767 }), Type.Number(), Type.Boolean(), Type.Null()]);
  app.post(
    '/api/blade-resource/export/excel',
    {
      config: { access: { login: true } },
      bodyLimit: 20 * 1024 * 1024,
      schema: {
        tags: ['oss'],
        summary: 'Generic blob export: the rows the client shows, as an .xlsx download',
        description:
          'Body `{fileName?, sheetName?, columns: [{key, title}], rows: [{<key>: string|number|boolean|null}]}` ' +
          `(≤ 100 columns, ≤ ${EXPORT_MAX_ROWS} rows). Values are written as plain cells: nothing is evaluated.`,
        body: Type.Object({
          fileName: Type.Optional(Type.String({ maxLength: 100 })),
          sheetName: Type.Optional(Type.String({ maxLength: 31 })),
          columns: Type.Array(Type.Object({ key: Type.String({ maxLength: 64 }), title: Type.String({ maxLength: 100 }) }), { minItems: 1, maxItems: 100 }),
          rows: Type.Array(Type.Record(Type.String(), Cell)),
        }),
      },
    },
    async (req, reply) => {
      const body = req.body as { fileName?: string; sheetName?: string; columns: { key: string; title: string }[]; rows: Record<string, unknown>[] };
      if (body.rows.length > EXPORT_MAX_ROWS) throw new BizError('exportTooLarge', { max: EXPORT_MAX_ROWS });
      const wb = new ExcelJS.Workbook();
      wb.creator = 'Helio';
      const ws = wb.addWorksheet((body.sheetName || 'Sheet1').replace(/[\\/?*[\]:]/g, '_'));
      ws.columns = body.columns.map((c) => ({ header: c.title, key: `c_${c.key}`, width: Math.min(60, Math.max(10, c.title.length + 4)) }));
      ws.getRow(1).font = { bold: true };
      for (const r of body.rows) ws.addRow(Object.fromEntries(body.columns.map((c) => [`c_${c.key}`, r[c.key] ?? null])));
      const buf = Buffer.from(await wb.xlsx.writeBuffer());
      const name = `${(body.fileName || 'export').replace(/\.xlsx$/i, '')}.xlsx`;
      return sendFile(reply, buf, { name, mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', size: buf.length });
    },
  );
}
