/**
 * Excel export and import for a resource served by the CRUD engine, driven by its definition:
 *
 * - `GET <api>/export` (`<page>_export`): the rows the list would show for the same filters and sort (tenant, data
 *   scope and allow-lists included), every field as a column, dictionary values as their names, as .xlsx.
 * - `GET <api>/import-template` (`<page>_import` or `_export`): the importable columns, headers in the caller's
 *   language.
 * - `POST <api>/import` (`<page>_import`, multipart `file`: .xlsx or .xls, at most 10 MB, type by content):
 *   `isCovered` 0 (default) reports rows whose key already exists, 1 updates them; `skipErrors` 1 imports the good
 *   rows and reports the rest, otherwise a file with any error imports nothing. Every row passes the same checks as
 *   `submit` (field rules, unique fields, the module's `beforeWrite`); errors name the row, the column and the
 *   reason in the caller's language. The checks and the writes share one transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { Type } from 'typebox';
import type { FieldDef } from '@helio/contracts/crud/resource';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { ModuleContext } from '../kernel/types.js';
import { formatDateTime } from '../core/dates.js';
import { ok } from '../core/envelope.js';
import { BizError, ValidationError } from '../core/errors.js';
import { label, msg, type Label, type Lang } from '../core/i18n.js';
import { parseSort } from '../core/list-query.js';
import { readSheet, sendSheet, writeSheet, XLSX_MIME, type SheetColumn } from '../core/sheet.js';
import { envelopeOf } from '@helio/contracts/api/endpoint';
import { dict, dictBiz } from '../db/schema.js';
import { receiveFiles, UPLOAD_RULES } from '../core/upload.js';
import { FieldsError, type CrudHandle, type PreparedWrite, type Row } from './register-crud.js';

export interface ImportError {
  /** Row number as Excel shows it. */
  row: number;
  /** Column key ('' when the problem is the whole row). */
  column: string;
  reason: string;
}

export interface CrudSheetOptions {
  /**
   * Field that identifies a row across files (the overwrite switch matches on it); must be a unique field — or the
   * fields of a composite unique index (e.g. device type, model and item key), matched together.
   */
  key: string | readonly string[];
  /** Download name without extension (default: the resource title). */
  fileName?: Label;
  /** Most data rows per import (default 5,000). */
  maxRows?: number;
  /** Most rows per export (default 50,000). */
  maxExport?: number;
  /** Before the import's handler (e.g. platform-only writes). */
  writePreHandler?: (req: FastifyRequest) => Promise<void> | void;
}

/** The answers: a workbook, or the import's count and row errors in the `R` envelope (also when it refuses the file). */
const WORKBOOK = { 200: { description: 'The workbook (.xlsx)', content: { [XLSX_MIME]: { schema: { type: 'string', format: 'binary' } } } } };
const IMPORTED = {
  200: envelopeOf(
    Type.Object({
      imported: Type.Integer(),
      errors: Type.Array(Type.Object({ row: Type.Integer(), column: Type.String(), reason: Type.String() })),
    }),
  ),
};

type Choice = { toLabel: Map<string, string>; toKey: Map<string, string> };

const norm = (v: string) => v.trim().toLowerCase();

/** An error thrown by a module rule may name its field (`Object.assign(new BizError(..), { field })`). */
function problemsOf(e: unknown, lang: Lang, row: number): ImportError[] {
  if (e instanceof FieldsError) return e.problems.map((p) => ({ row, column: p.field, reason: p.message }));
  const column = typeof (e as { field?: unknown }).field === 'string' ? String((e as { field: string }).field) : '';
  if (e instanceof ValidationError) return e.messages.map((m) => ({ row, column, reason: m }));
  if (e instanceof BizError) return [{ row, column, reason: msg(lang, e.key, e.params) }];
  throw e;
}

