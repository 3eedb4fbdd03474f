/**
 * A device's settings history (issue 15): the operation log (who, when, item, old → new, result), the settings
 * versions with a restore (after a confirm), and the grid-code commands waiting for a second person's approval.
 */
import { useState } from 'react';
import { Button, Modal, Space, Table, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { callEndpoint, useEndpoint } from '@/core/http/endpoint';
import { toast } from '@/core/notify';
import { useSessionStore } from '@/core/auth/session-store';
import { usePermission } from '@/core/permission/permission-store';
import { approveCommand, commandList, operationLogList, rejectCommand, restoreVersion, versionList } from '@helio/contracts/modules/settings/settings.api';
import { CommandStateTag, CommandStatus, VerifiedTag } from './settings-status';

type LogRow = DataOf<typeof operationLogList>['records'][number];
type VersionRow = DataOf<typeof versionList>['records'][number];
type CommandRow = DataOf<typeof commandList>['records'][number];

/** `name = value, …`: the items' names in the user's language (the server answers them with the row). */
const valuesText = (v: Record<string, unknown>, names: Record<string, string> = {}) =>
  Object.entries(v)
    .map(([k, x]) => `${names[k] ?? k} = ${String(x)}`)
    .join(', ');

/** Who, when, item, old → new, result. */
export function OperationLog({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const q = useEndpoint(operationLogList, { deviceSn: sn, current, size: 10 });
  return (
    <div data-testid="settings-log">
      <Table<LogRow>
        size="small"
        rowKey="id"
        loading={q.isFetching && !q.data}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current, pageSize: 10, total: q.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          { title: t('station.remote.col.time'), dataIndex: 'createTime' },
          { title: t('station.remote.col.operator'), dataIndex: 'operatorName', render: (v: string | null, r) => v ?? r.operator ?? '-' },
          { title: t('station.remote.col.item'), dataIndex: 'itemName', render: (v: string, r) => v || r.itemKey },
          { title: t('station.remote.col.change'), key: 'change', render: (_, r) => `${r.oldValue ?? '-'} → ${r.newValue ?? '-'}` },
          {
            title: t('station.remote.col.result'),
            dataIndex: 'result',
            render: (v: string, r) => (
              <Space size={4}>
                <CommandStateTag state={v} />
                <VerifiedTag verified={r.verified} />
              </Space>
            ),
          },
          { title: t('station.remote.col.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '' },
        ]}
      />
    </div>
  );
}

/** The device's settings versions, newest first; an earlier one can be issued again. */
export function SettingsVersions({ sn, issueCode }: { sn: string; issueCode: string }) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const [restored, setRestored] = useState<string[]>([]);
  const canIssue = usePermission().has(issueCode);
  const client = useQueryClient();
  const q = useEndpoint(versionList, { deviceSn: sn, size: 20 });
  const restore = (v: VersionRow) =>
    void modal.confirm({
      title: t('station.remote.restoreTitle'),
      content: t('station.remote.restoreConfirm', { n: v.versionNo, values: valuesText(v.settingValues, v.itemNames) }),
      okText: t('station.remote.restore'),
      onOk: async () => {
        const res = await callEndpoint(restoreVersion, undefined, { id: v.id });
        setRestored((ids) => [...res.commands.map((c) => c.id), ...ids]);
        toast.success(t('station.remote.restoreSent', { n: v.versionNo }));
        await client.invalidateQueries({ queryKey: ['endpoint'] });
      },
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="settings-versions">
      {holder}
      {restored.map((id) => (
        <CommandStatus key={id} id={id} />
      ))}
      <Table<VersionRow>
        size="small"
        rowKey="id"
        loading={q.isFetching && !q.data}
        dataSource={q.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('station.remote.col.version'), dataIndex: 'versionNo', render: (n: number, r) => (r.current ? `${n} (${t('station.remote.current')})` : String(n)) },
          { title: t('station.remote.col.changed'), dataIndex: 'changed', render: (v: Record<string, unknown>, r) => valuesText(v, r.itemNames) },
          { title: t('station.remote.col.operator'), dataIndex: 'createUserName', render: (v: string | null, r) => v ?? r.createUser ?? '-' },
          { title: t('station.remote.col.time'), dataIndex: 'createTime' },
          {
            title: t('station.remote.col.actions'),
            key: 'actions',
            render: (_, r) =>
              canIssue && !r.current ? (
                <Button size="small" onClick={() => restore(r)} aria-label={t('station.remote.restoreVersion', { n: r.versionNo })}>
                  {t('station.remote.restore')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Space>
  );
}

/** Grid-code commands waiting for a second person (of `deviceSn`, or all visible ones). */
export function PendingApprovals({ sn, approveCode }: { sn?: string; approveCode: string | string[] }) {
  const { t } = useTranslation();
  const { has } = usePermission();
  const can = (Array.isArray(approveCode) ? approveCode : [approveCode]).some(has);
  // The requester cannot approve their own command (the server refuses it too).
  const me = useSessionStore((s) => s.user?.user_id);
  const client = useQueryClient();
  const q = useEndpoint(commandList, { deviceSn: sn, state: 'pending_approval', size: 50 }, { refetchInterval: 10_000 });
  const act = async (action: 'approve' | 'reject', id: string) => {
    await (action === 'approve' ? callEndpoint(approveCommand, undefined, { id }) : callEndpoint(rejectCommand, undefined, { id }));
    toast.success(t(action === 'approve' ? 'station.remote.approved' : 'station.remote.rejected'));
    await client.invalidateQueries({ queryKey: ['endpoint'] });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="settings-approvals">
      <Typography.Text type="secondary">{t('station.remote.approvalHint')}</Typography.Text>
      <Table<CommandRow>
        size="small"
        rowKey="id"
        loading={q.isFetching && !q.data}
        dataSource={q.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          ...(sn ? [] : [{ title: t('station.deviceSn'), dataIndex: 'deviceSn' }]),
          { title: t('station.remote.col.time'), dataIndex: 'createTime' },
          { title: t('station.remote.col.requester'), dataIndex: 'createUser', render: (v: string | null) => v ?? '-' },
          { title: t('station.remote.col.items'), dataIndex: 'items', render: (v: Record<string, unknown>, r: CommandRow) => valuesText(v, r.itemNames) },
          { title: t('station.remote.col.result'), dataIndex: 'state', render: (v: string) => <CommandStateTag state={v} /> },
          {
            title: t('station.remote.col.actions'),
            key: 'actions',
            render: (_, r) =>
              can && r.createUser === me ? (
                <Typography.Text type="secondary">{t('station.remote.ownRequest')}</Typography.Text>
              ) : can ? (
                <Space>
                  <Button size="small" type="primary" onClick={() => void act('approve', r.id)}>
                    {t('station.remote.approve')}
                  </Button>
                  <Button size="small" danger onClick={() => void act('reject', r.id)}>
                    {t('station.remote.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
    </Space>
  );
}
