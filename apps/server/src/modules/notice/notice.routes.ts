/**
 * blade-desk notices: CRUD through the engine (content sanitised with sanitize-html before it is stored, release
 * time parsed in the deployment's zone, `categoryName` from the `notice` dictionary), plus what every signed-in
 * user needs: `unread` (released notices of the caller's tenant the caller has not read) and `read?id=` (the
 * notice with its content, marked read for the caller).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { Type } from 'typebox';
import { noticeResource } from '@helio/contracts/modules/notice/notice.resource';
import type { ModuleContext } from '../../kernel/types.js';
import { formatDateTime, parseDateTime } from '../../core/dates.js';
import { ok } from '../../core/envelope.js';
import { BizError } from '../../core/errors.js';
import { isId, parseIds } from '../../core/ids.js';
import { label } from '../../core/i18n.js';
import { registerCrud, type Row } from '../../crud/register-crud.js';
import { dict, notice } from '../../db/schema.js';
import { noticeRead } from '../../db/schema-resource.js';

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*[\d.]+\s*)?\)$/i];

/** What a notice may contain: ordinary formatting, links and images over http(s) or relative paths; no scripts,
 * no event handlers, no frames, no forms, no style beyond a few safe properties. */
export const NOTICE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'h1', 'h2', 'u', 's', 'del', 'ins', 'sub', 'sup'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(px|em|rem|%)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...(attribs.target ? { target: '_blank' } : {}), rel: 'noopener noreferrer' } }),
  },
};

export function sanitizeNotice(html: string): string {
  return sanitizeHtml(html, NOTICE_HTML);
}

const NO_MARKUP: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

/**
 * A notice title is plain text, sanitised by the same library as the content with nothing allowed: tags go (and the
 * content of script/style elements with them), `<` and `>` stay escaped as `&lt;`/`&gt;`, so the result is inert
 * whether a client shows it as text or as HTML; `&amp;` is given back as `&` so ordinary titles ("Q&A") read as typed.
 * Idempotent: applied on write and again on every read (rows stored before this rule).
 */
export function sanitizeNoticeTitle(title: string): string {
  return sanitizeHtml(title, NO_MARKUP).replace(/&amp;/g, '&').trim();
}

export async function noticeRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const db = s.database.db;

  /** `notice` dictionary labels per language, cached 60 s. */
  let names: { at: number; map: Map<string, string> } | undefined;
  const categoryNames = async (req: Pick<FastifyRequest, 'lang'>) => {
    if (!names || Date.now() - names.at > 60_000) {
      const rows = await db
        .select({ key: dict.dictKey, value: dict.dictValue, language: dict.language })
        .from(dict)
        .where(and(eq(dict.code, 'notice'), eq(dict.isDeleted, 0), sql`${dict.parentId} <> 0`));
      names = { at: Date.now(), map: new Map(rows.map((r) => [`${r.language}:${r.key}`, r.value])) };
    }
    const map = names.map;
    return (category: unknown) => map.get(`${req.lang}:${String(category)}`) ?? map.get(`zh-CN:${String(category)}`) ?? '';
  };

  registerCrud(app, s, noticeResource, notice as never, {
    beforeWrite: (call, _row, values) => {
      if (typeof values.content === 'string') values.content = sanitizeNotice(values.content);
      if (typeof values.title === 'string') {
        values.title = sanitizeNoticeTitle(values.title);
        if (values.title === '') throw new BizError('required', { field: label(call.lang, noticeResource.fields.find((f) => f.key === 'title')!.label) });
      }
      if (typeof values.releaseTime === 'string') {
        const d = parseDateTime(values.releaseTime);
        if (!d) throw new BizError('invalidFormat', { field: label(call.lang, noticeResource.fields.find((f) => f.key === 'releaseTime')!.label) });
        values.releaseTime = d;
      }
    },
    decorate: async (call, vos) => {
      const nameOf = await categoryNames(call);
      return vos.map((v: Row) => ({
        ...v,
        ...(typeof v.title === 'string' ? { title: sanitizeNoticeTitle(v.title) } : {}),
        categoryName: nameOf(v.category),
      }));
    },
  });

  const released = () => or(isNull(notice.releaseTime), lte(notice.releaseTime, new Date()));

  app.get(
    '/api/blade-desk/notice/unread',
    {
      config: { access: { login: true } },
      schema: {
        tags: ['notice'],
        summary: "Released notices of the caller's tenant that the caller has not read (newest first, at most 50)",
      },
    },
    async (req) => {
      const u = req.user!;
      const rows = await db
        .select({ id: notice.id, title: notice.title, category: notice.category, releaseTime: notice.releaseTime })
        .from(notice)
        .where(
          and(
            eq(notice.tenantId, u.tenantId),
            eq(notice.isDeleted, 0),
            released(),
            notExists(
              db
                .select({ one: sql`1` })
                .from(noticeRead)
                .where(and(eq(noticeRead.userId, u.userId), eq(noticeRead.noticeId, notice.id))),
            ),
          ),
        )
        .orderBy(desc(notice.releaseTime), desc(notice.id))
        .limit(50);
      const nameOf = await categoryNames(req);
      return ok(
        req,
        rows.map((r) => ({ id: r.id, title: sanitizeNoticeTitle(r.title ?? ''), category: r.category, categoryName: nameOf(r.category), releaseTime: formatDateTime(r.releaseTime) ?? '' })),
      );
    },
  );

  app.post(
    '/api/blade-desk/notice/read',
    {
      config: { access: { login: true } },
      schema: {
        tags: ['notice'],
        summary: 'Open a notice of your tenant: answers it with its content and marks it read for you (id=, or ids=1,2 to mark several)',
        querystring: Type.Object({ id: Type.Optional(Type.String()), ids: Type.Optional(Type.String()) }, { additionalProperties: true }),
      },
    },
    async (req) => {
      const u = req.user!;
      const q = req.query as { id?: string; ids?: string };
      const ids = q.id !== undefined ? (isId(q.id) ? [q.id] : []) : parseIds(q.ids);
      if (ids.length === 0) throw new BizError('recordNotFound');
      const rows = await db
        .select()
        .from(notice)
        .where(and(inArray(notice.id, ids.slice(0, 100)), eq(notice.tenantId, u.tenantId), eq(notice.isDeleted, 0), released()));
      if (rows.length === 0) throw new BizError('recordNotFound');
      await db
        .insert(noticeRead)
        .values(rows.map((r) => ({ userId: u.userId, noticeId: r.id })))
        .onConflictDoNothing();
      const nameOf = await categoryNames(req);
      const vo = (r: (typeof rows)[number]) => ({
        id: r.id,
        title: sanitizeNoticeTitle(r.title ?? ''),
        category: r.category,
        categoryName: nameOf(r.category),
        releaseTime: formatDateTime(r.releaseTime) ?? '',
        content: r.content ?? '',
      });
      return ok(req, q.id !== undefined ? vo(rows[0]!) : rows.map(vo));
    },
  );
}
