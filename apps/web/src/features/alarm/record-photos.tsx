/**
 * Photos of a follow-up record: the handling form's picture cards (each image uploaded at once with the ordinary
 * `oss/endpoint/put-file?use=attachment`, which checks it on the content; the record then carries the attachment ids),
 * and the history's thumbnails (the signed file links the server answers, opened large in antd's image preview).
 * The limits are the server's (contracts `alarm.api`): at most nine images of at most 10 MB each.
 */
import { useState } from 'react';
import { Image, Space, Upload } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALARM_RECORD_PHOTO_BYTES, ALARM_RECORD_PHOTOS_MAX } from '@helio/contracts/modules/alarm/alarm.api';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import type { AlarmRecord } from './api';

export const PHOTOS_MAX = ALARM_RECORD_PHOTOS_MAX;
export const PHOTO_MB = ALARM_RECORD_PHOTO_BYTES / 1024 / 1024;
/** The image types the server takes as photos (sniffed on upload; the name does not decide). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/bmp,.jpg,.jpeg,.png,.gif,.webp,.bmp';
const PHOTO_MIME = /^image\/(jpeg|png|gif|webp|bmp)$/;

/** What the upload answers (`BladeFile`). */
interface Uploaded {
  attachId: string;
  link: string;
}

/** The attachment ids of the photos uploaded so far, in the order shown. */
export function photoIds(files: UploadFile[]): string[] {
  return files.flatMap((f) => (f.status === 'done' && (f.response as Uploaded | undefined)?.attachId ? [(f.response as Uploaded).attachId] : []));
}

/** Whether a photo is still on its way up (the record waits for it). */
export const uploading = (files: UploadFile[]) => files.some((f) => f.status === 'uploading');

/** Uploads one photo as an attachment of the user's tenant. */
const upload: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
  const body = new FormData();
  body.append('file', file as Blob, (file as File).name);
  http
    .post<Uploaded>('/api/blade-resource/oss/endpoint/put-file', { body, params: { use: 'attachment' } })
    .then((data) => onSuccess?.(data))
    // The HTTP client has shown the server's message; the card shows the failure until removed.
    .catch((e: unknown) => onError?.(e instanceof Error ? e : new Error(String(e))));
};

/** The handling form's photo cards (a form control: `value` / `onChange` are the upload list). */
export function PhotoUpload({ value = [], onChange, disabled }: { value?: UploadFile[]; onChange?(files: UploadFile[]): void; disabled?: boolean }) {
  const { t } = useTranslation();
  let room = PHOTOS_MAX - value.length;
  return (
    <Upload
      listType="picture-card"
      accept={PHOTO_ACCEPT}
      multiple
      disabled={disabled}
      fileList={value}
      customRequest={upload}
      showUploadList={{ showPreviewIcon: false }}
      beforeUpload={(file) => {
        if (!PHOTO_MIME.test(file.type)) {
          toast.error(t('alarm.photos.notImage', { name: file.name }));
          return Upload.LIST_IGNORE;
        }
        if (file.size > ALARM_RECORD_PHOTO_BYTES) {
          toast.error(t('alarm.photos.tooLarge', { name: file.name, mb: PHOTO_MB }));
          return Upload.LIST_IGNORE;
        }
        // Several chosen at once: those beyond the limit are left out, with a word why.
        if (room <= 0) {
          toast.error(t('alarm.photos.tooMany', { max: PHOTOS_MAX }));
          return Upload.LIST_IGNORE;
        }
        room -= 1;
        return true;
      }}
      onChange={({ fileList }) => onChange?.(fileList)}
    >
      {value.length < PHOTOS_MAX && (
        <button type="button" aria-label={t('alarm.photos.add')} style={{ border: 0, background: 'none', cursor: 'inherit', color: 'inherit' }}>
          <PlusOutlined aria-hidden />
          <div style={{ marginTop: 8 }}>{t('alarm.photos.add')}</div>
        </button>
      )}
    </Upload>
  );
}

/**
 * A record's photos in the history: thumbnails that open large in antd's image preview (paging through the record's
 * others). Each thumbnail is a button, so the keyboard opens the preview as the pointer does.
 */
export function RecordPhotos({ record }: { record: AlarmRecord }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const photos = record.photos ?? [];
  if (photos.length === 0) return null;
  const alt = (i: number) => t('alarm.photos.alt', { n: i + 1, total: photos.length, name: photos[i]!.originalName ?? '' });
  return (
    <>
      <Space size={8} wrap style={{ marginTop: 8 }} role="list" aria-label={t('alarm.photos.ofRecord', { time: record.createTime ?? '' })}>
        {photos.map((p, i) => (
          <div role="listitem" key={p.attachId}>
            <button
              type="button"
              className="helio-alarm-photo"
              aria-label={t('alarm.photos.open', { name: alt(i) })}
              onClick={() => setOpen(i)}
              style={{ padding: 0, border: 0, background: 'none', cursor: 'zoom-in', display: 'block', lineHeight: 0 }}
            >
              <Image width={72} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} src={p.link} alt={alt(i)} preview={false} />
            </button>
          </div>
        ))}
      </Space>
      <Image.PreviewGroup
        items={photos.map((p, i) => ({ src: p.link, alt: alt(i) }))}
        preview={{ visible: open !== null, current: open ?? 0, onVisibleChange: (v) => !v && setOpen(null), onChange: (c) => setOpen(c) }}
      />
    </>
  );
}
