/**
 * Alarm figures for an actor (contracts `alarm-stats.api`): active counts by severity (all the actor sees, one
 * station or one device), the same per station for a page of the station list, and the analysis of a range: MTTA
 * (trigger → first acknowledgement) and MTTR (trigger → recovery) per station, agent or installer, and counts by
 * category per local day. What the actor sees is alarm.scope.ts's, exactly as for the alarm list.
 *
 * Agent and installer come from the alarm's station: an agent is the station's operation company (the agent or
 * installer company's department, `helio_plant.operation_company_id`), an installer its operation user (the
 * technician who runs it, `operation_user_id`). Stations without one form the group with a null key.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ALARM_CATEGORIES } from '@helio/contracts/modules/alarm/alarm-catalogue';
import {
  ANALYSIS_GROUPS,
  MAX_ANALYSIS_DAYS,
  MAX_ANALYSIS_GROUPS,
  MAX_COUNT_PLANTS,
  type AnalysisGroup,
} from '@helio/contracts/modules/alarm/alarm-stats.api';
import { formatDateTime, parseDateTime, timeZone } from '../../core/dates.js';
import { BizError, ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { isId } from '../../core/ids.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { rowsOf } from './alarm.catalogue.js';
import { alarmVisible } from './alarm.scope.js';

type Q = Record<string, unknown>;
const ALWAYS = ['lang', '_t', 'tenantId', 'blade-auth'];
const DAY_MS = 86_400_000;

/** Refuses parameters other than the route's own (and the ones every route takes). */
function onlyKnown(q: Q, own: readonly string[]): void {
  for (const k of Object.keys(q)) {
    if (!ALWAYS.includes(k) && !own.includes(k)) throw new BizError('unknownParam', { param: k.slice(0, 64) });
  }
}

/** One text parameter (trimmed; empty = absent); arrays and overlong values are refused. */
function text(q: Q, k: string, max = 100): string | undefined {
  const v = q[k];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw new BizError('invalidParam', { param: k });
  const s = String(v).trim();
  if (s.length > max) throw new BizError('invalidParam', { param: k });
  return s === '' ? undefined : s;
}

function idText(q: Q, k: string): string | undefined {
  const v = text(q, k);
  if (v !== undefined && !isId(v)) throw new BizError('invalidParam', { param: k });
  return v;
}

const COUNTS = sql`count(*)::int AS total,
  count(*) FILTER (WHERE a.level = 4)::int AS critical,
  count(*) FILTER (WHERE a.level = 3)::int AS major,
  count(*) FILTER (WHERE a.level = 2)::int AS minor,
  count(*) FILTER (WHERE a.level = 1)::int AS warning,
  count(*) FILTER (WHERE coalesce(lc.ack_status, 0) = 0)::int AS unacknowledged`;

const ACTIVE_FROM = sql`FROM helio_alarm a LEFT JOIN helio_alarm_lifecycle lc ON lc.alarm_id = a.id`;

export interface Counts {
  total: number;
  critical: number;
  major: number;
  minor: number;
  warning: number;
  unacknowledged: number;
}

const GROUP_SQL: Record<AnalysisGroup, { key: SQL; name: SQL; join: SQL }> = {
  station: { key: sql`a.plant_id::text`, name: sql`p.plant_name`, join: sql`` },
  agent: {
    key: sql`p.operation_company_id::text`,
    name: sql`coalesce(d.dept_name, p.operation_company_name)`,
    join: sql`LEFT JOIN blade_dept d ON d.id = p.operation_company_id`,
  },
  installer: {
    key: sql`p.operation_user_id::text`,
    name: sql`coalesce(u.real_name, p.operation_user_name)`,
    join: sql`LEFT JOIN blade_user u ON u.id = p.operation_user_id`,
  },
};

const RANGE_TOO_LONG: Record<Lang, string> = {
  'zh-CN': `统计时间范围最多 ${MAX_ANALYSIS_DAYS} 天`,
  'en-US': `The range may span at most ${MAX_ANALYSIS_DAYS} days`,
};
const RANGE_REVERSED: Record<Lang, string> = {
  'zh-CN': '开始时间不能晚于结束时间',
  'en-US': 'The start of the range must not be after its end',
};

