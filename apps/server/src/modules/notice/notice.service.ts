/**
 * Notices: the rules of their writes (content and title sanitised, release time parsed in the deployment's zone),
 * `categoryName` from the `notice` dictionary, and what every signed-in user reads — the released notices of their
 * tenant they have not read, and opening notices (answered with their content and marked read in one transaction).
 */
import { and, desc, eq, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { noticeResource } from '@helio/contracts/modules/notice/notice.resource';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { formatDateTime, parseDateTime } from '../../core/dates.js';
import { BizError } from '../../core/errors.js';
import { label, type Lang } from '../../core/i18n.js';
import type { CrudRepositoryHooks, Row } from '../../crud/register-crud.js';
import { dict, notice } from '../../db/schema.js';
import { noticeRead } from '../../db/schema-resource.js';
import { sanitizeNotice, sanitizeNoticeTitle } from './notice.sanitize.js';

/** A notice as `unread` lists it. */
export interface NoticeItem {
  id: string;
  title: string;
  category: unknown;
  categoryName: string;
  releaseTime: string;
}

/** A notice as `read` opens it. */
export interface NoticeContent extends NoticeItem {
  content: string;
}

const UNREAD_MAX = 50;
const READ_MAX = 100;
const NAMES_TTL_MS = 60_000;

const fieldLabel = (lang: Lang, key: string) => label(lang, noticeResource.fields.find((f) => f.key === key)!.label);
const released = () => or(isNull(notice.releaseTime), lte(notice.releaseTime, new Date()));

export class NoticeService {
  /** `notice` dictionary labels by `<language>:<key>`, cached NAMES_TTL_MS. */
  private names: { at: number; map: Map<string, string> } | undefined;

  /** The CRUD engine's hooks of `notice` (writes sanitised and parsed; VOs with a clean title and the category name). */
  readonly hooks: CrudRepositoryHooks = {
    beforeWrite: (call, _row, values) => {
      if (typeof values.content === 'string') values.content = sanitizeNotice(values.content);
      if (typeof values.title === 'string') {
        values.title = sanitizeNoticeTitle(values.title);
        if (values.title === '') throw new BizError('required', { field: fieldLabel(call.lang, 'title') });
      }
      if (typeof values.releaseTime === 'string') {
        const d = parseDateTime(values.releaseTime);
        if (!d) throw new BizError('invalidFormat', { field: fieldLabel(call.lang, 'releaseTime') });
        values.releaseTime = d;
      }
    },
    decorate: async (call, vos) => {
      const nameOf = await this.categoryNames(call.lang);
      return vos.map((v: Row) => ({
        ...v,
        ...(typeof v.title === 'string' ? { title: sanitizeNoticeTitle(v.title) } : {}),
        categoryName: nameOf(v.category),
      }));
    },
  };

  constructor(private readonly ctx: ModuleContext) {}

  /** A category's name in the language (else in Chinese, else ''). */
  private async categoryNames(lang: Lang): Promise<(category: unknown) => string> {
    if (!this.names || Date.now() - this.names.at > NAMES_TTL_MS) {
      const rows = await this.ctx.db
        .select({ key: dict.dictKey, value: dict.dictValue, language: dict.language })
        .from(dict)
        .where(and(eq(dict.code, 'notice'), eq(dict.isDeleted, 0), sql`${dict.parentId} <> 0`));
      this.names = { at: Date.now(), map: new Map(rows.map((r) => [`${r.language}:${r.key}`, r.value])) };
    }
    const map = this.names.map;
    return (category) => map.get(`${lang}:${String(category)}`) ?? map.get(`zh-CN:${String(category)}`) ?? '';
  }

  /** Released notices of the actor's tenant the actor has not read, newest first (at most UNREAD_MAX). */
  async unread(actor: Actor, lang: Lang): Promise<NoticeItem[]> {
    const db = this.ctx.db;
    const rows = await db
      .select({ id: notice.id, title: notice.title, category: notice.category, releaseTime: notice.releaseTime })
      .from(notice)
      .where(
        and(
          eq(notice.tenantId, actor.tenantId),
          eq(notice.isDeleted, 0),
          released(),
          notExists(
            db
              .select({ one: sql`1` })
              .from(noticeRead)
              .where(and(eq(noticeRead.userId, actor.userId), eq(noticeRead.noticeId, notice.id))),
          ),
        ),
      )
      .orderBy(desc(notice.releaseTime), desc(notice.id))
      .limit(UNREAD_MAX);
    const nameOf = await this.categoryNames(lang);
    return rows.map((r) => ({ id: r.id, title: sanitizeNoticeTitle(r.title ?? ''), category: r.category, categoryName: nameOf(r.category), releaseTime: formatDateTime(r.releaseTime) ?? '' }));
  }

  /**
   * Opens released notices of the actor's own tenant (the first READ_MAX ids): marks them read for the actor and
   * answers them with their content; `recordNotFound` when none is.
   */
  async read(actor: Actor, lang: Lang, ids: readonly string[]): Promise<NoticeContent[]> {
    if (ids.length === 0) throw new BizError('recordNotFound');
    const rows = await this.ctx.tx(async (tx) => {
      const found = await tx
        .select()
        .from(notice)
        .where(and(inArray(notice.id, ids.slice(0, READ_MAX)), eq(notice.tenantId, actor.tenantId), eq(notice.isDeleted, 0), released()));
      if (found.length === 0) throw new BizError('recordNotFound');
      await tx
        .insert(noticeRead)
        .values(found.map((r) => ({ userId: actor.userId, noticeId: r.id })))
        .onConflictDoNothing();
      return found;
    });
    const nameOf = await this.categoryNames(lang);
    return rows.map((r) => ({
      id: r.id,
      title: sanitizeNoticeTitle(r.title ?? ''),
      category: r.category,
      categoryName: nameOf(r.category),
      releaseTime: formatDateTime(r.releaseTime) ?? '',
      content: r.content ?? '',
    }));
  }
}
