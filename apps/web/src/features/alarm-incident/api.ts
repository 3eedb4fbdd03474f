/**
 * The incident screen's server calls (contracts `alarm-incident.api`) as react-query hooks, keyed by language (the
 * server translates names and regions), refreshed every few seconds while the tab is visible.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataOf, QueryOf } from '@helio/contracts/api/endpoint';
import { alarmIncidentDetail, alarmIncidentList } from '@helio/contracts/modules/alarm/alarm-incident.api';
import { callEndpoint } from '@/core/http/endpoint';

export type IncidentRow = DataOf<typeof alarmIncidentList>['records'][number];
export type IncidentQuery = QueryOf<typeof alarmIncidentList>;
export type IncidentDetail = DataOf<typeof alarmIncidentDetail>;
export type MemberRow = IncidentDetail['members'][number];

export const LIVE_MS = 10_000;
const KEY = 'alarm-incident';

export function useIncidentList(query: IncidentQuery) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [KEY, 'list', i18n.language, query],
    queryFn: () => callEndpoint(alarmIncidentList, query),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
  });
}

export function useIncident(id: string | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [KEY, 'detail', i18n.language, id],
    queryFn: () => callEndpoint(alarmIncidentDetail, { id: id! }),
    enabled: Boolean(id),
    refetchInterval: LIVE_MS,
  });
}

/** After handling: the incident lists and details, and the alarm screen's queries (its members changed). */
export function useInvalidateIncidents() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: [KEY] }), client.invalidateQueries({ queryKey: ['alarm'] })]);
}
