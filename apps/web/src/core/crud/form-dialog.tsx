/**
 * A small dialog with its own form for bespoke actions (grant, settings, import …): the form is disabled while
 * saving, a failed save is logged and leaves the dialog open, a successful one toasts the success message and closes.
 */
import { Fragment, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Form, Modal, Spin } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { escapeClosesListFirst } from '@/core/a11y/focus';
import { toast } from '@/core/notify';
import './locale';

export interface FormDialogProps<V extends object> {
  open: boolean;
  title: ReactNode;
  width?: number;
  maskClosable?: boolean;
  /** Undefined while the starting values load. */
  initialValues: Partial<V> | undefined;
  /** Saves; rejects on failure. Return false to keep the dialog open without the success toast. */
  onSubmit(values: V, form: FormInstance<V>): Promise<void | boolean>;
  onClose(): void;
  children: ReactNode | ((form: FormInstance<V>) => ReactNode);
  okText?: ReactNode;
  /** Other footer buttons, left of the usual two. */
  extraFooter?: ReactNode;
}

export function FormDialog<V extends object>({
  open,
  title,
  width = 600,
  maskClosable = false,
  initialValues,
  onSubmit,
  onClose,
  children,
  okText,
  extraFooter,
}: FormDialogProps<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const result = await onSubmit(values, form);
      if (result !== false) {
        toast.success(t('crud.success'));
        onClose();
      }
    } catch (error) {
      console.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      maskClosable={maskClosable}
      modalRender={(node) => <div onKeyDown={escapeClosesListFirst}>{node}</div>}
      destroyOnHidden
      onCancel={saving ? undefined : onClose}
      footer={[
        <Fragment key="extra">{extraFooter}</Fragment>,
        <Button key="cancel" onClick={onClose} disabled={saving}>
          {t('crud.action.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void save()}>
          {okText ?? t('crud.action.save')}
        </Button>,
      ]}
    >
      {initialValues === undefined ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <Form<V> form={form} name="dialog-form" layout="vertical" initialValues={initialValues} disabled={saving}>
          {typeof children === 'function' ? children(form) : children}
        </Form>
      )}
    </Modal>
  );
}
