/**
 * The material stages' shipment view (issue 19; contracts `materialCollection/select`): the order's lines — ordered,
 * reserved under the order number, shipped, still to ship, and the serials the warehouse may pick — and every
 * shipment of the order with its state (unshipped, shipped, signed, cancelled, loss or damage), signer and loss reason.
 */
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { materialCollectionSelect } from '@helio/contracts/modules/epc/order.install.api';
import { useOrderEndpoint } from '../process';

type Material = DataOf<typeof materialCollectionSelect>;
type Line = Material['lines'][number];
type Shipment = Material['shipments'][number];

const STATE_COLOR: Record<Shipment['state'], string> = { unshipped: 'default', shipped: 'blue', signed: 'green', cancelled: 'default', loss_damage: 'red' };

export function ShipmentPanel({ orderId, process }: { orderId: string; process?: string | null }) {
  const { t } = useTranslation();
  const q = useOrderEndpoint(process, materialCollectionSelect, { orderId });
  const lines = q.data?.lines ?? [];
  const shipments = q.data?.shipments ?? [];
  const k = (key: string) => t(`epc-install.shipment.${key}`);
  return (
    <div data-testid="shipment-panel" style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{k('lines')}</Typography.Title>
      <Table
        size="small"
        rowKey="sku"
        loading={q.isFetching}
        pagination={false}
        scroll={{ x: true }}
        dataSource={[...lines]}
        locale={{ emptyText: k('none') }}
        columns={[
          { key: 'sku', title: k('sku'), dataIndex: 'sku' },
          { key: 'name', title: k('name'), dataIndex: 'name' },
          { key: 'ordered', title: k('ordered'), dataIndex: 'ordered', align: 'right' },
          { key: 'reserved', title: k('reserved'), dataIndex: 'reserved', align: 'right' },
          { key: 'shipped', title: k('shipped'), dataIndex: 'shipped', align: 'right' },
          {
            key: 'unshipped',
            title: k('unshipped'),
            align: 'right',
            render: (_: unknown, l: Line) => (l.unshipped > 0 ? <Tag color="orange">{l.unshipped}</Tag> : <Tag color="green">0</Tag>),
          },
          {
            key: 'serials',
            title: k('serialChoices'),
            render: (_: unknown, l: Line) => (l.serialTracked ? <Typography.Text copyable={l.serialChoices.length > 0}>{l.serialChoices.slice(0, 10).join(', ') || '—'}</Typography.Text> : k('noSerials')),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {k('history')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: true }}
        dataSource={[...shipments]}
        locale={{ emptyText: k('noShipments') }}
        columns={[
          { key: 'seq', title: '#', dataIndex: 'seq', width: 48 },
          { key: 'state', title: k('state'), render: (_: unknown, s: Shipment) => <Tag color={STATE_COLOR[s.state]}>{t(`epc-install.state.${s.state}`)}</Tag> },
          { key: 'lines', title: k('items'), render: (_: unknown, s: Shipment) => s.lines.map((l) => `${l.sku} × ${l.quantity}${l.serials.length ? ` (${l.serials.join(', ')})` : ''}`).join('; ') },
          { key: 'delivery', title: k('deliveryNumber'), dataIndex: 'deliveryNumber' },
          { key: 'shipped', title: k('shippedAt'), render: (_: unknown, s: Shipment) => [s.shippedBy, s.shippedAt].filter(Boolean).join(' · ') },
          { key: 'signed', title: k('signedAt'), render: (_: unknown, s: Shipment) => [s.signedBy, s.signedAt].filter(Boolean).join(' · ') },
          { key: 'loss', title: k('lossReason'), render: (_: unknown, s: Shipment) => (s.lossReason ? `${s.lossReason}${s.lossPhotos.length ? ` (${t('epc-install.shipment.photos', { count: s.lossPhotos.length })})` : ''}` : '') },
        ]}
      />
    </div>
  );
}
