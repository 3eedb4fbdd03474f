import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder for the data center (a later issue). */
export function DataCenterPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('route.dataCenter')}>
      <Empty description={t('home.placeholder')} />
    </Card>
  );
}
