/**
 * `/flow/manager`: deployed process definitions, newest first (name, key, version, category, tenant, state, deployed
 * at; search by name, key and category): the diagram of a definition, suspend/activate (a suspended one cannot start),
 * delete the deployment (refused while an instance runs: the server's message), and the upload of process files.
 */
import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FlowChartDialog } from '@/components/flow-chart';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';
import { changeState, deleteDeployments, useFlowRefresh, useProcesses, type ProcessRow } from './api';
import { SearchForm, useListSearch } from './search-form';
import { useCategories, usePlatform } from './tenant-field';
import { UploadDialog } from './upload-dialog';

interface Query {
  name?: string;
  key?: string;
}

export function ManagerPage() {
  const { t } = useTranslation();
  const { has } = usePermission();
  const platform = usePlatform();
  const categories = useCategories();
  const refresh = useFlowRefresh();
  const [modal, modalHolder] = Modal.useModal();
  const { setQuery, params, search, pagination } = useListSearch<Query>();
  const [uploading, setUploading] = useState(false);
  const [chart, setChart] = useState<string>();
  const list = useProcesses(params);

  const toggle = (r: ProcessRow) => {
    const suspend = r.suspensionState === 1;
    void modal.confirm({
      title: t(suspend ? 'flow.manager.suspend' : 'flow.manager.activate'),
      content: t(suspend ? 'flow.manager.suspendConfirm' : 'flow.manager.activateConfirm', { name: r.name, version: r.version }),
      onOk: async () => {
        await changeState(r.id, suspend ? 'suspend' : 'active');
        toast.success(t('flow.done'));
        await refresh();
      },
    });
  };

  const remove = (r: ProcessRow) =>
    void modal.confirm({
      title: t('flow.manager.deleteTitle'),
      content: t('flow.manager.deleteConfirm', { name: r.name, version: r.version }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteDeployments([r.deploymentId]);
        toast.success(t('flow.done'));
        await refresh();
      },
    });

  const columns: TableColumnsType<ProcessRow> = [
    { title: t('flow.field.name'), dataIndex: 'name' },
    { title: t('flow.field.key'), dataIndex: 'key' },
    { title: t('flow.field.version'), dataIndex: 'version', align: 'right', width: 80, render: (v: number) => `v${v}` },
    { title: t('flow.field.category'), dataIndex: 'category', render: (v: string | null) => categories.name(v) },
    ...(platform ? [{ title: t('flow.field.tenant'), dataIndex: 'tenantId' }] : []),
    {
      title: t('flow.field.state'),
      dataIndex: 'suspensionState',
      width: 100,
      render: (v: number) => (v === 1 ? <Tag color="success">{t('flow.state.active')}</Tag> : <Tag color="default">{t('flow.state.suspended')}</Tag>),
    },
    { title: t('flow.field.deployed'), dataIndex: 'deploymentTime', width: 170 },
    {
      title: t('flow.field.actions'),
      key: 'actions',
      width: 240,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`${t('flow.action.chart')} ${r.name} v${r.version}`} onClick={() => setChart(r.id)}>
            {t('flow.action.chart')}
          </Button>
          {has('flow_manager_setting') && (
            <Button type="link" size="small" aria-label={`${t(r.suspensionState === 1 ? 'flow.manager.suspend' : 'flow.manager.activate')} ${r.name} v${r.version}`} onClick={() => toggle(r)}>
              {t(r.suspensionState === 1 ? 'flow.manager.suspend' : 'flow.manager.activate')}
            </Button>
          )}
          {has('flow_manager_delete') && (
            <Button type="link" size="small" danger aria-label={`${t('flow.action.delete')} ${r.name} v${r.version}`} onClick={() => remove(r)}>
              {t('flow.action.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('flow.manager.title')}</h2>}>
      {modalHolder}
      <SearchForm<Query>
        name="flow-manager-search"
        onSearch={(q) => search(q, list.refetch)}
        onReset={() => setQuery({})}
        extra={
          <>
            {has('flow_manager_deploy') && (
              <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
                {t('flow.upload.open')}
              </Button>
            )}
          </>
        }
      >
        <Form.Item name="name" label={t('flow.field.name')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="key" label={t('flow.field.key')}>
          <Input allowClear />
        </Form.Item>
      </SearchForm>
      <Table<ProcessRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        columns={columns}
        scroll={{ x: 1000 }}
        pagination={pagination(list.data?.total)}
      />
      <UploadDialog open={uploading} onClose={() => setUploading(false)} />
      <FlowChartDialog open={Boolean(chart)} processDefinitionId={chart} onClose={() => setChart(undefined)} />
    </Card>
  );
}
