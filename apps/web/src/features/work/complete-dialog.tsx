/**
 * Handling a task that has no page of its own: approve or reject (the variable `pass` the gateways read), a comment
 * and up to three files for the history, and optional variables as JSON. A task handled meanwhile (or not the caller's) answers 409: its
 * message shows in the dialog.
 */
import { useState } from 'react';
import { Alert, Form, Input, Radio } from 'antd';
import type { UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/core/crud/form-dialog';
import { HttpError } from '@/core/http/types';
import { completeTask, useInboxRefresh, type FlowRow } from './api';
import { fileIds, stillUploading, TaskFiles } from './task-files';

interface Values {
  decision: 'approve' | 'reject';
  comment?: string;
  files?: UploadFile[];
  variables?: string;
}

/** `text` as a JSON object, or undefined when empty; throws on anything else. */
export function parseVariables(text: string | undefined): Record<string, unknown> | undefined {
  if (!text?.trim()) return undefined;
  const v: unknown = JSON.parse(text);
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
  return v as Record<string, unknown>;
}

export const variablesRule = (message: string) => ({
  validator: async (_: unknown, v?: string) => {
    try {
      parseVariables(v);
    } catch {
      throw new Error(message);
    }
  },
});

export function CompleteDialog({ row, onClose }: { row: FlowRow; onClose(): void }) {
  const { t } = useTranslation();
  const refresh = useInboxRefresh();
  const [conflict, setConflict] = useState<string>();
  return (
    <FormDialog<Values>
      open
      title={t('work.complete.title', { task: row.taskName ?? '' })}
      initialValues={{ decision: 'approve' }}
      okText={t('work.action.submit')}
      onClose={onClose}
      onSubmit={async (v) => {
        setConflict(undefined);
        try {
          await completeTask({
            taskId: row.taskId!,
            processInstanceId: row.processInstanceId ?? undefined,
            pass: v.decision === 'approve',
            comment: v.comment?.trim() || null,
            variables: parseVariables(v.variables) ?? null,
            attachIds: fileIds(v.files),
          });
        } catch (e) {
          if (e instanceof HttpError && e.code === 409) {
            setConflict(e.message);
            await refresh();
            return false;
          }
          throw e;
        }
        await refresh();
        return true;
      }}
    >
      {conflict && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={conflict} />}
      <Form.Item name="decision" label={t('work.complete.decision')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'approve', label: t('work.action.approve') },
            { value: 'reject', label: t('work.action.reject') },
          ]}
        />
      </Form.Item>
      <Form.Item name="comment" label={t('work.field.comment')} extra={t('work.complete.commentHint')} rules={[{ max: 1000 }]}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
      <Form.Item
        name="files"
        label={t('work.field.attachments')}
        extra={t('work.files.hint')}
        rules={[{ validator: async (_: unknown, v?: UploadFile[]) => { if (stillUploading(v)) throw new Error(t('work.files.uploading')); } }]}
      >
        <TaskFiles />
      </Form.Item>
      <Form.Item name="variables" label={t('work.field.variables')} rules={[variablesRule(t('work.message.variablesInvalid'))]}>
        <Input.TextArea rows={3} placeholder='{"amount": 120}' />
      </Form.Item>
    </FormDialog>
  );
}
