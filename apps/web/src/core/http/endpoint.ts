/**
 * Typed calls of the routes declared in contracts (`defineEndpoint`): the query, body and answer types come from
 * the same TypeBox schemas the server validates and serialises with, so a changed answer shape is a type error here.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf, Endpoint, QueryOf } from '@helio/contracts/api/endpoint';
import { http } from './http';
import type { QueryParams } from './types';

const clean = (params: object | undefined): QueryParams =>
  Object.fromEntries(
    Object.entries(params ?? {}).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : (v as QueryParams[string])]),
  );

/** Calls an endpoint and returns `R.data`. */
export function callEndpoint<E extends Endpoint>(endpoint: E, query?: QueryOf<E>, body?: BodyOf<E>): Promise<DataOf<E>> {
  return http.request<{ data: DataOf<E> }>(endpoint.url, {
    method: endpoint.method,
    params: clean(query as object | undefined),
    ...(body === undefined ? {} : { data: body }),
  }).then((r) => r.data);
}

/** A GET endpoint as a react-query hook; `refetchInterval` in ms for live figures. */
export function useEndpoint<E extends Endpoint>(endpoint: E, query?: QueryOf<E>, options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: ['endpoint', endpoint.url, clean(query as object | undefined)],
    queryFn: () => callEndpoint(endpoint, query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
  });
}
