/**
 * Cancel and edit of a running order: the pending request (who, when, why, the proposed customer data) with the
 * examiner's approve / deny, and the edit request dialog (the customer form filled with the order's data, a reason).
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { customerForm } from '@helio/contracts/modules/epc/order.forms';
import { SchemaFormFields } from '@/core/stage/schema-form';
import { formFields } from '@/core/stage/schema-model';
import { SchemaView } from '@/core/stage/schema-view';
import { fromWire, stillUploading, toWire } from '@/core/stage/wire';
import { toast } from '@/core/notify';
import { processOf } from '../process';
import { epcOverrides, labelPrefix } from './epc-fields';
import type { DataOf } from '@helio/contracts/api/endpoint';
import type { baseOrderInfo } from '@helio/contracts/modules/epc/order.api';
import { ReasonDialog } from './reason-dialog';

type OrderDetail = DataOf<typeof baseOrderInfo>;
type Pending = NonNullable<OrderDetail['pendingRequest']>;

const roleName = (role: string, language: string, process: string | null | undefined) => {
  const r = (processOf(process).roles as Record<string, { name: { zh: string; en: string } } | undefined>)[role];
  return r ? (language === 'en-US' ? r.name.en : r.name.zh) : role;
};
/** The form an edit request carries: the order definition's edit form (the installer order's customer form). */
const editFormOf = (process: string | null | undefined) => processOf(process).editForm() ?? customerForm;

/** The pending request; `canExamine` shows approve and deny (never to the requester: the server leaves it out). */
export function PendingRequest({
  pending,
  byName,
  canExamine,
  onExamine,
  process,
}: {
  pending: Pending;
  /** The order's definition (`OrderVO.process`): role names and the edit form. */
  process?: string | null;
  /** The requester's name (from the review history), else the id is shown. */
  byName?: string | null;
  canExamine: boolean;
  onExamine(approved: boolean, reason: string): Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [denying, setDenying] = useState(false);
  const [busy, setBusy] = useState(false);
  const kind = pending.kind === 'cancel' ? 'cancel' : 'edit';
  return (
    <Card size="small" data-testid="pending-request" style={{ marginBottom: 16 }}>
      <Alert
        type="warning"
        showIcon
        message={t(`epc-stage.panel.pending.${kind}`)}
        description={
          <Space direction="vertical">
            <span>{t('epc-stage.panel.pending.by', { by: byName || pending.by, role: roleName(pending.role, i18n.language, process), at: pending.at })}</span>
            {pending.reason && <span>{t('epc-stage.panel.pending.reason', { reason: pending.reason })}</span>}
          </Space>
        }
      />
      {pending.changes && (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {t('epc-stage.panel.pending.changes')}
          </Typography.Title>
          <SchemaView form={editFormOf(process)} labelPrefix={labelPrefix(editFormOf(process))} data={pending.changes} />
        </>
      )}
      {canExamine && (
        <Space style={{ marginTop: 12 }}>
          <Button
            type="primary"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onExamine(true, '');
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('epc-stage.panel.action.examineApprove')}
          </Button>
          <Button danger disabled={busy} onClick={() => setDenying(true)}>
            {t('epc-stage.panel.action.examineDeny')}
          </Button>
        </Space>
      )}
      <ReasonDialog
        open={denying}
        title={t('epc-stage.panel.action.examineDeny')}
        okText={t('epc-stage.panel.action.examineDeny')}
        reasonLabel={t('epc-stage.panel.pending.denyReason')}
        optionalReason
        danger
        onClose={() => setDenying(false)}
        onOk={async ({ reason }) => {
          await onExamine(false, reason);
          setDenying(false);
        }}
      />
    </Card>
  );
}

/** The edit request: the customer form (the order's data) and a reason; immediate or examined as the stage says. */
export function EditRequestDialog({
  open,
  detail,
  onClose,
  onSubmit,
}: {
  open: boolean;
  detail: OrderDetail;
  onClose(): void;
  onSubmit(customer: Record<string, unknown>, reason: string): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const def = processOf(detail.order.process);
  const editForm = editFormOf(detail.order.process);
  const nodes = useMemo(() => formFields(editForm.schema), [editForm]);
  const draft = useRef(false);
  const overrides = useMemo(() => epcOverrides(editForm, t, () => draft.current), [editForm, t]);
  const examined = (def.edit?.examine as readonly string[] | undefined)?.includes(detail.order.stage) ?? false;
  return (
    <Modal
      open={open}
      width="min(960px, 100vw)"
      title={t('epc-stage.panel.edit.title')}
      okText={t('epc-stage.panel.action.submit')}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        let values: Record<string, unknown>;
        try {
          values = (await form.validateFields()) as Record<string, unknown>;
        } catch {
          return; // the form shows what is missing
        }
        const all = { ...(form.getFieldsValue(true) as Record<string, unknown>), ...values };
        if (stillUploading(nodes, all)) {
          toast.warning(t('epc-stage.panel.uploading'));
          return;
        }
        const { _reason, ...customer } = all;
        await onSubmit(toWire(nodes, customer), String(_reason ?? '').trim());
      }}
    >
      {examined && <Alert type="info" showIcon message={t('epc-stage.panel.edit.hint')} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={fromWire(nodes, detail.data.customer)}>
        <SchemaFormFields form={editForm} labelPrefix={labelPrefix(editForm)} overrides={overrides} isDraft={() => draft.current} />
        <Form.Item name="_reason" label={t('epc-stage.panel.edit.reason')} rules={examined ? [{ required: true, whitespace: true, message: t('epc-stage.panel.reasonRequired') }] : []}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
