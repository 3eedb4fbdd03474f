/**
 * The one inbox table behind the claim, todo, sent and done lists: every kind of work in the same columns (its kind
 * as a tag, process, task, business reference, who started it, when, due or ended, status), a task-name and kind
 * filter, and per row the actions the list offers (claim, handle, detail, flow chart).
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Card, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useInbox, type FlowRow, type ListName } from './api';

const pageSize = 10;
const KINDS = ['bpmn', 'epc', 'maintenance'] as const;

const STATUS_COLOR: Record<string, string> = {
  open: 'processing',
  claimed: 'processing',
  active: 'processing',
  completed: 'success',
  cancelled: 'default',
  terminated: 'default',
};

export function KindTag({ kind }: { kind: string }) {
  const { t, i18n } = useTranslation();
  return <Tag color={kind === 'bpmn' ? 'blue' : 'purple'}>{i18n.exists(`work.kind.${kind}`) ? t(`work.kind.${kind}`) : kind}</Tag>;
}

export function StatusTag({ status }: { status: string }) {
  const { t, i18n } = useTranslation();
  return <Tag color={STATUS_COLOR[status] ?? 'default'}>{i18n.exists(`work.status.${status}`) ? t(`work.status.${status}`) : status}</Tag>;
}

export function OutcomeTag({ outcome }: { outcome: string | null }) {
  const { t, i18n } = useTranslation();
  if (!outcome) return null;
  const color = outcome === 'approve' ? 'success' : outcome === 'reject' ? 'error' : 'default';
  return <Tag color={color}>{i18n.exists(`work.outcome.${outcome}`) ? t(`work.outcome.${outcome}`) : outcome}</Tag>;
}

/** What a row's actions need to name it for a screen reader. */
export const rowName = (r: FlowRow) => ({ process: r.processDefinitionName ?? r.kind, task: r.taskName ?? '', reference: r.businessId ?? '' });

export function InboxTable({ list, actions, testId }: { list: ListName; actions(row: FlowRow): ReactNode; testId: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const [taskName, setTaskName] = useState('');
  const [kind, setKind] = useState<string | undefined>();
  const isTaskList = list !== 'send';
  const q = useInbox(list, { current: String(current), size: String(pageSize), taskName: taskName || undefined, kind });

  const columns: ColumnsType<FlowRow> = [
    { title: t('work.field.kind'), dataIndex: 'kind', width: 120, render: (v: string) => <KindTag kind={v} /> },
    { title: t('work.field.process'), dataIndex: 'processDefinitionName', render: (v: string | null, r) => v ?? r.category ?? '-' },
    ...(isTaskList ? [{ title: t('work.field.task'), dataIndex: 'taskName' as const }] : []),
    list === 'done'
      ? { title: t('work.field.outcome'), dataIndex: 'outcome', width: 110, render: (v: string | null) => <OutcomeTag outcome={v} /> }
      : { title: t('work.field.status'), dataIndex: 'status', width: 110, render: (v: string) => <StatusTag status={v} /> },
    { title: t('work.field.reference'), dataIndex: 'businessId', width: 190, render: (v: string | null) => v ?? '-' },
    ...(list === 'send' ? [] : [{ title: t('work.field.startUser'), dataIndex: 'startUser' as const, render: (v: string | null) => v ?? '-' }]),
    { title: list === 'send' ? t('work.field.started') : t('work.field.created'), dataIndex: 'createTime', width: 170 },
    list === 'done' || list === 'send'
      ? { title: list === 'done' ? t('work.field.completed') : t('work.field.ended'), dataIndex: 'endTime', width: 170, render: (v: string | null) => v ?? '-' }
      : { title: t('work.field.due'), dataIndex: 'dueTime', width: 170, render: (v: string | null) => v ?? '-' },
    {
      title: t('work.field.actions'),
      key: 'actions',
      fixed: 'right',
      width: list === 'todo' || list === 'claim' ? 240 : 180,
      render: (_: unknown, r) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          {actions(r)}
        </Space>
      ),
    },
  ];

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t(`work.title.${list}`)}</h2>}>
      <Space wrap style={{ marginBottom: 12 }}>
        {isTaskList && (
          <Input.Search
            allowClear
            aria-label={t('work.filter.taskName')}
            placeholder={t('work.filter.taskName')}
            onSearch={(v) => {
              setTaskName(v.trim());
              setCurrent(1);
            }}
          />
        )}
        {isTaskList && (
          <Select
            allowClear
            aria-label={t('work.filter.kind')}
            placeholder={t('work.filter.kind')}
            style={{ minWidth: 160 }}
            value={kind}
            onChange={(v?: string) => {
              setKind(v);
              setCurrent(1);
            }}
            options={KINDS.map((k) => ({ value: k, label: t(`work.kind.${k}`) }))}
          />
        )}
      </Space>
      <Table<FlowRow>
        data-testid={testId}
        rowKey={(r) => r.taskId ?? r.processInstanceId ?? `${r.kind}:${r.businessId}`}
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        locale={{ emptyText: t(`work.empty.${list}`) }}
        pagination={{ current, pageSize, total: q.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        scroll={{ x: 1300 }}
        columns={columns}
      />
    </Card>
  );
}
