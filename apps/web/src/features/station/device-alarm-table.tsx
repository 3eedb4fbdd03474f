/** A device's own alarms (the guardian's "Alarms" tab), apart from alarm-badges.tsx so the dashboard loads no table. */
import { useState } from 'react';
import { Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { alarmLogList } from '@helio/contracts/modules/alarm/alarm.api';
import { callEndpoint } from '@/core/http/endpoint';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { ALARM_LIVE_MS, SEVERITY_COLOURS, SEVERITY_OF_LEVEL } from './alarm-badges';

type AlarmRow = DataOf<typeof alarmLogList>['records'][number];

/** A device's alarms, newest first (the guardian's "Alarms" tab): name, severity, status, acknowledgement, times. */
export function DeviceAlarmTable({ deviceId }: { deviceId: string }) {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const q = useQuery({
    queryKey: ['alarm', 'list', i18n.language, { deviceId, ...paging }],
    queryFn: () => {
      // The list's filters are declared by name in contracts (ALARM_LIST_FILTERS); its TypeBox type keeps paging only.
      const query = { deviceId, current: String(paging.current), size: String(paging.size) };
      return callEndpoint(alarmLogList, query);
    },
    placeholderData: keepPreviousData,
    refetchInterval: ALARM_LIVE_MS,
  });
  const columns: TableColumnsType<AlarmRow> = [
    { title: t('station.event.time'), dataIndex: 'triggerTime' },
    { title: t('station.event.code'), dataIndex: 'alarmCode' },
    { title: t('station.event.name'), dataIndex: 'alarmName' },
    {
      title: t('station.alarm.severityTitle'),
      dataIndex: 'level',
      render: (v: number) => {
        const s = SEVERITY_OF_LEVEL[v];
        return s ? <Tag color={SEVERITY_COLOURS[s]}>{t(`station.alarm.severity.${s}`)}</Tag> : v;
      },
    },
    {
      title: t('station.alarm.status'),
      dataIndex: 'alarmStatus',
      render: (v: number) => (v === 0 ? <Tag color="#cf1322">{t('station.event.active')}</Tag> : <Tag color="#237804">{t('station.alarm.recovered')}</Tag>),
    },
    { title: t('station.alarm.ack'), dataIndex: 'ackStatus', render: (v: number, r) => (v === 1 ? `${t('station.alarm.acknowledged')} ${r.ackTime ?? ''}` : t('station.alarm.notAcknowledged')) },
    { title: t('station.event.recoverTime'), dataIndex: 'recoverTime', render: (v: string | null) => v ?? '-' },
    { title: t('station.event.solution'), dataIndex: 'solution', render: (v: string | null) => v ?? '-' },
  ];
  return (
    <Table<AlarmRow>
      size="small"
      rowKey="id"
      data-testid="device-alarms"
      loading={q.isFetching && !q.data}
      dataSource={q.data?.records ?? []}
      columns={columns}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: paging.current,
        pageSize: paging.size,
        total: q.data?.total ?? 0,
        showTotal: (total) => t('station.total', { total }),
        onChange: (current, size) => setPaging({ current, size }),
      }}
    />
  );
}

