/**
 * The stock screen's ledger tabs: movements (with the cancel dialog), the change log and the serial numbers (each
 * with its station once installed; a serial opens its lifecycle, ./serial-drawer.tsx).
 */
import { useState } from 'react';
import { Button, Form, Input, Space, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLink } from '@/components/page-link';
import { FormDialog } from '@/core/crud/form-dialog';
import { usePermission } from '@/core/permission/permission-store';
import { cancelMovement, useMovements, useSerials, useStockLog, useStockRefresh, type MovementRow, type SerialRow, type StockLogRow } from './api';
import { SerialDrawer, stationPath } from './serial-drawer';

const TYPE_COLOR: Record<string, string> = { receive: 'green', opening: 'green', issue: 'orange', reserve: 'blue', release: 'cyan', adjust: 'purple', cancel: 'default' };
const pageSize = 10;

function CancelDialog({ row, onClose }: { row: MovementRow; onClose(): void }) {
  const { t } = useTranslation();
  const refresh = useStockRefresh();
  return (
    <FormDialog<{ reason?: string }>
      open
      title={t('stock.cancelTitle', { type: t(`stock.type.${row.movementType}`), sku: row.sku ?? '' })}
      initialValues={{}}
      okText={t('stock.action.cancel')}
      onClose={onClose}
      onSubmit={async (v) => {
        await cancelMovement(row.id, v.reason);
        await refresh();
      }}
    >
      <p>{t('stock.cancelHint', { quantity: row.quantity })}</p>
      <Form.Item name="reason" label={t('stock.field.reason')} rules={[{ max: 255 }]}>
        <Input.TextArea maxLength={255} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}

export function MovementsTab() {
  const { t } = useTranslation();
  const { has } = usePermission();
  const [current, setCurrent] = useState(1);
  const [cancelling, setCancelling] = useState<MovementRow | null>(null);
  const list = useMovements({ current: String(current), size: String(pageSize) });
  return (
    <>
      <Table<MovementRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{ current, pageSize, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        scroll={{ x: 1100 }}
        columns={[
          { title: t('stock.field.time'), dataIndex: 'createTime', width: 170 },
          {
            title: t('stock.field.type'),
            dataIndex: 'movementType',
            render: (v: string, r) => (
              <Space size={4}>
                <Tag color={TYPE_COLOR[v]}>{t(`stock.type.${v}`)}</Tag>
                {r.cancelled && <Tag>{t('stock.cancelled')}</Tag>}
              </Space>
            ),
          },
          { title: t('stock.field.sku'), dataIndex: 'sku', render: (v: string, r) => `${v ?? ''} · ${r.skuName ?? ''}` },
          { title: t('stock.field.warehouse'), dataIndex: 'warehouseName' },
          { title: t('stock.field.quantity'), dataIndex: 'quantity', align: 'right' },
          { title: t('stock.field.reference'), dataIndex: 'reference' },
          { title: t('stock.field.reason'), dataIndex: 'reason', ellipsis: true },
          {
            title: t('stock.field.serials'),
            dataIndex: 'serials',
            render: (v: string[]) => (v.length > 2 ? <Tooltip title={v.join(', ')}>{`${v.slice(0, 2).join(', ')} +${v.length - 2}`}</Tooltip> : v.join(', ')),
          },
          { title: t('stock.field.user'), dataIndex: 'createUserName' },
          {
            title: t('stock.field.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_: unknown, r) =>
              r.movementType !== 'cancel' && !r.cancelled && has('epc_stock_edit') ? (
                <Button size="small" type="link" onClick={() => setCancelling(r)} aria-label={`${t('stock.action.cancel')} ${t(`stock.type.${r.movementType}`)} ${r.sku ?? ''}`}>
                  {t('stock.action.cancel')}
                </Button>
              ) : null,
          },
        ]}
      />
      {cancelling && <CancelDialog row={cancelling} onClose={() => setCancelling(null)} />}
    </>
  );
}

export function LogTab() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const list = useStockLog({ current: String(current), size: String(pageSize) });
  return (
    <Table<StockLogRow>
      rowKey="id"
      size="small"
      loading={list.isLoading}
      dataSource={list.data?.records ?? []}
      pagination={{ current, pageSize, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
      columns={[
        { title: t('stock.field.time'), dataIndex: 'createTime', width: 170 },
        { title: t('stock.field.type'), dataIndex: 'movementType', render: (v: string) => <Tag color={TYPE_COLOR[v]}>{t(`stock.type.${v}`)}</Tag> },
        { title: t('stock.field.sku'), dataIndex: 'sku', render: (v: string, r) => `${v ?? ''} · ${r.skuName ?? ''}` },
        { title: t('stock.field.warehouse'), dataIndex: 'warehouseName' },
        { title: t('stock.field.balanceChange'), key: 'balance', render: (_: unknown, r) => `${r.balanceBefore} → ${r.balanceAfter}` },
        { title: t('stock.field.reservedChange'), key: 'reserved', render: (_: unknown, r) => `${r.reservedBefore} → ${r.reservedAfter}` },
        { title: t('stock.field.user'), dataIndex: 'createUserName' },
      ]}
    />
  );
}

export function SerialsTab() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const [serial, setSerial] = useState('');
  const [open, setOpen] = useState<SerialRow | null>(null);
  const list = useSerials({ current: String(current), size: String(pageSize), serial: serial || undefined });
  return (
    <>
      <Input.Search
        allowClear
        aria-label={t('stock.field.serial')}
        placeholder={t('stock.field.serial')}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(v) => {
          setSerial(v.trim());
          setCurrent(1);
        }}
      />
      <Table<SerialRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{ current, pageSize, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          {
            title: t('stock.field.serial'),
            dataIndex: 'serial',
            render: (v: string, r) => (
              <Button size="small" type="link" style={{ padding: 0 }} onClick={() => setOpen(r)} aria-label={t('stock.serialLife.open', { serial: v })}>
                {v}
              </Button>
            ),
          },
          { title: t('stock.field.sku'), dataIndex: 'sku', render: (v: string, r) => `${v ?? ''} · ${r.skuName ?? ''}` },
          { title: t('stock.field.status'), dataIndex: 'status', render: (v: string) => <Tag>{t(`stock.serialStatus.${v}`)}</Tag> },
          { title: t('stock.field.reference'), dataIndex: 'orderRef' },
          {
            title: t('stock.field.station'),
            dataIndex: 'plantId',
            render: (v: string | null) => (v ? <PageLink to={stationPath(v)}>{t('stock.serialLife.station', { id: v })}</PageLink> : null),
          },
          { title: t('stock.field.time'), dataIndex: 'updateTime' },
        ]}
      />
      <SerialDrawer row={open} onClose={() => setOpen(null)} />
    </>
  );
}
