/**
 * A stage form's file field (contracts `Files()` / `Photos()`): each file uploaded at once with the ordinary
 * `oss/endpoint/put-file?use=attachment` (the server checks it again on its content); the form then carries the
 * attachment ids (`wire.ts`). Limits before upload (spec §5/§9): the field's maximum count (3 for files), 10 MB each,
 * images and PDF for files, images for photos. Images are downscaled on the device first (core/offline/photo.ts:
 * longest side 1600 px, JPEG, capture time kept) and shown as thumbnails. Without a connection nothing can be
 * uploaded: the field says so ("photos need a connection"), and a step kept offline carries only uploaded files.
 */
import { Button, Typography, Upload } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { downscale } from '@/core/offline/photo';
import { useOnline } from '@/core/offline/use-offline';
import type { Uploaded } from './wire';

/** Spec §5/§9: each file at most 10 MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
const IMAGE = /^image\/(jpeg|png|gif|webp|bmp)$/;
const DOCUMENT = /^(image\/(jpeg|png|gif|webp|bmp)|application\/pdf)$/;
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/bmp,.jpg,.jpeg,.png,.gif,.webp,.bmp';
const DOCUMENT_ACCEPT = `${IMAGE_ACCEPT},application/pdf,.pdf`;

/** Why a file cannot be added to a list holding `count` files (undefined: it can). */
export function fileProblem(file: { type: string; size: number }, count: number, max: number, photos: boolean): 'type' | 'tooLarge' | 'tooMany' | undefined {
  if (!(photos ? IMAGE : DOCUMENT).test(file.type)) return 'type';
  if (file.size > MAX_FILE_BYTES) return 'tooLarge';
  if (count >= max) return 'tooMany';
  return undefined;
}

const upload: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
  const body = new FormData();
  body.append('file', file as Blob, (file as File).name);
  http
    .post<Uploaded>('/api/blade-resource/oss/endpoint/put-file', { body, params: { use: 'attachment' } })
    .then((data) => onSuccess?.(data))
    .catch((e: unknown) => onError?.(e instanceof Error ? e : new Error(String(e))));
};

export interface FileUploadProps {
  value?: UploadFile[];
  onChange?(files: UploadFile[]): void;
  id?: string;
  max: number;
  /** Images only (survey and QC photos). */
  photos?: boolean;
  disabled?: boolean;
}

/** A form control: `value` / `onChange` are the upload list. */
export function FileUpload({ value = [], onChange, id, max, photos = false, disabled = false }: FileUploadProps) {
  const { t } = useTranslation();
  const online = useOnline();
  let count = value.length;
  return (
    <>
      <Upload
        accept={photos ? IMAGE_ACCEPT : DOCUMENT_ACCEPT}
        multiple
        listType={photos ? 'picture' : 'text'}
        fileList={value}
        disabled={disabled}
        customRequest={upload}
        beforeUpload={(file) => {
          if (typeof navigator !== 'undefined' && navigator.onLine === false) {
            toast.warning(t('offline.photosNeedConnection'));
            return Upload.LIST_IGNORE;
          }
          const problem = fileProblem(file, count, max, photos);
          if (problem) {
            toast.error(t(`stage.upload.${problem}`, { name: file.name, max }));
            return Upload.LIST_IGNORE;
          }
          count += 1;
          return file.type.startsWith('image/') ? downscale(file) : true;
        }}
        onChange={({ fileList }) => onChange?.(fileList)}
      >
        {!disabled && (
          <Button id={id} icon={<UploadOutlined aria-hidden />} disabled={value.length >= max}>
            {t(photos ? 'stage.upload.addPhoto' : 'stage.upload.add', { max })}
          </Button>
        )}
      </Upload>
      {!disabled && !online && (
        <Typography.Text type="secondary" data-testid="photos-need-connection">
          {t('offline.photosNeedConnection')}
        </Typography.Text>
      )}
    </>
  );
}
