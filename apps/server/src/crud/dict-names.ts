/**
 * The names of a resource's coded values, as Blade VOs carry them: every dictionary (`dict`, `dictbiz`) or fixed-choice
 * (`select` with `options`) field `x` gets `xName`, the value's label in the caller's language (SpringBlade's
 * `categoryName`, `scopeTypeName`, `statusName`…; stock clients draw their tag cells from it). A value without an
 * entry gets ''. Dictionary entries are cached per process for a few seconds, so an edited label shows everywhere
 * within that time.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FieldDef, ResourceDef } from '@helio/contracts/crud/resource';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { Lang } from '../core/i18n.js';
import type { Db } from '../db/client.js';
import { dict, dictBiz } from '../db/schema.js';
import type { Row } from './types.js';

/** One dictionary: value key → label per language. */
export type Labels = Map<string, { 'zh-CN'?: string; 'en-US'?: string }>;

/** The entries of a system dictionary, or of a tenant's business dictionary (the platform's when it has none). */
export async function loadLabels(db: Db, f: Pick<FieldDef, 'kind' | 'dict' | 'options'>, tenantId: string): Promise<Labels> {
  const out: Labels = new Map();
  const put = (key: string, language: string | null, value: string) => {
    const e = out.get(key) ?? {};
    if (language === 'en-US') e['en-US'] = value;
    else e['zh-CN'] ??= value;
    out.set(key, e);
  };
  if (f.kind === 'select') {
    for (const o of f.options ?? []) {
      put(String(o.value), 'zh-CN', o.label.zh);
      put(String(o.value), 'en-US', o.label.en);
    }
    return out;
  }
  if (f.kind === 'dict') {
    const rows = await db
      .select({ key: dict.dictKey, value: dict.dictValue, language: dict.language })
      .from(dict)
      .where(and(eq(dict.code, f.dict!), ne(dict.parentId, '0'), eq(dict.isDeleted, 0)))
      .orderBy(asc(dict.sort));
    for (const r of rows) put(r.key ?? '', r.language, r.value ?? '');
    return out;
  }
  const load = (tenant: string) =>
    db
      .select({ key: dictBiz.dictKey, value: dictBiz.dictValue, language: dictBiz.language })
      .from(dictBiz)
      .where(and(eq(dictBiz.code, f.dict!), eq(dictBiz.tenantId, tenant), ne(dictBiz.parentId, '0'), eq(dictBiz.isDeleted, 0)))
      .orderBy(asc(dictBiz.sort));
  let rows = await load(tenantId);
  if (!rows.length && tenantId !== PLATFORM_TENANT_ID) rows = await load(PLATFORM_TENANT_ID);
  for (const r of rows) put(r.key ?? '', r.language, r.value ?? '');
  return out;
}

/** The label of `key` in `lang` (the Chinese one when the entry has no English). */
export const labelOf = (labels: Labels, key: unknown, lang: Lang): string => {
  const e = labels.get(String(key ?? ''));
  return (e && (e[lang] ?? e['zh-CN'] ?? e['en-US'])) ?? '';
};

/** The coded fields of a definition that get a `…Name` (not when the definition has that field itself). */
export function namedFields(def: ResourceDef): FieldDef[] {
  const keys = new Set(def.fields.map((f) => f.key));
  return def.fields.filter(
    (f) => ((f.kind === 'dict' || f.kind === 'dictbiz') && f.dict) || (f.kind === 'select' && f.options?.length && !f.multiple),
  ).filter((f) => !keys.has(`${f.key}Name`) && !f.secret);
}

/** Adds the `…Name` of each coded field to VOs, with a per-process cache of the dictionaries (ttl ms). */
export function dictNamer(db: Db, def: ResourceDef, ttlMs = 5000) {
  const fields = namedFields(def);
  const cache = new Map<string, { labels: Labels; until: number }>();
  const labels = async (f: FieldDef, tenantId: string) => {
    const key = `${f.key}\u0000${f.kind === 'dictbiz' ? tenantId : ''}`;
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.labels;
    const l = await loadLabels(db, f, tenantId);
    if (cache.size > 500) cache.clear();
    cache.set(key, { labels: l, until: Date.now() + ttlMs });
    return l;
  };
  return async (vos: Row[], lang: Lang, tenantId: string): Promise<Row[]> => {
    if (!fields.length || !vos.length) return vos;
    for (const f of fields) {
      const l = await labels(f, tenantId);
      for (const v of vos) v[`${f.key}Name`] = labelOf(l, v[f.key], lang);
    }
    return vos;
  };
}
