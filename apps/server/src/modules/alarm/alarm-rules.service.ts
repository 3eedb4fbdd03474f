/**
 * The alarm catalogue as platform users edit it (issue 14): the list with its allow-listed filters, one definition,
 * and an edit — severity, category, names, cause, remedy and, for threshold rules, the rule — checked by contracts'
 * `checkDefinition` (a clear 400 in the caller's language), under optimistic locking (a stale `version` is a 409), in
 * one transaction that marks the row as edited (`update_user`: applying the reference data again keeps it) and
 * invalidates the evaluator's catalogue after the commit.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ALARM_CATEGORIES, type ThresholdRule } from '@helio/contracts/modules/alarm/alarm-catalogue';
import { checkDefinition, DEFINITION_FILTERS, ruleProblemText, type RuleProblem } from '@helio/contracts/modules/alarm/alarm-rules.api';
import { formatDateTime } from '../../core/dates.js';
import { page, type Page } from '../../core/envelope.js';
import { BizError, ForbiddenError, ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { isId } from '../../core/ids.js';
import { parsePaging } from '../../core/list-query.js';
import { ConflictError, versionOf } from '../../core/optimistic.js';
import { isPlatform } from '../../core/tenant.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { rowsOf } from './alarm.catalogue.js';
import type { AlarmApi } from './index.js';

export type Q = Record<string, unknown>;
type Row = Record<string, unknown>;

const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'lang', '_t', 'tenantId', 'blade-auth']);
const SOURCES = ['sunspec', 'vendor', 'platform', 'rule'];

/** Refuses a query key outside `allowed` (and the paging keys): the list's allow-list. */
export function allowOnly(q: Q, allowed: readonly string[]): void {
  for (const k of Object.keys(q)) {
    if (!RESERVED.has(k) && !allowed.includes(k)) throw new BizError('unknownParam', { param: k.slice(0, 64) });
  }
}

export const one = (q: Q, k: string): string | undefined => {
  const v = Array.isArray(q[k]) ? (q[k] as unknown[])[0] : q[k];
  if (v === undefined || v === null) return undefined;
  const s = String(v).trim();
  if (s.length > 100) throw new BizError('invalidParam', { param: k });
  return s === '' ? undefined : s;
};

export const intParam = (q: Q, k: string, min: number, max: number): number | undefined => {
  const v = one(q, k);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!/^-?\d+$/.test(v) || !Number.isInteger(n) || n < min || n > max) throw new BizError('invalidParam', { param: k });
  return n;
};

export const likeOf = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The problems as one translated 400. */
export function refuse(problems: readonly RuleProblem[], lang: Lang): never {
  throw new ValidationError(problems.map((p) => ruleProblemText(lang, p)));
}

/** Only the rule's own keys, as stored. */
export const ruleOf = (r: ThresholdRule): ThresholdRule => ({ metric: r.metric, op: r.op, threshold: r.threshold, clear: r.clear, durationS: r.durationS });

const SELECT = sql`SELECT d.id::text AS id, d.device_type AS "deviceType", d.alarm_code AS "alarmCode", d.alarm_type AS "alarmType",
  d.severity, d.category, d.source, d.name_zh AS "nameZh", d.name_en AS "nameEn", d.cause_zh AS "causeZh", d.cause_en AS "causeEn",
  d.remedy_zh AS "remedyZh", d.remedy_en AS "remedyEn", d.rule, d.update_user IS NOT NULL AS edited, u.real_name AS "updateUserName",
  d.update_time AS "updateTime", d.version
  FROM helio_alarm_definition d LEFT JOIN blade_user u ON u.id = d.update_user`;

function definitionVO(r: Row) {
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: String(r.id), deviceType: Number(r.deviceType), alarmCode: Number(r.alarmCode), alarmType: Number(r.alarmType),
    severity: Number(r.severity), category: String(r.category), source: String(r.source), nameZh: String(r.nameZh), nameEn: String(r.nameEn),
    causeZh: str(r.causeZh), causeEn: str(r.causeEn), remedyZh: str(r.remedyZh), remedyEn: str(r.remedyEn),
    rule: r.rule ? ruleOf(r.rule as ThresholdRule) : null, edited: Boolean(r.edited), updateUserName: str(r.updateUserName),
    updateTime: formatDateTime(r.updateTime as Date), version: Number(r.version),
  };
}
export type DefinitionVO = ReturnType<typeof definitionVO>;

