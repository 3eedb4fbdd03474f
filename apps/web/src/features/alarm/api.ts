/**
 * The alarm screen's server calls (contracts `alarm.api`: `/api/skyworth-client/alarmLog/...` and
 * `.../alarmLogOperationRecord/...`) as react-query hooks. Names, causes and remedies come translated by the server,
 * so every key carries the language: a switch refetches at once instead of waiting for the next refresh.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataOf, QueryOf } from '@helio/contracts/api/endpoint';
import { alarmLogDetail, alarmLogList, alarmRecordList, plantAgentViewInfo } from '@helio/contracts/modules/alarm/alarm.api';
import { PAGES } from '@helio/contracts/permissions';
import { callEndpoint } from '@/core/http/endpoint';
import { http } from '@/core/http/http';
import type { Page } from '@/core/http/types';

export type AlarmRow = DataOf<typeof alarmLogList>['records'][number];
export type AlarmRecord = DataOf<typeof alarmRecordList>['records'][number];
export type AlarmQuery = QueryOf<typeof alarmLogList>;

/** The list refreshes itself this often while the tab is visible (react-query pauses intervals in a hidden tab). */
export const LIVE_MS = 5_000;

const KEY = 'alarm';

/** Alarms, newest first, with the filters and paging given; live. */
export function useAlarmList(query: AlarmQuery) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [KEY, 'list', i18n.language, query],
    queryFn: () => callEndpoint(alarmLogList, query),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
  });
}

/** One alarm (refreshed with the list, so an open drawer sees it recover). */
export function useAlarm(id: string | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [KEY, 'detail', i18n.language, id],
    queryFn: () => callEndpoint(alarmLogDetail, { id: id! }),
    enabled: Boolean(id),
    refetchInterval: LIVE_MS,
  });
}

/** Whom to call about the alarm's station: its operation company, operator and owner (`plantAgentViewInfo`). */
export function useStationContacts(alarmId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'contacts', alarmId],
    queryFn: () => callEndpoint(plantAgentViewInfo, { alarmId: alarmId! }),
    enabled: Boolean(alarmId) && enabled,
    staleTime: 60_000,
  });
}

/** An alarm's handling history, newest first. */
export function useAlarmRecords(alarmId: string | undefined) {
  return useQuery({
    queryKey: [KEY, 'records', alarmId],
    queryFn: () => callEndpoint(alarmRecordList, { alarmId: alarmId!, size: '100' }),
    enabled: Boolean(alarmId),
  });
}

/** After a change: the list, the open alarm and its history read again. */
export function useInvalidateAlarms() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [KEY] });
}

/**
 * Whether the user may read a page's list (its page code): the button codes the shell holds are leaves only, so a page
 * counts as held when one of its buttons is (a grant of a button includes its page).
 */
export function holdsPage(has: (code: string) => boolean, page: string): boolean {
  return PAGES.find((p) => p.code === page)?.buttons.some((b) => has(`${page}_${b}`)) ?? false;
}

export interface Option {
  value: string;
  label: string;
}

/** Stations to filter by (`plant/page` by name), for users who may read the station list. */
export function useStationOptions(name: string, enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'stations', name],
    queryFn: async (): Promise<Option[]> => {
      const page = await http.get<Page<{ id: string; plantName: string }>>('/api/skyworth-client/plant/page', {
        params: { size: 20, ...(name ? { plantName: name } : {}) },
      });
      return (page?.records ?? []).map((r) => ({ value: String(r.id), label: r.plantName }));
    },
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** Users to assign or filter by (`user/list` by real name), for users who may read the user list. */
export function useUserOptions(name: string, enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'users', name],
    queryFn: async (): Promise<(Option & { tenantId?: string })[]> => {
      const page = await http.get<Page<{ id: string; realName?: string; account: string; tenantId?: string }>>('/api/blade-system/user/list', {
        params: { size: 50, ...(name ? { realName: name } : {}) },
      });
      return (page?.records ?? []).map((u) => ({
        value: String(u.id),
        label: u.realName ? `${u.realName} (${u.account})` : u.account,
        tenantId: u.tenantId,
      }));
    },
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
