/**
 * `/flow/model`: process models (name, key, description, version, last change; search by name and key). New and
 * edit open the designer (`/flow/model/design`); deploy asks for the category and tenants; remove keeps the model's
 * deployments.
 */
import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLink } from '@/components/page-link';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';
import { removeModels, useFlowRefresh, useModels, type ModelRow } from './api';
import { SearchForm, useListSearch } from './search-form';
import { DeployDialog } from './deploy-dialog';

interface Query {
  name?: string;
  modelKey?: string;
}

export function ModelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { has } = usePermission();
  const refresh = useFlowRefresh();
  const [modal, modalHolder] = Modal.useModal();
  const { setQuery, params, search, pagination } = useListSearch<Query>();
  const [deploying, setDeploying] = useState<ModelRow>();
  const list = useModels(params);
  const design = (id?: string) => (id ? `/flow/model/design?id=${id}` : '/flow/model/design');

  const remove = (r: ModelRow) =>
    void modal.confirm({
      title: t('flow.model.removeTitle'),
      content: t('flow.model.removeConfirm', { name: r.name }),
      onOk: async () => {
        await removeModels([r.id]);
        toast.success(t('flow.done'));
        await refresh();
      },
    });

  const columns: TableColumnsType<ModelRow> = [
    { title: t('flow.field.name'), dataIndex: 'name', render: (v: string, r) => (has('flow_model_edit') ? <PageLink to={design(r.id)}>{v}</PageLink> : v) },
    { title: t('flow.field.modelKey'), dataIndex: 'modelKey' },
    { title: t('flow.field.description'), dataIndex: 'description', ellipsis: true },
    { title: t('flow.field.version'), dataIndex: 'version', align: 'right', width: 90 },
    { title: t('flow.field.updated'), dataIndex: 'lastUpdated', width: 180 },
    {
      title: t('flow.field.actions'),
      key: 'actions',
      width: 220,
      render: (_: unknown, r) => (
        <Space size={0}>
          {has('flow_model_edit') && (
            <Button type="link" size="small" aria-label={`${t('flow.model.design')} ${r.name}`} onClick={() => void navigate(design(r.id))}>
              {t('flow.model.design')}
            </Button>
          )}
          {has('flow_model_deploy') && (
            <Button type="link" size="small" aria-label={`${t('flow.model.deploy')} ${r.name}`} onClick={() => setDeploying(r)}>
              {t('flow.model.deploy')}
            </Button>
          )}
          {has('flow_model_delete') && (
            <Button type="link" size="small" danger aria-label={`${t('flow.action.delete')} ${r.name}`} onClick={() => remove(r)}>
              {t('flow.action.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('flow.model.title')}</h2>}>
      {modalHolder}
      <SearchForm<Query>
        name="flow-model-search"
        onSearch={(q) => search(q, list.refetch)}
        onReset={() => setQuery({})}
        extra={
          <>
            {has('flow_model_add') && (
              <Button icon={<PlusOutlined />} onClick={() => void navigate(design())}>
                {t('flow.model.add')}
              </Button>
            )}
          </>
        }
      >
        <Form.Item name="name" label={t('flow.field.name')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="modelKey" label={t('flow.field.modelKey')}>
          <Input allowClear />
        </Form.Item>
      </SearchForm>
      <Table<ModelRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        columns={columns}
        scroll={{ x: 900 }}
        pagination={pagination(list.data?.total)}
      />
      {deploying && <DeployDialog model={deploying} onClose={() => setDeploying(undefined)} />}
    </Card>
  );
}
