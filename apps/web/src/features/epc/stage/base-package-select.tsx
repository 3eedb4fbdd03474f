/**
 * The design form's base package (issue 18: "a bill of materials from a base package plus customised materials"):
 * the tenant's enabled packages (`order/basePackage/enabled`); choosing one fills the BOM (`materials`) with the
 * package's lines — SKU, name, spec, model, equipment type, quantity, from `order/basePackage/skuInfo` — and the
 * system summary, which the designer may then customise. Typing a code is allowed (the server decides whether it
 * names an enabled package).
 */
import { useState } from 'react';
import { AutoComplete, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { packageOptions, packageSkuInfo } from '@helio/contracts/modules/epc/package.resource';
import { callEndpoint, useEndpoint } from '@/core/http/endpoint';

type SkuInfo = DataOf<typeof packageSkuInfo>;

/** The BOM lines and summary the design form holds, from a package's SKU info. */
export function designFromPackage(info: SkuInfo) {
  return {
    materials: info.lines.map((l) => ({
      sku: l.sku,
      name: l.skuName ?? l.sku,
      ...(l.spec ? { spec: l.spec } : {}),
      ...(l.model ? { model: l.model } : {}),
      ...(l.equipmentType ? { equipmentType: l.equipmentType } : {}),
      quantity: l.quantity,
    })),
    summary: { kwp: Number(info.summary.kwp), inverterKw: Number(info.summary.inverterKw), batteryKwh: Number(info.summary.batteryKwh) },
  };
}

/** `id` comes from the form item (its label names the input); `aria-label` only names it when there is none. */
export function BasePackageSelect({
  id,
  value,
  onChange,
  disabled,
  'aria-label': ariaLabel,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const q = useEndpoint(packageOptions, {});
  const packages = Array.isArray(q.data) ? q.data : [];
  const [note, setNote] = useState<string | null>(null);
  const pick = async (code: string) => {
    try {
      const info = await callEndpoint(packageSkuInfo, { code });
      const design = designFromPackage(info);
      form.setFieldsValue(design);
      const short = info.lines.filter((l) => l.available < l.quantity).map((l) => l.sku);
      setNote(
        t('epc-package.filled', { count: design.materials.length, name: info.name }) +
          (short.length ? ` ${t('epc-package.short', { skus: short.join(', ') })}` : ''),
      );
    } catch {
      setNote(t('epc-package.failed'));
    }
  };
  return (
    <>
      <AutoComplete
        id={id}
        value={value}
        {...(id ? {} : { 'aria-label': ariaLabel })}
        disabled={disabled}
        style={{ width: '100%' }}
        placeholder={t('epc-package.placeholder')}
        options={packages.map((p) => ({
          value: p.code,
          label: t('epc-package.option', { code: p.code, name: p.name, kwp: p.kwp, inverterKw: p.inverterKw, batteryKwh: p.batteryKwh }),
        }))}
        filterOption={(input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase())}
        onChange={(v: string) => onChange?.(v)}
        onSelect={(v: string) => void pick(v)}
      />
      {note && (
        <Typography.Text type="secondary" role="status" data-testid="base-package-note">
          {note}
        </Typography.Text>
      )}
    </>
  );
}
