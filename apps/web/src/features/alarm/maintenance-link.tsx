/**
 * An alarm's maintenance order (issue 20): the order opened from it (`maintenanceOrder/byAlarm`), as a link to its
 * page; else, for users who may register call-ins (`epc_maintenance_add`), "Open maintenance order", the call-in page
 * prefilled from the alarm.
 */
import { Alert, Button } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { maintByAlarm } from '@helio/contracts/modules/epc/maint.api';
import { PageLink } from '@/components/page-link';
import { http } from '@/core/http/http';
import { usePermission } from '@/core/permission/permission-store';
import { maintAddPath, maintDetailPath } from '@/features/maintenance/api';

type Linked = DataOf<typeof maintByAlarm>;

export function MaintenanceLink({ alarmId }: { alarmId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { has } = usePermission();
  const linked = useQuery({
    queryKey: ['alarm', 'maintenance', alarmId],
    // Silent: a user who may not see maintenance orders is answered null, and the drawer says nothing about it.
    queryFn: () =>
      http
        .request<{ data: Linked }>(maintByAlarm.url, { method: 'GET', params: { alarmId }, silent: true })
        .then((r) => r.data)
        .catch(() => null),
  });
  if (linked.isPending) return null;
  const order = linked.data;
  if (order) {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginTop: 12 }}
        data-testid="alarm-maintenance-order"
        message={
          <span>
            {t('alarm.maintenance.has', { stage: order.stageName })} <PageLink to={maintDetailPath(order.id)}>{order.orderNumber}</PageLink>
          </span>
        }
      />
    );
  }
  if (!has('epc_maintenance_add')) return null;
  return (
    <Button style={{ marginTop: 12 }} icon={<ToolOutlined aria-hidden />} onClick={() => void navigate(maintAddPath(alarmId))} data-testid="alarm-maintenance-open">
      {t('alarm.maintenance.open')}
    </Button>
  );
}
