/**
 * A device replaced during the repair (issue 20, `maintenanceOrder/replaceDevice`, at the repair QC stage): the old
 * serial — one of the station's devices (the order's warranty data lists them) or typed — the new serial (in stock,
 * not installed) and the reason. The answer holds the new device's MQTT secret, shown once with a copy button as the
 * station's device registration shows it. The order's replacements (its data's `replacement.lines`) are listed.
 */
import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Table, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { maintWarrantyDetail, replaceDevice } from '@helio/contracts/modules/epc/maint.api';
import type { ReplacementLine } from '@helio/contracts/modules/epc/maint.forms';
import { useEndpoint } from '@/core/http/endpoint';
import { FormAutoComplete } from '@/core/stage/schema-form';
import { http } from '@/core/http/http';
import type { OrderDetail } from '@/features/epc/api';
import { useStepErrors } from '@/features/epc/stage/use-step-errors';
import { deviceKindName } from './api';

type Replaced = DataOf<typeof replaceDevice>;
interface Values {
  oldSn: string;
  newSn: string;
  reason: string;
}

/** The order's replacements (stored by the server under the order data's `replacement`). */
export function replacementsOf(data: Record<string, unknown>): ReplacementLine[] {
  const r = data.replacement as { lines?: unknown } | undefined;
  return Array.isArray(r?.lines) ? (r.lines as ReplacementLine[]) : [];
}

export function Replacements({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const lines = replacementsOf(detail.data);
  if (!lines.length) return null;
  return (
    <div data-testid="maint-replacements" style={{ marginTop: 12 }}>
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        {t('maintenance.replace.list')}
      </Typography.Title>
      <Table<ReplacementLine>
        size="small"
        rowKey={(l) => `${l.oldSn}>${l.newSn}@${l.at}`}
        dataSource={lines}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('maintenance.replace.deviceType'), dataIndex: 'deviceType', render: (v: string) => deviceKindName(t, v) },
          { title: t('maintenance.replace.oldSn'), dataIndex: 'oldSn' },
          { title: t('maintenance.replace.newSn'), dataIndex: 'newSn' },
          { title: t('maintenance.replace.reason'), dataIndex: 'reason' },
          { title: t('maintenance.replace.at'), key: 'at', render: (_: unknown, l) => [l.byName ?? l.by, l.at].filter(Boolean).join(' · ') },
        ]}
      />
    </div>
  );
}

/** The button (for who may act on the stage) and its dialog; the list is in the page's head (maint-detail-page.tsx). */
export function ReplaceDevice({ detail, onChanged }: { detail: OrderDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const may = detail.actions.includes('save') || detail.actions.includes('submit');
  return (
    <div style={{ marginBottom: 16 }} data-testid="maint-replace">
      {may && (
        <Button icon={<SwapOutlined aria-hidden />} onClick={() => setOpen(true)} data-testid="maint-replace-open">
          {t('maintenance.replace.action')}
        </Button>
      )}
      {open && <ReplaceDialog detail={detail} onClose={() => setOpen(false)} onChanged={onChanged} />}
    </div>
  );
}

function ReplaceDialog({ detail, onClose, onChanged }: { detail: OrderDetail; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Replaced | null>(null);
  const warranty = useEndpoint(maintWarrantyDetail, { orderId: detail.order.id });
  const devices = warranty.data?.devices ?? [];
  const { handle, modalHolder } = useStepErrors(undefined, undefined, onChanged);
  const close = () => {
    // The order moved on (its version, its replacements): the page reads it again once the secret has been seen.
    if (done) onChanged();
    onClose();
  };
  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const body = { orderId: detail.order.id, version: detail.order.version, oldSn: v.oldSn.trim(), newSn: v.newSn.trim(), reason: v.reason.trim() };
      const r = await http.request<{ data: Replaced }>(replaceDevice.url, { method: replaceDevice.method, data: body, silent: true });
      setDone(r.data);
    } catch (e) {
      handle(e);
    } finally {
      setBusy(false);
    }
  };
  if (done) {
    return (
      <Modal open title={t('maintenance.replace.doneTitle')} onCancel={close} footer={<Button type="primary" onClick={close}>{t('maintenance.replace.close')}</Button>} width={600}>
        <Alert type="warning" showIcon message={t('maintenance.replace.secretOnce')} style={{ marginBottom: 12 }} />
        <Descriptions
          size="small"
          bordered
          column={1}
          data-testid="maint-replace-done"
          items={[
            { key: 'old', label: t('maintenance.replace.oldSn'), children: done.replacement.oldSn },
            { key: 'new', label: t('maintenance.replace.newSn'), children: done.replacement.newSn },
            { key: 'secret', label: t('maintenance.replace.secret'), children: <Typography.Text code copyable>{done.secret}</Typography.Text> },
          ]}
        />
      </Modal>
    );
  }
  const snRules = (required: string) => [{ required: true, whitespace: true, message: required }];
  return (
    <Modal
      open
      title={t('maintenance.replace.title')}
      okText={t('maintenance.replace.ok')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={busy}
      maskClosable={false}
      destroyOnHidden
      width={600}
    >
      {modalHolder}
      <Typography.Paragraph type="secondary">{t('maintenance.replace.hint')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" preserve={false}>
        <Form.Item name="oldSn" label={t('maintenance.replace.oldSn')} rules={snRules(t('maintenance.replace.oldRequired'))}>
          <FormAutoComplete
            allowClear
            maxLength={64}
            options={devices.map((d) => ({ value: d.sn, label: `${d.sn} · ${deviceKindName(t, d.deviceType)}${d.model ? ` · ${d.model}` : ''}` }))}
            filterOption={(input, o) => String(o?.value ?? '').toLowerCase().includes(input.toLowerCase())}
          />
        </Form.Item>
        <Form.Item
          name="newSn"
          label={t('maintenance.replace.newSn')}
          dependencies={['oldSn']}
          rules={[
            ...snRules(t('maintenance.replace.newRequired')),
            ({ getFieldValue }) => ({
              validator: async (_: unknown, v: unknown) => {
                if (typeof v === 'string' && v.trim() && v.trim() === String(getFieldValue('oldSn') ?? '').trim()) throw new Error(t('maintenance.replace.same'));
              },
            }),
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="reason" label={t('maintenance.replace.reason')} rules={[{ required: true, whitespace: true, message: t('maintenance.replace.reasonRequired') }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
