/**
 * A company's documents: each file uploaded at once with the ordinary `oss/endpoint/put-file?use=attachment` (which
 * checks it on its content); the company then carries the attachment ids. The limits are the server's (contracts
 * `agent.api`, spec §5): at most 3 files, each an image or a PDF of at most 10 MB.
 */
import { Button, Upload } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AGENT_DOCUMENT_BYTES, AGENT_DOCUMENTS_MAX } from '@helio/contracts/modules/agent/agent.api';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import type { DocumentRow } from './api';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/bmp,application/pdf,.jpg,.jpeg,.png,.gif,.webp,.bmp,.pdf';
const TYPE = /^(image\/(jpeg|png|gif|webp|bmp)|application\/pdf)$/;

interface Uploaded {
  attachId: string;
  link: string;
}

/** The attachment ids of the documents, in the order shown (stored ones keep their id as `uid`). */
export function documentIds(files: UploadFile[]): string[] {
  return files.flatMap((f) => {
    if (f.status !== 'done') return [];
    const id = (f.response as Uploaded | undefined)?.attachId ?? f.uid;
    return id ? [id] : [];
  });
}

export const stillUploading = (files: UploadFile[]) => files.some((f) => f.status === 'uploading');

/** Stored documents as upload list entries. */
export const asFiles = (docs: readonly DocumentRow[]): UploadFile[] =>
  docs.map((d) => ({ uid: d.attachId, name: d.originalName ?? d.attachId, status: 'done', url: d.link, response: { attachId: d.attachId, link: d.link } }));

const upload: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
  const body = new FormData();
  body.append('file', file as Blob, (file as File).name);
  http
    .post<Uploaded>('/api/blade-resource/oss/endpoint/put-file', { body, params: { use: 'attachment' } })
    .then((data) => onSuccess?.(data))
    .catch((e: unknown) => onError?.(e instanceof Error ? e : new Error(String(e))));
};

/** A form control: `value` / `onChange` are the upload list. */
export function DocumentsUpload({ value = [], onChange, id }: { value?: UploadFile[]; onChange?(files: UploadFile[]): void; id?: string }) {
  const { t } = useTranslation();
  let room = AGENT_DOCUMENTS_MAX - value.length;
  return (
    <Upload
      accept={ACCEPT}
      multiple
      fileList={value}
      customRequest={upload}
      beforeUpload={(file) => {
        if (!TYPE.test(file.type)) {
          toast.error(t('agent.documents.type', { name: file.name }));
          return Upload.LIST_IGNORE;
        }
        if (file.size > AGENT_DOCUMENT_BYTES) {
          toast.error(t('agent.documents.tooLarge'));
          return Upload.LIST_IGNORE;
        }
        if (room <= 0) {
          toast.error(t('agent.documents.tooMany', { max: AGENT_DOCUMENTS_MAX }));
          return Upload.LIST_IGNORE;
        }
        room -= 1;
        return true;
      }}
      onChange={({ fileList }) => onChange?.(fileList)}
    >
      <Button id={id} icon={<UploadOutlined aria-hidden />} disabled={value.length >= AGENT_DOCUMENTS_MAX}>
        {t('agent.documents.add')}
      </Button>
    </Upload>
  );
}
