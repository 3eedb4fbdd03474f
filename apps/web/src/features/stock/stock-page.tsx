/**
 * `/epc/stock`: balances per SKU (opening, in, out, adjusted, reserved, balance, available, value) with the stock
 * valuation and a low-stock warning, the movement dialogs (receive with serials, reserve, issue, release, adjust,
 * opening), the movement log with cancel-by-reversal, the change log, serial numbers, and the SKU and warehouse
 * lists (CRUD screens of their definitions). Base packages have their own page, `/epc/package` (epc-package).
 */
import { useState } from 'react';
import { Alert, Button, Card, Col, Input, Row, Space, Statistic, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { skuResource, warehouseResource } from '@helio/contracts/modules/stock/sku.resource';
import { CrudPage } from '@/core/crud/crud-page';
import { useDicts } from '@/core/crud/dict';
import { usePermission } from '@/core/permission/permission-store';
import { useBalances, useSummary, type BalanceRow } from './api';
import { LogTab, MovementsTab, SerialsTab } from './ledger-tabs';
import { MovementDialog, type PostedType } from './movement-dialog';

const ACTIONS: readonly PostedType[] = ['receive', 'reserve', 'issue', 'release', 'adjust', 'opening'];
const SKU_TYPE = [{ code: 'sku_type', biz: true }] as const;
const pageSize = 10;

function BalancesTab({ onMove, canMove }: { onMove(type: PostedType, skuId?: string): void; canMove: boolean }) {
  const { t, i18n } = useTranslation();
  const [current, setCurrent] = useState(1);
  const [sku, setSku] = useState('');
  const [lowOnly, setLowOnly] = useState(false);
  const dicts = useDicts(SKU_TYPE);
  const typeName = (v: number | null) => dicts['biz:sku_type']?.find((d) => d.dictKey === String(v))?.dictValue ?? '';
  const list = useBalances({ current: String(current), size: String(pageSize), sku: sku || undefined, lowStock: lowOnly ? '1' : undefined });
  const money = (v: string) => Number(v).toLocaleString(i18n.language, { maximumFractionDigits: 3 });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label={t('stock.field.sku')}
          placeholder={t('stock.field.sku')}
          onSearch={(v) => {
            setSku(v.trim());
            setCurrent(1);
          }}
        />
        <Button aria-pressed={lowOnly} type={lowOnly ? 'primary' : 'default'} onClick={() => setLowOnly(!lowOnly)}>
          {t('stock.lowOnly')}
        </Button>
        {canMove &&
          ACTIONS.map((a) => (
            <Button key={a} onClick={() => onMove(a)}>
              {t(`stock.action.${a}`)}
            </Button>
          ))}
      </Space>
      <Table<BalanceRow>
        rowKey="skuId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{ current, pageSize, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        scroll={{ x: 1200 }}
        columns={[
          { title: t('stock.field.sku'), dataIndex: 'sku' },
          { title: t('stock.field.name'), dataIndex: 'skuName' },
          { title: t('stock.field.type'), dataIndex: 'skuType', render: (v: number | null) => typeName(v) },
          { title: t('stock.field.opening'), dataIndex: 'opening', align: 'right' },
          { title: t('stock.field.in'), dataIndex: 'qtyIn', align: 'right' },
          { title: t('stock.field.out'), dataIndex: 'qtyOut', align: 'right' },
          { title: t('stock.field.adjusted'), dataIndex: 'adjusted', align: 'right' },
          { title: t('stock.field.reserved'), dataIndex: 'reserved', align: 'right' },
          { title: t('stock.field.balance'), dataIndex: 'balance', align: 'right' },
          {
            title: t('stock.field.available'),
            dataIndex: 'available',
            align: 'right',
            render: (v: number, r) => (r.lowStock ? <Tag color="warning">{t('stock.lowTag', { n: v, threshold: r.lowStockThreshold })}</Tag> : v),
          },
          { title: t('stock.field.value'), dataIndex: 'value', align: 'right', render: (v: string) => money(v) },
          {
            title: t('stock.field.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_: unknown, r) =>
              canMove ? (
                <Space size={0}>
                  {(['receive', 'reserve', 'issue'] as const).map((a) => (
                    <Button key={a} size="small" type="link" aria-label={`${t(`stock.action.${a}`)} ${r.sku}`} onClick={() => onMove(a, r.skuId)}>
                      {t(`stock.action.${a}`)}
                    </Button>
                  ))}
                </Space>
              ) : null,
          },
        ]}
      />
    </>
  );
}

function Summary() {
  const { t, i18n } = useTranslation();
  const summary = useSummary();
  const s = summary.data;
  return (
    <>
      <Row gutter={16} style={{ marginBottom: 12 }}>
        <Col xs={24} sm={8}>
          <Statistic title={t('stock.valuation')} value={s ? Number(s.valuation).toLocaleString(i18n.language, { maximumFractionDigits: 3 }) : '-'} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t('stock.skuCount')} value={s?.skuCount ?? '-'} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t('stock.lowCount')} value={s?.lowStockCount ?? '-'} />
        </Col>
      </Row>
      {s && s.lowStockCount > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('stock.lowWarning', { count: s.lowStockCount })}
          description={s.lowStock
            .slice(0, 5)
            .map((l) => t('stock.lowItem', { sku: l.sku, name: l.skuName, available: l.available, threshold: l.threshold }))
            .join('; ')}
        />
      )}
    </>
  );
}

export function StockPage() {
  const { t } = useTranslation();
  const { has } = usePermission();
  const [moving, setMoving] = useState<{ type: PostedType; skuId?: string } | null>(null);
  const canMove = has('epc_stock_edit');
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('stock.title')}</h2>}>
      <Summary />
      <Tabs
        items={[
          { key: 'stock', label: t('stock.tab.stock'), children: <BalancesTab canMove={canMove} onMove={(type, skuId) => setMoving({ type, skuId })} /> },
          { key: 'movements', label: t('stock.tab.movements'), children: <MovementsTab /> },
          { key: 'log', label: t('stock.tab.log'), children: <LogTab /> },
          { key: 'serials', label: t('stock.tab.serials'), children: <SerialsTab /> },
          { key: 'skus', label: t('stock.tab.skus'), children: <CrudPage resource={skuResource} /> },
          { key: 'warehouses', label: t('stock.tab.warehouses'), children: <CrudPage resource={warehouseResource} /> },
        ]}
      />
      {moving && <MovementDialog type={moving.type} skuId={moving.skuId} onClose={() => setMoving(null)} />}
    </Card>
  );
}
