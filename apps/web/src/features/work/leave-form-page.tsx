/**
 * `/work/process/leave/form/:processDefinitionId`: apply for leave — type, start and end, the days counted from them
 * (read-only: the server counts them the same way, every started 24 hours one day), the reason and the HR approver
 * the model assigns its first task to (`${taskUser}`). Submitting starts the process (`leave/start-process`) and
 * goes to the processes I started.
 */
import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import type { SelectProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/core/notify';
import { LEAVE_FORM, startLeave, useApprovers, useInboxRefresh, useRouteParams } from './api';
import { LEAVE_TYPES } from './leave-parts';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';
const DAY = 86_400_000;

interface Values {
  leaveType: string;
  startTime: Dayjs;
  endTime: Dayjs;
  reason: string;
  taskUser: string;
}

/** Days of a leave from its start and end, as the server counts them; undefined until both are valid. */
export function leaveDays(start?: Dayjs | null, end?: Dayjs | null): number | undefined {
  if (!start || !end || !end.isAfter(start)) return undefined;
  return Math.max(1, Math.ceil((end.valueOf() - start.valueOf()) / DAY));
}

/** A required Form.Item hands `aria-required` to the select's wrapper div, where ARIA does not allow it (axe). */
function RequiredSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

export function LeaveFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useInboxRefresh();
  const { processDefinitionId = '' } = useRouteParams(LEAVE_FORM);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const approvers = useApprovers();
  const start = Form.useWatch('startTime', form);
  const end = Form.useWatch('endTime', form);
  const days = leaveDays(start, end);
  const noApprover = approvers.isSuccess && approvers.data.length === 0;

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      await startLeave({
        processDefinitionId,
        leaveType: Number(v.leaveType),
        startTime: v.startTime.format(FORMAT),
        endTime: v.endTime.format(FORMAT),
        reason: v.reason.trim(),
        taskUser: v.taskUser,
      });
      toast.success(t('work.message.started'));
      await refresh();
      void navigate('/work/send');
    } catch {
      // the client has shown the server's message; the form stays as it is
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('work.leave.section.request')}</h2>}>
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ leaveType: '1' }}
        disabled={saving}
        onFinish={(v) => void submit(v)}
        data-testid="leave-form"
      >
        <Form.Item name="leaveType" label={t('work.leave.field.leaveType')} rules={[{ required: true, message: t('work.leave.rule.leaveType') }]}>
          <RequiredSelect options={LEAVE_TYPES.map((k) => ({ value: k, label: t(`work.leave.type.${k}`) }))} />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item name="startTime" label={t('work.leave.field.startTime')} rules={[{ required: true, message: t('work.leave.rule.startTime') }]}>
            <DatePicker showTime format={FORMAT} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item
            name="endTime"
            label={t('work.leave.field.endTime')}
            dependencies={['startTime']}
            rules={[
              { required: true, message: t('work.leave.rule.endTime') },
              ({ getFieldValue }) => ({
                validator: async (_: unknown, v?: Dayjs) => {
                  const s = getFieldValue('startTime') as Dayjs | undefined;
                  if (v && s && !v.isAfter(s)) throw new Error(t('work.leave.rule.endAfterStart'));
                },
              }),
            ]}
          >
            <DatePicker showTime format={FORMAT} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item label={t('work.leave.field.days')} htmlFor="leave-days" extra={t('work.leave.hint.days')} style={{ maxWidth: 360 }}>
            <Input id="leave-days" readOnly value={days ?? ''} style={{ width: 120 }} data-testid="leave-days" />
          </Form.Item>
        </Space>
        <Form.Item
          name="reason"
          label={t('work.leave.field.reason')}
          rules={[
            { required: true, whitespace: true, message: t('work.leave.rule.reason') },
            { max: 500, message: t('work.leave.rule.reasonLength') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item
          name="taskUser"
          label={t('work.leave.field.taskUser')}
          extra={t('work.leave.hint.taskUser')}
          rules={[{ required: true, message: t('work.leave.rule.taskUser') }]}
        >
          <RequiredSelect
            showSearch
            optionFilterProp="label"
            loading={approvers.isLoading}
            options={(approvers.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.account})` }))}
          />
        </Form.Item>
        {noApprover && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('work.leave.rule.noApprover')} />}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('work.action.submit')}
          </Button>
          <Button onClick={() => void navigate('/work/start')}>{t('work.action.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
