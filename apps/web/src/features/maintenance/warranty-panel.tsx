/**
 * Above the maintenance order's warranty verification (`warranty-verification/detail`): the warranty of the order's
 * devices from their factory data (start, end, years, still covered) and the result they suggest — or the call-in's
 * free-service plan when it runs longer — so the reviewer checks the call-in's fee type against them.
 */
import { Alert, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { maintWarrantyDetail } from '@helio/contracts/modules/epc/maint.api';
import { useEndpoint } from '@/core/http/endpoint';
import type { OrderDetail } from '@/features/epc/api';
import { deviceKindName, type SiteDevice } from './api';

export function WarrantyPanel({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const q = useEndpoint(maintWarrantyDetail, { orderId: detail.order.id });
  const devices = q.data?.devices ?? [];
  const suggested = q.data?.suggested;
  return (
    <div style={{ marginBottom: 16 }} data-testid="maint-warranty">
      {suggested && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t(suggested.basis === 'service' ? 'maintenance.warranty.suggestedService' : 'maintenance.warranty.suggested', {
            result: t(`epc-stage.form.warranty.resultOptions.${suggested.result}`, { defaultValue: suggested.result }),
            date: suggested.warrantyEndDate ?? '–',
            months: String((detail.data as Record<string, Record<string, unknown> | undefined>).customer?.freeServiceMonths ?? '–'),
            install: suggested.installDate ?? '–',
            factory: suggested.factoryEndDate ?? '–',
          })}
        />
      )}
      <Table<SiteDevice>
        size="small"
        rowKey="sn"
        loading={q.isLoading}
        dataSource={devices}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('maintenance.warranty.none') }}
        columns={[
          { title: t('maintenance.warranty.sn'), dataIndex: 'sn' },
          { title: t('maintenance.warranty.type'), dataIndex: 'deviceType', render: (v: string) => deviceKindName(t, v) },
          { title: t('maintenance.warranty.model'), dataIndex: 'model' },
          { title: t('maintenance.warranty.start'), dataIndex: 'warrantyStart' },
          { title: t('maintenance.warranty.end'), dataIndex: 'warrantyEnd' },
          { title: t('maintenance.warranty.years'), dataIndex: 'warrantyYears', align: 'right' },
          {
            title: t('maintenance.warranty.covered'),
            key: 'covered',
            render: (_: unknown, d) => <Tag color={d.inWarranty ? 'green' : 'default'}>{t(d.inWarranty ? 'maintenance.site.inWarranty' : 'maintenance.site.outOfWarranty')}</Tag>,
          },
        ]}
      />
    </div>
  );
}
