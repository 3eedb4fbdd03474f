/**
 * A company's associated stations (the stations its department operates: its staff see those, their devices and
 * alarms) with the picker that sets the whole set, and its operation log (who changed what, old → new).
 */
import { useState } from 'react';
import { Button, Form, Select, Space, Table, Tag, Typography } from 'antd';
import type { SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/core/crud/form-dialog';
import { PageLink } from '@/components/page-link';
import { saveStations, useAgentRefresh, useLog, useStationOptions, useStations, type LogRow, type StationRow } from './api';

function FormSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

function StationsDialog({ agentId, chosen, onClose }: { agentId: string; chosen: string[]; onClose(): void }) {
  const { t } = useTranslation();
  const options = useStationOptions(true);
  const refresh = useAgentRefresh();
  return (
    <FormDialog<{ plantIds: string[] }>
      open
      width={640}
      title={t('agent.stations.choose')}
      initialValues={options.data ? { plantIds: chosen } : undefined}
      onClose={onClose}
      onSubmit={async (v) => {
        await saveStations(agentId, v.plantIds ?? []);
        await refresh();
      }}
    >
      <Form.Item name="plantIds" label={t('agent.stations.label')} extra={t('agent.stations.hint')}>
        <FormSelect
          mode="multiple"
          allowClear
          showSearch
          optionFilterProp="label"
          options={(options.data ?? []).map((s) => ({
            value: s.id,
            label: s.agentId && s.agentId !== agentId ? `${s.plantName} (${s.operationCompanyName ?? ''})` : s.plantName,
          }))}
        />
      </Form.Item>
    </FormDialog>
  );
}

export function StationsTab({ agentId, canEdit }: { agentId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const stations = useStations(agentId);
  const [picking, setPicking] = useState(false);
  return (
    <>
      {canEdit && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setPicking(true)}>
            {t('agent.stations.choose')}
          </Button>
        </Space>
      )}
      <Table<StationRow>
        rowKey="id"
        size="small"
        loading={stations.isLoading}
        dataSource={stations.data ?? []}
        pagination={false}
        locale={{ emptyText: t('agent.stations.none') }}
        columns={[
          { title: t('agent.stations.name'), dataIndex: 'plantName', render: (v: string, r) => <PageLink to={`/power-station-equip/power/detail/${r.id}`}>{v}</PageLink> },
          { title: t('agent.stations.address'), dataIndex: 'address' },
        ]}
      />
      {picking && <StationsDialog agentId={agentId} chosen={(stations.data ?? []).map((s) => s.id)} onClose={() => setPicking(false)} />}
    </>
  );
}

export function LogTab({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const log = useLog(agentId, current);
  return (
    <Table<LogRow>
      rowKey="id"
      size="small"
      loading={log.isLoading}
      dataSource={log.data?.records ?? []}
      pagination={{ current, pageSize: 10, total: log.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
      columns={[
        { title: t('agent.log.time'), dataIndex: 'createTime', width: 170 },
        { title: t('agent.log.user'), dataIndex: 'createUserName', width: 120 },
        { title: t('agent.log.operation'), dataIndex: 'operation', width: 110, render: (v: string) => <Tag>{t(`agent.log.op.${v}`)}</Tag> },
        {
          title: t('agent.log.changes'),
          key: 'changes',
          render: (_: unknown, r) => (
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {r.changes.map((c) => (
                <li key={c.field}>
                  <Typography.Text strong>{c.label}</Typography.Text>: {c.oldValue ?? t('agent.log.empty')} → {c.newValue ?? t('agent.log.empty')}
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
