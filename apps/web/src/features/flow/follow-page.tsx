/**
 * `/flow/follow`: process instances, newest first (process, business key, started by and when, ended, state, delete
 * reason; search by process key, state and business key): the flow chart of an instance, and deleting a running one
 * with a reason (its open tasks are cancelled, its timers dropped).
 */
import { useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlowChartDialog } from '@/components/flow-chart';
import { FormDialog } from '@/core/crud/form-dialog';
import { usePermission } from '@/core/permission/permission-store';
import { deleteInstance, useFlowRefresh, useInstances, type InstanceRow } from './api';
import { SearchForm, useListSearch } from './search-form';

interface Query {
  processDefinitionKey?: string;
  status?: string;
  businessKey?: string;
}

const STATUS_COLOUR: Record<string, string> = { active: 'processing', completed: 'success', terminated: 'default' };

function DeleteDialog({ instance, onClose }: { instance: InstanceRow; onClose(): void }) {
  const { t } = useTranslation();
  const refresh = useFlowRefresh();
  return (
    <FormDialog<{ deleteReason: string }>
      open
      title={t('flow.follow.deleteTitle', { name: instance.name })}
      initialValues={{ deleteReason: '' }}
      okText={t('flow.action.delete')}
      onClose={onClose}
      onSubmit={async (v) => {
        await deleteInstance(instance.processInstanceId, v.deleteReason.trim());
        await refresh();
      }}
    >
      <Form.Item
        name="deleteReason"
        label={t('flow.field.deleteReason')}
        extra={t('flow.follow.deleteHint')}
        rules={[
          { required: true, whitespace: true, message: t('flow.rule.deleteReason') },
          { max: 500, message: t('flow.rule.max', { max: 500 }) },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
    </FormDialog>
  );
}

export function FollowPage() {
  const { t } = useTranslation();
  const { has } = usePermission();
  const { setQuery, params, search, pagination } = useListSearch<Query>();
  const [chart, setChart] = useState<string>();
  const [deleting, setDeleting] = useState<InstanceRow>();
  const list = useInstances(params);

  const columns: TableColumnsType<InstanceRow> = [
    { title: t('flow.field.process'), dataIndex: 'name', render: (v: string, r) => `${v} v${r.processDefinitionVersion}` },
    { title: t('flow.field.key'), dataIndex: 'processDefinitionKey' },
    { title: t('flow.field.businessKey'), dataIndex: 'businessKey' },
    { title: t('flow.field.startUser'), dataIndex: 'startUser', render: (v: string | null, r) => v ?? r.startUserId },
    { title: t('flow.field.startTime'), dataIndex: 'startTime', width: 170 },
    { title: t('flow.field.endTime'), dataIndex: 'endTime', width: 170 },
    {
      title: t('flow.field.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: string) => <Tag color={STATUS_COLOUR[v] ?? 'default'}>{t(`flow.status.${v}`, { defaultValue: v })}</Tag>,
    },
    { title: t('flow.field.deleteReason'), dataIndex: 'deleteReason', ellipsis: true },
    {
      title: t('flow.field.actions'),
      key: 'actions',
      width: 170,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`${t('flow.action.chart')} ${r.name} ${r.processInstanceId}`} onClick={() => setChart(r.processInstanceId)}>
            {t('flow.action.chart')}
          </Button>
          {has('flow_follow_delete') && r.status === 'active' && (
            <Button type="link" size="small" danger aria-label={`${t('flow.action.delete')} ${r.name} ${r.processInstanceId}`} onClick={() => setDeleting(r)}>
              {t('flow.action.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('flow.follow.title')}</h2>}>
      <SearchForm<Query>
        name="flow-follow-search"
        onSearch={(q) => search(q, list.refetch)}
        onReset={() => setQuery({})}
      >
        <Form.Item name="processDefinitionKey" label={t('flow.field.key')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="status" label={t('flow.field.status')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={['active', 'completed', 'terminated'].map((s) => ({ value: s, label: t(`flow.status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="businessKey" label={t('flow.field.businessKey')}>
          <Input allowClear />
        </Form.Item>
      </SearchForm>
      <Table<InstanceRow>
        rowKey="processInstanceId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        columns={columns}
        scroll={{ x: 1200 }}
        pagination={pagination(list.data?.total)}
      />
      <FlowChartDialog open={Boolean(chart)} processInstanceId={chart} onClose={() => setChart(undefined)} />
      {deleting && <DeleteDialog instance={deleting} onClose={() => setDeleting(undefined)} />}
    </Card>
  );
}
