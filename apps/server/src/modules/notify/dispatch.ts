/**
 * From alarm events to notification records (docs/notifications.md). The event handlers only write rows and
 * schedule jobs — no provider is called here, so a slow or hanging channel never holds up the evaluator that
 * emitted the event (nor ingest, nor a request).
 *
 * Flood control: records are grouped by (tenant, user, channel, kind, alarm code). A group's first record is due
 * `notify.gatherSeconds` after it arrived; the records that arrive before that flush ride in the same message. After
 * a message, a new record of the group is due when the digest window (`notify.digestWindowSeconds`) since that
 * message ends, so everything in between goes out as one digest. 200 devices raising the same code within the
 * gather time: one message per person and channel; spread over a minute: at most the first plus one digest.
 */
import { sql } from 'drizzle-orm';
import { nextId } from '../../core/ids.js';
import type { ModuleContext } from '../../kernel/types.js';
import { readSettings, type NotifySettings } from './notify.settings.js';
import { Recipients, type AlarmFacts, type Delivery, type NotifyKind } from './recipients.js';

export const FLUSH_JOB = 'notify.flush';
export const ESCALATE_JOB = 'notify.escalate';

export interface FlushPayload {
  tenantId: string;
  userId: string;
  channel: string;
  kind: NotifyKind;
  code: number;
}

type Row = Record<string, unknown>;
const rowsOf = async <T = Row>(ctx: ModuleContext, q: ReturnType<typeof sql>): Promise<T[]> => ((await ctx.db.execute(q)) as unknown as { rows: T[] }).rows;

export const flushKey = (p: FlushPayload, due: Date) => `${FLUSH_JOB}:${p.tenantId}:${p.userId}:${p.channel}:${p.kind}:${p.code}:${due.getTime()}`;

export class Dispatcher {
  private readonly recipients: Recipients;

  constructor(private readonly ctx: ModuleContext) {
    this.recipients = new Recipients(ctx);
  }

  async raised(p: AlarmFacts): Promise<void> {
    const settings = await readSettings(this.ctx.db);
    await this.queue(p, 'raised', await this.recipients.of(p, 'raised'), settings);
    if (p.severity >= 4) {
      await this.ctx.jobs.enqueue(ESCALATE_JOB, { alarmId: p.alarmId }, { runAt: new Date(Date.now() + settings.escalationMs), key: `${ESCALATE_JOB}:${p.alarmId}` });
    }
  }

  async recovered(alarmId: string): Promise<void> {
    const facts = await this.facts(alarmId);
    if (!facts) return;
    const settings = await readSettings(this.ctx.db);
    await this.queue(facts, 'recovered', await this.recipients.of(facts, 'recovered'), settings);
  }

  /** The escalation job: a critical alarm still active and unacknowledged is escalated; otherwise nothing. */
  async escalate(alarmId: string): Promise<void> {
    const facts = await this.facts(alarmId, sql`AND a.alarm_status = 0 AND coalesce(lc.ack_status, 0) = 0`);
    if (!facts) return;
    const settings = await readSettings(this.ctx.db);
    await this.queue(facts, 'escalation', await this.recipients.of(facts, 'escalation'), settings);
  }

  /** The alarm as the notifications see it (live, not deleted), with the extra condition given. */
  async facts(alarmId: string, extra = sql``): Promise<AlarmFacts | undefined> {
    const [r] = await rowsOf<AlarmFacts>(this.ctx, sql`
      SELECT a.id::text AS "alarmId", a.tenant_id AS "tenantId", a.plant_id::text AS "plantId", a.device_sn AS "deviceSn",
             a.device_type AS "deviceType", a.alarm_code AS code, a.level AS severity, coalesce(lc.category, def.category) AS category
        FROM helio_alarm a
        LEFT JOIN helio_alarm_lifecycle lc ON lc.alarm_id = a.id
        LEFT JOIN helio_alarm_definition def ON def.device_type = a.device_type AND def.alarm_code = a.alarm_code AND def.is_deleted = 0
       WHERE a.id = ${alarmId} AND a.is_deleted = 0 ${extra}`);
    return r ? { ...r, deviceType: Number(r.deviceType), code: Number(r.code), severity: Number(r.severity) } : undefined;
  }

  /** Writes one record per delivery and schedules its group's flush. */
  private async queue(a: AlarmFacts, kind: NotifyKind, deliveries: Delivery[], s: NotifySettings): Promise<void> {
    for (const d of deliveries) {
      if (d.suppressed) {
        await this.ctx.db.execute(sql`
          INSERT INTO helio_alarm_notification (id, tenant_id, alarm_id, user_id, channel, kind, alarm_code, status, error)
          VALUES (${nextId()}, ${a.tenantId}, ${a.alarmId}, ${d.userId}, ${d.channel}, ${kind}, ${a.code}, 'suppressed', ${d.suppressed})
          ON CONFLICT (alarm_id, user_id, channel, kind) DO NOTHING`);
        continue;
      }
      const group = sql`tenant_id = ${a.tenantId} AND user_id = ${d.userId} AND channel = ${d.channel} AND kind = ${kind} AND alarm_code = ${a.code}`;
      const [pending] = await rowsOf<{ due: Date | string | null }>(this.ctx, sql`
        SELECT min(due_at) AS due FROM helio_alarm_notification WHERE ${group} AND status = 'queued'`);
      let due: Date;
      if (pending?.due) {
        due = new Date(pending.due);
      } else {
        const [last] = await rowsOf<{ at: Date | string | null }>(this.ctx, sql`
          SELECT max(sent_time) AS at FROM helio_alarm_notification
           WHERE ${group} AND message_id IS NOT NULL AND sent_time > now() - ${`${s.windowMs} milliseconds`}::interval`);
        const gathered = Date.now() + s.gatherMs;
        due = new Date(last?.at ? Math.max(gathered, new Date(last.at).getTime() + s.windowMs) : gathered);
      }
      const inserted = await rowsOf(this.ctx, sql`
        INSERT INTO helio_alarm_notification (id, tenant_id, alarm_id, user_id, channel, kind, alarm_code, status, due_at)
        VALUES (${nextId()}, ${a.tenantId}, ${a.alarmId}, ${d.userId}, ${d.channel}, ${kind}, ${a.code}, 'queued', ${due.toISOString()}::timestamptz)
        ON CONFLICT (alarm_id, user_id, channel, kind) DO NOTHING RETURNING id`);
      if (inserted.length === 0) continue;
      const payload: FlushPayload = { tenantId: a.tenantId, userId: d.userId, channel: d.channel, kind, code: a.code };
      await this.ctx.jobs.enqueue(FLUSH_JOB, payload, { runAt: due, key: flushKey(payload, due) });
    }
  }

  /**
   * The safety net (a recurring job): a group whose records are overdue (their flush was lost, e.g. scheduled while
   * the previous one of the same key was still running, or a process died mid-send) is flushed again.
   */
  async sweep(): Promise<number> {
    const groups = await rowsOf<FlushPayload>(this.ctx, sql`
      SELECT DISTINCT tenant_id AS "tenantId", user_id::text AS "userId", channel, kind, alarm_code AS code
        FROM helio_alarm_notification WHERE status = 'queued' AND due_at < now() - interval '30 seconds' LIMIT 1000`);
    const now = new Date();
    for (const g of groups) {
      const p = { ...g, code: Number(g.code) };
      await this.ctx.jobs.enqueue(FLUSH_JOB, p, { runAt: now, key: flushKey(p, now) });
    }
    return groups.length;
  }
}
