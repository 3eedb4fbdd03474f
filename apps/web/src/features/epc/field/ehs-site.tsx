/**
 * Above the EHS forms (issue 19): the site's map point and the submission radius (contracts `selectEhsInfo`; the
 * customer form's point while offline), a "check my location" button, the last measured distance (also the one the
 * submit button measured, with "out of range" when refused), and for a submitted form where it was sent from.
 */
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { distanceKm, SITE_RADIUS_KM } from '@helio/contracts/modules/epc/geo';
import { ehsInfo } from '@helio/contracts/modules/epc/order.field.api';
import { useOrderEndpoint } from '../process';
import type { OrderDetail } from '../stage/stage-ui-types';
import { measure } from './ehs-before';
import { pointOf, siteOf, useLastFix } from './geolocation';

const fmt = (n: number) => n.toFixed(5);

export function EhsSite({ detail, measuring = true }: { detail: OrderDetail; measuring?: boolean }) {
  const { t } = useTranslation();
  const orderId = detail.order.id;
  const info = useOrderEndpoint(detail.order.process, ehsInfo, { orderId });
  const site = info.data ? pointOf(info.data.site) : siteOf(detail.data);
  const radius = info.data?.radiusKm ?? SITE_RADIUS_KM;
  const last = useLastFix(orderId);
  const [busy, setBusy] = useState(false);
  // The order's detail is reloaded after every step; the info query may still hold the form from before.
  const stored = (detail.data.ehs as Record<string, unknown> | undefined) ?? info.data?.form ?? {};
  const sentFrom = pointOf(stored.location);
  const check = async () => {
    setBusy(true);
    try {
      await measure(detail);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('epc-field.ehs.title')} style={{ marginBottom: 16 }} data-testid="ehs-site">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>{t('epc-field.ehs.radius', { radius })}</Typography.Text>
        {site ? (
          <Descriptions size="small" column={1} items={[{ key: 'site', label: t('epc-field.ehs.site'), children: `${fmt(site.latitude)}, ${fmt(site.longitude)}` }]} />
        ) : (
          <Alert type="warning" showIcon message={t('epc-field.ehs.noSite')} />
        )}
        {sentFrom && (
          <Typography.Text data-testid="ehs-sent-from">
            {t('epc-field.ehs.recorded', {
              distance: typeof stored.distanceKm === 'number' ? stored.distanceKm : site ? distanceKm(sentFrom, site) : '—',
              lat: fmt(sentFrom.latitude),
              lon: fmt(sentFrom.longitude),
            })}
          </Typography.Text>
        )}
        {measuring && (
          <Button icon={<AimOutlined aria-hidden />} loading={busy} onClick={() => void check()} data-testid="ehs-check-location">
            {busy ? t('epc-field.geo.reading') : t('epc-field.ehs.check')}
          </Button>
        )}
        {last && last.distanceKm !== null && (
          <Alert
            data-testid="ehs-distance"
            type={last.ok ? 'success' : 'error'}
            showIcon
            message={
              <Space wrap size={4}>
                <span>{t('epc-field.ehs.distance', { distance: last.distanceKm })}</span>
                {last.fix.accuracy !== undefined && <Typography.Text>({t('epc-field.ehs.accuracy', { accuracy: last.fix.accuracy })})</Typography.Text>}
                <Tag color={last.ok ? 'green' : 'red'}>{last.ok ? t('epc-field.ehs.within') : t('epc-field.ehs.outside')}</Tag>
              </Space>
            }
            description={last.ok ? undefined : t('epc-field.ehs.tooFar', { radius: last.radiusKm, distance: last.distanceKm })}
          />
        )}
      </Space>
    </Card>
  );
}
