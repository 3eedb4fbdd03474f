/**
 * `/setting-approval` (issue 15): grid-code settings waiting for a second person's approval across the fleet the user
 * sees (waiting ones first), and the ones already decided, with approve and reject (a reason) — never on one's own request (the server
 * answers `canDecide` and refuses it too). Filters by approval state and device SN; the command's state follows live,
 * so an approved change is seen going out and verified. Contracts `approvalList`, `approveCommand`, `rejectCommand`.
 */
import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { APPROVAL_STATES, approvalList, approveCommand, rejectCommand } from '@helio/contracts/modules/settings/settings.api';
import { callEndpoint, useEndpoint } from '@/core/http/endpoint';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';

type ApprovalRow = DataOf<typeof approvalList>['records'][number];

/** The codes that may approve: this page's button, or the device pages' (the same rule as the server's). */
const DECIDE_CODES = ['setting_approval_approve', 'inverter_setting', 'guardian_setting'];
const LIVE_MS = 3000;
const PAGE_SIZE = 10;

const APPROVAL_COLOR: Record<string, string> = { pending: 'orange', approved: 'success', rejected: 'error' };
const STATE_COLOR: Record<string, string> = {
  pending_approval: 'orange',
  queued: 'default',
  sent: 'processing',
  delivered: 'processing',
  succeeded: 'success',
  failed: 'error',
  timed_out: 'error',
  expired: 'warning',
  rejected: 'error',
};

/** `name: old → new` for each item, names in the user's language. */
function ItemsCell({ r }: { r: ApprovalRow }) {
  return (
    <Space direction="vertical" size={0}>
      {Object.entries(r.items).map(([k, v]) => (
        <span key={k}>
          {r.itemNames[k] ?? k}: {String(r.oldValues[k] ?? '-')} → {String(v)}
        </span>
      ))}
    </Space>
  );
}

function RejectDialog({ row, onClose }: { row: ApprovalRow | null; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!row) return;
    setBusy(true);
    try {
      await callEndpoint(rejectCommand, undefined, { id: row.id, reason: form.getFieldValue('reason') as string | undefined });
      toast.success(t('settingApproval.rejected'));
      form.resetFields();
      onClose(true);
    } catch {
      // the HTTP layer has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={row !== null}
      title={t('settingApproval.rejectTitle', { sn: row?.deviceSn ?? '' })}
      okText={t('settingApproval.reject')}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnClose
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('settingApproval.reason')}>
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function SettingApprovalPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { has } = usePermission();
  const mayDecide = DECIDE_CODES.some(has);
  const [modal, holder] = Modal.useModal();
  const [current, setCurrent] = useState(1);
  const [state, setState] = useState<(typeof APPROVAL_STATES)[number] | undefined>();
  const [deviceSn, setDeviceSn] = useState('');
  const [rejecting, setRejecting] = useState<ApprovalRow | null>(null);
  const list = useEndpoint(approvalList, { current, size: PAGE_SIZE, ...(state ? { state } : {}), ...(deviceSn ? { deviceSn } : {}) }, { refetchInterval: LIVE_MS });
  const refresh = () => client.invalidateQueries({ queryKey: ['endpoint'] });

  const approve = (r: ApprovalRow) =>
    void modal.confirm({
      title: t('settingApproval.approveTitle', { sn: r.deviceSn }),
      content: Object.entries(r.items)
        .map(([k, v]) => `${r.itemNames[k] ?? k} = ${String(v)}`)
        .join(', '),
      okText: t('settingApproval.approve'),
      onOk: async () => {
        await callEndpoint(approveCommand, undefined, { id: r.id });
        toast.success(t('settingApproval.approved'));
        await refresh();
      },
    });

  const columns: ColumnsType<ApprovalRow> = [
    { title: t('settingApproval.deviceSn'), dataIndex: 'deviceSn' },
    { title: t('settingApproval.plant'), dataIndex: 'plantName', render: (v: string | null) => v ?? '-' },
    { title: t('settingApproval.items'), key: 'items', render: (_: unknown, r) => <ItemsCell r={r} /> },
    { title: t('settingApproval.requester'), dataIndex: 'requesterName', render: (v: string | null, r) => v ?? r.createUser ?? '-' },
    { title: t('settingApproval.requestTime'), dataIndex: 'createTime' },
    {
      title: t('settingApproval.approval'),
      dataIndex: 'approval',
      render: (v: string) => <Tag color={APPROVAL_COLOR[v] ?? 'default'}>{t(`settingApproval.state.${v}`, { defaultValue: v })}</Tag>,
    },
    {
      title: t('settingApproval.commandState'),
      dataIndex: 'state',
      render: (v: string, r) => (
        <Space size={4}>
          <Tag color={STATE_COLOR[v] ?? 'default'}>{t(`settingApproval.command.${v}`, { defaultValue: v })}</Tag>
          {r.verified !== null && <Tag color={r.verified ? 'success' : 'error'}>{t(r.verified ? 'settingApproval.verified' : 'settingApproval.notVerified')}</Tag>}
        </Space>
      ),
    },
    { title: t('settingApproval.approver'), dataIndex: 'approverName', render: (v: string | null, r) => v ?? r.approveUser ?? '-' },
    { title: t('settingApproval.decideTime'), dataIndex: 'approveTime', render: (v: string | null) => v ?? '-' },
    { title: t('settingApproval.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '' },
    {
      title: t('settingApproval.actions'),
      key: 'actions',
      render: (_: unknown, r) =>
        r.approval !== 'pending' || !mayDecide ? null : r.canDecide ? (
          <Space>
            <Button size="small" type="primary" onClick={() => approve(r)}>
              {t('settingApproval.approve')}
            </Button>
            <Button size="small" danger onClick={() => setRejecting(r)}>
              {t('settingApproval.reject')}
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('settingApproval.ownRequest')}</Typography.Text>
        ),
    },
  ];

  return (
    <Card title={t('settingApproval.title')}>
      {holder}
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('settingApproval.hint')}</Typography.Text>
        <Space wrap>
          <Select
            aria-label={t('settingApproval.approval')}
            style={{ minWidth: 180 }}
            value={state ?? 'all'}
            onChange={(v: string) => {
              setState(v === 'all' ? undefined : (v as (typeof APPROVAL_STATES)[number]));
              setCurrent(1);
            }}
            options={[{ value: 'all', label: t('settingApproval.all') }, ...APPROVAL_STATES.map((s) => ({ value: s, label: t(`settingApproval.state.${s}`) }))]}
          />
          <Input.Search
            aria-label={t('settingApproval.deviceSn')}
            placeholder={t('settingApproval.deviceSn')}
            allowClear
            style={{ maxWidth: 280 }}
            onSearch={(v) => {
              setDeviceSn(v.trim());
              setCurrent(1);
            }}
          />
        </Space>
        <Table<ApprovalRow>
          data-testid="setting-approvals"
          rowKey="id"
          size="small"
          scroll={{ x: 'max-content' }}
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          columns={columns}
          pagination={{ current, total: list.data?.total ?? 0, pageSize: PAGE_SIZE, showSizeChanger: false, onChange: setCurrent }}
        />
      </Space>
      <RejectDialog
        row={rejecting}
        onClose={(done) => {
          setRejecting(null);
          if (done) void refresh();
        }}
      />
    </Card>
  );
}
