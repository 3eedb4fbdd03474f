/**
 * Dictionary reads every select in the console uses: system (`dict`) and business (`dict-biz`, per tenant with a
 * fallback to the platform's) items of a code, in the request language (falling back to Chinese).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, ilike, ne, or } from 'drizzle-orm';
import { Type } from 'typebox';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { ModuleContext } from '../../kernel/types.js';
import { ok } from '../../core/envelope.js';
import { ForbiddenError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import type { CrudHandle } from '../../crud/register-crud.js';
import { parsePaging } from '../../core/list-query.js';
import { page } from '../../core/envelope.js';
import { isId } from '../../core/ids.js';
import { isPlatform, tenantCondition } from '../../core/tenant.js';
import { dict, dictBiz } from '../../db/schema.js';

type DictRow = typeof dict.$inferSelect;

export function dictItemVO(r: DictRow) {
  return {
    id: r.id,
    parentId: r.parentId,
    code: r.code,
    dictKey: r.dictKey,
    dictValue: r.dictValue,
    sort: r.sort,
    remark: r.remark ?? '',
    isSealed: r.isSealed,
    language: r.language,
    attribute1: r.attribute1 ?? '',
    attribute2: r.attribute2 ?? '',
    attribute3: r.attribute3 ?? '',
  };
}

const CodeQuery = Type.Object({ code: Type.String({ minLength: 1, maxLength: 255 }) }, { additionalProperties: true });

export async function dictRoutes(app: FastifyInstance, s: ModuleContext, handles: { dict: CrudHandle; dictBiz: CrudHandle }): Promise<void> {
  const db = s.database.db;

  const pickLang = <T extends { language: string }>(rows: T[], lang: Lang): T[] => {
    const own = rows.filter((r) => r.language === lang);
    return own.length ? own : rows.filter((r) => r.language === 'zh-CN');
  };

  const systemItems = async (code: string, lang: Lang) =>
    pickLang(
      await db
        .select()
        .from(dict)
        .where(and(eq(dict.code, code), ne(dict.parentId, '0'), eq(dict.isDeleted, 0), eq(dict.status, 1)))
        .orderBy(asc(dict.sort)),
      lang,
    );

  const bizItems = async (code: string, tenantId: string, lang: Lang) => {
    const load = (t: string) =>
      db
        .select()
        .from(dictBiz)
        .where(
          and(eq(dictBiz.code, code), eq(dictBiz.tenantId, t), ne(dictBiz.parentId, '0'), eq(dictBiz.isDeleted, 0), eq(dictBiz.status, 1)),
        )
        .orderBy(asc(dictBiz.sort));
    let rows = await load(tenantId);
    if (rows.length === 0 && tenantId !== PLATFORM_TENANT_ID) rows = await load(PLATFORM_TENANT_ID);
    return pickLang(rows, lang);
  };

  app.get(
    '/api/blade-system/dict/dictionary',
    { config: { access: { login: true } }, schema: { tags: ['dict'], summary: 'System dictionary items of a code', querystring: CodeQuery } },
    async (req) => {
      const { code } = req.query as { code: string };
      return ok(req, (await systemItems(code, req.lang)).map(dictItemVO));
    },
  );

  app.get(
    '/api/blade-system/dict-biz/dictionary',
    {
      config: { access: { login: true } },
      schema: { tags: ['dict'], summary: 'Business dictionary items of a code', querystring: CodeQuery },
    },
    async (req) => {
      const { code } = req.query as { code: string };
      return ok(req, (await bizItems(code, req.user!.tenantId, req.lang)).map((r) => dictItemVO(r as DictRow)));
    },
  );

  // Blade clients call `list?code=X` for the items of a code (e.g. the country list); the admin screen calls
  // `list` with filters for the whole tree. One route, both answers.
  app.get(
    '/api/blade-system/dict-biz/list',
    {
      config: { access: { login: true } },
      schema: {
        tags: ['dict'],
        summary: 'With only `code`: the items of that code (code=country: ISO 3166 code as dictKey, dialling code in attribute1). Otherwise the business dictionary tree (needs the dictbiz page).',
        querystring: Type.Object({ code: Type.Optional(Type.String({ maxLength: 255 })) }, { additionalProperties: true }),
      },
    },
    async (req) => {
      const q = req.query as Record<string, unknown>;
      const keys = Object.keys(q).filter((k) => k !== 'lang');
      if (keys.length === 1 && keys[0] === 'code' && typeof q.code === 'string') {
        return ok(req, (await bizItems(q.code, req.user!.tenantId, req.lang)).map((r) => dictItemVO(r as DictRow)));
      }
      if (!(await s.use('auth').permissions.has(req.user!, ['dictbiz', 'dictbiz_view']))) throw new ForbiddenError();
      return handles.dictBiz.list(req);
    },
  );

  // Parent codes and their items, paged (the horizontal/vertical dictionary screens).
  for (const [base, table, pageCode, handle] of [
    ['/api/blade-system/dict', dict, 'dict', handles.dict],
    ['/api/blade-system/dict-biz', dictBiz, 'dictbiz', handles.dictBiz],
  ] as const) {
    const scoped = (req: FastifyRequest) => ('tenantId' in table ? tenantCondition((table as typeof dictBiz).tenantId, req.user!) : undefined);
    const listOf = async (req: FastifyRequest, parent: 'root' | string) => {
      const q = req.query as Record<string, unknown>;
      const paging = parsePaging(q, s.config.maxPageSize);
      const where = and(
        eq(table.isDeleted, 0),
        scoped(req),
        parent === 'root' ? eq(table.parentId, '0') : eq(table.parentId, parent),
        typeof q.code === 'string' && q.code ? ilike(table.code, `%${q.code.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        typeof q.dictValue === 'string' && q.dictValue ? ilike(table.dictValue, `%${q.dictValue.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        typeof q.language === 'string' && q.language ? eq(table.language, q.language) : undefined,
      );
      const [rows, [n]] = await Promise.all([
        s.database.db.select().from(table).where(where).orderBy(asc(table.sort), asc(table.id)).limit(paging.size).offset(paging.offset),
        s.database.db.select({ n: count() }).from(table).where(where),
      ]);
      return ok(req, page(await handle.vos(rows as Record<string, unknown>[], req), Number(n?.n ?? 0), paging.current, paging.size));
    };
    const access = { permission: [pageCode, `${pageCode}_view`] };
    const platformGuard = async (req: FastifyRequest) => {
      if (pageCode === 'dict' && !isPlatform(req.user!)) throw new ForbiddenError(); // system dictionaries are platform-wide
    };
    const query = Type.Object(
      { current: Type.Optional(Type.Integer({ minimum: 1 })), size: Type.Optional(Type.Integer({ minimum: 1 })), code: Type.Optional(Type.String()), dictValue: Type.Optional(Type.String()), language: Type.Optional(Type.String()), parentId: Type.Optional(Type.String()) },
      { additionalProperties: false },
    );
    app.get(`${base}/parent-list`, { config: { access }, preHandler: platformGuard, schema: { tags: ['dict'], summary: 'Dictionary codes (parent rows), paged', querystring: query } }, (req) => listOf(req, 'root'));
    app.get(`${base}/child-list`, { config: { access }, preHandler: platformGuard, schema: { tags: ['dict'], summary: 'Items of a parent, paged', querystring: query } }, async (req) => {
      const { parentId } = req.query as { parentId?: string };
      return listOf(req, parentId && isId(parentId) ? parentId : '-1');
    });
  }

  app.get(
    '/api/blade-system/dict-biz/dictionaryByLang',
    { config: { access: { login: true } }, schema: { tags: ['dict'], summary: 'Business items of a code in a given language', querystring: Type.Object({ code: Type.String(), language: Type.Optional(Type.String()) }, { additionalProperties: true }) } },
    async (req) => {
      const { code, language } = req.query as { code: string; language?: string };
      const lang = language === 'en-US' || language === 'en' ? 'en-US' : language === 'zh-CN' || language === 'zh' ? 'zh-CN' : req.lang;
      return ok(req, (await bizItems(code, req.user!.tenantId, lang)).map((r) => dictItemVO(r as DictRow)));
    },
  );

  app.get(
    '/api/blade-system/dict-biz/findAllDictMap',
    { config: { access: { login: true } }, schema: { tags: ['dict'], summary: 'Every business dictionary as {code: [items]} in the request language' } },
    async (req) => {
      const rows = await s.database.db
        .select()
        .from(dictBiz)
        .where(and(ne(dictBiz.parentId, '0'), eq(dictBiz.isDeleted, 0), eq(dictBiz.status, 1), eq(dictBiz.language, req.lang), or(eq(dictBiz.tenantId, req.user!.tenantId), eq(dictBiz.tenantId, PLATFORM_TENANT_ID))))
        .orderBy(asc(dictBiz.sort));
      const map: Record<string, ReturnType<typeof dictItemVO>[]> = {};
      // A tenant's own items of a code replace the platform's.
      const own = new Set(rows.filter((r) => r.tenantId === req.user!.tenantId).map((r) => r.code));
      for (const r of rows) {
        if (r.tenantId !== req.user!.tenantId && own.has(r.code)) continue;
        (map[r.code] ??= []).push(dictItemVO(r as DictRow));
      }
      return ok(req, map);
    },
  );
}
