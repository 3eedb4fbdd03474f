/**
 * The installer order list's table on a desktop (`/epc/order`; a phone gets the cards, order-cards.tsx): order number
 * (to the detail), start time, customer, site, progress, the roles acting now, the persons handling it, the agent and
 * the dwell days.
 */
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLink } from '@/components/page-link';
import { Progress } from './order-parts';
import { currentRoles, detailPath, roleName, type OrderRow } from './api';
import type { OrderCardsProps } from './order-cards';

/** The same page of rows as the phone's cards get (order-cards.tsx). */
export type OrderTableProps = OrderCardsProps;

export function OrderTable({ rows, loading, current, pageSize, total, onPage }: OrderTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <Table<OrderRow>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      pagination={{ current, pageSize, total, onChange: onPage, showSizeChanger: false }}
      scroll={{ x: 1400 }}
      columns={[
        {
          title: t('epc.field.orderNumber'),
          dataIndex: 'orderNumber',
          fixed: 'left',
          width: 170,
          render: (v: string, r) => <PageLink to={detailPath(r.id)}>{v}</PageLink>,
        },
        { title: t('epc.field.startTime'), dataIndex: 'createTime', width: 160 },
        { title: t('epc.field.customer'), dataIndex: 'customerName', width: 140 },
        {
          title: t('epc.field.site'),
          dataIndex: 'siteAddress',
          width: 200,
          render: (v: string | null | undefined) => (
            <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 190 }}>
              {v ?? ''}
            </Typography.Text>
          ),
        },
        { title: t('epc.field.progress'), key: 'progress', width: 220, render: (_: unknown, r) => <Progress row={r} /> },
        {
          title: t('epc.field.roles'),
          key: 'roles',
          width: 170,
          render: (_: unknown, r) =>
            currentRoles(r)
              .map((role) => roleName(role, i18n.language))
              .join(t('epc.listSeparator')),
        },
        { title: t('epc.field.processor'), dataIndex: 'processors', width: 150, render: (v: string[] | undefined) => (v ?? []).join(t('epc.listSeparator')) },
        { title: t('epc.field.agent'), dataIndex: 'agentName', width: 160 },
        {
          title: t('epc.field.dwell'),
          key: 'dwell',
          width: 130,
          align: 'right',
          render: (_: unknown, r) => t('epc.dwell.value', { current: r.dwellDays ?? '–', total: r.totalDays }),
        },
      ]}
    />
  );
}
