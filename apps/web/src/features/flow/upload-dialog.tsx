/**
 * Deploying files (`manager/deploy-upload`): .bpmn, .bpmn20.xml or .zip (several at once), a category and (platform
 * administrators) the tenants. The server checks every file (type, size, the zip's names and size, the BPMN subset)
 * and its refusal is shown in the dialog as it answers it, in the user's language.
 */
import { useState } from 'react';
import { Alert, Button, Form, Modal, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HttpError } from '@/core/http/types';
import { toast } from '@/core/notify';
import { deployUpload, useFlowRefresh } from './api';
import { CategoryField, TenantField } from './tenant-field';

interface Values {
  category: string;
  tenantIds?: string[];
}

export function UploadDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const refresh = useFlowRefresh();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFiles([]);
    setFileError(undefined);
    setRefusal(undefined);
    form.resetFields();
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!files.length) return setFileError(t('flow.upload.fileRequired'));
    setBusy(true);
    setRefusal(undefined);
    try {
      await deployUpload(files, values.category, values.tenantIds ?? []);
      toast.success(t('flow.upload.done', { count: files.length }));
      await refresh();
      reset();
      onClose();
    } catch (e) {
      if (e instanceof HttpError && e.code === 400) setRefusal(e.message);
    } finally {
      setBusy(false);
    }
  };

  const list: UploadFile[] = files.map((f, i) => ({ uid: String(i), name: f.name, size: f.size, status: 'done' }));

  return (
    <Modal
      open={open}
      title={t('flow.upload.title')}
      width={640}
      maskClosable={false}
      destroyOnHidden
      afterClose={reset}
      onCancel={busy ? undefined : onClose}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={busy}>
          {t('flow.action.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => void submit()}>
          {t('flow.upload.ok')}
        </Button>,
      ]}
    >
      <Form<Values> form={form} layout="vertical" name="flow-upload" disabled={busy} initialValues={{ tenantIds: [] }}>
        <CategoryField />
        <TenantField />
        <Form.Item label={t('flow.upload.files')} required validateStatus={fileError ? 'error' : undefined} help={fileError ?? t('flow.upload.hint')}>
          <Upload.Dragger
            multiple
            accept=".bpmn,.xml,.zip,.bar"
            fileList={list}
            beforeUpload={(file) => {
              setFiles((prev) => [...prev, file]);
              setFileError(undefined);
              setRefusal(undefined);
              return false;
            }}
            onRemove={(file) => {
              setFiles((prev) => prev.filter((_, i) => String(i) !== file.uid));
              return true;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('flow.upload.choose')}</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon message={t('flow.upload.refused')} description={refusal} data-testid="flow-upload-refusal" />}
    </Modal>
  );
}
