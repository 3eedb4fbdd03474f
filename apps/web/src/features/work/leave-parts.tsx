/** Pieces of the leave pages: the request's details, and its history as a timeline (who did what, when, comment). */
import { Alert, Descriptions, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHistory, type FlowRow, type Leave } from './api';
import { OutcomeTag, StatusTag } from './inbox-table';

export const LEAVE_TYPES = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;

export function LeaveInfo({ leave }: { leave: Leave }) {
  const { t, i18n } = useTranslation();
  const type = String(leave.leaveType);
  return (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} data-testid="leave-info">
      <Descriptions.Item label={t('work.leave.field.applyUser')}>{leave.applyUserName ?? leave.applyUser}</Descriptions.Item>
      <Descriptions.Item label={t('work.leave.field.applyTime')}>{leave.applyTime ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('work.leave.field.leaveType')}>{i18n.exists(`work.leave.type.${type}`) ? t(`work.leave.type.${type}`) : type}</Descriptions.Item>
      <Descriptions.Item label={t('work.leave.field.days')}>{leave.days}</Descriptions.Item>
      <Descriptions.Item label={t('work.leave.field.startTime')}>{leave.startTime ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('work.leave.field.endTime')}>{leave.endTime ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('work.leave.field.status')}>
        <StatusTag status={leave.flow.processIsFinished === 'finished' ? leave.flow.status : 'active'} />
      </Descriptions.Item>
      <Descriptions.Item label={t('work.leave.field.reason')} span={2}>
        <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{leave.reason}</Typography.Paragraph>
      </Descriptions.Item>
    </Descriptions>
  );
}

function TaskItem({ task }: { task: FlowRow }) {
  const { t } = useTranslation();
  const open = task.status === 'open' || task.status === 'claimed';
  const who = task.assigneeName ?? task.candidateGroups.join(', ');
  return (
    <>
      <Typography.Text strong>{task.taskName}</Typography.Text>{' '}
      {open ? <StatusTag status={task.status} /> : <OutcomeTag outcome={task.outcome} />}
      {task.status === 'cancelled' && <Tag>{t('work.status.cancelled')}</Tag>}
      <div>
        {open && !task.assigneeName && who ? t('work.leave.candidates', { who }) : (task.assigneeName ?? '')}
        {' · '}
        {task.endTime ?? task.createTime}
      </div>
      {task.comment && (
        <div>
          {t('work.leave.field.comment')}: {task.comment}
        </div>
      )}
    </>
  );
}

/** The instance's tasks in order (flowHistoryList), after the application itself. */
export function LeaveHistory({ leave }: { leave: Leave }) {
  const { t } = useTranslation();
  const history = useHistory(leave.processInstanceId ?? '');
  if (history.isLoading) return <Spin />;
  if (history.isError) return <Alert type="error" showIcon message={t('work.message.loadFailed')} />;
  const tasks = history.data ?? [];
  if (!tasks.length && !leave.applyTime) return <Empty />;
  return (
    <Timeline
      data-testid="leave-history"
      items={[
        { color: 'green', children: <>{t('work.leave.applied', { name: leave.applyUserName ?? leave.applyUser })} · {leave.applyTime}</> },
        ...tasks.map((task) => ({
          color: task.status === 'open' || task.status === 'claimed' ? 'blue' : task.outcome === 'reject' ? 'red' : task.status === 'cancelled' ? 'gray' : 'green',
          children: <TaskItem task={task} />,
        })),
      ]}
    />
  );
}
