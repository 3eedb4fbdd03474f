/**
 * The stock-audit stage: the design's BOM lines against the stock on hand (`stock/detail`: needed, available), each
 * confirmed or insufficient; insufficient lines block the approval and are listed. The audit's lines are built
 * from this check (serials kept from a stored audit).
 */
import { Alert, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { stockDetail } from '@helio/contracts/modules/epc/order.api';
import { useOrderEndpoint } from '../process';

export type StockLine = DataOf<typeof stockDetail>['lines'][number];
type Rec = Record<string, unknown>;

/** The audit form's lines from the stock check (status from availability; stored serials kept). */
export function auditLines(lines: readonly StockLine[], stored: unknown): Rec[] {
  const old = Array.isArray((stored as Rec | undefined)?.lines) ? ((stored as Rec).lines as Rec[]) : [];
  return lines.map((l) => {
    const serials = old.find((o) => o.sku === l.sku)?.serials;
    return { sku: l.sku, quantity: l.quantity, status: l.sufficient ? 'confirmed' : 'insufficient', ...(Array.isArray(serials) && serials.length ? { serials } : {}) };
  });
}

export const insufficient = (lines: readonly StockLine[]) => lines.filter((l) => !l.sufficient);

export function useStockDetail(orderId: string, enabled: boolean, process?: string | null) {
  return useOrderEndpoint(process, stockDetail, { orderId }, { enabled });
}

export function StockLines({ lines, loading }: { lines: readonly StockLine[]; loading: boolean }) {
  const { t } = useTranslation();
  const short = insufficient(lines);
  return (
    <div data-testid="stock-lines" style={{ marginBottom: 16 }}>
      <Table
        size="small"
        rowKey="sku"
        loading={loading}
        pagination={false}
        dataSource={[...lines]}
        locale={{ emptyText: t('epc-stage.panel.stock.none') }}
        rowClassName={(l) => (l.sufficient ? '' : 'stock-insufficient')}
        columns={[
          { key: 'sku', title: t('epc-stage.panel.stock.sku'), dataIndex: 'sku' },
          { key: 'name', title: t('epc-stage.panel.stock.name'), dataIndex: 'name' },
          { key: 'needed', title: t('epc-stage.panel.stock.needed'), dataIndex: 'quantity', align: 'right' },
          { key: 'available', title: t('epc-stage.panel.stock.available'), dataIndex: 'available', align: 'right' },
          {
            key: 'status',
            title: t('epc-stage.panel.stock.status'),
            render: (_: unknown, l: StockLine) =>
              l.sufficient ? <Tag color="green">{t('epc-stage.panel.stock.confirmed')}</Tag> : <Tag color="red">{t('epc-stage.panel.stock.insufficient')}</Tag>,
          },
        ]}
      />
      {short.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="stock-blocked"
          message={t('epc-stage.panel.stock.blocked')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {short.map((l) => (
                <li key={l.sku}>{t('epc-stage.panel.stock.line', { sku: l.sku, name: l.name ?? '', needed: l.quantity, available: l.available })}</li>
              ))}
            </ul>
          }
        />
      )}
    </div>
  );
}
