/**
 * Files attached to a task when completing it: each uploaded at once with `oss/endpoint/put-file-attach` (the server
 * checks its content); completing the task then names the attachment ids. The limits are the server's (contracts
 * `workflow.api`): at most 3 files of at most 10 MB each.
 */
import { Button, Upload } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TASK_ATTACHMENT_BYTES, TASK_ATTACHMENTS_MAX } from '@helio/contracts/modules/workflow/workflow.api';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';

interface Uploaded {
  attachId: string;
  link: string;
}

/** The attachment ids of the uploaded files, in the order shown. */
export const fileIds = (files: readonly UploadFile[] = []): string[] =>
  files.flatMap((f) => (f.status === 'done' && (f.response as Uploaded | undefined)?.attachId ? [(f.response as Uploaded).attachId] : []));

export const stillUploading = (files: readonly UploadFile[] = []) => files.some((f) => f.status === 'uploading');

const upload: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
  const body = new FormData();
  body.append('file', file as Blob, (file as File).name);
  http
    .post<Uploaded | Uploaded[]>('/api/blade-resource/oss/endpoint/put-file-attach', { body })
    .then((data) => onSuccess?.(Array.isArray(data) ? data[0] : data))
    .catch((e: unknown) => onError?.(e instanceof Error ? e : new Error(String(e))));
};

/** A form control: `value` / `onChange` are the upload list. */
export function TaskFiles({ value = [], onChange, id }: { value?: UploadFile[]; onChange?(files: UploadFile[]): void; id?: string }) {
  const { t } = useTranslation();
  let room = TASK_ATTACHMENTS_MAX - value.length;
  return (
    <Upload
      multiple
      fileList={value}
      customRequest={upload}
      beforeUpload={(file) => {
        if (file.size > TASK_ATTACHMENT_BYTES) {
          toast.error(t('work.files.tooLarge', { name: file.name }));
          return Upload.LIST_IGNORE;
        }
        if (room <= 0) {
          toast.error(t('work.files.tooMany', { max: TASK_ATTACHMENTS_MAX }));
          return Upload.LIST_IGNORE;
        }
        room -= 1;
        return true;
      }}
      onChange={({ fileList }) => onChange?.(fileList)}
    >
      <Button id={id} icon={<UploadOutlined aria-hidden />} disabled={value.length >= TASK_ATTACHMENTS_MAX}>
        {t('work.files.add')}
      </Button>
    </Upload>
  );
}
