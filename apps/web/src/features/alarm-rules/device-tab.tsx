/**
 * A device's thresholds: find it by SN, see each threshold rule of its type with its override and what applies, set
 * or remove an override (`alarm_rule_edit`). Below, every override of the devices the user may see.
 */
import { useState } from 'react';
import { Alert, Button, Descriptions, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmThresholdRemove } from '@helio/contracts/modules/alarm/alarm-rules.api';
import { callEndpoint } from '@/core/http/endpoint';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';
import { ruleText, useDeviceRules, useInvalidateRules, useOverrides } from './api';
import type { DeviceRules, OverrideRow } from './api';
import { OverrideDialog } from './override-dialog';

type DeviceRule = DeviceRules['rules'][number];

export function DeviceTab() {
  const { t } = useTranslation();
  const { has } = usePermission();
  const canEdit = has('alarm_rule_edit');
  const [sn, setSn] = useState('');
  const [input, setInput] = useState('');
  const [editing, setEditing] = useState<DeviceRule>();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const device = useDeviceRules(sn);
  const overrides = useOverrides({ current: String(paging.current), size: String(paging.size) });
  const invalidate = useInvalidateRules();

  const remove = async (id: string) => {
    await callEndpoint(alarmThresholdRemove, undefined, { ids: id });
    toast.success(t('alarmRules.removed'));
    await invalidate();
  };
  const find = (value: string) => {
    setInput(value);
    setSn(value.trim());
  };

  const onOff = (enabled: number) => (enabled ? <Tag color="#237804">{t('alarmRules.on')}</Tag> : <Tag>{t('alarmRules.off')}</Tag>);
  const own = (v: number | null) => (v === null ? <Typography.Text type="secondary">{t('alarmRules.inherit')}</Typography.Text> : v);

  const ruleColumns: TableColumnsType<DeviceRule> = [
    { title: t('alarmRules.field.alarmCode'), dataIndex: 'alarmCode', align: 'right' },
    { title: t('alarmRules.field.name'), dataIndex: 'alarmName' },
    { title: t('alarmRules.field.typeRule'), dataIndex: 'rule', render: (r: DeviceRule['rule']) => ruleText(t, r) },
    { title: t('alarmRules.field.threshold'), key: 'threshold', render: (_: unknown, r) => own(r.override?.threshold ?? null) },
    { title: t('alarmRules.field.clear'), key: 'clear', render: (_: unknown, r) => own(r.override?.clear ?? null) },
    { title: t('alarmRules.field.durationS'), key: 'durationS', render: (_: unknown, r) => own(r.override?.durationS ?? null) },
    { title: t('alarmRules.field.effective'), dataIndex: 'effective', render: (r: DeviceRule['effective']) => ruleText(t, r) },
    { title: t('alarmRules.field.enabled'), dataIndex: 'enabled', render: onOff },
  ];
  if (canEdit) {
    ruleColumns.push({
      title: t('alarmRules.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)} aria-label={t('alarmRules.setNamed', { name: r.alarmName })}>
            {t('alarmRules.set')}
          </Button>
          {r.override && (
            <Popconfirm title={t('alarmRules.removeConfirm')} onConfirm={() => remove(r.override!.id)} okText={t('alarmRules.remove')} cancelText={t('alarmRules.cancel')}>
              <Button type="link" size="small" danger aria-label={t('alarmRules.removeNamed', { name: r.alarmName })}>
                {t('alarmRules.remove')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  const listColumns: TableColumnsType<OverrideRow> = [
    {
      title: t('alarmRules.field.deviceSn'),
      dataIndex: 'deviceSn',
      render: (v: string) => (
        <Typography.Link onClick={() => find(v)} aria-label={t('alarmRules.showDevice', { sn: v })}>
          {v}
        </Typography.Link>
      ),
    },
    { title: t('alarmRules.field.deviceType'), dataIndex: 'deviceType', render: (v: number) => t(`alarmRules.deviceType.${v}`) },
    { title: t('alarmRules.field.plantName'), dataIndex: 'plantName', render: (v: string | null) => v ?? '-' },
    { title: t('alarmRules.field.name'), dataIndex: 'alarmName' },
    { title: t('alarmRules.field.effective'), dataIndex: 'effective', render: (r: OverrideRow['effective']) => ruleText(t, r) },
    { title: t('alarmRules.field.enabled'), dataIndex: 'enabled', render: onOff },
    { title: t('alarmRules.field.updateTime'), dataIndex: 'updateTime', render: (v: string | null) => v ?? '-' },
  ];

  const d = device.data;
  return (
    <>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Input.Search
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onSearch={find}
          enterButton={t('alarmRules.find')}
          placeholder={t('alarmRules.snPlaceholder')}
          aria-label={t('alarmRules.field.deviceSn')}
          style={{ maxWidth: 480 }}
          loading={device.isFetching}
        />
        {sn && device.isError && <Alert type="warning" showIcon message={t('alarmRules.noDevice', { sn })} />}
        {d && (
          <>
            <Descriptions size="small" bordered column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label={t('alarmRules.field.deviceSn')}>{d.device.deviceSn}</Descriptions.Item>
              <Descriptions.Item label={t('alarmRules.field.deviceType')}>{t(`alarmRules.deviceType.${d.device.deviceType}`)}</Descriptions.Item>
              <Descriptions.Item label={t('alarmRules.field.plantName')}>{d.device.plantName ?? '-'}</Descriptions.Item>
            </Descriptions>
            <Table<DeviceRule>
              size="small"
              rowKey="alarmCode"
              dataSource={d.rules}
              columns={ruleColumns}
              pagination={false}
              aria-label={t('alarmRules.deviceRulesLabel')}
              locale={{ emptyText: t('alarmRules.noRules') }}
            />
          </>
        )}
        <Typography.Title level={5} style={{ marginTop: 8 }}>
          {t('alarmRules.allOverrides')}
        </Typography.Title>
        <div style={{ overflowX: 'auto' }}>
          <Table<OverrideRow>
            size="small"
            rowKey="id"
            loading={overrides.isPending}
            dataSource={overrides.data?.records ?? []}
            columns={listColumns}
            aria-label={t('alarmRules.allOverrides')}
            pagination={{
              current: paging.current,
              pageSize: paging.size,
              total: overrides.data?.total ?? 0,
              showTotal: (total) => t('alarmRules.total', { total }),
              onChange: (current, size) => setPaging({ current, size }),
            }}
          />
        </div>
      </Space>
      {editing && d && <OverrideDialog device={d.device} rule={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
