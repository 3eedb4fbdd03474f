/**
 * Reads of what was sent: the caller's in-app inbox (unread count and newest, a page, mark read — always the
 * caller's own rows) and an alarm's notification records for the alarm screen (the alarm's tenant and station data
 * scope, as the alarm list: an alarm the caller may not see is answered as a missing one).
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatDateTime } from '../../core/dates.js';
import type { Page } from '../../core/envelope.js';
import { page } from '../../core/envelope.js';
import { BizError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { isId, parseIds } from '../../core/ids.js';
import { parsePaging } from '../../core/list-query.js';
import { isPlatform } from '../../core/tenant.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { stationScope } from '../station/index.js';
import { renderMessage } from './messages.js';
import { rowsOf } from '../../db/rows.js';

type Row = Record<string, unknown>;

const INBOX = sql`SELECT i.id::text AS id, i.alarm_id::text AS "alarmId", i.kind, i.alarm_code AS code, i.severity, i.count, i.sns,
  i.plant_name AS "plantName", i.waited_minutes AS "waitedMinutes", i.read_flag AS "readFlag", i.create_time AS "createTime",
  def.name_zh AS "nameZh", def.name_en AS "nameEn"
  FROM helio_notify_inbox i
  LEFT JOIN helio_alarm_definition def ON def.device_type = i.device_type AND def.alarm_code = i.alarm_code AND def.is_deleted = 0`;

function inboxVO(r: Row, lang: Lang) {
  const text = renderMessage(
    {
      kind: String(r.kind), severity: Number(r.severity), nameZh: (r.nameZh as string) ?? null, nameEn: (r.nameEn as string) ?? null,
      code: Number(r.code), count: Number(r.count), sns: (r.sns as string[]) ?? [], plantName: (r.plantName as string) ?? null,
      waitedMinutes: r.waitedMinutes === null ? null : Number(r.waitedMinutes),
    },
    lang,
  );
  return {
    id: String(r.id), alarmId: String(r.alarmId), kind: String(r.kind), alarmCode: Number(r.code), severity: Number(r.severity), count: Number(r.count),
    title: text.title, content: text.content, read: Number(r.readFlag) === 1, createTime: formatDateTime(r.createTime as Date),
  };
}
export type InboxItem = ReturnType<typeof inboxVO>;

export class InboxService {
  constructor(private readonly ctx: ModuleContext) {}

  private mine(actor: Actor): SQL {
    return sql`i.tenant_id = ${actor.tenantId} AND i.user_id = ${actor.userId}`;
  }

  async unread(actor: Actor, lang: Lang): Promise<{ count: number; records: InboxItem[] }> {
    const [{ n }] = (await rowsOf<{ n: number }>(this.ctx.db, sql`SELECT count(*)::int AS n FROM helio_notify_inbox i WHERE ${this.mine(actor)} AND i.read_flag = 0`)) as [{ n: number }];
    const rows = n === 0 ? [] : await rowsOf(this.ctx.db, sql`${INBOX} WHERE ${this.mine(actor)} AND i.read_flag = 0 ORDER BY i.create_time DESC, i.id DESC LIMIT 20`);
    return { count: Number(n), records: rows.map((r) => inboxVO(r, lang)) };
  }

  async list(actor: Actor, q: Record<string, unknown>, lang: Lang): Promise<Page<InboxItem>> {
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const read = q.read === '0' || q.read === '1' ? sql`AND i.read_flag = ${Number(q.read)}` : sql``;
    const [{ n }] = (await rowsOf<{ n: number }>(this.ctx.db, sql`SELECT count(*)::int AS n FROM helio_notify_inbox i WHERE ${this.mine(actor)} ${read}`)) as [{ n: number }];
    const rows = await rowsOf(this.ctx.db, sql`${INBOX} WHERE ${this.mine(actor)} ${read} ORDER BY i.create_time DESC, i.id DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    return page(rows.map((r) => inboxVO(r, lang)), Number(n), p.current, p.size);
  }

  async markRead(actor: Actor, body: { ids?: string; all?: boolean }): Promise<{ read: number }> {
    let which: SQL;
    if (body.all === true) which = sql``;
    else {
      const ids = parseIds(body.ids ?? '');
      if (ids.length === 0) throw new BizError('idsRequired');
      which = sql`AND i.id = ANY(ARRAY[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::bigint[])`;
    }
    const done = await rowsOf(this.ctx.db, sql`UPDATE helio_notify_inbox i SET read_flag = 1, read_time = now()
      WHERE ${this.mine(actor)} AND i.read_flag = 0 ${which} RETURNING i.id`);
    return { read: done.length };
  }

  async ofAlarm(actor: Actor, q: Record<string, unknown>) {
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const alarmId = typeof q.alarmId === 'string' ? q.alarmId.trim() : '';
    if (!isId(alarmId)) throw new BizError('recordNotFound');
    const scope = stationScope(actor);
    const [visible] = await rowsOf(this.ctx.db, sql`SELECT 1 AS ok FROM helio_alarm a WHERE a.id = ${alarmId} AND a.is_deleted = 0
      ${isPlatform(actor) ? sql`` : sql`AND a.tenant_id = ${actor.tenantId}`}
      ${scope ? sql`AND a.plant_id IN (SELECT helio_plant.id FROM helio_plant WHERE ${scope})` : sql``}`);
    if (!visible) throw new BizError('recordNotFound');
    const [{ n }] = (await rowsOf<{ n: number }>(this.ctx.db, sql`SELECT count(*)::int AS n FROM helio_alarm_notification WHERE alarm_id = ${alarmId}`)) as [{ n: number }];
    const rows = await rowsOf(this.ctx.db, sql`
      SELECT n.id::text AS id, n.alarm_id::text AS "alarmId", n.user_id::text AS "userId", u.real_name AS "userName", n.channel, n.kind, n.status,
             n.error, n.batch_size AS "batchSize", n.create_time AS "createTime", n.sent_time AS "sentTime"
        FROM helio_alarm_notification n LEFT JOIN blade_user u ON u.id = n.user_id
       WHERE n.alarm_id = ${alarmId} ORDER BY n.create_time DESC, n.id DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    return page(
      rows.map((r) => ({
        id: String(r.id), alarmId: String(r.alarmId), userId: String(r.userId), userName: (r.userName as string) ?? null, channel: String(r.channel),
        kind: String(r.kind), status: String(r.status), error: (r.error as string) ?? null, batchSize: r.batchSize === null ? null : Number(r.batchSize),
        createTime: formatDateTime(r.createTime as Date), sentTime: formatDateTime(r.sentTime as Date),
      })),
      Number(n),
      p.current,
      p.size,
    );
  }
}
