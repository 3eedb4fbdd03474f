/**
 * Who is told about an alarm, on which channels: the tenant's users whose enabled subscription matches (station,
 * severity, category; `recovery` for recovery notices, `escalation` for escalations) and who may see the alarm —
 * the `alarm` permission and the station in their data scope (the station module's `stationScope`; an alarm
 * without a station only for administrators), checked when the alarm happens, not when the subscription was saved.
 * Escalations also go to the tenant's administrators (in-app, plus the channels of their escalation subscriptions).
 *
 * Quiet hours (docs/notifications.md): inside a subscription's quiet hours its SMS and e-mail are held back
 * (`suppressed`) except for critical alarms and escalations; the in-app inbox always receives. A channel is held back
 * only when every matching subscription that names it is in its quiet hours.
 */
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../core/access.js';
import type { ModuleContext } from '../../kernel/types.js';
import { stationScope } from '../station/index.js';

export type NotifyKind = 'raised' | 'recovered' | 'escalation';

/** What the notifications need to know of an alarm. */
export interface AlarmFacts {
  alarmId: string;
  tenantId: string;
  plantId: string | null;
  deviceSn: string;
  deviceType: number;
  code: number;
  severity: number;
  category: string | null;
}

export interface Delivery {
  userId: string;
  channel: string;
  /** Why it is held back (never sent), if it is. */
  suppressed?: string;
}

interface SubRow {
  userId: string;
  channels: string[];
  quietStart: string | null;
  quietEnd: string | null;
}

const rowsOf = async <T>(ctx: ModuleContext, q: ReturnType<typeof sql>): Promise<T[]> => ((await ctx.db.execute(q)) as unknown as { rows: T[] }).rows;
const split = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);

/** Local `HH:mm` now in the time zone. */
export function localTime(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}

/** Inside [start, end) — across midnight when end ≤ start; start = end or either missing: no quiet hours. */
export function inQuietHours(start: string | null, end: string | null, hhmm: string): boolean {
  if (!start || !end || start === end) return false;
  return start < end ? hhmm >= start && hhmm < end : hhmm >= start || hhmm < end;
}

export class Recipients {
  constructor(private readonly ctx: ModuleContext) {}

  async of(a: AlarmFacts, kind: NotifyKind, now = new Date()): Promise<Delivery[]> {
    const flag = kind === 'recovered' ? sql`AND s.recovery = 1` : kind === 'escalation' ? sql`AND s.escalation = 1` : sql``;
    const subs = await rowsOf<SubRow>(this.ctx, sql`
      SELECT s.user_id::text AS "userId", s.channels, s.quiet_start AS "quietStart", s.quiet_end AS "quietEnd"
        FROM helio_alarm_subscription s
        JOIN blade_user u ON u.id = s.user_id AND u.tenant_id = s.tenant_id AND u.is_deleted = 0 AND u.status = 1
       WHERE s.tenant_id = ${a.tenantId} AND s.is_deleted = 0 AND s.enabled = 1 ${flag}
         AND s.min_severity <= ${a.severity}
         AND (s.categories = '[]'::jsonb OR s.categories @> jsonb_build_array(${a.category ?? ''}::text))
         AND (s.plant_ids = '[]'::jsonb OR s.plant_ids @> jsonb_build_array(${a.plantId ?? ''}::text))`);
    const admins = kind === 'escalation' ? await this.administrators(a.tenantId) : [];
    const userIds = [...new Set([...subs.map((s) => s.userId), ...admins])];
    if (userIds.length === 0) return [];
    const users = await this.actors(a.tenantId, userIds);
    const hhmm = localTime(now, this.ctx.config.timeZone);
    const urgent = kind === 'escalation' || (kind === 'raised' && a.severity >= 4);
    const out: Delivery[] = [];
    for (const user of users) {
      if (!(await this.maySee(user, a))) continue;
      // channel → held back by every subscription naming it?
      const channels = new Map<string, boolean>();
      if (admins.includes(user.userId)) channels.set('inapp', false);
      for (const s of subs.filter((x) => x.userId === user.userId)) {
        const quiet = !urgent && inQuietHours(s.quietStart, s.quietEnd, hhmm);
        for (const c of s.channels) {
          const held = c !== 'inapp' && quiet;
          channels.set(c, (channels.get(c) ?? true) && held);
        }
      }
      for (const [channel, held] of channels) out.push({ userId: user.userId, channel, ...(held ? { suppressed: 'quiet hours' } : {}) });
    }
    return out;
  }

  private async administrators(tenantId: string): Promise<string[]> {
    const rows = await rowsOf<{ id: string }>(this.ctx, sql`
      SELECT u.id::text AS id FROM blade_user u
       WHERE u.tenant_id = ${tenantId} AND u.is_deleted = 0 AND u.status = 1
         AND EXISTS (SELECT 1 FROM blade_role r WHERE r.is_deleted = 0 AND r.role_alias = 'administrator'
                      AND r.id::text = ANY(string_to_array(u.role_id, ',')))`);
    return rows.map((r) => r.id);
  }

  /** The users as the access checks see them (roles and departments as a token of theirs would carry). */
  private async actors(tenantId: string, ids: string[]): Promise<AuthUser[]> {
    const rows = await rowsOf<{ id: string; account: string; roleId: string | null; deptId: string | null; aliases: string[] | null }>(this.ctx, sql`
      SELECT u.id::text AS id, u.account, u.role_id AS "roleId", u.dept_id AS "deptId",
             (SELECT array_agg(r.role_alias) FROM blade_role r WHERE r.is_deleted = 0 AND r.id::text = ANY(string_to_array(u.role_id, ','))) AS aliases
        FROM blade_user u
       WHERE u.tenant_id = ${tenantId} AND u.is_deleted = 0 AND u.status = 1
         AND u.id = ANY(ARRAY[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::bigint[])`);
    return rows.map((r) => {
      const roleAliases = r.aliases ?? [];
      return {
        userId: r.id, tenantId, account: r.account, userName: r.account, nickName: r.account, roleIds: split(r.roleId), roleAliases,
        deptIds: split(r.deptId), postIds: [], clientId: '', sid: '', isAdministrator: roleAliases.includes('administrator'),
      };
    });
  }

  private async maySee(user: AuthUser, a: AlarmFacts): Promise<boolean> {
    if (!(await this.ctx.access.has(user, ['alarm']))) return false;
    if (a.plantId === null) return user.isAdministrator;
    const scope = stationScope(user);
    const [row] = await rowsOf(this.ctx, sql`SELECT 1 AS ok FROM helio_plant WHERE id = ${a.plantId} AND tenant_id = ${a.tenantId}
      AND is_deleted = 0 AND ${scope ?? sql`true`}`);
    return row !== undefined;
  }
}