export function registerCrudSheet(app: FastifyInstance, s: ModuleContext, handle: CrudHandle, opts: CrudSheetOptions): void {
  const { def, table, repo } = handle;
  const db = s.database.db;
  const maxRows = opts.maxRows ?? 5000;
  const maxExport = opts.maxExport ?? 50_000;
  const keyFields = [opts.key].flat().map((k) => def.fields.find((f) => f.key === k));
  if (keyFields.some((f) => !f) || (keyFields.length === 1 && !keyFields[0]!.unique)) throw new Error(`resource ${def.name}: sheet key ${String(opts.key)} must be a unique field`);
  const keyField = keyFields[keyFields.length - 1]!;
  const single = typeof opts.key === 'string' ? opts.key : undefined;
  /** A row's key: the field's value, or the key fields' values joined (numbers and texts compared as text). */
  const keyOf = (r: Row) => keyFields.map((f) => String(r[f!.key] ?? '').trim()).join('\u0001');
  const keyText = (r: Row) => keyFields.map((f) => String(r[f!.key] ?? '').trim()).filter(Boolean).join(' / ');
  const code = (a: string) => `${def.page}_${a}`;
  const tag = def.name;
  const pre = opts.writePreHandler ? { preHandler: async (req: FastifyRequest) => opts.writePreHandler!(req) } : {};
  const fileName = (lang: Lang, suffix = '') => `${label(lang, opts.fileName ?? def.title)}${suffix}.xlsx`;

  const chosen = (f: FieldDef) => f.kind === 'dict' || f.kind === 'dictbiz' || (f.kind === 'select' && Boolean(f.options));
  const column = (f: FieldDef): SheetColumn => ({ key: f.key, zh: f.label.zh, en: f.label.en, numeric: Boolean(f.numeric) && !chosen(f) });
  const exportColumns = def.fields.filter((f) => !f.secret).map(column);
  const importFields = def.fields.filter((f) => f.form !== false && f.form !== 'edit' && f.form !== 'api' && !f.secret);
  const importColumns = importFields.map(column);

  /** Names ↔ keys of the dictionary and option fields (names in every language map back to the key). */
  const choices = async (req: FastifyRequest): Promise<Map<string, Choice>> => {
    const out = new Map<string, Choice>();
    for (const f of def.fields.filter(chosen)) {
      let items: { key: string; value: string; language: string }[];
      if (f.kind === 'select') {
        items = (f.options ?? []).flatMap((o) => [
          { key: String(o.value), value: o.label.zh, language: 'zh-CN' },
          { key: String(o.value), value: o.label.en, language: 'en-US' },
        ]);
      } else if (f.kind === 'dict') {
        items = (
          await db
            .select({ key: dict.dictKey, value: dict.dictValue, language: dict.language })
            .from(dict)
            .where(and(eq(dict.code, f.dict!), ne(dict.parentId, '0'), eq(dict.isDeleted, 0)))
            .orderBy(asc(dict.sort))
        ).map((r) => ({ key: r.key ?? '', value: r.value ?? '', language: r.language ?? 'zh-CN' }));
      } else {
        const load = async (tenantId: string) =>
          (
            await db
              .select({ key: dictBiz.dictKey, value: dictBiz.dictValue, language: dictBiz.language })
              .from(dictBiz)
              .where(and(eq(dictBiz.code, f.dict!), eq(dictBiz.tenantId, tenantId), ne(dictBiz.parentId, '0'), eq(dictBiz.isDeleted, 0)))
              .orderBy(asc(dictBiz.sort))
          ).map((r) => ({ key: r.key ?? '', value: r.value ?? '', language: r.language ?? 'zh-CN' }));
        items = await load(req.user!.tenantId);
        if (!items.length && req.user!.tenantId !== PLATFORM_TENANT_ID) items = await load(PLATFORM_TENANT_ID);
      }
      const own = items.filter((i) => i.language === req.lang);
      const toLabel = new Map<string, string>();
      for (const i of [...items.filter((x) => x.language === 'zh-CN'), ...own]) toLabel.set(i.key, i.value);
      const toKey = new Map<string, string>();
      for (const i of items) {
        toKey.set(norm(i.key), i.key);
        if (i.value) toKey.set(norm(i.value), i.key);
      }
      out.set(f.key, { toLabel, toKey });
    }
    return out;
  };

  app.get(
    `${def.api}/import-template`,
    { config: { access: { permission: [code('import'), code('export')] }, download: true }, schema: { tags: [tag], summary: `The .xlsx import template of ${def.name}`, response: WORKBOOK } },
    async (req, reply) => sendSheet(reply, fileName(req.lang, req.lang === 'en-US' ? ' import template' : '导入模板'), await writeSheet(req.lang, opts.fileName ?? def.title, importColumns)),
  );

  app.get(
    `${def.api}/export`,
    {
      // A file: Blade clients open it as a URL with `?blade-auth=bearer …` (core/download.ts).
      config: { access: { permission: code('export') }, download: true },
      schema: {
        tags: [tag],
        summary: `${def.title.en} as .xlsx: the same filters and sort as list (at most ${maxExport} rows)`,
        querystring: Type.Object({ ascs: Type.Optional(Type.String()), descs: Type.Optional(Type.String()) }, { additionalProperties: true }),
        response: WORKBOOK,
      },
    },
    async (req, reply) => {
      const where = await handle.listWhere(req);
      const [n] = await db.select({ n: count() }).from(table).where(where);
      if (Number(n?.n ?? 0) > maxExport) throw new BizError('exportTooLarge', { max: maxExport });
      const rows = (await db
        .select()
        .from(table)
        .where(where)
        .orderBy(...parseSort(req.query as Record<string, unknown>, handle.spec))
        .limit(maxExport)) as Row[];
      const vos = await handle.vos(rows, req);
      const names = await choices(req);
      const out = vos.map((v) => {
        const r: Row = { ...v };
        for (const [k, c] of names) if (r[k] !== '' && r[k] !== null && r[k] !== undefined) r[k] = c.toLabel.get(String(r[k])) ?? r[k];
        return r;
      });
      const day = formatDateTime(new Date())!.slice(0, 10);
      return sendSheet(reply, fileName(req.lang, `-${day}`), await writeSheet(req.lang, opts.fileName ?? def.title, exportColumns, out));
    },
  );

  app.post(
    `${def.api}/import`,
    {
      config: { access: { permission: code('import') } },
      ...pre,
      schema: {
        tags: [tag],
        summary: `Import ${def.name} rows from .xlsx/.xls (multipart \`file\`). isCovered=1 updates rows whose ${[opts.key].flat().join(' + ')} exists; with any row in error nothing is imported unless skipErrors=1.`,
        querystring: Type.Object(
          {
            isCovered: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Integer({ minimum: 0, maximum: 1 })])),
            skipErrors: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Integer({ minimum: 0, maximum: 1 })])),
          },
          { additionalProperties: true },
        ),
        response: IMPORTED,
      },
    },
    async (req) => {
      const q = req.query as { isCovered?: string | number; skipErrors?: string | number };
      const covered = String(q.isCovered ?? '0') === '1';
      const skipErrors = String(q.skipErrors ?? '0') === '1';
      const [file] = await receiveFiles(req, UPLOAD_RULES.import);
      const required = single ? [single] : keyFields.filter((f) => f!.rules?.required).map((f) => f!.key);
      const rows = await readSheet(file!, importColumns, { required, maxRows });
      const lang = req.lang;
      const errors: ImportError[] = [];
      const keyCol = table[keyField.key]!;

      const names = await choices(req);
      // Cell texts → bodies (dictionary and option names → keys).
      const bodies = rows.map((r) => {
        const body: Row = {};
        const unknown = new Set<string>();
        for (const f of importFields) {
          const raw = r.values[f.key] ?? '';
          const c = names.get(f.key);
          if (c && raw !== '') {
            const k = c.toKey.get(norm(raw));
            if (k === undefined && c.toKey.size) {
              errors.push({ row: r.row, column: f.key, reason: msg(lang, 'importUnknown', { value: raw.slice(0, 40) }) });
              unknown.add(f.key); // reported once; the other fields are still checked
            } else {
              body[f.key] = k ?? raw;
            }
          } else {
            body[f.key] = raw;
          }
        }
        return { row: r.row, body, unknown };
      });
      const keys = [...new Set(bodies.map((b) => String(b.body[keyField.key] ?? '').trim()).filter(Boolean))];

      // The checks (the module's hooks among them) and the writes share one transaction.
      return repo.transaction(req.user!, { lang }, async (call) => {
        // Rows already stored, by key.
        const existing = new Map<string, string>();
        for (let i = 0; i < keys.length; i += 1000) {
          const found = (await call.db
            .select()
            .from(table)
            .where(and(repo.baseWhere(call.actor), inArray(keyCol, keys.slice(i, i + 1000))))) as Row[];
          for (const f of found) existing.set(keyOf(f), String(f.id));
        }
        await repo.beforeBatch(call, bodies.map((b) => b.body));

        const seen = new Map<string, number>();
        const ready: { row: number; w: PreparedWrite }[] = [];
        const keyLabel = keyFields.map((f) => label(lang, f!.label)).join(' / ');
        for (const { row, body, unknown } of bodies) {
          const key = single ? String(body[single] ?? '') : String(body[keyField.key] ?? '').trim() ? keyOf(body) : '';
          const shown = single ? key : keyText(body);
          if (key && seen.has(key)) {
            errors.push({ row, column: keyField.key, reason: msg(lang, 'duplicate', { field: `${keyLabel} ${shown.slice(0, 64)}` }) });
            continue;
          }
          if (key) seen.set(key, row);
          const id = key ? existing.get(key) : undefined;
          if (id && !covered) {
            errors.push({ row, column: keyField.key, reason: msg(lang, 'duplicate', { field: `${keyLabel} ${shown.slice(0, 64)}` }) });
            continue;
          }
          try {
            // The key was checked against the stored rows above, in bulk.
            const w = await repo.prepare(call, id ? { ...body, id } : body, id ? 'update' : 'insert', { uniqueChecked: single ? [single] : [] });
            if (!unknown.size) ready.push({ row, w });
          } catch (e) {
            errors.push(...problemsOf(e, lang, row).filter((p) => !unknown.has(p.column)));
          }
        }
        errors.sort((a, b) => a.row - b.row);
        if (errors.length && !skipErrors) {
          return { code: 400, success: false, data: { imported: 0, errors }, msg: msg(lang, 'importHasErrors', { n: errors.length }) };
        }
        let imported = 0;
        const inserts = ready.filter((x) => x.w.id === undefined);
        imported += (await repo.insertMany(call, inserts.map((x) => x.w))).length;
        for (const item of ready.filter((x) => x.w.id !== undefined)) {
          const done = await repo.persist(call, item.w);
          if (done) imported++;
          else errors.push({ row: item.row, column: '', reason: msg(lang, 'failure') });
        }
        return ok(req, { imported, errors });
      });
    },
  );
}
