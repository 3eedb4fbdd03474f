/**
 * Attachments (`/resource/attach`): the list (rows are made by uploads only), download through the authenticated
 * download endpoint (served as an attachment with a safe file name), delete, and an upload dialog (at most 3 files
 * of 10 MB; the server checks the content).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Modal, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { attachResource } from '@helio/contracts/modules/attach/attach.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext, FieldOverride } from '@/core/crud/crud-page';
import { localeLabel } from '@/core/crud/labels';
import type { Row } from '@/core/crud/use-crud-resource';
import { downloadFile } from '@/core/http/download';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { ATTACHMENT_ACCEPT, checkAttachments, formatBytes } from './upload-rules';
import type { AttachmentProblem } from './upload-rules';

export function AttachPage() {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<{ done(): void } | null>(null);
  const def: ResourceDef = useMemo(
    () => ({
      ...attachResource,
      // Rows have no form: "download" replaces "view".
      actions: attachResource.actions.filter((a) => a !== 'view'),
      fields: [...attachResource.fields, { key: 'createTime', label: localeLabel('resource.createTime'), kind: 'datetime', form: false, sortable: true }],
    }),
    [],
  );
  const fields: Record<string, FieldOverride> = {
    attachSize: { render: (v) => formatBytes(v) },
    usage: { render: (v) => (v ? t(`resource.attach.use.${String(v)}`, { defaultValue: String(v) }) : '-') },
  };

  const download = (row: Row) =>
    void downloadFile('/api/blade-resource/attach/download', { id: String(row.id) }, String(row.originalName || 'file')).catch((e: unknown) =>
      console.error(e),
    );

  const rowActions = (row: Row, ctx: CrudContext) =>
    (ctx.has('view') || ctx.has('add')) && (
      <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => download(row)}>
        {t('resource.attach.download')}
      </Button>
    );

  const toolbar = (ctx: CrudContext) =>
    ctx.has('add') && (
      <Button key="upload" type="primary" icon={<UploadOutlined />} onClick={() => setUploading({ done: ctx.reload })}>
        {t('resource.attach.upload')}
      </Button>
    );

  return (
    <>
      <CrudPage resource={def} fields={fields} rowActions={rowActions} toolbar={toolbar} />
      {uploading && (
        <UploadDialog
          onClose={() => setUploading(null)}
          onDone={() => {
            uploading.done();
            setUploading(null);
          }}
        />
      )}
    </>
  );
}

export function problemText(problem: AttachmentProblem, t: TFunction): string {
  switch (problem.key) {
    case 'none':
      return t('resource.attach.rule.none');
    case 'tooMany':
      return t('resource.attach.rule.tooMany', { max: problem.max });
    case 'tooLarge':
      return t('resource.attach.rule.tooLarge', { name: problem.name });
    case 'empty':
      return t('resource.attach.rule.empty', { name: problem.name });
    case 'type':
      return t('resource.attach.rule.type', { name: problem.name });
  }
}

function UploadDialog({ onClose, onDone }: { onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const raw = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => Boolean(f));
  const problem = files.length ? checkAttachments(raw) : null;

  const submit = async () => {
    const found = checkAttachments(raw);
    if (found) {
      toast.error(problemText(found, t));
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      for (const f of raw) body.append('file', f, f.name);
      await http.post('/api/blade-resource/oss/endpoint/put-file-attach', { body, params: { use: 'attachment' } });
      toast.success(t('resource.attach.uploaded', { n: raw.length }));
      onDone();
    } catch (error) {
      console.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('resource.attach.upload')}
      maskClosable={false}
      onCancel={busy ? undefined : onClose}
      okText={t('resource.attach.startUpload')}
      cancelText={t('crud.action.cancel')}
      okButtonProps={{ loading: busy, disabled: files.length === 0 || problem !== null }}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Upload.Dragger
        multiple
        accept={ATTACHMENT_ACCEPT}
        fileList={files}
        beforeUpload={() => false}
        onChange={({ fileList }) => setFiles(fileList)}
        disabled={busy}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('resource.attach.drop')}</p>
        <p className="ant-upload-hint">{t('resource.attach.hint')}</p>
      </Upload.Dragger>
      {problem && <Alert style={{ marginTop: 12 }} type="error" showIcon message={problemText(problem, t)} />}
    </Modal>
  );
}
