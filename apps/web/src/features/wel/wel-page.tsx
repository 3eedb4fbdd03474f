import { Suspense, useState } from 'react';
import { Alert, Button, Card, Col, Row, Space, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/core/auth/session-store';
import { clearCaches } from '@/core/cache';
import { usePublicSettings } from '@/core/settings/use-public-settings';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';
import station from '@/features/station/feature';

/**
 * The dashboard is its own chunk, so the greeting and the cache prompt show at once; through the
 * station feature's entry, so the `station` texts load with it.
 */
const HomeDashboard = station.lazy(() => import('@/features/station/home-dashboard'), 'HomeDashboard');

/** Home: greeting, the clear-cache prompt and, for users who may see stations, the fleet dashboard (issue 6). */
export function WelPage() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const { settings } = usePublicSettings();
  const [clearing, setClearing] = useState(false);
  const { has } = usePermission();
  const dashboard = ['power_station_view', 'inverter_view', 'battery_view'].some((code) => has(code));
  const name = user?.nick_name || user?.real_name || user?.account || '';

  const onClear = async () => {
    setClearing(true);
    try {
      await clearCaches();
      toast.success(t('tabs.cacheCleared'));
    } finally {
      setClearing(false);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('wel.greeting', { name })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('wel.intro', { title: settings.indexTitle || t('common.appName') })}
        </Typography.Paragraph>
      </Card>
      <Alert
        type="info"
        showIcon
        message={t('wel.cacheTitle')}
        description={t('wel.cacheTip')}
        action={
          <Button size="small" icon={<ClearOutlined />} loading={clearing} onClick={() => void onClear()}>
            {t('tabs.clearCache')}
          </Button>
        }
      />
      {dashboard ? (
        <Suspense fallback={<Card loading />}>
          <HomeDashboard />
        </Suspense>
      ) : (
        <Row gutter={[16, 16]}>
          {(['account', 'tenant', 'role'] as const).map((key) => (
            <Col key={key} xs={24} sm={12} lg={8}>
              <Card size="small" title={t(`wel.card.${key}`)}>
                {key === 'account' ? user?.account : key === 'tenant' ? user?.tenant_id : user?.role_name}
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}
