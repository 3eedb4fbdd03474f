/**
 * Notices (`/desk/notice`): the generic screen with the content as rich text (the editor, or the rendered notice
 * when viewing), the category from the `notice` dictionary and the release time (now by default; a notice shows
 * in everyone's bell once released). Saving refreshes the shell's bell.
 */
import { Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { noticeResource } from '@helio/contracts/modules/notice/notice.resource';
import { ruleMessage } from '@helio/contracts/validation';
import { CrudPage } from '@/core/crud/crud-page';
import type { FieldOverride } from '@/core/crud/crud-page';
import type { FieldWidgetContext } from '@/core/crud/fields-to-form';
import { pickLabel } from '@/core/crud/labels';
import { NOTICE_UNREAD_KEY } from '@/core/notice';
import { NoticeContent } from './notice-content';
import { RichTextEditor } from './rich-text-editor';
import { htmlText } from './sanitize-html';

export function NoticePage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const contentField = noticeResource.fields.find((f) => f.key === 'content')!;
  const contentLabel = pickLabel(contentField.label, i18n.language);

  const fields: Record<string, FieldOverride> = {
    content: {
      item: (ctx: FieldWidgetContext) =>
        ctx.mode === 'view' ? (
          <Form.Item label={contentLabel}>
            <NoticeContent html={String(ctx.record?.content ?? '')} />
          </Form.Item>
        ) : (
          <Form.Item
            name="content"
            label={contentLabel}
            required
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  value && (htmlText(value) || value.includes('<img')) ? Promise.resolve() : Promise.reject(new Error(t('desk.notice.contentRequired'))),
              },
              { max: 100_000, message: ruleMessage(i18n.language, 'tooLong', { field: contentLabel, max: 100_000 }) },
            ]}
          >
            <RichTextEditor disabled={ctx.disabled} placeholder={t('crud.placeholder.input', { field: contentLabel })} />
          </Form.Item>
        ),
    },
    title: { width: 360 },
  };

  return (
    <CrudPage
      resource={noticeResource}
      fields={fields}
      defaults={() => ({ releaseTime: dayjs().format('YYYY-MM-DD HH:mm:ss') })}
      afterSave={() => void queryClient.invalidateQueries({ queryKey: [NOTICE_UNREAD_KEY] })}
    />
  );
}
