/**
 * Alarm rules (issue 14): the catalogue of alarm definitions as platform users edit it, and per-device threshold
 * overrides. Shared by the server's routes and the web's `/alarm/rule` screen, with the one rule check both apply
 * (`checkDefinition`, `checkOverride`) and its messages in both languages.
 *
 * Who may do what: reading the catalogue and a device's thresholds needs the `alarm_rule` page; changing a definition
 * needs `alarm_rule_edit` and a platform user (the catalogue is platform-wide); an override needs `alarm_rule_edit`
 * and a device the caller may see (its tenant, its data scope): a tenant administrator tunes its own devices.
 */
import { Type } from 'typebox';
import { defineEndpoint, NullableObject } from '../../api/endpoint.js';
import { ALARM_CATEGORIES, METRICS_BY_DEVICE_TYPE, RULE_METRICS, type RuleMetric, type ThresholdRule } from './alarm-catalogue.js';

const BASE = '/api/skyworth-client';
const read = { permission: 'alarm_rule' } as const;
const edit = { permission: 'alarm_rule_edit' } as const;

const Str = Type.String();
const NStr = Type.Union([Type.String(), Type.Null()]);
const Int = Type.Integer();
const NNum = Type.Union([Type.Number(), Type.Null()]);
const page = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({ records: Type.Array(item), total: Int, size: Int, current: Int, pages: Int });

/** Limits of a rule's numbers. */
export const RULE_LIMITS = {
  durationS: { min: 0, max: 86_400 },
  value: { temperature: { min: -50, max: 200 }, soc: { min: 0, max: 100 }, leakMa: { min: 0, max: 10_000 } } satisfies Record<RuleMetric, { min: number; max: number }>,
  text: { name: 100, long: 500 },
} as const;

export const RuleSchema = Type.Object({
  metric: Type.String({ maxLength: 32 }),
  op: Type.String({ maxLength: 8 }),
  threshold: Type.Number(),
  clear: Type.Number(),
  durationS: Type.Number(),
});

export const DefinitionVO = Type.Object({
  id: Str,
  deviceType: Int,
  alarmCode: Int,
  /** `alarm_type`: 1 fault, 2 warning, 3 offline, 4 threshold rule. */
  alarmType: Int,
  /** `alarm_severity`: 4 critical … 1 warning. */
  severity: Int,
  category: Str,
  /** sunspec, vendor, platform, rule. */
  source: Str,
  nameZh: Str,
  nameEn: Str,
  causeZh: NStr,
  causeEn: NStr,
  remedyZh: NStr,
  remedyEn: NStr,
  rule: NullableObject(RuleSchema),
  /** Changed by a person (kept as it is when the reference data is applied again). */
  edited: Type.Boolean(),
  updateUserName: NStr,
  updateTime: NStr,
  version: Int,
});

export const DEFINITION_FILTERS = ['deviceType', 'category', 'severity', 'source', 'alarmType', 'alarmCode', 'keyword'] as const;

export const alarmDefinitionList = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmDefinition/list`,
  access: read,
  tags: ['alarm'],
  summary: 'The alarm catalogue: definitions by device type and code, filtered by device type, category, severity, source, type, code or name',
  querystring: Type.Object(
    { current: Type.Optional(Str), size: Type.Optional(Str), ...Object.fromEntries(DEFINITION_FILTERS.map((k) => [k, Type.Optional(Str)])) },
    { additionalProperties: true },
  ),
  data: page(DefinitionVO),
});

export const alarmDefinitionDetail = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmDefinition/detail`,
  access: read,
  tags: ['alarm'],
  summary: 'One alarm definition',
  querystring: Type.Object({ id: Str }, { additionalProperties: true }),
  data: DefinitionVO,
});

export const DefinitionEditSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 20 }),
  /** The version read: a stale edit is refused with 409 (without it, the last edit wins). */
  version: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 12 }), Type.Null()])),
  severity: Type.Number(),
  category: Type.String({ maxLength: 40 }),
  nameZh: Type.String({ maxLength: 1000 }),
  nameEn: Type.String({ maxLength: 1000 }),
  causeZh: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  causeEn: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  remedyZh: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  remedyEn: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  /** Threshold rules only (a device code has none, and a rule keeps one). */
  rule: Type.Optional(Type.Union([RuleSchema, Type.Null()])),
});

