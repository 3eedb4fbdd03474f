/**
 * blade-develop — platform administrators only: data sources (PostgreSQL on allow-listed hosts, sealed passwords,
 * test connection), models and their prototypes (from a data source's table), code records, `gen-code` (a zip of
 * Helio modules, see codegen.ts). Nothing here executes SQL or templates a user typed: the catalog queries are
 * fixed and parameterised, generated code only takes checked identifiers and JSON-quoted text.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type JSZip from 'jszip';
import { lazyRequire } from '../../core/lazy-import.js';
import { Type } from 'typebox';
import { codeResource } from '@helio/contracts/modules/code/code.resource';
import { datasourceResource } from '@helio/contracts/modules/datasource/datasource.resource';
import { modelResource } from '@helio/contracts/modules/model/model.resource';
import type { ModuleContext } from '../../kernel/types.js';
import { ForbiddenError, BizError } from '../../core/errors.js';
import { ok, status } from '../../core/envelope.js';
import { isId, nextId } from '../../core/ids.js';
import { isPlatform } from '../../core/tenant.js';
import { registerCrud, type AuditedTable } from '../../crud/register-crud.js';
import { code, datasource, model, modelPrototype } from '../../db/schema-resource.js';
import { sendFile } from '../../core/download.js';
import { SecretBox } from '../../core/secret-box.js';
import { COLUMN_NAME, defaultPrototypes, generateModule, pascal, PROPERTY_NAME, type Prototype } from './codegen.js';
import { DatasourceService, parseDatasourceUrl, type Credentials } from './datasource.service.js';
import { codeTargets, datasourceTypeOf, driverClassOf, modelForTable } from './blade-payloads.js';

const jszip = lazyRequire<typeof JSZip>('jszip');

type DatasourceRow = typeof datasource.$inferSelect;

const sameServer = (a: string, b: string) => {
  try {
    const [x, y] = [parseDatasourceUrl(a), parseDatasourceUrl(b)];
    return x.host === y.host && x.port === y.port;
  } catch {
    return false;
  }
};

const COMPONENTS = ['text', 'textarea', 'number', 'datetime', 'date', 'switch', 'dict', 'select'];

export async function developRoutes(root: FastifyInstance, s: ModuleContext): Promise<void> {
  const db = s.database.db;
  const box = await SecretBox.load(db);
  const sources = new DatasourceService(box, s.config.resources.datasourceHosts);

  /** `x`: the write's transaction when a CRUD hook asks. */
  const live = async (id: unknown, x: typeof db = db): Promise<DatasourceRow> => {
    const [row] = isId(id) ? await x.select().from(datasource).where(and(eq(datasource.id, id), eq(datasource.isDeleted, 0))) : [];
    if (!row) throw new BizError('recordNotFound');
    return row;
  };
  const modelOf = async (id: unknown, x: typeof db = db) => {
    const [row] = isId(id) ? await x.select().from(model).where(and(eq(model.id, id), eq(model.isDeleted, 0))) : [];
    if (!row) throw new BizError('recordNotFound');
    return row;
  };
  const creds = (r: DatasourceRow): Credentials => ({ url: r.url, username: r.username, password: r.password });

  root.register(async (app) => {
    // Everything here is for platform users (tenant 000000) whatever their role.
    app.addHook('preValidation', async (req) => {
      if (req.user && !isPlatform(req.user)) throw new ForbiddenError();
    });

    // ---- data sources ----------------------------------------------------------------------------------------
    registerCrud(app, s, datasourceResource, datasource as unknown as AuditedTable, {
      // A Blade client sends a driver class and no type (blade-payloads.ts).
      omittedFrom: { jdbcType: (_call, body) => datasourceTypeOf(body) },
      beforeWrite: (call, row, values) => {
        if (call.op === 'remove') return;
        if (values.category !== undefined && values.category !== 1) throw new BizError('datasourceUrlInvalid');
        const url = (values.url ?? row?.url) as string | undefined;
        if (url !== undefined) sources.check(url);
        values.driverClass = driverClassOf(values.category ?? row?.category);
        if (typeof values.password === 'string' && values.password !== '' && !box.isSealed(values.password)) values.password = box.seal(values.password);
      },
    });

    app.get(
      '/api/blade-develop/datasource/select',
      { config: { access: { permission: ['datasource', 'model', 'code'] } }, schema: { tags: ['develop'], summary: 'Data sources for drop-downs (id, name)' } },
      async (req) => {
        const rows = await db.select({ id: datasource.id, name: datasource.name, url: datasource.url }).from(datasource).where(eq(datasource.isDeleted, 0)).orderBy(asc(datasource.name));
        return ok(req, rows);
      },
    );

    app.post(
      '/api/blade-develop/datasource/test-connection',
      {
        config: { access: { permission: 'datasource_debug' } },
        schema: {
          tags: ['develop'],
          summary: 'Test a data source: `id` (stored), or `url`/`username`/`password` (an empty password keeps the stored one of `id`)',
          querystring: Type.Object({ id: Type.Optional(Type.String()) }, { additionalProperties: true }),
        },
      },
      async (req) => {
        const q = { ...((req.query ?? {}) as Record<string, unknown>), ...((req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>) };
        const stored = q.id ? await live(q.id) : undefined;
        const url = typeof q.url === 'string' && q.url ? q.url : (stored?.url ?? '');
        // The stored password only ever goes to the stored host and port.
        const sameTarget = stored !== undefined && sameServer(stored.url, url);
        const c: Credentials = {
          url,
          username: typeof q.username === 'string' && q.username ? q.username : (stored?.username ?? null),
          password: typeof q.password === 'string' && q.password ? box.seal(q.password) : sameTarget ? (stored.password ?? null) : null,
        };
        return ok(req, { version: await sources.test(c) });
      },
    );

    // ---- models ----------------------------------------------------------------------------------------------
    registerCrud(app, s, modelResource, model as unknown as AuditedTable, {
      beforeWrite: async (call, row, values) => {
        if (call.op === 'remove') return;
        await live(values.datasourceId ?? row?.datasourceId, call.db);
      },
      afterRemove: async (call, ids) => {
        await call.db.delete(modelPrototype).where(inArray(modelPrototype.modelId, ids));
      },
    });

    app.get(
      '/api/blade-develop/model/select',
      { config: { access: { permission: ['model', 'code'] } }, schema: { tags: ['develop'], summary: 'Models for drop-downs' } },
      async (req) =>
        ok(
          req,
          await db
            .select({ id: model.id, modelName: model.modelName, modelTable: model.modelTable, datasourceId: model.datasourceId })
            .from(model)
            .where(eq(model.isDeleted, 0))
            .orderBy(asc(model.modelName)),
        ),
    );

    const dsQuery = Type.Object({ datasourceId: Type.String(), tableName: Type.Optional(Type.String({ maxLength: 63 })) }, { additionalProperties: true });
    app.get(
      '/api/blade-develop/model/table-list',
      { config: { access: { permission: ['model', 'model_add', 'model_edit'] } }, schema: { tags: ['develop'], summary: "A data source's tables", querystring: dsQuery } },
      async (req) => {
        const ds = await live((req.query as { datasourceId: string }).datasourceId);
        const rows = await sources.tables(creds(ds));
        return ok(req, rows.map((t) => ({ name: t.name, tableName: t.name, comment: t.comment })));
      },
    );

    const tableName = (req: FastifyRequest) => {
      const t = String((req.query as { tableName?: string }).tableName ?? '');
      if (!COLUMN_NAME.test(t)) throw new BizError('identifierInvalid', { name: t.slice(0, 63) });
      return t;
    };
    app.get(
      '/api/blade-develop/model/table-info',
      { config: { access: { permission: ['model', 'model_add', 'model_edit'] } }, schema: { tags: ['develop'], summary: "A table's columns", querystring: dsQuery } },
      async (req) => {
        const ds = await live((req.query as { datasourceId: string }).datasourceId);
        return ok(req, await sources.columns(creds(ds), tableName(req)));
      },
    );

    /** Saved prototype rows of a model, or defaults from its live table when none are saved. */
    const prototypesOf = async (modelId: string): Promise<(Prototype & { id?: string; modelId: string })[]> => {
      const saved = await db.select().from(modelPrototype).where(and(eq(modelPrototype.modelId, modelId), eq(modelPrototype.isDeleted, 0))).orderBy(asc(modelPrototype.sort));
      if (saved.length) return saved;
      const m = await modelOf(modelId);
      const ds = await live(m.datasourceId);
      return defaultPrototypes(await sources.columns(creds(ds), m.modelTable)).map((p) => ({ ...p, modelId }));
    };

    app.get(
      '/api/blade-develop/model/model-prototype',
      {
        config: { access: { permission: ['model', 'model_view', 'model_edit'] } },
        schema: {
          tags: ['develop'],
          summary: "A model's prototype: its saved rows merged over the live table's columns (new columns get defaults)",
          querystring: Type.Object({ modelId: Type.String() }, { additionalProperties: true }),
        },
      },
      async (req) => {
        const m = await modelOf((req.query as { modelId: string }).modelId);
        const ds = await live(m.datasourceId);
        const defaults = defaultPrototypes(await sources.columns(creds(ds), m.modelTable));
        const saved = new Map((await db.select().from(modelPrototype).where(and(eq(modelPrototype.modelId, m.id), eq(modelPrototype.isDeleted, 0)))).map((p) => [p.jdbcName, p]));
        return ok(req, defaults.map((d) => ({ ...d, modelId: m.id, ...(saved.get(d.jdbcName) ?? {}) })));
      },
    );

    const ProtoBody = Type.Object(
      {
        id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        modelId: Type.String({ maxLength: 19 }),
        jdbcName: Type.String({ maxLength: 63 }),
        jdbcType: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
        jdbcComment: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
        propertyName: Type.Optional(Type.Union([Type.String({ maxLength: 63 }), Type.Null()])),
        isList: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        isForm: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        isRow: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        isRequired: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        isQuery: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        queryType: Type.Optional(Type.Union([Type.String({ maxLength: 16 }), Type.Null()])),
        componentType: Type.Optional(Type.String({ maxLength: 16 })),
        dictCode: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
        sort: Type.Optional(Type.Integer()),
      },
      { additionalProperties: true },
    );
    app.post(
      '/api/blade-develop/model-prototype/submit-list',
      {
        config: { access: { permission: ['model_add', 'model_edit'] } },
        schema: { tags: ['develop'], summary: "Save a model's prototype rows (replaces the model's previous rows)", body: Type.Array(ProtoBody, { minItems: 1, maxItems: 300 }) },
      },
      async (req) => {
        const rows = req.body as (Prototype & { modelId: string; componentType?: string })[];
        const modelIds = new Set(rows.map((r) => r.modelId));
        if (modelIds.size !== 1) throw new BizError('badRequest');
        const m = await modelOf(rows[0]!.modelId);
        for (const r of rows) {
          if (!COLUMN_NAME.test(r.jdbcName)) throw new BizError('identifierInvalid', { name: r.jdbcName.slice(0, 63) });
          if (r.propertyName && !PROPERTY_NAME.test(r.propertyName)) throw new BizError('identifierInvalid', { name: r.propertyName.slice(0, 63) });
          if (r.componentType && !COMPONENTS.includes(r.componentType)) throw new BizError('invalidFormat', { field: 'componentType' });
          if (r.dictCode && !/^[a-z][a-z0-9_]{0,63}$/.test(r.dictCode)) throw new BizError('invalidFormat', { field: 'dictCode' });
        }
        const now = new Date();
        const u = req.user!;
        await db.transaction(async (tx) => {
          await tx.delete(modelPrototype).where(eq(modelPrototype.modelId, m.id));
          await tx.insert(modelPrototype).values(
            rows.map((r, i) => ({
              id: nextId(),
              modelId: m.id,
              jdbcName: r.jdbcName,
              jdbcType: r.jdbcType ?? null,
              jdbcComment: r.jdbcComment ?? null,
              propertyType: null,
              propertyName: r.propertyName ?? null,
              isList: r.isList ?? 1,
              isForm: r.isForm ?? 1,
              isRow: 0,
              componentType: r.componentType ?? 'text',
              dictCode: r.dictCode ?? null,
              isRequired: r.isRequired ?? 0,
              isQuery: r.isQuery ?? 0,
              queryType: r.queryType === 'equal' ? 'equal' : 'like',
              sort: r.sort ?? i + 1,
              createUser: u.userId,
              createTime: now,
              updateUser: u.userId,
              updateTime: now,
            })),
          );
        });
        return status(req, true);
      },
    );

    for (const verb of ['select', 'list']) {
      app.get(
        `/api/blade-develop/model-prototype/${verb}`,
        {
          config: { access: { permission: ['model', 'model_view'] } },
          schema: { tags: ['develop'], summary: "A model's saved prototype rows", querystring: Type.Object({ modelId: Type.String() }, { additionalProperties: true }) },
        },
        async (req) => {
          const m = await modelOf((req.query as { modelId: string }).modelId);
          return ok(req, await db.select().from(modelPrototype).where(and(eq(modelPrototype.modelId, m.id), eq(modelPrototype.isDeleted, 0))).orderBy(asc(modelPrototype.sort)));
        },
      );
    }

    // ---- code records and generation -------------------------------------------------------------------------
    registerCrud(app, s, codeResource, code as unknown as AuditedTable, {
      // SpringBlade's payload (Saber): a data source and a table instead of a model.
      omittedFrom: { datasourceTable: modelForTable },
      beforeWrite: async (call, row, values) => {
        if (call.op === 'remove') return;
        const m = await modelOf(values.modelId ?? row?.modelId, call.db);
        values.datasourceId = m.datasourceId;
        if (values.tableName === undefined && !row) values.tableName = m.modelTable;
      },
    });

    app.post(
      '/api/blade-develop/code/copy',
      {
        config: { access: { permission: 'code_copy' } },
        schema: { tags: ['develop'], summary: 'Copy a code record', querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }) },
      },
      async (req) => {
        const { id } = req.query as { id: string };
        const [row] = isId(id) ? await db.select().from(code).where(and(eq(code.id, id), eq(code.isDeleted, 0))) : [];
        if (!row) throw new BizError('recordNotFound');
        const now = new Date();
        const copyId = nextId();
        await db.insert(code).values({
          ...row,
          id: copyId,
          codeName: `${row.codeName}-copy`.slice(0, 64),
          createUser: req.user!.userId,
          createTime: now,
          updateUser: req.user!.userId,
          updateTime: now,
        });
        return ok(req, { id: copyId });
      },
    );

    const genCode = async (req: FastifyRequest, reply: FastifyReply) => {
      const q = { ...((req.query ?? {}) as Record<string, unknown>), ...((req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>) };
      const ids = String(q.ids ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(isId);
      if (ids.length === 0) throw new BizError('idsRequired');
      const records = await db.select().from(code).where(and(inArray(code.id, ids.slice(0, 20)), eq(code.isDeleted, 0)));
      if (records.length === 0) throw new BizError('recordNotFound');
      const zip = new (jszip())();
      for (const r of records) {
        if (!r.modelId) throw new BizError('recordNotFound');
        const m = await modelOf(r.modelId);
        const moduleKey = r.serviceName ?? '';
        const files = generateModule({
          moduleKey,
          ...codeTargets(r),
          title: { zh: r.codeName, en: m.modelName.match(/^[\x20-\x7e]+$/) ? m.modelName : pascal(moduleKey).replace(/([a-z])([A-Z])/g, '$1 $2') },
          table: r.tableName,
          prototypes: await prototypesOf(m.id),
        });
        for (const [path, content] of files) zip.file(path, content);
      }
      const buf = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      s.use('log').logs.usual({ req, id: 'code.gen', data: { ids: records.map((r) => r.id) } });
      const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      return sendFile(reply, buf, { name: `helio-codegen-${stamp}.zip`, mime: 'application/zip', size: buf.length });
    };
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/api/blade-develop/code/gen-code',
        config: { access: { permission: 'code_gen' }, download: true },
        schema: {
          tags: ['develop'],
          summary: 'Generate Helio modules for code records (ids=1,2; system=saber is accepted and ignored): a zip download',
          querystring: Type.Object({ ids: Type.Optional(Type.String()), system: Type.Optional(Type.String()) }, { additionalProperties: true }),
        },
        handler: genCode,
      });
    }
  });
}
