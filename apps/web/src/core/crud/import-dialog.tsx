/**
 * Excel import: a .xls/.xlsx file (at most 10M), the template to download, an overwrite switch (0 no / 1 yes,
 * default 0, required) and optionally "skip rows with errors". A refused file lists its row-level errors
 * (row, column, reason); nothing is imported unless the user chose to skip them.
 */
import { useState } from 'react';
import { Alert, Button, Form, Modal, Radio, Switch, Table, Typography, Upload } from 'antd';
import type { RadioGroupProps, UploadFile } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/core/http/download';
import { http } from '@/core/http/http';
import { HttpError } from '@/core/http/types';
import { toast } from '@/core/notify';
import './locale';

export interface ImportError {
  row: number;
  column: string;
  reason: string;
}

interface ImportAnswer {
  imported?: number;
  errors?: ImportError[];
}

export interface ImportDialogProps {
  open: boolean;
  title?: string;
  templateUrl: string;
  templateName: string;
  importUrl: string;
  /** Offer "skip rows with errors" (skipErrors=1). */
  allowSkipErrors?: boolean;
  /** Names of the columns the server reports errors in (its keys, e.g. `code`). */
  columnLabels?: Record<string, string>;
  onClose(): void;
  /** After rows were imported. */
  onImported(count: number): void;
}

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Client-side check of a chosen file: .xls/.xlsx, at most 10M. */
export function checkImportFile(file: { name: string; size: number }): 'fileType' | 'fileSize' | null {
  if (!/\.(xlsx|xls)$/i.test(file.name)) return 'fileType';
  if (file.size > IMPORT_MAX_BYTES) return 'fileSize';
  return null;
}

interface Values {
  isCovered: 0 | 1;
  skipErrors: boolean;
}

/**
 * A required Form.Item hands its control `aria-required`; antd puts it on the radio group's div, which has no role
 * allowing it (axe aria-allowed-attr). The label's required mark says it instead.
 */
function ChoiceGroup({ 'aria-required': _required, ...props }: RadioGroupProps & { 'aria-required'?: unknown }) {
  return <Radio.Group {...props} />;
}

export function ImportDialog({ open, title, templateUrl, templateName, importUrl, allowSkipErrors, columnLabels, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [errors, setErrors] = useState<ImportError[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setFileError(null);
    setErrors([]);
    setSummary(null);
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!file) {
      setFileError(t('crud.import.fileRequired'));
      return;
    }
    const body = new FormData();
    body.append('file', file, file.name);
    setBusy(true);
    setErrors([]);
    setSummary(null);
    try {
      const answer = await http.post<ImportAnswer>(importUrl, {
        params: { isCovered: values.isCovered, ...(allowSkipErrors ? { skipErrors: values.skipErrors ? 1 : 0 } : {}) },
        body,
        silentCodes: [400],
      });
      const imported = Number(answer?.imported ?? 0);
      const rest = answer?.errors ?? [];
      toast.success(t('crud.import.imported', { n: imported }));
      onImported(imported);
      if (rest.length) {
        setErrors(rest);
        setSummary(t('crud.import.imported', { n: imported }));
      } else {
        reset();
        onClose();
      }
    } catch (error) {
      if (error instanceof HttpError && error.code === 400) {
        const data = (error.body as { data?: ImportAnswer } | undefined)?.data;
        setErrors(Array.isArray(data?.errors) ? data.errors : []);
        setSummary(error.message);
        toast.error(error.message);
      } else {
        console.error(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const fileList: UploadFile[] = file ? [{ uid: 'file', name: file.name, size: file.size, status: 'done' }] : [];

  return (
    <Modal
      open={open}
      title={title ?? t('crud.import.title')}
      width={720}
      maskClosable={false}
      destroyOnHidden
      afterClose={reset}
      // Every opening starts from "no overwrite" (spec: default 0) and no file.
      afterOpenChange={(visible) => visible && form.resetFields()}
      onCancel={busy ? undefined : onClose}
      footer={[
        <Button key="template" icon={<DownloadOutlined />} onClick={() => void downloadFile(templateUrl, undefined, templateName).catch(() => undefined)}>
          {t('crud.import.template')}
        </Button>,
        <Button key="cancel" onClick={onClose} disabled={busy}>
          {t('crud.action.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => void submit()}>
          {t('crud.import.submit')}
        </Button>,
      ]}
    >
      <Form<Values> form={form} name="import-form" layout="vertical" initialValues={{ isCovered: 0, skipErrors: false }} disabled={busy}>
        <Form.Item label={t('crud.import.file')} required validateStatus={fileError ? 'error' : undefined} help={fileError ?? t('crud.import.hint')}>
          <Upload.Dragger
            accept=".xls,.xlsx"
            maxCount={1}
            fileList={fileList}
            beforeUpload={(chosen) => {
              const problem = checkImportFile(chosen);
              if (problem) {
                setFileError(t(problem === 'fileType' ? 'crud.import.fileType' : 'crud.import.fileSize'));
                setFile(null);
              } else {
                setFileError(null);
                setFile(chosen);
              }
              setErrors([]);
              setSummary(null);
              return false;
            }}
            onRemove={() => {
              setFile(null);
              return true;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('crud.import.choose')}</p>
          </Upload.Dragger>
        </Form.Item>
        <Form.Item name="isCovered" label={t('crud.import.isCovered')} rules={[{ required: true }]}>
          <ChoiceGroup
            optionType="button"
            options={[
              { value: 0, label: t('crud.no') },
              { value: 1, label: t('crud.yes') },
            ]}
          />
        </Form.Item>
        {allowSkipErrors && (
          <Form.Item name="skipErrors" label={t('crud.import.skipErrors')} valuePropName="checked" extra={t('crud.import.skipErrorsHint')}>
            <Switch />
          </Form.Item>
        )}
      </Form>
      {summary && <Alert type={errors.length ? 'error' : 'success'} showIcon message={summary} style={{ marginBottom: 12 }} />}
      {errors.length > 0 && (
        <>
          <Typography.Text strong>{t('crud.import.errors')}</Typography.Text>
          <Table<ImportError>
            size="small"
            rowKey={(r) => `${r.row}:${r.column}:${r.reason}`}
            dataSource={errors}
            pagination={errors.length > 8 ? { pageSize: 8, size: 'small' } : false}
            columns={[
              { title: t('crud.import.row'), dataIndex: 'row', width: 80 },
              { title: t('crud.import.column'), dataIndex: 'column', width: 140, render: (c: string) => columnLabels?.[c] ?? c },
              { title: t('crud.import.reason'), dataIndex: 'reason' },
            ]}
            style={{ marginTop: 8 }}
          />
        </>
      )}
    </Modal>
  );
}
