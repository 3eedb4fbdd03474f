/** Names neighbours show for user ids (history rows, assignees): the real name, else the account. */
import { inArray, sql } from 'drizzle-orm';
import { isId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema.js';

export async function userNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const list = [...new Set(ids.filter(isId))];
  if (!list.length) return new Map();
  const rows = await db
    .select({ id: user.id, name: sql<string>`COALESCE(NULLIF(${user.realName}, ''), ${user.account})` })
    .from(user)
    .where(inArray(user.id, list));
  return new Map(rows.map((r) => [String(r.id), r.name]));
}
