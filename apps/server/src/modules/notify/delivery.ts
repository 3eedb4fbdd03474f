/**
 * The flush job (docs/notifications.md): takes every queued record of one group (tenant, user, channel, kind, code),
 * marks them with one message id (committed before anything is sent), delivers that one message — a digest when it
 * covers several alarms — and records the result on each. In-app messages go to the inbox; other channels through
 * their registered sender, under `notify.sendTimeoutSeconds`. A channel nobody registered, or a user without an
 * address for it, fails the records with the reason (nothing is retried: a provider that timed out may still have
 * delivered, and a second SMS is worse than a recorded failure).
 */
import { sql } from 'drizzle-orm';
import { nextId } from '../../core/ids.js';
import type { ModuleContext } from '../../kernel/types.js';
import { sendWithin, type ChannelRegistry } from './channels.js';
import type { FlushPayload } from './dispatch.js';
import { renderMessage, type MessageFacts } from './messages.js';
import { readSettings } from './notify.settings.js';
import { rowsOf, idArray } from '../../db/rows.js';


export class Delivery {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly channels: ChannelRegistry,
  ) {}

  async flush(p: FlushPayload): Promise<number> {
    const messageId = nextId();
    const claimed = await this.ctx.tx(async (tx) =>
      rowsOf<{ id: string; alarmId: string }>(tx, sql`
        UPDATE helio_alarm_notification SET message_id = ${messageId}
         WHERE id IN (SELECT id FROM helio_alarm_notification
                       WHERE tenant_id = ${p.tenantId} AND user_id = ${p.userId} AND channel = ${p.channel} AND kind = ${p.kind}
                         AND alarm_code = ${p.code} AND status = 'queued'
                       ORDER BY create_time, id LIMIT 10000 FOR UPDATE SKIP LOCKED)
        RETURNING id::text AS id, alarm_id::text AS "alarmId"`),
    );
    if (claimed.length === 0) return 0;
    const facts = await this.messageFacts(p, [...new Set(claimed.map((c) => c.alarmId))]);
    const result = facts ? await this.deliver(p, facts) : { ok: false, error: 'the alarm no longer exists' };
    await this.ctx.db.execute(sql`
      UPDATE helio_alarm_notification SET status = ${result.ok ? 'sent' : 'failed'}, error = ${result.error?.slice(0, 500) ?? null},
             sent_time = now(), batch_size = ${facts?.count ?? claimed.length}
       WHERE message_id = ${messageId} AND status = 'queued'`);
    return claimed.length;
  }

  private async messageFacts(p: FlushPayload, alarmIds: string[]): Promise<(MessageFacts & { alarmId: string; deviceType: number }) | undefined> {
    const alarms = await rowsOf<{ id: string; sn: string; deviceType: number; level: number; plantName: string | null; trigger: Date | string; nameZh: string | null; nameEn: string | null }>(this.ctx.db, sql`
      SELECT a.id::text AS id, a.device_sn AS sn, a.device_type AS "deviceType", a.level, p.plant_name AS "plantName", a.trigger_time AS trigger,
             def.name_zh AS "nameZh", def.name_en AS "nameEn"
        FROM helio_alarm a
        LEFT JOIN helio_plant p ON p.id = a.plant_id
        LEFT JOIN helio_alarm_definition def ON def.device_type = a.device_type AND def.alarm_code = a.alarm_code AND def.is_deleted = 0
       WHERE a.id = ANY(${idArray(alarmIds)}) ORDER BY a.trigger_time, a.id`);
    const first = alarms[0];
    if (!first) return undefined;
    return {
      alarmId: first.id, deviceType: Number(first.deviceType), kind: p.kind, code: p.code,
      severity: Math.max(...alarms.map((a) => Number(a.level))), nameZh: first.nameZh, nameEn: first.nameEn,
      count: alarms.length, sns: [...new Set(alarms.map((a) => a.sn))].slice(0, 5), plantName: first.plantName,
      waitedMinutes: p.kind === 'escalation' ? Math.round((Date.now() - new Date(first.trigger).getTime()) / 60_000) : null,
    };
  }

  private async deliver(p: FlushPayload, m: MessageFacts & { alarmId: string; deviceType: number }): Promise<{ ok: boolean; error?: string }> {
    if (p.channel === 'inapp') {
      await this.ctx.db.execute(sql`
        INSERT INTO helio_notify_inbox (id, tenant_id, user_id, alarm_id, kind, alarm_code, device_type, severity, count, sns, plant_name, waited_minutes)
        VALUES (${nextId()}, ${p.tenantId}, ${p.userId}, ${m.alarmId}, ${p.kind}, ${p.code}, ${m.deviceType}, ${m.severity}, ${m.count},
                ${JSON.stringify(m.sns)}::jsonb, ${m.plantName?.slice(0, 100) ?? null}, ${m.waitedMinutes})`);
      return { ok: true };
    }
    const channel = this.channels.get(p.channel);
    if (!channel) return { ok: false, error: `channel ${p.channel} is not available (no sender registered)` };
    const [user] = await rowsOf<{ phone: string | null; phoneDiallingCode: string | null; email: string | null }>(this.ctx.db, sql`
      SELECT phone, phone_dialling_code AS "phoneDiallingCode", email FROM blade_user WHERE id = ${p.userId} AND is_deleted = 0`);
    if (!user) return { ok: false, error: 'the user no longer exists' };
    const address = channel.address({ userId: p.userId, ...user });
    if (!address) return { ok: false, error: `no address for ${p.channel}` };
    const settings = await readSettings(this.ctx.db);
    const text = renderMessage(m, settings.language);
    return sendWithin(channel.sender, p.tenantId, { userId: p.userId, address, subject: text.title, text: `${text.title}\n${text.content}` }, settings.sendTimeoutMs);
  }
}
