/**
 * The agent screens' server calls: the company's CRUD routes (contracts `agent.resource`) and the contracts endpoints
 * of `agent.api` (typed by their schemas), with react-query keys.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@helio/contracts/api/endpoint';
import { agentCompanyResource } from '@helio/contracts/modules/agent/agent.resource';
import {
  deleteBatch,
  documentList,
  findAgentUserList,
  operationLogList,
  staffSave,
  stationList,
  stationOptions,
  stationSave,
  unauthorizedList,
  unauthorizedRemove,
  unauthorizedSaveBatch,
} from '@helio/contracts/modules/agent/agent.api';
import { callEndpoint, useEndpoint } from '@/core/http/endpoint';
import { http } from '@/core/http/http';

const BASE = agentCompanyResource.api;

/** A company as the list and detail answer it (every field of the definition, ids as strings). */
export interface Company {
  id: string;
  version?: number;
  agentNumber: string;
  companyName: string;
  agentType: number | null;
  agentTypeName?: string;
  regionName?: string | null;
  registrationTime?: string | null;
  deptId?: string | null;
  adminUserId?: string | null;
  adminAccount?: string;
  [key: string]: unknown;
}
export interface CompanyPage {
  records: Company[];
  total: number;
}
export interface SaveAnswer {
  id: string;
  agentNumber?: string;
  adminAccount?: string;
  initialPassword?: string;
}

export type StaffRow = DataOf<typeof findAgentUserList>[number];
export type ExcludedRow = DataOf<typeof unauthorizedList>[number];
export type StationRow = DataOf<typeof stationList>[number];
export type LogRow = DataOf<typeof operationLogList>['records'][number];
export type DocumentRow = DataOf<typeof documentList>[number];
export type StaffBody = BodyOf<typeof staffSave>;

export const useCompanies = (q: Record<string, string | undefined>) =>
  useQuery({
    queryKey: ['endpoint', `${BASE}/list`, q],
    queryFn: () => http.get<CompanyPage>(`${BASE}/list`, { params: Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string> }),
  });
export const useCompany = (id: string | undefined) =>
  useQuery({ queryKey: ['endpoint', `${BASE}/detail`, { id }], queryFn: () => http.get<Company>(`${BASE}/detail`, { params: { id: id! } }), enabled: Boolean(id) });

export const useStaff = (agentId: string) => useEndpoint(findAgentUserList, { agentId });
export const useExcluded = (agentId: string) => useEndpoint(unauthorizedList, { agentId });
export const useStations = (agentId: string) => useEndpoint(stationList, { agentId });
export const useStationOptions = (enabled: boolean) => useEndpoint(stationOptions, {}, { enabled });
export const useLog = (agentId: string, current: number) => useEndpoint(operationLogList, { agentId, current: String(current), size: '10' });
export const useDocuments = (agentId: string | undefined) => useEndpoint(documentList, { agentId: agentId ?? '' }, { enabled: Boolean(agentId) });

/** After any agent write every agent figure is stale (and the station lists with them). */
export function useAgentRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['endpoint'], predicate: (q) => String(q.queryKey[1] ?? '').startsWith('/api/skyworth-agent/') });
}

export const saveCompany = (body: Record<string, unknown>) => http.post<SaveAnswer>(`${BASE}/${body.id ? 'update' : 'save'}`, { data: body });
export const removeCompanies = (ids: string[]) => callEndpoint(deleteBatch, undefined, { ids: ids.join(',') });
export const addStaff = (body: StaffBody) => callEndpoint(staffSave, undefined, body);
export const exclude = (agentId: string, userIds: string[], reason?: string) => callEndpoint(unauthorizedSaveBatch, undefined, { agentId, userIds, reason: reason ?? null });
export const lift = (ids: string[]) => callEndpoint(unauthorizedRemove, { ids: ids.join(',') });
export const saveStations = (agentId: string, plantIds: string[]) => callEndpoint(stationSave, undefined, { agentId, plantIds });
