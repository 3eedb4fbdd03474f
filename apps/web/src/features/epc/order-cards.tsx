/**
 * The order list on a phone (below antd's `md`, 768 px): one card per order instead of the wide table — the order
 * number (to the detail), the progress, the customer and site, the roles acting now and the dwell days — so a 375 px
 * screen never scrolls sideways. `OrderCards` takes the same rows and pagination as the table.
 */
import { Card, Descriptions, Empty, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLink } from '@/components/page-link';
import { currentRoles, detailPath, roleName, type OrderRow } from './api';
import { Progress } from './order-parts';
import './field.css';

export interface OrderCardsProps {
  rows: OrderRow[];
  loading: boolean;
  current: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

export function OrderCards({ rows, loading, current, pageSize, total, onPage }: OrderCardsProps) {
  const { t, i18n } = useTranslation();
  return (
    <List<OrderRow>
      className="epc-order-cards"
      data-testid="epc-order-cards"
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      pagination={total > pageSize ? { current, pageSize, total, onChange: onPage, size: 'small', showSizeChanger: false } : false}
      renderItem={(r) => (
        <List.Item key={r.id}>
          <Card size="small" className="epc-order-card" title={<PageLink to={detailPath(r.id)}>{r.orderNumber}</PageLink>}>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'progress', label: t('epc.field.progress'), children: <Progress row={r} /> },
                { key: 'customer', label: t('epc.field.customer'), children: r.customerName },
                { key: 'site', label: t('epc.field.site'), children: r.siteAddress ?? '' },
                {
                  key: 'roles',
                  label: t('epc.field.roles'),
                  children: currentRoles(r)
                    .map((role) => roleName(role, i18n.language))
                    .join(t('epc.listSeparator')),
                },
                { key: 'dwell', label: t('epc.field.dwell'), children: t('epc.dwell.value', { current: r.dwellDays ?? '–', total: r.totalDays }) },
              ]}
            />
          </Card>
        </List.Item>
      )}
    />
  );
}
