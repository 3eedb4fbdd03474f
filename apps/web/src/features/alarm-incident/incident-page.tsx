/**
 * Alarm incidents (`/alarm/incident`, under the alarm page; issue 14): alarms of the same kind raised within minutes
 * at several stations of one region (a grid outage), one row each — region, alarm kind, members (stations, still
 * active), time span, status and handling — newest first, live. A row opens the drawer with the member alarms and,
 * for users with `alarm_handle`, the form that handles every member at once.
 */
import { useState } from 'react';
import { Badge, Button, Card, Form, Select, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/core/permission/permission-store';
import { LIVE_MS, useIncidentList } from './api';
import type { IncidentRow } from './api';
import { IncidentDrawer } from './incident-drawer';
import { IncidentStatusTag, useIncidentDicts } from './tags';

export function IncidentPage() {
  const { t } = useTranslation();
  const { has } = usePermission();
  const dicts = useIncidentDicts();
  const [status, setStatus] = useState<string>('');
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [openId, setOpenId] = useState<string>();
  const list = useIncidentList({ ...(status ? { incidentStatus: status } : {}), current: String(paging.current), size: String(paging.size) });
  const canHandle = has('alarm_handle');

  const columns: TableColumnsType<IncidentRow> = [
    { title: t('alarmIncident.field.level'), dataIndex: 'level', render: (v: number) => dicts.tag('alarm_severity', v) },
    {
      title: t('alarmIncident.field.alarmName'),
      dataIndex: 'alarmName',
      width: 160,
      render: (name: string, r) => (
        <Typography.Link onClick={() => setOpenId(r.id)} data-testid={`incident-open-${r.id}`}>
          {name}
        </Typography.Link>
      ),
    },
    { title: t('alarmIncident.field.region'), dataIndex: 'regionName', width: 120 },
    {
      title: t('alarmIncident.field.members'),
      dataIndex: 'memberCount',
      render: (n: number, r) => t('alarmIncident.membersOf', { n, stations: r.stationCount, active: r.activeCount }),
    },
    { title: t('alarmIncident.field.span'), key: 'span', render: (_: unknown, r) => `${r.firstTrigger ?? '-'} – ${r.lastTrigger ?? '-'}` },
    { title: t('alarmIncident.field.closeTime'), dataIndex: 'closeTime', render: (v: string | null) => v ?? '-' },
    { title: t('alarmIncident.field.status'), dataIndex: 'incidentStatus', render: (v: number) => <IncidentStatusTag status={v} /> },
    { title: t('alarmIncident.field.handleStatus'), dataIndex: 'handleStatus', render: (v: number) => dicts.tag('alarm_handle_status', v) },
    {
      title: t('alarmIncident.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        // The name starts with the words shown (WCAG 2.5.3), then says which incident.
        <Button
          type="link"
          size="small"
          onClick={() => setOpenId(r.id)}
          aria-label={`${canHandle ? t('alarmIncident.handle') : t('alarmIncident.view')} ${t('alarmIncident.openNamed', { name: r.alarmName, region: r.regionName })}`}
        >
          {canHandle ? t('alarmIncident.handle') : t('alarmIncident.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card className="helio-alarm-incident-page">
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Form layout="inline">
          <Form.Item label={t('alarmIncident.field.status')} htmlFor="incident-status">
            <Select
              id="incident-status"
              style={{ width: 160 }}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPaging((p) => ({ ...p, current: 1 }));
              }}
              options={[
                { value: '', label: t('alarmIncident.status.all') },
                { value: '0', label: t('alarmIncident.status.open') },
                { value: '1', label: t('alarmIncident.status.closed') },
              ]}
            />
          </Form.Item>
        </Form>
        <Badge status={list.isError ? 'error' : 'processing'} text={t('alarmIncident.live', { seconds: LIVE_MS / 1000 })} />
      </Space>
      <Typography.Paragraph>{t('alarmIncident.intro')}</Typography.Paragraph>
      {/* Focusable, so a keyboard can scroll it sideways (axe scrollable-region-focusable). */}
      <div style={{ overflowX: 'auto' }} tabIndex={0}>
        <Table<IncidentRow>
          size="small"
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.records ?? []}
          columns={columns}
          aria-label={t('alarmIncident.listLabel')}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('alarmIncident.total', { total }),
            onChange: (current, size) => setPaging({ current, size }),
          }}
        />
      </div>
      <IncidentDrawer id={openId} canHandle={canHandle} dicts={dicts} onClose={() => setOpenId(undefined)} />
    </Card>
  );
}
