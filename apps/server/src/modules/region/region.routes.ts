/**
 * Regions (spec §2 Region, §3, §5): administrative divisions keyed by code (as SpringBlade's `blade_region`); a lazy
 * tree by parent code, a province → city → district cascade (`select?code=`), platform administration with Excel
 * import (required overwrite switch 0/1, default 0; row-level errors) and export. Answers carry the level as both
 * `regionLevel` (Helio) and `level` (SpringBlade, Saber); submits take either (region.rules.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, ilike, inArray, like, or } from 'drizzle-orm';
import { Type } from 'typebox';
import type { ModuleContext } from '../../kernel/types.js';
import { ok, page } from '../../core/envelope.js';
import { BizError, ForbiddenError, ValidationError } from '../../core/errors.js';
import { msg, type Lang } from '../../core/i18n.js';
import { ConflictError, versionOf } from '../../core/optimistic.js';
import { parsePaging } from '../../core/list-query.js';
import { readSheet, sendSheet, writeSheet, type SheetColumn } from '../../core/sheet.js';
import { isPlatform } from '../../core/tenant.js';
import { region } from '../../db/schema.js';
import { receiveFiles, UPLOAD_RULES } from '../../core/upload.js';
import { CODE, COLUMNS, ROOT, copiedFrom, levelOf, saberEditOf, validateRegion } from './region.rules.js';

type RegionRow = typeof region.$inferSelect;

export async function regionRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const db = s.database.db;
  const vo = (r: RegionRow, parentName = '') => ({
    id: r.code,
    code: r.code,
    parentCode: r.parentCode,
    parentName,
    subCode: r.subCode ?? '',
    ancestors: r.ancestors ?? '',
    name: r.name,
    nameEn: r.nameEn ?? '',
    regionLevel: r.regionLevel,
    level: r.regionLevel,
    sort: r.sort,
    remark: r.remark ?? '',
    version: r.version,
  });
  const label = (lang: Lang, r: RegionRow) => (lang === 'en-US' && r.nameEn ? r.nameEn : r.name);
  const parentNames = async (rows: RegionRow[]) => {
    const codes = [...new Set(rows.map((r) => r.parentCode))];
    const parents = codes.length ? await db.select({ code: region.code, name: region.name }).from(region).where(inArray(region.code, codes)) : [];
    return new Map(parents.map((p) => [p.code, p.name]));
  };
  const platformWrite = async (req: FastifyRequest) => {
    if (!isPlatform(req.user!)) throw new ForbiddenError(); // regions are platform reference data
  };

  /** The row a body writes; on an update, an English name or remark the body leaves out (or sends as null) is kept. */
  const toRow = async (b: Record<string, unknown>, stored?: RegionRow) => {
    const code = String(b.code).trim();
    const parentCode = String(b.parentCode ?? '').trim() || ROOT;
    const [parent] = parentCode === ROOT && code === ROOT ? [] : await db.select().from(region).where(eq(region.code, parentCode));
    const ancestors = parent ? [parent.ancestors, parent.code].filter(Boolean).join(',') : '';
    const prefix = parentCode.replace(/0+$/, '');
    const optional = (v: unknown, old: string | null | undefined) => (v === undefined || v === null ? (old ?? null) : String(v).trim() || null);
    return {
      code,
      parentCode,
      ancestors,
      subCode: prefix && code.startsWith(prefix) ? code.slice(prefix.length) : code,
      name: String(b.name).trim(),
      nameEn: optional(b.nameEn, stored?.nameEn),
      regionLevel: Number(b.regionLevel),
      sort: Number(b.sort),
      remark: optional(b.remark, stored?.remark),
    };
  };

  app.get(
    '/api/blade-system/region/select',
    {
      config: { access: { login: true } },
      schema: { tags: ['region'], summary: 'Children of a region code for cascades (default: provinces of China)', querystring: Type.Object({ code: Type.Optional(Type.String({ maxLength: 12 })) }, { additionalProperties: true }) },
    },
    async (req) => {
      const { code } = req.query as { code?: string };
      const parent = code && CODE.test(code) ? code : ROOT;
      const rows = await db.select().from(region).where(eq(region.parentCode, parent)).orderBy(asc(region.sort), asc(region.code));
      return ok(req, rows.map((r) => ({ ...vo(r), title: label(req.lang, r), value: r.code, key: r.code })));
    },
  );

  app.get(
    '/api/blade-system/region/lazy-tree',
    {
      config: { access: { login: true } },
      schema: { tags: ['region'], summary: 'One level of the region tree with hasChildren', querystring: Type.Object({ parentCode: Type.Optional(Type.String({ maxLength: 12 })) }, { additionalProperties: true }) },
    },
    async (req) => {
      const { parentCode } = req.query as { parentCode?: string };
      const parent = parentCode && CODE.test(parentCode) ? parentCode : ROOT;
      const rows = await db.select().from(region).where(eq(region.parentCode, parent)).orderBy(asc(region.sort), asc(region.code));
      const withKids = rows.length
        ? new Set((await db.selectDistinct({ p: region.parentCode }).from(region).where(inArray(region.parentCode, rows.map((r) => r.code)))).map((r) => r.p))
        : new Set<string>();
      return ok(
        req,
        rows.map((r) => ({ ...vo(r), id: r.code, parentId: r.parentCode, title: label(req.lang, r), key: r.code, value: r.code, hasChildren: withKids.has(r.code) })),
      );
    },
  );

  const listQuery = Type.Object(
    {
      current: Type.Optional(Type.Integer({ minimum: 1 })),
      size: Type.Optional(Type.Integer({ minimum: 1 })),
      code: Type.Optional(Type.String({ maxLength: 12 })),
      name: Type.Optional(Type.String({ maxLength: 64 })),
      parentCode: Type.Optional(Type.String({ maxLength: 12 })),
      regionLevel: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
      level: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
    },
    { additionalProperties: false },
  );
  app.get(
    '/api/blade-system/region/list',
    { config: { access: { permission: ['region', 'region_view'] } }, schema: { tags: ['region'], summary: 'Regions, paged (code prefix, name, parent, level)', querystring: listQuery } },
    async (req) => {
      const q = req.query as { code?: string; name?: string; parentCode?: string; regionLevel?: number; level?: number };
      const level = q.regionLevel ?? q.level;
      const paging = parsePaging(req.query as Record<string, unknown>, s.config.maxPageSize);
      const esc = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
      const where = and(
        q.code ? like(region.code, `${esc(q.code)}%`) : undefined,
        q.name ? or(ilike(region.name, `%${esc(q.name)}%`), ilike(region.nameEn, `%${esc(q.name)}%`)) : undefined,
        q.parentCode ? eq(region.parentCode, q.parentCode) : undefined,
        level !== undefined ? eq(region.regionLevel, level) : undefined,
      );
      const [rows, [n]] = await Promise.all([
        db.select().from(region).where(where).orderBy(asc(region.code)).limit(paging.size).offset(paging.offset),
        db.select({ n: count() }).from(region).where(where),
      ]);
      const names = await parentNames(rows);
      return ok(req, page(rows.map((r) => vo(r, names.get(r.parentCode) ?? '')), Number(n?.n ?? 0), paging.current, paging.size));
    },
  );

  app.get(
    '/api/blade-system/region/detail',
    { config: { access: { permission: ['region', 'region_view'] } }, schema: { tags: ['region'], summary: 'A region by code', querystring: Type.Object({ code: Type.String({ maxLength: 12 }) }, { additionalProperties: true }) } },
    async (req) => {
      const { code } = req.query as { code: string };
      const [r] = CODE.test(code) ? await db.select().from(region).where(eq(region.code, code)) : [];
      if (!r) throw new BizError('recordNotFound');
      return ok(req, vo(r, (await parentNames([r])).get(r.parentCode) ?? ''));
    },
  );

  app.post(
    '/api/blade-system/region/submit',
    {
      config: { access: { permission: ['region_add', 'region_edit'] } },
      preHandler: platformWrite,
      schema: { tags: ['region'], summary: 'Insert or update a region by code (a new code inserts, an existing one updates; `id` never selects the row). Level as `regionLevel` or `level`. An edit with `version` (detail) is refused with 409 when the region changed since' },
    },
    async (req) => {
      const b: Record<string, unknown> = { ...((req.body ?? {}) as Record<string, unknown>) };
      const from = copiedFrom(b);
      const [source] = from && CODE.test(from) ? await db.select().from(region).where(eq(region.code, from)) : [];
      const edited = source ? saberEditOf(b, source) : undefined;
      if (edited) b.code = edited;
      // A copy of another region's detail (Saber's "add child"): that region's version and English name are not this one's.
      const copy = source && !edited ? source : undefined;
      if (copy && b.nameEn !== undefined && b.nameEn !== null && (copy.nameEn ?? '') === String(b.nameEn).trim()) delete b.nameEn;
      const code = String(b.code ?? '').trim();
      const [stored] = CODE.test(code) ? await db.select().from(region).where(eq(region.code, code)) : [];
      // In a copy both level names came from the other region; only the one the client's form edits (`level`) is meant.
      b.regionLevel = levelOf(b, copy ? undefined : stored?.regionLevel);
      const problems = validateRegion(req.lang, b);
      if (problems.length) throw new ValidationError(problems);
      const version = from && !edited ? undefined : versionOf(b, req.lang);
      const row = await toRow(b, stored);
      if (!(await s.use('auth').permissions.has(req.user!, [stored ? 'region_edit' : 'region_add']))) throw new ForbiddenError();
      if (row.parentCode !== ROOT) {
        const [p] = await db.select({ code: region.code }).from(region).where(eq(region.code, row.parentCode));
        if (!p) throw new BizError('recordNotFound');
      }
      if (stored && version !== undefined) {
        // An edit made from a version: only if nobody changed the region since (checked again by the UPDATE).
        if (stored.version !== version) throw new ConflictError();
        const done = await db.update(region).set(row).where(and(eq(region.code, row.code), eq(region.version, version))).returning({ code: region.code });
        if (!done.length) throw new ConflictError();
      } else {
        // Keyed by code (SpringBlade): a new code is an insert, an existing one an update; without a version the last writer wins.
        await db.insert(region).values(row).onConflictDoUpdate({ target: region.code, set: row });
      }
      return ok(req, { code: row.code });
    },
  );

  app.post(
    '/api/blade-system/region/remove',
    { config: { access: { permission: 'region_delete' } }, preHandler: platformWrite, schema: { tags: ['region'], summary: 'Remove a region (id = code); refused while it has children' } },
    async (req) => {
      const p = { ...((req.body as Record<string, unknown>) ?? {}), ...((req.query as Record<string, unknown>) ?? {}) };
      const code = String(p.id ?? p.code ?? '');
      if (!CODE.test(code)) throw new BizError('idsRequired');
      const [child] = await db.select({ code: region.code }).from(region).where(eq(region.parentCode, code)).limit(1);
      if (child) throw new BizError('hasChildren');
      const res = await db.delete(region).where(eq(region.code, code)).returning({ code: region.code });
      return ok(req, res.length > 0);
    },
  );

  const columns: SheetColumn[] = COLUMNS.map(([key, zh, en]) => ({ key, zh, en, width: 20, numeric: key === 'regionLevel' || key === 'sort' }));
  const workbook = (lang: Lang, rows: Record<string, unknown>[]) => writeSheet(lang, { zh: '行政区划', en: 'Regions' }, columns, rows);

  app.get(
    '/api/blade-system/region/export-template',
    { config: { access: { permission: ['region_import', 'region_export'] }, download: true }, schema: { tags: ['region'], summary: 'The .xlsx import template' } },
    async (req, reply) => sendSheet(reply, req.lang === 'en-US' ? 'region-template.xlsx' : '行政区划模板.xlsx', await workbook(req.lang, [])),
  );

  app.get(
    '/api/blade-system/region/export-region',
    { config: { access: { permission: 'region_export' }, download: true }, schema: { tags: ['region'], summary: 'Regions as .xlsx (optionally under a parent code prefix)', querystring: Type.Object({ code: Type.Optional(Type.String({ maxLength: 12 })) }, { additionalProperties: true }) } },
    async (req, reply) => {
      const { code } = req.query as { code?: string };
      const rows = await db
        .select()
        .from(region)
        .where(code && CODE.test(code) ? like(region.code, `${code.replace(/0+$/, '')}%`) : undefined)
        .orderBy(asc(region.code))
        .limit(50_000);
      return sendSheet(reply, 'regions.xlsx', await workbook(req.lang, rows.map((r) => vo(r))));
    },
  );

  app.post(
    '/api/blade-system/region/import-region',
    {
      config: { access: { permission: 'region_import' } },
      preHandler: platformWrite,
      schema: {
        tags: ['region'],
        summary: 'Import regions from .xlsx or .xls (multipart `file`); isCovered 0 (default) keeps existing codes and reports them, 1 overwrites. Nothing is imported from a file with errors.',
        querystring: Type.Object({ isCovered: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Integer({ minimum: 0, maximum: 1 })])) }, { additionalProperties: true }),
      },
    },
    async (req) => {
      const covered = String((req.query as { isCovered?: string | number }).isCovered ?? '0') === '1';
      const [file] = await receiveFiles(req, UPLOAD_RULES.import);
      // Columns by header text (either language) so a re-ordered sheet still imports.
      const sheetRows = await readSheet(file!, columns, { required: ['code', 'name'], maxRows: 20_000 });
      const errors: { row: number; column: string; reason: string }[] = [];
      const rows: Record<string, unknown>[] = [];
      const inFile = new Set<string>();
      for (const { row: r, values } of sheetRows) {
        const b: Record<string, unknown> = { ...values };
        b.regionLevel = levelOf(b);
        for (const m of validateRegion(req.lang, b)) errors.push({ row: r, column: '', reason: m });
        if (inFile.has(String(b.code))) errors.push({ row: r, column: 'code', reason: msg(req.lang, 'duplicate', { field: String(b.code) }) });
        inFile.add(String(b.code));
        rows.push({ ...b, __row: r });
      }
      const codes = rows.map((r) => String(r.code)).filter((c) => CODE.test(c));
      const existing = new Set<string>();
      for (let i = 0; i < codes.length; i += 1000) {
        for (const e of await db.select({ code: region.code }).from(region).where(inArray(region.code, codes.slice(i, i + 1000)))) existing.add(e.code);
      }
      if (!covered) {
        for (const r of rows) if (existing.has(String(r.code))) errors.push({ row: Number(r.__row), column: 'code', reason: msg(req.lang, 'duplicate', { field: String(r.code) }) });
      }
      // A parent must exist already or come earlier in the file.
      const known = new Set([...existing, ...inFile, ROOT]);
      for (const r of rows) {
        const p = String(r.parentCode || ROOT);
        if (!known.has(p)) {
          const [hit] = await db.select({ code: region.code }).from(region).where(eq(region.code, p));
          if (!hit) errors.push({ row: Number(r.__row), column: 'parentCode', reason: msg(req.lang, 'importUnknown', { value: p }) });
          else known.add(p);
        }
      }
      errors.sort((a, b) => a.row - b.row);
      if (errors.length) return { code: 400, success: false, data: { imported: 0, errors }, msg: msg(req.lang, 'importHasErrors', { n: errors.length }) };
      let imported = 0;
      // Parents first (by level), so ancestors are computed from rows already written.
      rows.sort((a, b) => Number(a.regionLevel) - Number(b.regionLevel));
      for (const r of rows) {
        const row = await toRow(r);
        await db.insert(region).values(row).onConflictDoUpdate({ target: region.code, set: row });
        imported++;
      }
      return ok(req, { imported, errors: [] });
    },
  );
}
