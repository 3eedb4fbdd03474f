/**
 * Alarms (`/alarm`, page code `alarm`; issue 14, spec §2 "Alarms with a handling dialog and history"): the live list
 * (newest first, refreshed every few seconds while the tab is visible), its filters, row selection with bulk
 * acknowledgement (`alarm_handle`), and the drawer that shows one alarm, handles it and lists its history.
 * No export button: the server has no alarm export route yet.
 */
import { useState } from 'react';
import { Badge, Button, Card, Modal, Space, Table, Typography } from 'antd';
import type { CheckboxProps, TableColumnsType } from 'antd';
import { BarChartOutlined, CheckOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { alarmLogAcknowledge } from '@helio/contracts/modules/alarm/alarm.api';
import { callEndpoint } from '@/core/http/endpoint';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';
import { LIVE_MS, useAlarmList, useInvalidateAlarms } from './api';
import type { AlarmQuery, AlarmRow } from './api';
import { AlarmDrawer } from './alarm-drawer';
import { AlarmFilters } from './alarm-filters';
import { useAlarmDicts } from './tags';

/** The alarm analysis page (another feature's; reached with the same `alarm` permission). */
export const ANALYSIS_PATH = '/alarm/analysis';

/** The filters a link carries: `plantId`, `deviceId`, `deviceSn` (ids and SNs only; anything else is ignored). */
function fromLink(params: URLSearchParams): AlarmQuery {
  const q: Record<string, string> = {};
  for (const k of ['plantId', 'deviceId'] as const) {
    const v = params.get(k);
    if (v && /^\d{1,19}$/.test(v)) q[k] = v;
  }
  const sn = params.get('deviceSn');
  if (sn && /^[\w-]{1,64}$/.test(sn)) q.deviceSn = sn;
  return q as AlarmQuery;
}

export function AlarmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { has } = usePermission();
  const dicts = useAlarmDicts();
  const invalidate = useInvalidateAlarms();
  const [modal, modalHolder] = Modal.useModal();
  // A link may narrow the list to a station or a device (badges) or open one alarm (the notice bell).
  const [params] = useSearchParams();
  const [query, setQuery] = useState<AlarmQuery>(() => fromLink(params));
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const [openId, setOpenId] = useState<string | undefined>(() => params.get('id') ?? undefined);
  const list = useAlarmList({ ...query, current: String(paging.current), size: String(paging.size) });
  const rows = list.data?.records ?? [];
  const canHandle = has('alarm_handle');
  const canOpen = canHandle || has('alarm_view');

  const acknowledge = () =>
    void modal.confirm({
      title: t('alarm.ack.title'),
      content: t('alarm.ack.confirm', { n: selected.length }),
      onOk: async () => {
        const done = await callEndpoint(alarmLogAcknowledge, undefined, { ids: selected.join(',') });
        toast.success(t('alarm.ack.done', { n: done.acknowledged }));
        setSelected([]);
        await invalidate();
      },
    });

  const columns: TableColumnsType<AlarmRow> = [
    { title: t('alarm.field.level'), dataIndex: 'level', render: (v: number) => dicts.tag('alarm_severity', v) },
    {
      title: t('alarm.field.alarmName'),
      dataIndex: 'alarmName',
      render: (name: string, r) =>
        canOpen ? (
          <Typography.Link onClick={() => setOpenId(r.id)} data-testid={`alarm-open-${r.id}`}>
            {name}
          </Typography.Link>
        ) : (
          name
        ),
    },
    { title: t('alarm.field.alarmStatus'), dataIndex: 'alarmStatus', render: (v: number) => dicts.tag('alarm_status', v) },
    { title: t('alarm.field.ackStatus'), dataIndex: 'ackStatus', render: (v: number) => dicts.tag('alarm_ack_status', v) },
    { title: t('alarm.field.handleStatus'), dataIndex: 'handleStatus', render: (v: number) => dicts.tag('alarm_handle_status', v) },
    { title: t('alarm.field.plantName'), dataIndex: 'plantName', render: (v: string | null) => v ?? '-' },
    { title: t('alarm.field.deviceSn'), dataIndex: 'deviceSn' },
    { title: t('alarm.field.deviceType'), dataIndex: 'deviceType', render: (v: number) => t(`alarm.deviceType.${v}`, { defaultValue: String(v) }) },
    { title: t('alarm.field.triggerTime'), dataIndex: 'triggerTime' },
    { title: t('alarm.field.recoverTime'), dataIndex: 'recoverTime', render: (v: string | null) => v ?? '-' },
    { title: t('alarm.field.occurrences'), dataIndex: 'occurrences', align: 'right' },
    { title: t('alarm.field.lastSeen'), dataIndex: 'lastSeen', render: (v: string | null) => v ?? '-' },
    { title: t('alarm.field.assignee'), dataIndex: 'assigneeName', render: (v: string | null) => v ?? '-' },
  ];
  if (canOpen) {
    columns.push({
      title: t('alarm.actions'),
      key: 'actions',
      render: (_: unknown, r) => {
        const action = canHandle ? t('alarm.handle') : t('alarm.view');
        return (
          <Button type="link" size="small" onClick={() => setOpenId(r.id)} aria-label={t('alarm.actionNamed', { action, name: r.alarmName, sn: r.deviceSn })}>
            {action}
          </Button>
        );
      },
    });
  }

  return (
    <Card className="helio-alarm-page">
      {modalHolder}
      <AlarmFilters
        dicts={dicts}
        onSearch={(q) => {
          setQuery(q);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      />
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          {canHandle && (
            <Button icon={<CheckOutlined />} disabled={selected.length === 0} onClick={acknowledge}>
              {selected.length > 0 ? t('alarm.ack.buttonN', { n: selected.length }) : t('alarm.ack.button')}
            </Button>
          )}
          {/* The analysis needs the same `alarm` permission as this page. */}
          <Button icon={<BarChartOutlined />} onClick={() => void navigate(ANALYSIS_PATH)}>
            {t('alarm.analysis')}
          </Button>
        </Space>
        <Badge status={list.isError ? 'error' : 'processing'} text={t('alarm.live', { seconds: LIVE_MS / 1000 })} />
      </Space>
      {/*
        Scrolls sideways in its own box rather than with antd's `scroll.x`: that adds a hidden measuring row holding a
        second, focusable select-all checkbox (axe: aria-hidden-focus).
      */}
      {/* Focusable, so a keyboard can scroll it sideways (axe scrollable-region-focusable). */}
      <div style={{ overflowX: 'auto' }} tabIndex={0}>
        <Table<AlarmRow>
          size="small"
          rowKey="id"
          loading={list.isPending}
          dataSource={rows}
          columns={columns}
          // One line per row: the box around scrolls sideways instead of the columns folding.
          style={{ whiteSpace: 'nowrap' }}
          aria-label={t('alarm.listLabel')}
          rowSelection={
            canHandle
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelected(keys.map(String)),
                  // The checkbox's name for screen readers (antd passes unknown props on to the input).
                  getCheckboxProps: (r) => ({ 'aria-label': t('alarm.selectRow', { name: r.alarmName, sn: r.deviceSn }) }) as CheckboxProps,
                }
              : undefined
          }
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('alarm.total', { total }),
            onChange: (current, size) => setPaging({ current, size }),
          }}
        />
      </div>
      <AlarmDrawer id={openId} canHandle={canHandle} dicts={dicts} onClose={() => setOpenId(undefined)} />
    </Card>
  );
}
