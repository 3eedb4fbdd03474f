/**
 * SKUs in the BOM and quote lines: picked from the stock module's SKU list (`skuBaseInfo/pull-down`), which fills
 * the line's name (and, in a quote, its unit price when none is set); a code not in the list may still be typed.
 * Quote lines coming from the BOM get their unit prices from the same list.
 */
import { useEffect } from 'react';
import { AutoComplete, Form } from 'antd';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { skuPullDown } from '@helio/contracts/modules/stock/stock.api';
import { useEndpoint } from '@/core/http/endpoint';

export type SkuOption = DataOf<typeof skuPullDown>[number];

export function useSkus() {
  const q = useEndpoint(skuPullDown, {});
  return Array.isArray(q.data) ? q.data : [];
}

/** A price as the quote form holds it (a number in major units), from the SKU list's decimal text. */
export const priceOf = (s: SkuOption | undefined): number | undefined => {
  const n = Number(s?.unitPrice);
  return s && s.unitPrice !== '' && Number.isFinite(n) ? n : undefined;
};

export function SkuInput({
  value,
  onChange,
  list,
  row,
  withPrice,
  disabled,
  'aria-label': ariaLabel,
}: {
  value?: string;
  onChange?: (v: string) => void;
  list: string;
  row: number;
  withPrice?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const form = Form.useFormInstance();
  const skus = useSkus();
  const pick = (code: string) => {
    const s = skus.find((x) => x.sku === code);
    if (!s) return;
    form.setFieldValue([list, row, 'name'], s.skuName);
    if (withPrice && (form.getFieldValue([list, row, 'unitPrice']) ?? '') === '') form.setFieldValue([list, row, 'unitPrice'], priceOf(s));
  };
  return (
    <AutoComplete
      value={value}
      aria-label={ariaLabel}
      disabled={disabled}
      style={{ width: '100%' }}
      options={skus.map((s) => ({ value: s.sku, label: `${s.sku} · ${s.skuName}` }))}
      filterOption={(input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase())}
      onChange={(v: string) => onChange?.(v)}
      onSelect={(v: string) => pick(v)}
    />
  );
}

/** Fills the unit prices of quote lines that have a SKU and no price yet (once the SKU list is there). */
export function QuotePrices({ list }: { list: string }) {
  const form = Form.useFormInstance();
  const skus = useSkus();
  useEffect(() => {
    if (!skus.length) return;
    const lines = (form.getFieldValue(list) as { sku?: string; unitPrice?: unknown }[] | undefined) ?? [];
    lines.forEach((l, i) => {
      if (!l?.sku || (l.unitPrice !== undefined && l.unitPrice !== null && l.unitPrice !== '')) return;
      const price = priceOf(skus.find((s) => s.sku === l.sku));
      if (price !== undefined) form.setFieldValue([list, i, 'unitPrice'], price);
    });
  }, [skus, form, list]);
  return null;
}
