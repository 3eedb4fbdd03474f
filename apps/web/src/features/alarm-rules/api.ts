/**
 * The alarm-rule screen's server calls (contracts `alarm-rules.api`) as react-query hooks, and how a rule reads.
 * Names come translated by the server, so the keys carry the language.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DataOf, QueryOf } from '@helio/contracts/api/endpoint';
import { alarmDefinitionList, alarmThresholdDevice, alarmThresholdList } from '@helio/contracts/modules/alarm/alarm-rules.api';
import { callEndpoint } from '@/core/http/endpoint';

export type DefinitionRow = DataOf<typeof alarmDefinitionList>['records'][number];
export type DefinitionQuery = QueryOf<typeof alarmDefinitionList>;
export type OverrideRow = DataOf<typeof alarmThresholdList>['records'][number];
export type DeviceRules = DataOf<typeof alarmThresholdDevice>;
export type Rule = NonNullable<DefinitionRow['rule']>;

const KEY = 'alarm-rules';

export function useDefinitions(query: DefinitionQuery) {
  return useQuery({
    queryKey: [KEY, 'definitions', query],
    queryFn: () => callEndpoint(alarmDefinitionList, query),
    placeholderData: keepPreviousData,
  });
}

export function useOverrides(query: QueryOf<typeof alarmThresholdList>) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [KEY, 'overrides', i18n.language, query],
    queryFn: () => callEndpoint(alarmThresholdList, query),
    placeholderData: keepPreviousData,
  });
}

/** A device by SN and its threshold rules (nothing asked while the SN is empty). */
export function useDeviceRules(deviceSn: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [KEY, 'device', i18n.language, deviceSn],
    queryFn: () => callEndpoint(alarmThresholdDevice, { deviceSn }),
    enabled: deviceSn !== '',
    retry: false,
  });
}

/** After a change: every list of this screen reads again. */
export function useInvalidateRules() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [KEY] });
}

/** "Temperature > 75 (clears < 70) for 600 s". */
export function ruleText(t: TFunction, r: Rule): string {
  const back = r.op === '>' ? '<' : '>';
  return t('alarmRules.ruleText', { metric: t(`alarmRules.metric.${r.metric}`, { defaultValue: r.metric }), op: r.op, threshold: r.threshold, back, clear: r.clear, seconds: r.durationS });
}
