/**
 * Above the QC submission form (issue 19): how many serials the order shipped (the rows pick from them,
 * serial-picker.tsx), and it tells the rows which order is open.
 */
import { useLayoutEffect } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../stage/stage-ui-types';
import { setQcOrder, useShipped } from './serial-picker';

export function QcPanel({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const orderId = detail.order.id;
  useLayoutEffect(() => {
    setQcOrder(orderId);
    return () => setQcOrder(undefined);
  }, [orderId]);
  const basic = useShipped();
  if (!basic.data) return null;
  const count = basic.data.serials.length;
  return (
    <Alert
      data-testid="qc-shipped"
      type={count ? 'info' : 'warning'}
      showIcon
      style={{ marginBottom: 16 }}
      message={count ? t('epc-field.qc.shipped', { count }) : t('epc-field.qc.noShipped')}
    />
  );
}
