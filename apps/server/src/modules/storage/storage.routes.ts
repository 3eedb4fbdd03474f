/**
 * blade-resource: storage configurations (`oss` CRUD + `enable` + `debug`), uploads (`oss/endpoint/put-file`,
 * `put-file-attach`), attachments (list, detail, remove, download), signed file links, and the generic Excel
 * export. Uploads are checked by content (see core/upload.ts); stored names and paths are the server's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ossResource } from '@helio/contracts/modules/oss/oss.resource';
import type { ModuleContext } from '../../kernel/types.js';
import { ok, status } from '../../core/envelope.js';
import { idsFrom, registerCrud } from '../../crud/register-crud.js';
import { oss } from '../../db/schema-resource.js';
import { sendFile } from '../../core/download.js';
import { registerReadRoutes } from '../../core/read-routes.js';
import { receiveFiles, UPLOAD_RULES } from '../../core/upload.js';
import type { AttachService, FileDownload } from './attach.service.js';
import { EXPORT_MAX_ROWS, excelExport, XLSX_MIME, type ExcelExportInput } from './excel-export.js';
import type { OssConfigService } from './oss-config.service.js';

export interface StorageServices {
  configs: OssConfigService;
  attachments: AttachService;
}

const idOf = (req: FastifyRequest) => (req.query as { id?: string }).id ?? '';
const stream = (reply: FastifyReply, file: FileDownload) => sendFile(reply, file.body, { name: file.name, mime: file.mime, size: file.size });

export function storageRoutes(app: FastifyInstance, s: ModuleContext, { configs, attachments }: StorageServices): void {
  // ---- storage configurations ------------------------------------------------------------------------------
  registerCrud(app, s, ossResource, oss as never, configs.hooks);

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
      const row = await configs.enable(req.user!, idOf(req));
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
      await configs.check(req.user!, idOf(req));
      return status(req, true);
    },
  );

  // ---- uploads -----------------------------------------------------------------------------------------------
  const upload = async (req: FastifyRequest) => {
    const use = await attachments.admitUpload(req.user!, (req.query as { use?: string }).use);
    const received = await receiveFiles(req, UPLOAD_RULES[use]);
    const stored = await attachments.store(req.user!, received, use);
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
  registerReadRoutes(app, s, { ...attachments.reads, tag: 'attach', access: { permission: ['attach', 'attach_view'] } });

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
    async (req) => status(req, await attachments.remove(req.user!, idsFrom(req))),
  );

  app.get(
    '/api/blade-resource/attach/download',
    {
      config: { access: { permission: ['attach', 'attach_view'] }, download: true },
      schema: { tags: ['attach'], summary: 'Download an attachment', querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }) },
    },
    async (req, reply) => stream(reply, await attachments.download(req.user!, idOf(req))),
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
      return stream(reply, await attachments.byLink(id, sig));
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
      const { name, content } = await excelExport(req.body as ExcelExportInput);
      return sendFile(reply, content, { name, mime: XLSX_MIME, size: content.length });
    },
  );
}
