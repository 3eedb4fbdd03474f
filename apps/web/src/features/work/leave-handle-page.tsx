/**
 * `/work/process/leave/handle/:taskId/:processInstanceId/:businessId`: the leave request, its history, and the
 * decision — approve or reject with a comment (`complete-task` with `pass`, the variable the model's `${pass}` /
 * `${!pass}` gateway reads; `days` was set when it started and routes it to the boss or a manager). The applicant's
 * "adjust" task after a rejection is a resubmit. A task no longer open for the user shows why (the purview, or the
 * server's 409 message), never a broken page.
 */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FlowChartDialog } from '@/components/flow-chart';
import { HttpError } from '@/core/http/types';
import { toast } from '@/core/notify';
import { completeTask, LEAVE_HANDLE, useHistory, useInboxRefresh, useLeave, useRouteParams, useTaskPurview } from './api';
import { LeaveHistory, LeaveInfo } from './leave-parts';

export function LeaveHandlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useInboxRefresh();
  const { taskId = '', processInstanceId = '', businessId = '' } = useRouteParams(LEAVE_HANDLE);
  const leave = useLeave(businessId);
  const history = useHistory(processInstanceId);
  const purview = useTaskPurview(taskId, processInstanceId);
  const [form] = Form.useForm<{ comment?: string }>();
  const [saving, setSaving] = useState<'approve' | 'reject'>();
  const [conflict, setConflict] = useState<string>();
  const [chart, setChart] = useState(false);
  const task = history.data?.find((x) => x.taskId === taskId);
  const adjusting = task?.taskDefinitionKey === 'adjustTask';
  const mayHandle = purview.data === true && !conflict;

  const decide = async (pass: boolean) => {
    setConflict(undefined);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(pass ? 'approve' : 'reject');
    try {
      const comment = (form.getFieldValue('comment') as string | undefined)?.trim();
      await completeTask({ taskId, processInstanceId, pass, comment: comment || null });
      toast.success(t('work.message.completed'));
      await refresh();
      void navigate('/work/todo');
    } catch (e) {
      if (e instanceof HttpError && e.code === 409) {
        setConflict(e.message);
        await refresh();
      }
    } finally {
      setSaving(undefined);
    }
  };

  if (leave.isLoading) return <Spin />;
  if (!leave.data) return <Alert type="error" showIcon message={t('work.message.loadFailed')} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('work.leave.section.request')}</h2>}
        extra={
          <Button onClick={() => setChart(true)} data-testid="leave-flow-chart">
            {t('work.action.flowChart')}
          </Button>
        }
      >
        <LeaveInfo leave={leave.data} />
      </Card>
      <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('work.leave.section.approval')}</h2>}>
        {conflict && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={conflict} data-testid="leave-conflict" />}
        {!conflict && purview.data === false && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('work.message.notYours')} />}
        {mayHandle && adjusting && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('work.leave.hint.adjust')} />}
        <Form form={form} layout="vertical" style={{ maxWidth: 640 }} disabled={!mayHandle || !!saving}>
          <Form.Item name="comment" label={t('work.leave.field.comment')} rules={[{ max: 1000 }]}>
            <Input.TextArea rows={3} maxLength={1000} />
          </Form.Item>
          <Space>
            <Button type="primary" loading={saving === 'approve'} onClick={() => void decide(true)}>
              {adjusting ? t('work.action.resubmit') : t('work.action.approve')}
            </Button>
            {!adjusting && (
              <Button danger loading={saving === 'reject'} onClick={() => void decide(false)}>
                {t('work.action.reject')}
              </Button>
            )}
            <Button disabled={false} onClick={() => void navigate('/work/todo')}>
              {t('work.action.back')}
            </Button>
          </Space>
        </Form>
      </Card>
      <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('work.leave.section.history')}</h2>}>
        <LeaveHistory leave={leave.data} />
      </Card>
      <FlowChartDialog open={chart} onClose={() => setChart(false)} processInstanceId={processInstanceId} />
    </Space>
  );
}
