/**
 * The add / edit / view dialog of a resource: a modal (width and outside-click behaviour from the definition) with
 * the definition's form. While saving the form is disabled; a failed save is logged and the form is usable again.
 * Escape closes it whatever the definition says of outside clicks (keyboard users have no other quick way out), once
 * no field's list is open.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { MutableRefObject, ReactNode } from 'react';
import { Button, Form, Modal, Spin } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { escapeClosesListFirst } from '@/core/a11y/focus';
import type { FieldDef, ResourceDef } from '@helio/contracts/crud/resource';
import { CrudFormFields, formFieldsOf } from './fields-to-form';
import type { FormFieldOverride, FormMode } from './fields-to-form';
import type { Row } from './use-crud-resource';

export interface CrudFormDialogProps {
  def: Pick<ResourceDef, 'api' | 'tree' | 'ui' | 'fields'>;
  open: boolean;
  mode: FormMode;
  /** Values to start from: the loaded record (edit, view) or the defaults (add). Undefined while loading. */
  record: Row | undefined;
  overrides?: Record<string, FormFieldOverride | undefined>;
  /** Fields to show instead of the definition's (e.g. a bespoke page's own list). */
  fields?: readonly FieldDef[];
  title?: ReactNode;
  /** Saves the form's values; rejects on failure (the HTTP client has shown the server's message). */
  onSubmit(values: Row): Promise<void>;
  onClose(): void;
  /** Extra content under the fields. */
  children?: ReactNode;
}

const DEFAULT_WIDTH = 800;

export function CrudFormDialog({ def, open, mode, record, overrides, fields, title, onSubmit, onClose, children }: CrudFormDialogProps) {
  const { t } = useTranslation();
  const formRef = useRef<FormInstance<Row> | null>(null);
  const [saving, setSaving] = useState(false);
  const view = mode === 'view';
  const shown = useMemo(() => formFieldsOf(fields ?? def.fields, mode), [fields, def.fields, mode]);

  // Each record gets a form of its own (a reused form store would keep the previous opening's values).
  const session = useRef<{ record: Row | undefined; n: number }>({ record: undefined, n: 0 });
  if (record !== session.current.record) session.current = { record, n: session.current.n + 1 };

  const save = async () => {
    const form = formRef.current;
    if (!form) return;
    let values: Row;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    setSaving(true);
    try {
      await onSubmit({ ...values });
    } catch (error) {
      console.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title ?? t(`crud.title.${mode}`)}
      width={def.ui?.dialogWidth ?? DEFAULT_WIDTH}
      maskClosable={def.ui?.maskClosable ?? true}
      modalRender={(node) => <div onKeyDown={escapeClosesListFirst}>{node}</div>}
      destroyOnHidden
      onCancel={saving ? undefined : onClose}
      footer={
        view
          ? [
              <Button key="close" onClick={onClose}>
                {t('crud.action.close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose} disabled={saving}>
                {t('crud.action.cancel')}
              </Button>,
              <Button key="save" type="primary" loading={saving} onClick={() => void save()}>
                {t('crud.action.save')}
              </Button>,
            ]
      }
    >
      {record === undefined ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <DialogForm
          key={session.current.n}
          formRef={formRef}
          def={def}
          fields={shown}
          mode={mode}
          record={record}
          overrides={overrides}
          disabled={saving || view}
        >
          {children}
        </DialogForm>
      )}
    </Modal>
  );
}

interface DialogFormProps {
  formRef: MutableRefObject<FormInstance<Row> | null>;
  def: CrudFormDialogProps['def'];
  fields: FieldDef[];
  mode: FormMode;
  record: Row;
  overrides?: CrudFormDialogProps['overrides'];
  disabled: boolean;
  children?: ReactNode;
}

function DialogForm({ formRef, def, fields, mode, record, overrides, disabled, children }: DialogFormProps) {
  const [form] = Form.useForm<Row>();
  useLayoutEffect(() => {
    formRef.current = form;
    return () => {
      if (formRef.current === form) formRef.current = null;
    };
  }, [form, formRef]);
  return (
    <Form<Row>
      form={form}
      // Field ids `crud-form_<key>`: distinct from the search form's, so labels point at these inputs.
      name="crud-form"
      layout="vertical"
      initialValues={record}
      disabled={disabled}
      className="helio-crud-form"
    >
      <CrudFormFields def={def} fields={fields} mode={mode} form={form} record={record} overrides={overrides} disabled={disabled} />
      {children}
    </Form>
  );
}
