/**
 * One dialog for every movement (receive, reserve, issue, release, adjust, opening): SKU and warehouse pickers,
 * quantity, reference, reason, and — for a serial-tracked SKU — its serial numbers (one per unit; typed or pasted,
 * Enter or comma between them). The field rules are the server's (contracts `MOVEMENT_RULES`).
 */
import { Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import type { SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_QUANTITY, type POSTED_MOVEMENT_TYPES } from '@helio/contracts/modules/stock/stock.api';
import { STOCK_API } from '@helio/contracts/modules/stock/sku.resource';
import { FormDialog } from '@/core/crud/form-dialog';
import { http } from '@/core/http/http';
import { saveMovement, useSkuOptions, useStockRefresh } from './api';

export type PostedType = (typeof POSTED_MOVEMENT_TYPES)[number];

/** A required Form.Item hands `aria-required` to the select's wrapper div, where ARIA does not allow it (axe). */
function RequiredSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

interface Values {
  skuId: string;
  warehouseId?: string;
  quantity: number;
  reference?: string;
  reason?: string;
  serials?: string[];
  fromReserved?: boolean;
}

function useWarehouses() {
  return useQuery({
    queryKey: ['endpoint', `${STOCK_API}/warehouse/select`],
    queryFn: async () => {
      const data = await http.get<{ id: string; warehouseName: string }[]>(`${STOCK_API}/warehouse/select`);
      return Array.isArray(data) ? data : [];
    },
  });
}

export function MovementDialog({ type, skuId, onClose }: { type: PostedType; skuId?: string; onClose(): void }) {
  const { t } = useTranslation();
  const skus = useSkuOptions();
  const warehouses = useWarehouses();
  const refresh = useStockRefresh();
  const options = skus.data ?? [];
  const serialsRequired = type === 'receive' || type === 'issue' || type === 'opening';

  return (
    <FormDialog<Values>
      open
      title={t(`stock.action.${type}`)}
      initialValues={{ skuId, quantity: 1, serials: [] }}
      onClose={onClose}
      onSubmit={async (v) => {
        await saveMovement({
          movementType: type,
          skuId: v.skuId,
          warehouseId: v.warehouseId ?? null,
          quantity: v.quantity,
          reference: v.reference ?? null,
          reason: v.reason ?? null,
          ...(v.serials?.length ? { serials: v.serials } : {}),
          ...(type === 'issue' ? { fromReserved: Boolean(v.fromReserved) } : {}),
        });
        await refresh();
      }}
    >
      {(form) => {
        const chosen = options.find((o) => o.id === form.getFieldValue('skuId'));
        return (
          <>
            <Form.Item name="skuId" label={t('stock.field.sku')} rules={[{ required: true, message: t('stock.rule.sku') }]}>
              <RequiredSelect
                showSearch
                optionFilterProp="label"
                loading={skus.isLoading}
                options={options.map((o) => ({ value: o.id, label: `${o.sku} · ${o.skuName}` }))}
                onChange={() => form.setFieldsValue({ serials: [] })}
              />
            </Form.Item>
            <Form.Item name="warehouseId" label={t('stock.field.warehouse')} extra={t('stock.hint.warehouse')}>
              <Select allowClear options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: w.warehouseName }))} />
            </Form.Item>
            <Form.Item
              name="quantity"
              label={t('stock.field.quantity')}
              rules={[{ required: true, message: t('stock.rule.quantity') }]}
              extra={type === 'adjust' ? t('stock.hint.adjust') : undefined}
            >
              <InputNumber precision={0} min={type === 'adjust' ? -MAX_QUANTITY : 1} max={MAX_QUANTITY} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a, b) => a.skuId !== b.skuId}>
              {() => {
                const item = options.find((o) => o.id === form.getFieldValue('skuId')) ?? chosen;
                if (!item || item.serialTracked !== 1 || type === 'adjust') return null;
                return (
                  <Form.Item
                    name="serials"
                    label={t('stock.field.serials')}
                    extra={serialsRequired ? t('stock.hint.serialsRequired') : t('stock.hint.serialsOptional')}
                    rules={
                      serialsRequired
                        ? [
                            {
                              validator: async (_r, value: string[] | undefined) => {
                                if ((value?.length ?? 0) !== Number(form.getFieldValue('quantity'))) throw new Error(t('stock.rule.serialCount'));
                              },
                            },
                          ]
                        : []
                    }
                  >
                    <Select mode="tags" tokenSeparators={[',', ' ', '\n']} open={false} suffixIcon={null} />
                  </Form.Item>
                );
              }}
            </Form.Item>
            {type === 'issue' && (
              <Form.Item name="fromReserved" label={t('stock.field.fromReserved')} valuePropName="checked">
                <Switch />
              </Form.Item>
            )}
            <Form.Item name="reference" label={t('stock.field.reference')} rules={[{ max: 64 }]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="reason" label={t('stock.field.reason')} rules={type === 'adjust' ? [{ required: true, message: t('stock.rule.reason') }] : [{ max: 255 }]}>
              <Input.TextArea maxLength={255} rows={2} />
            </Form.Item>
            {chosen && <Typography.Text type="secondary">{t('stock.hint.unit', { unit: chosen.unit ?? '-' })}</Typography.Text>}
          </>
        );
      }}
    </FormDialog>
  );
}
