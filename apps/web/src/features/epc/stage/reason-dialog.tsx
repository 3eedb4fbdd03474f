/**
 * The dialog a reject, a cancel, an edit request or a denial asks its reason in: a reason (required unless
 * `optionalReason`), and when a reject may go to several stages, the target stage (the definition's `rejectTo`).
 */
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import type { ProcessDefinition } from '@helio/contracts/process/types';

export interface ReasonResult {
  reason: string;
  targetStage?: string;
}

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  okText: string;
  reasonLabel: string;
  optionalReason?: boolean;
  /** Stages the order may be sent back to (a choice is asked when there are several). */
  targets?: readonly string[];
  /** The order's definition, which names the targets (the installer order's by default). */
  def?: ProcessDefinition;
  hint?: ReactNode;
  /** Shown above the reason (e.g. the edit form). */
  children?: ReactNode;
  danger?: boolean;
  onOk(result: ReasonResult): Promise<unknown>;
  onClose(): void;
}

export function ReasonDialog({ open, title, okText, reasonLabel, optionalReason, targets = [], def = EPC_ORDER_PROCESS, hint, children, danger, onOk, onClose }: ReasonDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ReasonResult>();
  useEffect(() => {
    if (open) form.setFieldsValue({ reason: '', targetStage: targets.length ? targets[0] : undefined });
  }, [open, form, targets]);
  const stageName = (id: string) => {
    const n = def.stage(id)?.name;
    return n ? (i18n.language === 'en-US' ? n.en : n.zh) : id;
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger }}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        let values: ReasonResult;
        try {
          values = await form.validateFields();
        } catch {
          return; // the form shows what is missing
        }
        await onOk({ reason: (values.reason ?? '').trim(), ...(targets.length ? { targetStage: values.targetStage ?? targets[0] } : {}) });
      }}
    >
      {hint && <Alert type="info" showIcon message={hint} style={{ marginBottom: 12 }} />}
      {children}
      <Form form={form} layout="vertical" preserve={false}>
        {targets.length > 1 && (
          <Form.Item name="targetStage" label={t('epc-stage.panel.reject.target')} rules={[{ required: true, message: t('epc-stage.panel.targetRequired') }]}>
            <Select options={targets.map((id) => ({ value: id, label: stageName(id) }))} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={reasonLabel}
          rules={optionalReason ? [] : [{ required: true, whitespace: true, message: t('epc-stage.panel.reasonRequired') }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
