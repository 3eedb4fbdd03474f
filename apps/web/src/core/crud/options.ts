/** Choices of `tree` and `select` fields loaded from the server (trees, flat rows or pages), normalised. */
import { useCallback } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldDef, ResourceDef } from '@helio/contracts/crud/resource';
import { http } from '@/core/http/http';

export interface OptionSource {
  url: string;
  labelKey?: string;
  valueKey?: string;
}

export interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
  /** The row as the server sent it. */
  raw: Record<string, unknown>;
}

export const optionSourceKey = (s: OptionSource) => `${s.url}|${s.labelKey ?? 'title'}|${s.valueKey ?? 'id'}`;

/** Where a field takes its choices: its `optionsFrom`, or for a tree entity's parent key the entity's own tree. */
export function optionSourceOf(def: Pick<ResourceDef, 'api' | 'tree'> | undefined, field: FieldDef): OptionSource | undefined {
  if (field.optionsFrom) return field.optionsFrom;
  if (def?.tree && field.key === def.tree.parentKey) return { url: `${def.api}/tree` };
  return undefined;
}

export function normaliseOptions(data: unknown, source: Pick<OptionSource, 'labelKey' | 'valueKey'>): TreeOption[] {
  const rows = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { records?: unknown }).records)
      ? (data as { records: unknown[] }).records
      : [];
  const labelKey = source.labelKey ?? 'title';
  const valueKey = source.valueKey ?? 'id';
  const walk = (list: unknown[]): TreeOption[] =>
    list
      .filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object')
      .map((r) => {
        const children = Array.isArray(r.children) && r.children.length ? walk(r.children) : undefined;
        return { value: String(r[valueKey] ?? ''), title: String(r[labelKey] ?? r.title ?? ''), raw: r, ...(children ? { children } : {}) };
      });
  return walk(rows);
}

export function optionsQuery(source: OptionSource, language: string) {
  return {
    queryKey: ['options', source.url, source.labelKey ?? 'title', source.valueKey ?? 'id', language],
    queryFn: async () => normaliseOptions(await http.get<unknown>(source.url), source),
    staleTime: 60_000,
  };
}

/** Several option sources at once, keyed by `optionSourceKey` (absent until loaded; stable between renders). */
export function useOptionSources(sources: readonly OptionSource[]): Record<string, TreeOption[]> {
  const { i18n } = useTranslation();
  const combine = useCallback(
    (results: { data?: TreeOption[] }[]) => {
      const out: Record<string, TreeOption[]> = {};
      sources.forEach((s, i) => {
        const data = results[i]?.data;
        if (data) out[optionSourceKey(s)] = data;
      });
      return out;
    },
    [sources],
  );
  return useQueries({ queries: sources.map((s) => optionsQuery(s, i18n.language)), combine });
}

/** Flat map value → title of a tree of options. */
export function optionTitles(options: readonly TreeOption[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (list: readonly TreeOption[]) => {
    for (const o of list) {
      out.set(o.value, o.title);
      if (o.children) walk(o.children);
    }
  };
  walk(options);
  return out;
}

/** Values of the leaves of a tree of options. */
export function leafValues(options: readonly TreeOption[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly TreeOption[]) => {
    for (const o of list) {
      if (o.children?.length) walk(o.children);
      else out.add(o.value);
    }
  };
  walk(options);
  return out;
}

/** antd `Tree` nodes (`key`, `title`) of a tree of options. */
export function toTreeNodes(options: readonly TreeOption[]): { key: string; title: string; children?: ReturnType<typeof toTreeNodes> }[] {
  return options.map((o) => ({ key: o.value, title: o.title, ...(o.children ? { children: toTreeNodes(o.children) } : {}) }));
}
