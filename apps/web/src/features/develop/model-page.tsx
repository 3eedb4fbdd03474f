/**
 * Data models (`/tool/model`): the generic screen (data source chosen from a drop-down), "new from a table" —
 * pick a data source and one of its tables (`table-list`), see its columns (`table-info`), name the model — and
 * "fields": the model's prototype (`model-prototype`, the saved rows over the live table's columns) edited column
 * by column and saved with `model-prototype/submit-list`.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Select, Spin, Table, Tag } from 'antd';
import { DatabaseOutlined, TableOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { modelResource } from '@helio/contracts/modules/model/model.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext } from '@/core/crud/crud-page';
import { FormDialog } from '@/core/crud/form-dialog';
import { pickLabel } from '@/core/crud/labels';
import { invalidateResource } from '@/core/crud/use-crud-resource';
import type { Row } from '@/core/crud/use-crud-resource';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { COMPONENT_TYPES, developKeys, fetchColumns, fetchPrototype, fetchTables, pascalOf, submitPrototype, useDatasources } from './develop-api';
import type { PrototypeRow } from './develop-api';

type Dialog = { kind: 'none' } | { kind: 'build' } | { kind: 'prototype'; modelId: string; title: string };

export function ModelPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const def: ResourceDef = useMemo(
    () => ({
      ...modelResource,
      fields: modelResource.fields.map((f) =>
        f.key === 'datasourceId' ? { ...f, kind: 'tree' as const, optionsFrom: { url: '/api/blade-develop/datasource/select', labelKey: 'name' } } : f,
      ),
    }),
    [],
  );

  const toolbar = (ctx: CrudContext) =>
    ctx.has('add') && (
      <Button key="build" icon={<TableOutlined />} onClick={() => setDialog({ kind: 'build' })}>
        {t('develop.model.build')}
      </Button>
    );

  const rowActions = (row: Row, ctx: CrudContext) =>
    ctx.has('edit') && (
      <Button type="link" size="small" icon={<DatabaseOutlined />} onClick={() => setDialog({ kind: 'prototype', modelId: String(row.id), title: String(row.modelName ?? '') })}>
        {t('develop.model.fields')}
      </Button>
    );

  const refresh = () => {
    void invalidateResource(queryClient, modelResource);
    void queryClient.invalidateQueries({ queryKey: developKeys.models });
  };

  return (
    <>
      <CrudPage resource={def} toolbar={toolbar} rowActions={rowActions} afterSave={refresh} />
      {dialog.kind === 'build' && (
        <BuildDialog
          t={t}
          onClose={() => setDialog({ kind: 'none' })}
          onCreated={(modelId, title) => {
            refresh();
            setDialog({ kind: 'prototype', modelId, title });
          }}
        />
      )}
      {dialog.kind === 'prototype' && <PrototypeDialog t={t} modelId={dialog.modelId} title={dialog.title} onClose={() => setDialog({ kind: 'none' })} />}
    </>
  );
}

interface BuildValues {
  datasourceId?: string;
  tableName?: string;
  modelName: string;
  modelCode: string;
  modelClass: string;
  modelRemark?: string;
}

function BuildDialog({ t, onClose, onCreated }: { t: TFunction; onClose(): void; onCreated(modelId: string, title: string): void }) {
  const { i18n } = useTranslation();
  const datasources = useDatasources();
  const [datasourceId, setDatasourceId] = useState<string>();
  const [tableName, setTableName] = useState<string>();
  const tables = useQuery({
    queryKey: ['develop', 'tables', datasourceId],
    queryFn: () => fetchTables(datasourceId!),
    enabled: Boolean(datasourceId),
    retry: false,
  });
  const columns = useQuery({
    queryKey: ['develop', 'columns', datasourceId, tableName],
    queryFn: () => fetchColumns(datasourceId!, tableName!),
    enabled: Boolean(datasourceId && tableName),
    retry: false,
  });
  const field = (key: string) => pickLabel(modelResource.fields.find((f) => f.key === key)!.label, i18n.language);

  return (
    <FormDialog<BuildValues>
      open
      width={820}
      title={t('develop.model.build')}
      okText={t('develop.model.create')}
      initialValues={{}}
      onClose={onClose}
      onSubmit={async (v) => {
        const created = await http.post<{ id?: string }>(`${modelResource.api}/submit`, {
          data: {
            datasourceId: v.datasourceId,
            modelTable: v.tableName,
            modelName: v.modelName,
            modelCode: v.modelCode,
            modelClass: v.modelClass,
            modelRemark: v.modelRemark ?? '',
          },
        });
        toast.success(t('crud.success'));
        if (created?.id) onCreated(String(created.id), v.modelName);
        else onClose();
        return false;
      }}
    >
      {(form) => (
        <>
          <Form.Item name="datasourceId" label={field('datasourceId')} rules={[{ required: true, message: t('develop.model.rule.datasource') }]}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={datasources.isPending}
              options={(datasources.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
              onChange={(id: string) => {
                setDatasourceId(id);
                setTableName(undefined);
                form.setFieldsValue({ tableName: undefined });
              }}
            />
          </Form.Item>
          <Form.Item name="tableName" label={field('modelTable')} rules={[{ required: true, message: t('develop.model.rule.table') }]}>
            <Select
              showSearch
              optionFilterProp="label"
              disabled={!datasourceId}
              loading={tables.isFetching}
              notFoundContent={tables.isError ? t('develop.model.tablesFailed') : undefined}
              options={(tables.data ?? []).map((x) => ({ value: x.name, label: x.comment ? `${x.name} (${x.comment})` : x.name }))}
              onChange={(name: string) => {
                setTableName(name);
                const info = tables.data?.find((x) => x.name === name);
                form.setFieldsValue({
                  modelName: (info?.comment || name).slice(0, 64),
                  modelCode: name.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 64),
                  modelClass: pascalOf(name).slice(0, 64),
                  modelRemark: info?.comment ?? '',
                });
              }}
            />
          </Form.Item>
          {tableName && (
            <Form.Item label={t('develop.model.columns')}>
              {columns.isError ? (
                <Alert type="error" showIcon message={t('develop.model.columnsFailed')} />
              ) : (
                <Table
                  size="small"
                  rowKey="name"
                  loading={columns.isFetching}
                  pagination={false}
                  scroll={{ y: 220 }}
                  dataSource={columns.data ?? []}
                  columns={[
                    { title: t('develop.prototype.jdbcName'), dataIndex: 'name', render: (v: string, c) => (c.pk ? <>{v} <Tag color="gold">PK</Tag></> : v) },
                    { title: t('develop.prototype.jdbcType'), dataIndex: 'type' },
                    { title: t('develop.prototype.jdbcComment'), dataIndex: 'comment' },
                  ]}
                />
              )}
            </Form.Item>
          )}
          <Form.Item name="modelName" label={field('modelName')} rules={[{ required: true, whitespace: true, message: t('develop.model.rule.name') }, { max: 64 }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="modelCode"
            label={field('modelCode')}
            rules={[
              { required: true, message: t('develop.model.rule.code') },
              { pattern: /^[A-Za-z0-9_]+$/, message: t('develop.model.rule.codeFormat') },
              { max: 64 },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="modelClass" label={field('modelClass')} rules={[{ pattern: /^[A-Za-z][A-Za-z0-9]*$/, message: t('develop.model.rule.classFormat') }, { max: 64 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="modelRemark" label={field('modelRemark')} rules={[{ max: 500 }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

function PrototypeDialog({ t, modelId, title, onClose }: { t: TFunction; modelId: string; title: string; onClose(): void }) {
  const [rows, setRows] = useState<PrototypeRow[] | null>(null);
  const [saving, setSaving] = useState(false);
  const loaded = useQuery({ queryKey: ['develop', 'prototype', modelId], queryFn: () => fetchPrototype(modelId), retry: false, gcTime: 0 });
  const data = rows ?? loaded.data ?? null;
  const patch = (name: string, change: Partial<PrototypeRow>) =>
    setRows((current) => (current ?? loaded.data ?? []).map((r) => (r.jdbcName === name ? { ...r, ...change } : r)));
  const flag = (key: 'isList' | 'isForm' | 'isRequired' | 'isQuery') => ({
    title: t(`develop.prototype.${key}`),
    dataIndex: key,
    width: 72,
    align: 'center' as const,
    render: (v: number, r: PrototypeRow) => (
      <Checkbox aria-label={`${r.jdbcName} ${t(`develop.prototype.${key}`)}`} checked={Number(v) === 1} onChange={(e) => patch(r.jdbcName, { [key]: e.target.checked ? 1 : 0 })} />
    ),
  });

  const save = async () => {
    if (!data?.length) return;
    setSaving(true);
    try {
      await submitPrototype(data.map((r, i) => ({ ...r, modelId, sort: i + 1 })));
      toast.success(t('crud.success'));
      onClose();
    } catch (error) {
      console.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={1100}
      title={t('develop.prototype.title', { name: title })}
      maskClosable={false}
      onCancel={saving ? undefined : onClose}
      okText={t('crud.action.save')}
      cancelText={t('crud.action.cancel')}
      okButtonProps={{ loading: saving, disabled: !data?.length }}
      onOk={() => void save()}
      destroyOnHidden
    >
      {loaded.isError ? (
        <Alert type="error" showIcon message={t('develop.model.columnsFailed')} />
      ) : !data ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <Table<PrototypeRow>
          size="small"
          rowKey="jdbcName"
          pagination={false}
          scroll={{ x: 'max-content', y: 460 }}
          dataSource={data}
          columns={[
            { title: t('develop.prototype.jdbcName'), dataIndex: 'jdbcName', fixed: 'left', width: 150 },
            { title: t('develop.prototype.jdbcType'), dataIndex: 'jdbcType', width: 150 },
            {
              title: t('develop.prototype.jdbcComment'),
              dataIndex: 'jdbcComment',
              width: 160,
              render: (v: string | null, r) => (
                <Input size="small" aria-label={`${r.jdbcName} ${t('develop.prototype.jdbcComment')}`} value={v ?? ''} maxLength={255} onChange={(e) => patch(r.jdbcName, { jdbcComment: e.target.value })} />
              ),
            },
            {
              title: t('develop.prototype.propertyName'),
              dataIndex: 'propertyName',
              width: 140,
              render: (v: string | null, r) => (
                <Input
                  size="small"
                  aria-label={`${r.jdbcName} ${t('develop.prototype.propertyName')}`}
                  value={v ?? ''}
                  maxLength={63}
                  status={v && !/^[a-z][A-Za-z0-9]{0,62}$/.test(v) ? 'error' : undefined}
                  onChange={(e) => patch(r.jdbcName, { propertyName: e.target.value })}
                />
              ),
            },
            {
              title: t('develop.prototype.componentType'),
              dataIndex: 'componentType',
              width: 130,
              render: (v: string, r) => (
                <Select
                  size="small"
                  style={{ width: 120 }}
                  aria-label={`${r.jdbcName} ${t('develop.prototype.componentType')}`}
                  value={v}
                  options={COMPONENT_TYPES.map((c) => ({ value: c, label: t(`develop.component.${c}`) }))}
                  onChange={(next: string) => patch(r.jdbcName, { componentType: next })}
                />
              ),
            },
            {
              title: t('develop.prototype.dictCode'),
              dataIndex: 'dictCode',
              width: 130,
              render: (v: string | null, r) => (
                <Input
                  size="small"
                  aria-label={`${r.jdbcName} ${t('develop.prototype.dictCode')}`}
                  value={v ?? ''}
                  disabled={r.componentType !== 'dict' && r.componentType !== 'select'}
                  onChange={(e) => patch(r.jdbcName, { dictCode: e.target.value || null })}
                />
              ),
            },
            flag('isList'),
            flag('isForm'),
            flag('isRequired'),
            flag('isQuery'),
            {
              title: t('develop.prototype.queryType'),
              dataIndex: 'queryType',
              width: 110,
              render: (v: string | null, r) => (
                <Select
                  size="small"
                  style={{ width: 96 }}
                  disabled={Number(r.isQuery) !== 1}
                  value={v === 'equal' ? 'equal' : 'like'}
                  options={[
                    { value: 'like', label: t('develop.prototype.like') },
                    { value: 'equal', label: t('develop.prototype.equal') },
                  ]}
                  onChange={(next: string) => patch(r.jdbcName, { queryType: next })}
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
