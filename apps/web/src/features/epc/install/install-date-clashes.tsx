/**
 * The installation-date stage: the team's other installations within a day of the stored date (contracts
 * `installationDate/selectInstallDateInfo`), so that the rollout manager sees clashes before choosing.
 */
import { Alert, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { installDateInfo } from '@helio/contracts/modules/epc/order.install.api';
import { useOrderEndpoint } from '../process';

export function InstallDateClashes({ orderId, process }: { orderId: string; process?: string | null }) {
  const { t } = useTranslation();
  const q = useOrderEndpoint(process, installDateInfo, { orderId });
  const clashes = q.data?.clashes ?? [];
  if (!q.data?.date) return <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('epc-install.date.noDate')} />;
  if (!clashes.length) return <Alert data-testid="install-clashes" type="success" showIcon style={{ marginBottom: 16 }} message={t('epc-install.date.noClash', { date: q.data.date })} />;
  return (
    <Alert
      data-testid="install-clashes"
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('epc-install.date.clashes', { count: clashes.length })}
      description={
        <List
          size="small"
          dataSource={clashes}
          renderItem={(c) => (
            <List.Item key={c.orderId}>
              {c.date} · {c.orderNumber} · {c.customerName} <Tag>{c.stageName}</Tag> {c.people.join(', ')}
            </List.Item>
          )}
        />
      }
    />
  );
}
