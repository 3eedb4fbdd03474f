/**
 * react-query hooks of one resource: list (paged, or the whole tree of a tree entity), detail, submit (insert
 * without id, update with id and the version it was loaded at) and remove (`ids=1,2`). The HTTP client unwraps `R<T>` and toasts failures; these
 * hooks normalise pages and trees and invalidate the resource (and option lists under its API) after a change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONFLICT_CODE, type ResourceDef } from '@helio/contracts/crud/resource';
import { http } from '@/core/http/http';
import type { Page, QueryParams } from '@/core/http/types';

export type Row = Record<string, unknown> & { id?: string };

export interface CrudUrls {
  list: string;
  detail: string;
  submit: string;
  remove: string;
}

export function crudUrls(def: Pick<ResourceDef, 'api'>, overrides?: Partial<CrudUrls>): CrudUrls {
  return {
    list: `${def.api}/list`,
    detail: `${def.api}/detail`,
    submit: `${def.api}/submit`,
    remove: `${def.api}/remove`,
    ...overrides,
  };
}

export const crudKeys = {
  all: (name: string) => ['crud', name] as const,
  list: (name: string, url: string, params: QueryParams, language: string) => ['crud', name, 'list', url, params, language] as const,
  detail: (name: string, id: string) => ['crud', name, 'detail', id] as const,
};

export interface ListResult {
  rows: Row[];
  total: number;
  /** The answer was a whole tree (unpaged). */
  tree: boolean;
}

/** Pages (`{records, total}`) and trees (arrays) alike. */
export function normaliseList(data: unknown): ListResult {
  if (Array.isArray(data)) return { rows: data as Row[], total: data.length, tree: true };
  const page = data as Partial<Page<Row>> | undefined;
  return { rows: Array.isArray(page?.records) ? page.records : [], total: Number(page?.total ?? 0), tree: false };
}

/** Drop empty values so the server sees only real filters. */
export function cleanParams(params: Record<string, unknown>): QueryParams {
  const out: QueryParams = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = Array.isArray(v) ? v.join(',') : (v as string | number | boolean);
  }
  return out;
}

export function useCrudList(def: Pick<ResourceDef, 'name' | 'api'>, params: QueryParams, options: { url?: string; enabled?: boolean } = {}) {
  const { i18n } = useTranslation();
  const url = options.url ?? `${def.api}/list`;
  return useQuery({
    queryKey: crudKeys.list(def.name, url, params, i18n.language),
    queryFn: async () => normaliseList(await http.get<unknown>(url, { params })),
    enabled: options.enabled ?? true,
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}

export async function fetchDetail(url: string, id: string, idParam = 'id'): Promise<Row> {
  const data = await http.get<Row>(url, { params: { [idParam]: id } });
  return data ?? {};
}

/** Refresh everything read from this resource: its lists and details, and option lists served under its API. */
export function invalidateResource(queryClient: QueryClient, def: Pick<ResourceDef, 'name' | 'api'>): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) =>
      (q.queryKey[0] === 'crud' && q.queryKey[1] === def.name) ||
      (q.queryKey[0] === 'options' && typeof q.queryKey[1] === 'string' && q.queryKey[1].startsWith(`${def.api}/`)),
  });
}

export function useCrudMutations(def: Pick<ResourceDef, 'name' | 'api'>, urls: CrudUrls) {
  const queryClient = useQueryClient();
  const submit = useMutation({
    // A stale edit (409) is the caller's to show (conflict.tsx), with a reload offer, not a toast.
    mutationFn: (body: Row) => http.post<unknown>(urls.submit, { data: body, silentCodes: [CONFLICT_CODE] }),
    onSuccess: () => invalidateResource(queryClient, def),
  });
  const remove = useMutation({
    mutationFn: (ids: readonly string[]) => http.post<unknown>(urls.remove, { params: { ids: ids.join(',') } }),
    onSuccess: () => invalidateResource(queryClient, def),
  });
  return { submit, remove };
}
