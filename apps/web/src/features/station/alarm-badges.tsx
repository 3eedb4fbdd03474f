/**
 * Alarm badges of the station screens (issue 14; contracts `alarm-stats.api`): active alarm counts by severity on
 * the station list, the station and device detail and the home dashboard, and a device's own alarms (the guardian's
 * "Alarms" tab, `alarmLog/list?deviceId=`). Shown only to users who may view the alarm page (`alarm_view`); the
 * counts come from the same data scope as the alarm list.
 */
import { useMemo } from 'react';
import { Card, Col, Row as GridRow, Space, Statistic, Tag, Tooltip, Typography, theme } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { alarmLogCount, alarmLogCountByPlant } from '@helio/contracts/modules/alarm/alarm-stats.api';
import { useEndpoint } from '@/core/http/endpoint';
import { usePermission } from '@/core/permission/permission-store';
import { formatNumber } from './format';

export type AlarmCounts = DataOf<typeof alarmLogCount>;

/** The counts refresh this often (the dashboard card is "live"). */
export const ALARM_LIVE_MS = 10_000;
/** The alarm page (menu `alarm`); `?plantId=` / `?deviceId=` narrow it. */
export const ALARM_PATH = '/alarm';
/** The alarm analysis page (features/alarm-analysis). */
export const ANALYSIS_PATH = '/alarm/analysis';

export const SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SEVERITY_OF_LEVEL: Record<number, Severity> = { 4: 'critical', 3: 'major', 2: 'minor', 1: 'warning' };
/** Solid colours dark enough for white text (WCAG AA), the alarm screen's palette. */
export const SEVERITY_COLOURS: Record<Severity, string> = { critical: '#cf1322', major: '#ad4e00', minor: '#7c5e00', warning: '#0958d9' };

/** The highest severity with an active alarm, or null when none. */
export function highestSeverity(c: Pick<AlarmCounts, Severity> | undefined): Severity | null {
  return c ? (SEVERITIES.find((s) => c[s] > 0) ?? null) : null;
}

/**
 * Whether the user may read alarms (the counts are not asked for otherwise): the alarm page's `alarm_view` button,
 * as the dashboard asks `<page>_view` of the station pages (the permission store holds button codes).
 */
export function useCanSeeAlarms(): boolean {
  return usePermission().has('alarm_view');
}

