import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { http } from '@/core/http/http';

/** `/api/skyworth-client/...` (server: modules/station/station.routes.ts; docs/stations.md). */
export const CLIENT = '/api/skyworth-client';

export type Row = Record<string, unknown>;
export type Params = Record<string, string | number | undefined>;

export interface Page<T = Row> {
  records: T[];
  total: number;
  size: number;
  current: number;
}

export interface Fault {
  code: number;
  name: string;
  solution: string;
}

export type DeviceKind = 'inverter' | 'battery' | 'guardian' | 'charger';

/** API prefix per device kind. */
export const DEVICE_BASE: Record<DeviceKind, string> = {
  inverter: `${CLIENT}/inverter`,
  battery: `${CLIENT}/battery`,
  guardian: `${CLIENT}/guardianPlant`,
  charger: `${CLIENT}/charger`,
};

/** List endpoint per device kind. */
export const DEVICE_LIST: Record<DeviceKind, string> = {
  inverter: `${CLIENT}/inverter/page`,
  battery: `${CLIENT}/battery/page`,
  guardian: `${CLIENT}/guardianPlant/list`,
  charger: `${CLIENT}/charger/list`,
};

/** Route of each kind's detail page (declared in ./feature.ts). */
export const DETAIL_PATH: Record<DeviceKind | 'plant', string> = {
  plant: '/power-station-equip/power/detail',
  inverter: '/inverter/detail',
  battery: '/battery/detail',
  guardian: '/guardian/detail',
  charger: '/charge/detail',
};

const clean = (params: Params): Record<string, string> =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));

export function get<T>(url: string, params: Params = {}): Promise<T> {
  return http.get<T>(url, { params: clean(params) });
}

/** A GET as a react-query hook; `refetchInterval` in ms for live figures. */
export function useGet<T>(url: string, params: Params = {}, options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: ['station', url, clean(params)],
    queryFn: () => get<T>(url, params),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
  });
}

/** Live figures refresh every 30 s (dashboard, detail heads, energy flow). */
export const LIVE_MS = 30_000;

/**
 * The record id of a detail route (`…/detail/:id`). The shell renders pages from the registry outside a `<Route>`
 * with their pattern, so `useParams` is empty there: read the last path segment.
 */
export function useDetailId(): string {
  const { pathname } = useLocation();
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  return /^\d+$/.test(last) ? last : '';
}
