/** The business dictionaries a stage form's coded fields name (`dict` annotations), loaded together. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useDicts } from '@/core/crud/dict';
import type { DictItem, DictSource } from '@/core/crud/dict';
import { dictSourceKey } from '@/core/crud/dict';
import { choiceKey, flattenFields, labelKey } from './schema-model';
import type { FieldNode } from './schema-model';

export type DictMap = Record<string, DictItem[]>;

export function dictSourcesOfNodes(nodes: readonly FieldNode[]): DictSource[] {
  const codes = new Set(flattenFields(nodes).flatMap((n) => (n.dict ? [n.dict] : [])));
  return [...codes].map((code) => ({ code, biz: true }));
}

/** The items of every dictionary the nodes name, by code (absent until loaded). */
export function useNodeDicts(nodes: readonly FieldNode[]): DictMap {
  const sources = useMemo(() => dictSourcesOfNodes(nodes), [nodes]);
  const loaded = useDicts(sources);
  return useMemo(() => Object.fromEntries(sources.map((s) => [s.code, loaded[dictSourceKey(s)] ?? []])), [sources, loaded]);
}

export const dictOptions = (items: readonly DictItem[] | undefined) => (items ?? []).map((i) => ({ value: i.dictKey, label: i.dictValue }));

/** Labels of a form's fields and choices under an i18n key prefix (`<ns>.form.<formKey>`). */
export function useLabels(prefix: string) {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => ({
      t,
      language: i18n.language,
      label: (node: Pick<FieldNode, 'path' | 'kind'>) => t(labelKey(prefix, node)),
      choice: (node: Pick<FieldNode, 'path'>, value: string) => t(choiceKey(prefix, node, value), { defaultValue: value }),
    }),
    [prefix, t, i18n.language],
  );
}

export type Labels = ReturnType<typeof useLabels>;

/** A stored value as text: dictionary and choice labels, yes/no, lists joined. */
export function valueText(node: FieldNode, value: unknown, dicts: DictMap, labels: Labels, t: TFunction): string {
  if (value === undefined || value === null || value === '') return '';
  const dictLabel = (v: unknown) => dicts[node.dict ?? '']?.find((i) => i.dictKey === String(v))?.dictValue ?? String(v);
  switch (node.kind) {
    case 'boolean':
      return t(value ? 'stage.yes' : 'stage.no');
    case 'dict':
      return dictLabel(value);
    case 'dicts':
      return Array.isArray(value) ? value.map(dictLabel).join(', ') : String(value);
    case 'choice':
      return labels.choice(node, String(value));
    default:
      return Array.isArray(value) ? value.map(String).join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
