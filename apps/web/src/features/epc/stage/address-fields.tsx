/**
 * The customer form's special inputs (spec §3): the phone with its dialling code, and the install address as a
 * country → province → city → district cascade — the country from the business dictionary `country` (its ISO code
 * is stored), China's levels from the region tree (`region/select`, names stored), other countries typed in.
 */
import { Col, Form, Input, Select, Space } from 'antd';
import type { SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ELEVEN_DIGIT_MOBILE_CODES } from '@helio/contracts/validation';
import { DiallingCodeSelect, useCountryCodes } from '@/components/dialling-code-select';
import { http } from '@/core/http/http';
import type { WidgetContext } from '@/core/stage/schema-form';
import { limitProblem } from '@/core/stage/schema-rules';
import type { FieldNode } from '@/core/stage/schema-model';

interface RegionOption {
  code: string;
  title: string;
}

/** The region tree's country (its provinces' parent) is China. */
const CHINA = 'CN';

function useRegions(code: string | undefined, enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['options', '/api/blade-system/region/select', code ?? '', i18n.language],
    queryFn: () => http.get<RegionOption[]>('/api/blade-system/region/select', { params: code ? { code } : {} }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

const list = (q: { data?: RegionOption[] }) => (Array.isArray(q.data) ? q.data : []);
const codeOf = (q: { data?: RegionOption[] }, name: unknown) => list(q).find((r) => r.title === name)?.code;

/** A mobile number is digits; with a code of China it has 11 digits (spec §5). */
export function phoneProblem(code: unknown, phone: unknown, t: (k: string) => string): string | undefined {
  const digits = typeof phone === 'string' ? phone.trim() : '';
  if (!digits) return undefined;
  if (!/^\d+$/.test(digits)) return t('epc-stage.panel.phone.digits');
  if (ELEVEN_DIGIT_MOBILE_CODES.includes(String(code ?? '')) && digits.length !== 11) return t('epc-stage.panel.phone.mobileLength');
  return undefined;
}

/** The phone item: the dialling code select and the number, one label, both checked. */
export function PhoneItem({ ctx, codeNode }: { ctx: WidgetContext; codeNode: FieldNode }) {
  const { isDraft } = ctx;
  const { t } = ctx.labels;
  const form = Form.useFormInstance();
  const rule = (node: FieldNode, label: string, extra?: (v: unknown) => string | undefined) => [
    {
      validator: async (_: unknown, value: unknown) => {
        const problem = limitProblem(value, node, node.kind, { label, language: ctx.labels.language, t, isDraft }) ?? extra?.(value);
        if (problem) throw new Error(problem);
      },
    },
  ];
  const codeLabel = ctx.labels.label(codeNode);
  return (
    <Form.Item label={ctx.label} required={!ctx.disabled}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={['phoneDiallingCode']} noStyle rules={ctx.disabled ? [] : rule(codeNode, codeLabel)}>
          <DiallingCodeSelect style={{ width: 160 }} disabled={ctx.disabled} />
        </Form.Item>
        <Form.Item
          name={ctx.name}
          noStyle
          dependencies={[['phoneDiallingCode']]}
          rules={ctx.disabled ? [] : rule(ctx.node, ctx.label, (v) => phoneProblem(form.getFieldValue('phoneDiallingCode'), v, t))}
        >
          <Input aria-label={ctx.label} maxLength={20} inputMode="tel" disabled={ctx.disabled} placeholder={ctx.placeholder} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/** A required Form.Item hands `aria-required` to its control; antd puts it on the select's wrapper (axe refuses it). */
function AddressSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

/** The install address group's four inputs, each in a half-width column of the caller's row. */
export function AddressCascade({ ctx, children }: { ctx: WidgetContext; children: FieldNode[] }) {
  const form = Form.useFormInstance();
  const base = ctx.name;
  const country = Form.useWatch([...base, 'country'], form) as string | undefined;
  const province = Form.useWatch([...base, 'province'], form) as string | undefined;
  const city = Form.useWatch([...base, 'city'], form) as string | undefined;
  const china = country === CHINA;
  const countries = useCountryCodes();
  const provinces = useRegions(undefined, china);
  const provinceCode = china ? codeOf(provinces, province) : undefined;
  const cities = useRegions(provinceCode, Boolean(provinceCode));
  const cityCode = provinceCode ? codeOf(cities, city) : undefined;
  const districts = useRegions(cityCode, Boolean(cityCode));
  const byKey = Object.fromEntries(children.map((c) => [c.key, c]));
  const { t, language } = ctx.labels;
  const clearBelow = (level: 'country' | 'province' | 'city') => {
    const below = { country: ['province', 'city', 'district'], province: ['city', 'district'], city: ['district'] }[level];
    for (const k of below) form.setFieldValue([...base, k], undefined);
  };
  const item = (key: string, input: React.ReactNode) => {
    const node = byKey[key]!;
    const label = ctx.labels.label(node);
    return (
      <Col key={key} xs={24} sm={12}>
      <Form.Item
        name={[...base, key]}
        label={label}
        required={node.required && !ctx.disabled}
        rules={ctx.disabled ? [] : [{ validator: async (_: unknown, v: unknown) => { const p = limitProblem(v, node, node.kind, { label, language, t, isDraft: ctx.isDraft }); if (p) throw new Error(p); } }]}
      >
        {input}
      </Form.Item>
      </Col>
    );
  };
  const countryRows = (Array.isArray(countries.data) ? countries.data : []).filter((r) => r.dictKey !== '-1');
  const hint = (key: string, choose: boolean) => t(choose ? 'stage.placeholder.select' : 'stage.placeholder.input', { field: ctx.labels.label(byKey[key]!) });
  const regionSelect = (key: string, q: ReturnType<typeof useRegions>, level: 'province' | 'city' | null, disabled: boolean) => (
    <AddressSelect
      placeholder={hint(key, true)}
      allowClear
      showSearch
      optionFilterProp="label"
      disabled={ctx.disabled || disabled}
      loading={q.isFetching}
      options={list(q).map((r) => ({ value: r.title, label: r.title }))}
      onChange={level ? () => clearBelow(level) : undefined}
    />
  );
  const text = (key: string, level: 'country' | 'province' | 'city' | null) => (
    <Input maxLength={byKey[key]?.maxLength} placeholder={hint(key, false)} disabled={ctx.disabled} onChange={level ? () => clearBelow(level) : undefined} />
  );
  return (
    <>
      {item(
        'country',
        countryRows.length ? (
          <AddressSelect
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={hint('country', true)}
            disabled={ctx.disabled}
            options={countryRows.map((r) => ({ value: r.dictKey, label: `${r.dictValue} (${r.dictKey})` }))}
            onChange={() => clearBelow('country')}
          />
        ) : (
          text('country', 'country')
        ),
      )}
      {item('province', china ? regionSelect('province', provinces, 'province', false) : text('province', 'province'))}
      {item('city', china ? regionSelect('city', cities, 'city', !province) : text('city', 'city'))}
      {item('district', china ? regionSelect('district', districts, null, !city) : text('district', null))}
    </>
  );
}