/** The badge of a row or a device: the active count, coloured by the highest severity; a link to the alarm page. */
export function AlarmCountTag({ counts, to }: { counts: AlarmCounts | undefined; to?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const top = highestSeverity(counts);
  const total = counts?.total ?? 0;
  const detail = SEVERITIES.filter((s) => (counts?.[s] ?? 0) > 0)
    .map((s) => `${t(`station.alarm.severity.${s}`)} ${counts![s]}`)
    .join(' · ');
  const label = total > 0 ? t('station.alarm.activeCount', { count: total }) + (detail ? ` (${detail})` : '') : t('station.alarm.none');
  const tag = (
    <Tag color={top ? SEVERITY_COLOURS[top] : undefined} data-testid="alarm-count" data-severity={top ?? 'none'}>
      {formatNumber(total, 0, i18n.language)}
    </Tag>
  );
  if (!to || total === 0) return <span aria-label={label} title={label}>{tag}</span>;
  return (
    <Tooltip title={label}>
      <Typography.Link href={to} aria-label={label} onClick={(e) => { e.preventDefault(); void navigate(to); }}>
        {tag}
      </Typography.Link>
    </Tooltip>
  );
}

/** Active counts of every station on a list page, by station id (one call per page). */
export function usePlantAlarmCounts(plantIds: string[]): Map<string, AlarmCounts> | undefined {
  const enabled = useCanSeeAlarms() && plantIds.length > 0;
  const q = useEndpoint(alarmLogCountByPlant, { plantIds: plantIds.join(',') }, { enabled, refetchInterval: ALARM_LIVE_MS });
  return useMemo(() => (enabled && q.data ? new Map(q.data.map((r) => [r.plantId, r])) : undefined), [enabled, q.data]);
}

const ZERO: AlarmCounts = { total: 0, critical: 0, major: 0, minor: 0, warning: 0, unacknowledged: 0 };

/** The station list's "Alarms" cell: zero while the counts of the page answer without the station. */
export function PlantAlarmCell({ plantId, counts }: { plantId: string; counts: Map<string, AlarmCounts> | undefined }) {
  if (!counts) return <>-</>;
  return <AlarmCountTag counts={counts.get(plantId) ?? ZERO} to={`${ALARM_PATH}?plantId=${plantId}`} />;
}

/** Counts by severity as tags (and the unacknowledged ones), linking to the alarm page narrowed as given. */
export function SeverityTags({ query, testId }: { query: { plantId?: string; deviceId?: string }; testId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const allowed = useCanSeeAlarms();
  const q = useEndpoint(alarmLogCount, query, { enabled: allowed, refetchInterval: ALARM_LIVE_MS });
  if (!allowed) return null;
  const c = q.data;
  const to = `${ALARM_PATH}?${new URLSearchParams(query as Record<string, string>).toString()}`;
  const n = (v: number | undefined) => formatNumber(v ?? 0, 0, i18n.language);
  return (
    <Typography.Link href={to} onClick={(e) => { e.preventDefault(); void navigate(to); }} data-testid={testId}>
      <Space size={4} wrap>
        <span>{t('station.alarm.title')}</span>
        {c && c.total === 0 ? (
          <Tag>{t('station.alarm.none')}</Tag>
        ) : (
          SEVERITIES.filter((s) => (c?.[s] ?? 0) > 0).map((s) => (
            <Tag key={s} color={SEVERITY_COLOURS[s]} data-severity={s}>{`${t(`station.alarm.severity.${s}`)} ${n(c?.[s])}`}</Tag>
          ))
        )}
        {(c?.unacknowledged ?? 0) > 0 && <Tag>{t('station.alarm.unacknowledgedCount', { count: c!.unacknowledged })}</Tag>}
      </Space>
    </Typography.Link>
  );
}

/** The home dashboard's card: active alarms by severity and the unacknowledged ones, refreshed every 10 s. */
export function AlarmSummaryCard() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const allowed = useCanSeeAlarms();
  const { token } = theme.useToken();
  const q = useEndpoint(alarmLogCount, {}, { enabled: allowed, refetchInterval: ALARM_LIVE_MS });
  if (!allowed) return null;
  const c = q.data;
  // antd's statistic titles are its "description" grey (below 4.5:1 on white); the secondary text colour is not.
  const title = (text: string) => <span style={{ color: token.colorTextSecondary }}>{text}</span>;
  const value = (v: number | undefined) => (c ? formatNumber(v ?? 0, 0, i18n.language) : '-');
  return (
    <Card
      size="small"
      title={t('station.alarm.activeTitle')}
      data-testid="home-alarms"
      extra={
        <Space size={12}>
          <Typography.Link href={ANALYSIS_PATH} onClick={(e) => { e.preventDefault(); void navigate(ANALYSIS_PATH); }}>
            {t('station.alarm.analysis')}
          </Typography.Link>
          <Typography.Link href={ALARM_PATH} onClick={(e) => { e.preventDefault(); void navigate(ALARM_PATH); }}>
            {t('station.alarm.viewAll')}
          </Typography.Link>
        </Space>
      }
    >
      <GridRow gutter={[12, 12]}>
        <Col xs={12} md={4}>
          <Statistic title={title(t('station.alarm.total'))} value={value(c?.total)} />
        </Col>
        {SEVERITIES.map((s) => (
          <Col key={s} xs={12} md={4} data-testid={`home-alarms-${s}`}>
            <Statistic title={title(t(`station.alarm.severity.${s}`))} value={value(c?.[s])} valueStyle={(c?.[s] ?? 0) > 0 ? { color: SEVERITY_COLOURS[s] } : undefined} />
          </Col>
        ))}
        <Col xs={12} md={4}>
          <Statistic title={title(t('station.alarm.unacknowledged'))} value={value(c?.unacknowledged)} />
        </Col>
      </GridRow>
    </Card>
  );
}

/** The device detail's badge: the device's active alarms. */
export function DeviceAlarmBadge({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const allowed = useCanSeeAlarms();
  const q = useEndpoint(alarmLogCount, { deviceId }, { enabled: allowed && !!deviceId, refetchInterval: ALARM_LIVE_MS });
  if (!allowed) return null;
  return (
    <Space size={4} data-testid="device-alarm-badge">
      <span>{t('station.alarm.title')}</span>
      <AlarmCountTag counts={q.data} to={`${ALARM_PATH}?deviceId=${deviceId}`} />
    </Space>
  );
}
