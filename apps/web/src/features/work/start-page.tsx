/**
 * `/work/start`: the latest active definition of each process the user may start, filtered by category and name.
 * Start opens the process's own form (the leave process: its page, a link) or, for any other process, a confirm with
 * optional variables (`start-process`); the flow chart shows the definition.
 */
import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FlowChartDialog } from '@/components/flow-chart';
import { useDict } from '@/core/crud/dict';
import { FormDialog } from '@/core/crud/form-dialog';
import { usePermission } from '@/core/permission/permission-store';
import { LEAVE_KEY, leaveFormPath, startProcess, useInboxRefresh, useStartList, type ProcessRow } from './api';
import { parseVariables, variablesRule } from './complete-dialog';
import { RowLink } from './row-link';

const pageSize = 10;

function StartDialog({ process, onClose }: { process: ProcessRow; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useInboxRefresh();
  return (
    <FormDialog<{ businessKey?: string; variables?: string }>
      open
      title={t('work.start.title', { process: process.name })}
      initialValues={{}}
      okText={t('work.action.start')}
      onClose={onClose}
      onSubmit={async (v) => {
        await startProcess({
          processDefinitionId: process.id,
          ...(v.businessKey?.trim() ? { businessKey: v.businessKey.trim() } : {}),
          ...(parseVariables(v.variables) ? { variables: parseVariables(v.variables) } : {}),
        });
        await refresh();
        void navigate('/work/send');
      }}
    >
      <p>{t('work.start.confirm', { process: process.name })}</p>
      <Form.Item name="businessKey" label={t('work.field.businessKey')} rules={[{ max: 128 }]}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="variables" label={t('work.field.variables')} extra={t('work.start.variablesHint')} rules={[variablesRule(t('work.message.variablesInvalid'))]}>
        <Input.TextArea rows={3} placeholder='{"amount": 120}' />
      </Form.Item>
    </FormDialog>
  );
}

export function StartPage() {
  const { t } = useTranslation();
  const { has } = usePermission();
  const [current, setCurrent] = useState(1);
  const [name, setName] = useState('');
  const [category, setCategory] = useState<string>();
  const [chart, setChart] = useState<ProcessRow>();
  const [starting, setStarting] = useState<ProcessRow>();
  const canStart = has('work_start_add');
  const list = useStartList({ current: String(current), size: String(pageSize), name: name || undefined, category });
  // The categories to filter by: those of every startable process (one unfiltered page).
  const all = useStartList({ current: '1', size: '100' });
  const categories = useMemo(() => [...new Set((all.data?.records ?? []).map((r) => r.category).filter((c): c is string => !!c))].sort(), [all.data]);
  // A category `flow_<key>` is the `flow` dictionary's entry (BladeX's deployment category): its name, else as stored.
  const flowDict = useDict('flow');
  const categoryName = (c: string) => flowDict.find((d) => `flow_${d.dictKey}` === c)?.dictValue ?? c;

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('work.title.start')}</h2>}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          aria-label={t('work.filter.category')}
          placeholder={t('work.filter.category')}
          style={{ minWidth: 160 }}
          value={category}
          onChange={(v?: string) => {
            setCategory(v);
            setCurrent(1);
          }}
          options={categories.map((c) => ({ value: c, label: categoryName(c) }))}
        />
        <Input.Search
          allowClear
          aria-label={t('work.filter.name')}
          placeholder={t('work.filter.name')}
          onSearch={(v) => {
            setName(v.trim());
            setCurrent(1);
          }}
        />
      </Space>
      <Table<ProcessRow>
        data-testid="work-start"
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('work.empty.start') }}
        pagination={{ current, pageSize, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('work.field.processName'), dataIndex: 'name' },
          { title: t('work.field.key'), dataIndex: 'key' },
          { title: t('work.field.category'), dataIndex: 'category', render: (v: string | null) => (v ? <Tag>{categoryName(v)}</Tag> : '-') },
          { title: t('work.field.version'), dataIndex: 'version', width: 90, render: (v: number) => `v${v}` },
          { title: t('work.field.description'), dataIndex: 'description', render: (v: string | null) => v ?? '-' },
          {
            title: t('work.field.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_: unknown, r) => (
              <Space size={0}>
                {canStart && r.key === LEAVE_KEY && (
                  <RowLink to={leaveFormPath(r.id)} label={t('work.aria.start', { process: r.name })}>
                    {t('work.action.start')}
                  </RowLink>
                )}
                {canStart && r.key !== LEAVE_KEY && (
                  <Button size="small" type="link" aria-label={t('work.aria.start', { process: r.name })} onClick={() => setStarting(r)}>
                    {t('work.action.start')}
                  </Button>
                )}
                <Button size="small" type="link" aria-label={t('work.aria.startFlowChart', { process: r.name })} onClick={() => setChart(r)}>
                  {t('work.action.flowChart')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <FlowChartDialog open={!!chart} onClose={() => setChart(undefined)} processDefinitionId={chart?.id} />
      {starting && <StartDialog process={starting} onClose={() => setStarting(undefined)} />}
    </Card>
  );
}