/** The local day (yyyy-MM-dd) of an instant. */
const dayOf = (d: Date) => formatDateTime(d)!.slice(0, 10);

/** A day (yyyy-MM-dd) `n` days later. */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The start of a local day (years 1000–9999, else the parameter is refused). */
function startOf(day: string, param: string): Date {
  const d = parseDateTime(day);
  if (!d) throw new BizError('invalidParam', { param });
  return d;
}

/** Every local day from `first` to `last` (both yyyy-MM-dd), inclusive. */
function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`), end = Date.parse(`${last}T00:00:00Z`); t <= end; t += DAY_MS) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

const minutes = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

export class AlarmStatsService {
  constructor(private readonly ctx: ModuleContext) {}

  /** Active alarms the actor sees, of one station or device when named. */
  async count(actor: Actor, q: Q): Promise<Counts> {
    onlyKnown(q, ['plantId', 'deviceId', 'deviceSn']);
    const where: SQL[] = [sql`a.alarm_status = 0`, alarmVisible(actor, q)];
    const plantId = idText(q, 'plantId');
    if (plantId) where.push(sql`a.plant_id = ${plantId}`);
    const deviceId = idText(q, 'deviceId');
    if (deviceId) where.push(sql`a.device_id = ${deviceId}`);
    const sn = text(q, 'deviceSn', 64);
    if (sn) where.push(sql`a.device_sn = ${sn}`);
    const [row] = await rowsOf<Counts>(this.ctx.db, sql`SELECT ${COUNTS} ${ACTIVE_FROM} WHERE ${sql.join(where, sql` AND `)}`);
    return row!;
  }

  /** Active alarm counts per station: of the stations named, or of every station with active alarms (the most first). */
  async countByPlant(actor: Actor, q: Q): Promise<(Counts & { plantId: string })[]> {
    onlyKnown(q, ['plantIds']);
    const raw = text(q, 'plantIds', 21 * MAX_COUNT_PLANTS);
    const ids = raw === undefined ? undefined : [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
    if (ids && (ids.length > MAX_COUNT_PLANTS || !ids.every(isId))) throw new BizError('invalidParam', { param: 'plantIds' });
    if (ids?.length === 0) return [];
    const where: SQL[] = [sql`a.alarm_status = 0`, sql`a.plant_id IS NOT NULL`, alarmVisible(actor, q)];
    if (ids) where.push(sql`a.plant_id = ANY(ARRAY[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::bigint[])`);
    return rowsOf(this.ctx.db, sql`SELECT a.plant_id::text AS "plantId", ${COUNTS} ${ACTIVE_FROM} WHERE ${sql.join(where, sql` AND `)}
      GROUP BY a.plant_id ORDER BY max(a.level) DESC, count(*) DESC, a.plant_id LIMIT ${MAX_COUNT_PLANTS}`);
  }

  /** The range of an analysis: `to` a day (the whole day) or an instant (default today), `from` 29 days before it. */
  private range(q: Q, lang: Lang): { from: Date; to: Date } {
    const instant = (k: string) => {
      const v = text(q, k, 40);
      if (v === undefined) return undefined;
      const d = parseDateTime(v);
      if (!d) throw new BizError('invalidParam', { param: k });
      return { d, day: /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined };
    };
    const given = instant('to');
    const to = given && !given.day ? given.d : startOf(addDays(given?.day ?? dayOf(new Date()), 1), 'to');
    const from = instant('from')?.d ?? startOf(addDays(dayOf(new Date(to.getTime() - 1)), -29), 'from');
    if (from.getTime() >= to.getTime()) throw new ValidationError([RANGE_REVERSED[lang]]);
    if (to.getTime() - from.getTime() > MAX_ANALYSIS_DAYS * DAY_MS) throw new ValidationError([RANGE_TOO_LONG[lang]]);
    return { from, to };
  }

  /** MTTA / MTTR per group and counts by category per day, of the alarms triggered in the range the actor sees. */
  async analysis(actor: Actor, q: Q, lang: Lang) {
    onlyKnown(q, ['from', 'to', 'groupBy']);
    const groupBy = (text(q, 'groupBy', 20) ?? 'station') as AnalysisGroup;
    if (!ANALYSIS_GROUPS.includes(groupBy)) throw new BizError('invalidParam', { param: 'groupBy' });
    const { from, to } = this.range(q, lang);
    const g = GROUP_SQL[groupBy];
    const where = sql`${alarmVisible(actor, q)} AND a.trigger_time >= ${from.toISOString()}::timestamptz AND a.trigger_time < ${to.toISOString()}::timestamptz`;
    // Acknowledgement and recovery before the trigger (clock skew of a device) count as at once.
    const after = (t: SQL) => sql`CASE WHEN ${t} IS NULL THEN NULL ELSE greatest(extract(epoch FROM ${t} - a.trigger_time), 0) / 60 END`;
    const x = sql`SELECT ${g.key} AS k, ${g.name} AS n, ${after(sql`lc.ack_time`)} AS ack, ${after(sql`a.recover_time`)} AS rec
      FROM helio_alarm a LEFT JOIN helio_alarm_lifecycle lc ON lc.alarm_id = a.id LEFT JOIN helio_plant p ON p.id = a.plant_id ${g.join}
      WHERE ${where}`;
    const groups = await rowsOf<Record<string, unknown>>(this.ctx.db, sql`
      WITH x AS (${x})
      SELECT k, max(n) AS n, count(*)::int AS alarms, count(ack)::int AS acknowledged, count(rec)::int AS recovered,
             avg(ack) AS mtta, avg(rec) AS mttr, count(*) OVER ()::int AS groups
        FROM x GROUP BY k ORDER BY count(*) DESC, k NULLS LAST LIMIT ${MAX_ANALYSIS_GROUPS}`);
    const [all] = await rowsOf<Record<string, unknown>>(this.ctx.db, sql`
      WITH x AS (${x}) SELECT count(*)::int AS total, avg(ack) AS mtta, avg(rec) AS mttr FROM x`);
    const perDay = await rowsOf<{ day: string; category: string; n: number }>(this.ctx.db, sql`
      SELECT to_char(a.trigger_time AT TIME ZONE ${timeZone()}, 'YYYY-MM-DD') AS day,
             coalesce(lc.category, def.category, 'device') AS category, count(*)::int AS n
        FROM helio_alarm a LEFT JOIN helio_alarm_lifecycle lc ON lc.alarm_id = a.id
        LEFT JOIN helio_alarm_definition def ON def.device_type = a.device_type AND def.alarm_code = a.alarm_code AND def.is_deleted = 0
       WHERE ${where} GROUP BY 1, 2`);

    const days = daysBetween(dayOf(from), dayOf(new Date(to.getTime() - 1)));
    const index = new Map(days.map((d, i) => [d, i]));
    const byCategory = new Map<string, number[]>();
    for (const r of perDay) {
      const counts = byCategory.get(r.category) ?? byCategory.set(r.category, days.map(() => 0)).get(r.category)!;
      const i = index.get(r.day);
      if (i !== undefined) counts[i] = Number(r.n);
    }
    const order = (c: string) => ((ALARM_CATEGORIES as readonly string[]).indexOf(c) + 1 || 99);
    return {
      from: formatDateTime(from)!,
      to: formatDateTime(to)!,
      groupBy,
      total: Number(all?.total ?? 0),
      mttaMinutes: minutes(all?.mtta),
      mttrMinutes: minutes(all?.mttr),
      groups: groups.map((r) => ({
        key: (r.k as string | null) ?? null,
        name: (r.n as string | null) ?? null,
        alarms: Number(r.alarms),
        acknowledged: Number(r.acknowledged),
        recovered: Number(r.recovered),
        mttaMinutes: minutes(r.mtta),
        mttrMinutes: minutes(r.mttr),
      })),
      groupCount: Number(groups[0]?.groups ?? 0),
      days,
      categories: [...byCategory.entries()].sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b)).map(([category, counts]) => ({ category, counts })),
    };
  }
}
