/** `/work/process/leave/detail/:processInstanceId/:businessId`: a leave request, its history and its flow chart. */
import { useState } from 'react';
import { Alert, Button, Card, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlowChartDialog } from '@/components/flow-chart';
import { LEAVE_DETAIL, useLeave, useRouteParams } from './api';
import { LeaveHistory, LeaveInfo } from './leave-parts';

export function LeaveDetailPage() {
  const { t } = useTranslation();
  const { processInstanceId = '', businessId = '' } = useRouteParams(LEAVE_DETAIL);
  const leave = useLeave(businessId);
  const [chart, setChart] = useState(false);
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
      <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('work.leave.section.history')}</h2>}>
        <LeaveHistory leave={leave.data} />
      </Card>
      <FlowChartDialog open={chart} onClose={() => setChart(false)} processInstanceId={leave.data.processInstanceId ?? processInstanceId} />
    </Space>
  );
}