export const alarmDefinitionUpdate = defineEndpoint({
  method: 'POST',
  url: `${BASE}/alarmDefinition/update`,
  access: edit,
  tags: ['alarm'],
  summary: 'Edit a definition (platform users): severity, category, names, cause, remedy and a threshold rule; the evaluator uses it within seconds',
  body: DefinitionEditSchema,
  data: DefinitionVO,
});

/** A device's override of one threshold rule: null values follow the rule of the device type. */
export const OverrideVO = Type.Object({
  id: Str,
  tenantId: Str,
  deviceId: Str,
  deviceSn: Str,
  deviceType: Int,
  plantName: NStr,
  alarmCode: Int,
  alarmName: Str,
  threshold: NNum,
  clear: NNum,
  durationS: Type.Union([Int, Type.Null()]),
  /** 1 the rule applies to this device, 0 it does not. */
  enabled: Int,
  /** The rule as the device is evaluated with it. */
  effective: RuleSchema,
  updateUserName: NStr,
  updateTime: NStr,
  version: Int,
});

export const alarmThresholdList = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmThreshold/list`,
  access: read,
  tags: ['alarm'],
  summary: 'Per-device threshold overrides of the devices the caller may see, filtered by device SN or rule code',
  querystring: Type.Object(
    { current: Type.Optional(Str), size: Type.Optional(Str), deviceSn: Type.Optional(Str), deviceId: Type.Optional(Str), alarmCode: Type.Optional(Str) },
    { additionalProperties: true },
  ),
  data: page(OverrideVO),
});

export const DeviceRuleVO = Type.Object({
  alarmCode: Int,
  alarmName: Str,
  severity: Int,
  /** The device type's rule (the catalogue). */
  rule: RuleSchema,
  override: NullableObject(OverrideVO),
  effective: RuleSchema,
  enabled: Int,
});

export const alarmThresholdDevice = defineEndpoint({
  method: 'GET',
  url: `${BASE}/alarmThreshold/device`,
  access: read,
  tags: ['alarm'],
  summary: "A device (by SN or id) and its threshold rules: the device type's rule, its override and what applies",
  querystring: Type.Object({ deviceSn: Type.Optional(Str), deviceId: Type.Optional(Str) }, { additionalProperties: true }),
  data: Type.Object({
    device: Type.Object({ id: Str, tenantId: Str, deviceSn: Str, deviceType: Int, plantId: NStr, plantName: NStr }),
    rules: Type.Array(DeviceRuleVO),
  }),
});

export const OverrideEditSchema = Type.Object({
  deviceId: Type.String({ minLength: 1, maxLength: 20 }),
  alarmCode: Type.Integer({ minimum: 0, maximum: 65_535 }),
  threshold: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  clear: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  durationS: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  enabled: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  version: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 12 }), Type.Null()])),
});

export const alarmThresholdSave = defineEndpoint({
  method: 'POST',
  url: `${BASE}/alarmThreshold/save`,
  access: edit,
  tags: ['alarm'],
  summary: "Set a device's override of a threshold rule (threshold, clear level, duration, on/off); a stale version is a 409",
  body: OverrideEditSchema,
  data: OverrideVO,
});

export const alarmThresholdRemove = defineEndpoint({
  method: 'POST',
  url: `${BASE}/alarmThreshold/remove`,
  access: edit,
  tags: ['alarm'],
  summary: 'Remove overrides (ids comma-joined): the devices follow their type’s rule again',
  body: Type.Object({ ids: Type.String({ minLength: 1, maxLength: 4000 }) }),
  data: Type.Object({ removed: Int }),
});

// ---- the one rule check (server 400s and the web form) ----

export type RuleProblemKey =
  | 'required'
  | 'tooLong'
  | 'severity'
  | 'category'
  | 'metric'
  | 'metricNotReported'
  | 'op'
  | 'notFinite'
  | 'valueRange'
  | 'duration'
  | 'clearAbove'
  | 'clearBelow'
  | 'ruleFixed';

export interface RuleProblem {
  key: RuleProblemKey;
  /** The field the problem is about (for the form). */
  field: string;
  params?: Record<string, string | number>;
}

export const RULE_FIELD_LABELS: Record<string, { zh: string; en: string }> = {
  severity: { zh: '严重程度', en: 'Severity' },
  category: { zh: '类别', en: 'Category' },
  nameZh: { zh: '中文名称', en: 'Chinese name' },
  nameEn: { zh: '英文名称', en: 'English name' },
  causeZh: { zh: '中文原因', en: 'Chinese cause' },
  causeEn: { zh: '英文原因', en: 'English cause' },
  remedyZh: { zh: '中文处理建议', en: 'Chinese remedy' },
  remedyEn: { zh: '英文处理建议', en: 'English remedy' },
  metric: { zh: '指标', en: 'Metric' },
  op: { zh: '比较', en: 'Comparison' },
  threshold: { zh: '阈值', en: 'Threshold' },
  clear: { zh: '恢复值', en: 'Clear level' },
  durationS: { zh: '持续时间(秒)', en: 'Duration (s)' },
};

export const RULE_PROBLEM_MESSAGES: Record<RuleProblemKey, { zh: string; en: string }> = {
  required: { zh: '{field}不能为空', en: '{field} is required' },
  tooLong: { zh: '{field}长度不能超过{max}个字符', en: '{field} must be at most {max} characters' },
  severity: { zh: '严重程度只能是 1(提示)到 4(紧急)', en: 'The severity must be 1 (warning) to 4 (critical)' },
  category: { zh: '类别只能是: {values}', en: 'The category must be one of: {values}' },
  metric: { zh: '指标只能是: {values}', en: 'The metric must be one of: {values}' },
  metricNotReported: { zh: '该设备类型不上报指标 {metric}(可用: {values})', en: 'This device type does not report {metric} (it reports: {values})' },
  op: { zh: '比较只能是 > 或 <', en: 'The comparison must be > or <' },
  notFinite: { zh: '{field}必须是有限的数字', en: '{field} must be a finite number' },
  valueRange: { zh: '{field}必须在 {min} 到 {max} 之间', en: '{field} must be between {min} and {max}' },
  duration: { zh: '持续时间必须是 0 到 86400 之间的整数秒', en: 'The duration must be a whole number of seconds from 0 to 86400' },
  clearAbove: {
    zh: '">" 规则的恢复值({clear})必须低于阈值({threshold}),否则告警无法按回差恢复',
    en: 'For a ">" rule the clear level ({clear}) must be below the threshold ({threshold}), or the alarm cannot clear with hysteresis',
  },
  clearBelow: {
    zh: '"<" 规则的恢复值({clear})必须高于阈值({threshold}),否则告警无法按回差恢复',
    en: 'For a "<" rule the clear level ({clear}) must be above the threshold ({threshold}), or the alarm cannot clear with hysteresis',
  },
  ruleFixed: { zh: '阈值规则不能删除,设备故障码不能添加阈值规则', en: 'A threshold rule cannot be removed, and a device code cannot get one' },
};

/** A problem in `language` (zh-CN unless it starts with "en"), its field label and parameters filled in. */
export function ruleProblemText(language: string, p: RuleProblem): string {
  const en = language.startsWith('en');
  const label = RULE_FIELD_LABELS[p.field];
  let text = en ? RULE_PROBLEM_MESSAGES[p.key].en : RULE_PROBLEM_MESSAGES[p.key].zh;
  const params: Record<string, string | number> = { field: label ? (en ? label.en : label.zh) : p.field, ...p.params };
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

const isNum = (v: unknown): v is number => typeof v === 'number';

/** Checks a threshold rule for a device type: metric reported by it, op, finite numbers in range, hysteresis, duration. */
export function checkRule(rule: Partial<Record<keyof ThresholdRule, unknown>>, deviceType: number): RuleProblem[] {
  const out: RuleProblem[] = [];
  const metric = rule.metric;
  const known = typeof metric === 'string' && (RULE_METRICS as readonly string[]).includes(metric);
  if (!known) out.push({ key: 'metric', field: 'metric', params: { values: RULE_METRICS.join(', ') } });
  const reported = METRICS_BY_DEVICE_TYPE[deviceType] ?? [];
  if (known && !reported.includes(metric as RuleMetric)) {
    out.push({ key: 'metricNotReported', field: 'metric', params: { metric: metric as string, values: reported.join(', ') } });
  }
  if (rule.op !== '>' && rule.op !== '<') out.push({ key: 'op', field: 'op' });
  const range = known ? RULE_LIMITS.value[metric as RuleMetric] : undefined;
  let numbersOk = true;
  for (const f of ['threshold', 'clear'] as const) {
    const v = rule[f];
    if (!isNum(v) || !Number.isFinite(v)) {
      out.push({ key: 'notFinite', field: f });
      numbersOk = false;
    } else if (range && (v < range.min || v > range.max)) {
      out.push({ key: 'valueRange', field: f, params: { min: range.min, max: range.max } });
    }
  }
  const d = rule.durationS;
  if (!isNum(d) || !Number.isInteger(d) || d < RULE_LIMITS.durationS.min || d > RULE_LIMITS.durationS.max) out.push({ key: 'duration', field: 'durationS' });
  if (numbersOk) {
    const threshold = rule.threshold as number;
    const clear = rule.clear as number;
    if (rule.op === '>' && !(clear < threshold)) out.push({ key: 'clearAbove', field: 'clear', params: { clear, threshold } });
    if (rule.op === '<' && !(clear > threshold)) out.push({ key: 'clearBelow', field: 'clear', params: { clear, threshold } });
  }
  return out;
}

export interface DefinitionEdit {
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

/** Checks an edited definition; `hasRule`: the definition is a threshold rule (it must keep one; a code cannot get one). */
export function checkDefinition(d: DefinitionEdit, deviceType: number, hasRule: boolean): RuleProblem[] {
  const out: RuleProblem[] = [];
  if (!isNum(d.severity) || !Number.isInteger(d.severity) || d.severity < 1 || d.severity > 4) out.push({ key: 'severity', field: 'severity' });
  if (typeof d.category !== 'string' || !(ALARM_CATEGORIES as readonly string[]).includes(d.category)) {
    out.push({ key: 'category', field: 'category', params: { values: ALARM_CATEGORIES.join(', ') } });
  }
  for (const f of ['nameZh', 'nameEn'] as const) {
    const v = d[f];
    if (typeof v !== 'string' || v.trim() === '') out.push({ key: 'required', field: f });
    else if (v.length > RULE_LIMITS.text.name) out.push({ key: 'tooLong', field: f, params: { max: RULE_LIMITS.text.name } });
  }
  for (const f of ['causeZh', 'causeEn', 'remedyZh', 'remedyEn'] as const) {
    const v = d[f];
    if (typeof v === 'string' && v.length > RULE_LIMITS.text.long) out.push({ key: 'tooLong', field: f, params: { max: RULE_LIMITS.text.long } });
  }
  const rule = d.rule ?? null;
  if (hasRule !== (rule !== null)) out.push({ key: 'ruleFixed', field: 'rule' });
  else if (rule) out.push(...checkRule(rule, deviceType));
  return out;
}

export interface OverrideEdit {
  threshold?: number | null;
  clear?: number | null;
  durationS?: number | null;
}

/** A rule as stored or answered (metric and op as text). */
export interface RuleLike {
  metric: string;
  op: string;
  threshold: number;
  clear: number;
  durationS: number;
}

/** The rule a device is evaluated with: its override's values over its type's rule (null/absent: the type's). */
export function mergeOverride<R extends RuleLike>(rule: R, o: OverrideEdit | null | undefined): R {
  if (!o) return rule;
  return {
    ...rule,
    threshold: o.threshold ?? rule.threshold,
    clear: o.clear ?? rule.clear,
    durationS: o.durationS ?? rule.durationS,
  };
}

/** Checks an override against its type's rule: the merged rule must be a valid rule. */
export function checkOverride(rule: RuleLike, o: OverrideEdit, deviceType: number): RuleProblem[] {
  for (const f of ['threshold', 'clear', 'durationS'] as const) {
    const v = o[f];
    if (v !== undefined && v !== null && (!isNum(v) || !Number.isFinite(v))) return [{ key: f === 'durationS' ? 'duration' : 'notFinite', field: f }];
  }
  return checkRule(mergeOverride(rule, o), deviceType);
}
