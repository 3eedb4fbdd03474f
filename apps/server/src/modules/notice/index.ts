/**
 * The notice module's public entry: a released notice other modules put in a tenant's notice bell (the shell's
 * `blade-desk/notice/unread`), e.g. the stock module's low-stock warnings. Plain text; the title is sanitised as an
 * administrator's would be.
 */
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { notice } from '../../db/schema.js';
import { sanitizeNotice, sanitizeNoticeTitle } from './notice.sanitize.js';

export interface SystemNotice {
  tenantId: string;
  title: string;
  content: string;
  /** `notice` dictionary key (default 1, announcement). */
  category?: number;
}

/** Publishes a notice to every user of the tenant now; answers its id. */
export async function publishNotice(db: Db, n: SystemNotice): Promise<string> {
  const id = nextId();
  await db.insert(notice).values({
    id,
    tenantId: n.tenantId,
    title: sanitizeNoticeTitle(n.title).slice(0, 255),
    category: n.category ?? 1,
    content: sanitizeNotice(n.content),
    releaseTime: new Date(),
  });
  return id;
}