function filters(q: Q): SQL[] {
  allowOnly(q, DEFINITION_FILTERS);
  const out: SQL[] = [sql`d.is_deleted = 0`];
  const eq = (col: SQL, v: unknown) => v !== undefined && out.push(sql`${col} = ${v}`);
  eq(sql`d.device_type`, intParam(q, 'deviceType', 1, 9));
  eq(sql`d.severity`, intParam(q, 'severity', 1, 4));
  eq(sql`d.alarm_type`, intParam(q, 'alarmType', 1, 9));
  eq(sql`d.alarm_code`, intParam(q, 'alarmCode', 0, 65_535));
  const category = one(q, 'category');
  if (category !== undefined && !(ALARM_CATEGORIES as readonly string[]).includes(category)) throw new BizError('invalidParam', { param: 'category' });
  eq(sql`d.category`, category);
  const source = one(q, 'source');
  if (source !== undefined && !SOURCES.includes(source)) throw new BizError('invalidParam', { param: 'source' });
  eq(sql`d.source`, source);
  const keyword = one(q, 'keyword');
  if (keyword !== undefined) {
    const like = likeOf(keyword);
    out.push(sql`(d.name_zh ILIKE ${like} OR d.name_en ILIKE ${like} OR d.alarm_code::text = ${keyword})`);
  }
  return out;
}

export interface DefinitionInput {
  id: string;
  version?: unknown;
  severity: unknown;
  category: unknown;
  nameZh: unknown;
  nameEn: unknown;
  causeZh?: unknown;
  causeEn?: unknown;
  remedyZh?: unknown;
  remedyEn?: unknown;
  rule?: Partial<Record<keyof ThresholdRule, unknown>> | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export class AlarmRulesService {
  constructor(private readonly ctx: ModuleContext) {}

  async list(_actor: Actor, q: Q): Promise<Page<DefinitionVO>> {
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const where = sql.join(filters(q), sql` AND `);
    const [{ n }] = (await rowsOf<{ n: number }>(this.ctx.db, sql`SELECT count(*)::int AS n FROM helio_alarm_definition d WHERE ${where}`)) as [{ n: number }];
    const rows = n === 0 ? [] : await rowsOf<Row>(this.ctx.db, sql`${SELECT} WHERE ${where} ORDER BY d.device_type, d.alarm_code LIMIT ${p.size} OFFSET ${p.offset}`);
    return page(rows.map(definitionVO), Number(n), p.current, p.size);
  }

  async detail(_actor: Actor, id: string): Promise<DefinitionVO> {
    if (!isId(id)) throw new BizError('recordNotFound');
    const [row] = await rowsOf<Row>(this.ctx.db, sql`${SELECT} WHERE d.id = ${id} AND d.is_deleted = 0`);
    if (!row) throw new BizError('recordNotFound');
    return definitionVO(row);
  }

  /** Platform users only: the catalogue is every tenant's. */
  async update(actor: Actor, input: DefinitionInput, lang: Lang): Promise<DefinitionVO> {
    if (!isPlatform(actor)) throw new ForbiddenError();
    const version = versionOf(input, lang);
    if (!isId(input.id)) throw new BizError('recordNotFound');
    return this.ctx.tx(async (tx, hooks) => {
      const [row] = await rowsOf<{ deviceType: number; rule: ThresholdRule | null; version: number }>(tx, sql`
        SELECT device_type AS "deviceType", rule, version FROM helio_alarm_definition WHERE id = ${input.id} AND is_deleted = 0 FOR UPDATE`);
      if (!row) throw new BizError('recordNotFound');
      if (version !== undefined && version !== Number(row.version)) throw new ConflictError();
      const problems = checkDefinition(input, Number(row.deviceType), row.rule !== null);
      if (problems.length) refuse(problems, lang);
      const rule = input.rule ? ruleOf(input.rule as ThresholdRule) : null;
      await tx.execute(sql`
        UPDATE helio_alarm_definition SET severity = ${input.severity as number}, category = ${input.category as string},
          name_zh = ${(input.nameZh as string).trim()}, name_en = ${(input.nameEn as string).trim()},
          cause_zh = ${text(input.causeZh)}, cause_en = ${text(input.causeEn)}, remedy_zh = ${text(input.remedyZh)}, remedy_en = ${text(input.remedyEn)},
          rule = ${rule ? JSON.stringify(rule) : null}::jsonb, update_user = ${actor.userId}, update_time = now(), version = version + 1
         WHERE id = ${input.id}`);
      hooks.afterCommit(() => (this.ctx.use('alarm') as AlarmApi).evaluator.catalogue.invalidate());
      const [fresh] = await rowsOf<Row>(tx, sql`${SELECT} WHERE d.id = ${input.id}`);
      return definitionVO(fresh!);
    });
  }
}
