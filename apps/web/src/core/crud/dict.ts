/** Dictionary items for selects and tags: `GET /dict/dictionary?code=` (system) or `dict-biz/dictionary?code=`. */
import { useCallback } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '@/core/http/http';

export interface DictItem {
  id: string;
  code?: string;
  dictKey: string;
  dictValue: string;
  sort?: number;
  isSealed?: number;
  attribute1?: string;
}

export interface DictSource {
  code: string;
  /** Business dictionary (per tenant) instead of the system one. */
  biz?: boolean;
}

export const dictSourceKey = (s: DictSource) => `${s.biz ? 'biz' : 'system'}:${s.code}`;

function dictQuery(source: DictSource, language: string) {
  return {
    queryKey: ['dict', source.biz ? 'biz' : 'system', source.code, language],
    queryFn: async () => {
      const url = source.biz ? '/api/blade-system/dict-biz/dictionary' : '/api/blade-system/dict/dictionary';
      const data = await http.get<DictItem[]>(url, { params: { code: source.code } });
      return Array.isArray(data) ? data : [];
    },
    staleTime: 10 * 60_000,
  };
}

/** The items of one system dictionary (cached per code and language). */
export function useDict(code: string | undefined): DictItem[] {
  const { i18n } = useTranslation();
  const query = useQuery({ ...dictQuery({ code: code ?? '' }, i18n.language), enabled: Boolean(code) });
  return query.data ?? [];
}

/** Several dictionaries at once, keyed by `dictSourceKey` (absent until loaded; stable between renders). */
export function useDicts(sources: readonly DictSource[]): Record<string, DictItem[]> {
  const { i18n } = useTranslation();
  const combine = useCallback(
    (results: { data?: DictItem[] }[]) => {
      const out: Record<string, DictItem[]> = {};
      sources.forEach((s, i) => {
        const data = results[i]?.data;
        if (data) out[dictSourceKey(s)] = data;
      });
      return out;
    },
    [sources],
  );
  return useQueries({ queries: sources.map((s) => dictQuery(s, i18n.language)), combine });
}
