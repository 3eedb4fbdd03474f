/**
 * The catalogue: definitions filtered by device type, category, severity, source and name or code; platform users
 * with `alarm_rule_edit` edit one in a dialog (other users read it: the catalogue is every tenant's).
 */
import { useState } from 'react';
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_DEVICE_TYPES } from '@helio/contracts/modules/alarm/alarm-catalogue';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import { useSessionStore } from '@/core/auth/session-store';
import { usePermission } from '@/core/permission/permission-store';
import { ruleText, useDefinitions } from './api';
import type { DefinitionQuery, DefinitionRow } from './api';
import { DefinitionDialog } from './definition-dialog';
import { SOURCES, useRuleDicts } from './dicts';

export function CatalogueTab() {
  const { t, i18n } = useTranslation();
  const dicts = useRuleDicts();
  const { has } = usePermission();
  const platform = useSessionStore((s) => s.user?.tenant_id) === PLATFORM_TENANT_ID;
  const canEdit = platform && has('alarm_rule_edit');
  const [form] = Form.useForm<DefinitionQuery>();
  const [query, setQuery] = useState<DefinitionQuery>({});
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const [editing, setEditing] = useState<DefinitionRow>();
  const list = useDefinitions({ ...query, current: String(paging.current), size: String(paging.size) });

  const columns: TableColumnsType<DefinitionRow> = [
    { title: t('alarmRules.field.deviceType'), dataIndex: 'deviceType', render: (v: number) => t(`alarmRules.deviceType.${v}`) },
    { title: t('alarmRules.field.alarmCode'), dataIndex: 'alarmCode', align: 'right' },
    {
      title: t('alarmRules.field.name'),
      key: 'name',
      render: (_: unknown, r) => (
        <Space size={4}>
          {i18n.language.startsWith('en') ? r.nameEn : r.nameZh}
          {r.edited && <Tag>{t('alarmRules.edited')}</Tag>}
        </Space>
      ),
    },
    { title: t('alarmRules.field.severity'), dataIndex: 'severity', render: (v: number) => dicts.severityTag(v) },
    { title: t('alarmRules.field.category'), dataIndex: 'category', render: (v: string) => dicts.label('alarm_category', v) },
    { title: t('alarmRules.field.alarmType'), dataIndex: 'alarmType', render: (v: number) => dicts.label('alarm_type', v) },
    { title: t('alarmRules.field.source'), dataIndex: 'source', render: (v: string) => t(`alarmRules.source.${v}`, { defaultValue: v }) },
    { title: t('alarmRules.field.rule'), dataIndex: 'rule', render: (r: DefinitionRow['rule']) => (r ? ruleText(t, r) : '-') },
  ];
  if (canEdit) {
    columns.push({
      title: t('alarmRules.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => setEditing(r)} aria-label={t('alarmRules.editNamed', { code: r.alarmCode, type: t(`alarmRules.deviceType.${r.deviceType}`) })}>
          {t('alarmRules.edit')}
        </Button>
      ),
    });
  }

  const search = (values: DefinitionQuery) => {
    setQuery(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as DefinitionQuery);
    setPaging((p) => ({ ...p, current: 1 }));
  };

  return (
    <>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }} aria-label={t('alarmRules.filters')}>
        <Form.Item name="deviceType" label={t('alarmRules.field.deviceType')}>
          <Select allowClear style={{ width: 140 }} options={ALARM_DEVICE_TYPES.map((d) => ({ value: String(d), label: t(`alarmRules.deviceType.${d}`) }))} />
        </Form.Item>
        <Form.Item name="category" label={t('alarmRules.field.category')}>
          <Select allowClear style={{ width: 140 }} options={dicts.options('alarm_category')} />
        </Form.Item>
        <Form.Item name="severity" label={t('alarmRules.field.severity')}>
          <Select allowClear style={{ width: 120 }} options={dicts.options('alarm_severity')} />
        </Form.Item>
        <Form.Item name="source" label={t('alarmRules.field.source')}>
          <Select allowClear style={{ width: 160 }} options={SOURCES.map((s) => ({ value: s, label: t(`alarmRules.source.${s}`) }))} />
        </Form.Item>
        <Form.Item name="keyword" label={t('alarmRules.field.keyword')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('alarmRules.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            {t('alarmRules.reset')}
          </Button>
        </Space>
      </Form>
      <div style={{ overflowX: 'auto' }}>
        <Table<DefinitionRow>
          size="small"
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.records ?? []}
          columns={columns}
          aria-label={t('alarmRules.catalogueLabel')}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('alarmRules.total', { total }),
            onChange: (current, size) => setPaging({ current, size }),
          }}
        />
      </div>
      {editing && <DefinitionDialog definition={editing} dicts={dicts} onClose={() => setEditing(undefined)} />}
    </>
  );
}
