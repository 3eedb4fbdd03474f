import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '@/core/http/http';
import { useResource } from '@/core/use-resource';

interface CountryDict {
  dictKey: string;
  dictValue: string;
  attribute1?: string;
}

/** Codes offered while the country dictionary is unavailable (before sign-in it may need a token). */
const FALLBACK_CODES = ['+86', '+852', '+853', '+886', '+1', '+44', '+27', '+61', '+49', '+33', '+81', '+91'];

/** Dialling codes from the business dictionary `country`, in the request language. */
export function useCountryCodes() {
  const { i18n } = useTranslation();
  return useResource(`dict-biz:country:${i18n.language}`, () =>
    http.get<CountryDict[]>('/api/blade-system/dict-biz/list', { params: { code: 'country' }, silent: true }),
  );
}

/**
 * One option per dialling code (`attribute1` of the country dictionary; the ISO code in `dictKey` is not a dialling
 * code): countries sharing a code (+1, +7 …) are listed in one option.
 */
export function diallingOptions(rows: readonly CountryDict[]): { value: string; label: string; search: string }[] {
  const byCode = new Map<string, CountryDict[]>();
  for (const r of rows) {
    const code = (r.attribute1 ?? '').trim();
    if (!/^\+?\d{1,6}$/.test(code)) continue;
    byCode.set(code, [...(byCode.get(code) ?? []), r]);
  }
  return [...byCode.entries()].map(([code, list]) => {
    const names = list.map((r) => r.dictValue);
    const shown = names.length > 2 ? `${names.slice(0, 2).join(' / ')} …` : names.join(' / ');
    return { value: code, label: `${code} ${shown}`, search: `${code} ${names.join(' ')} ${list.map((r) => r.dictKey).join(' ')}` };
  });
}

export function DiallingCodeSelect(props: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  style?: React.CSSProperties;
  disabled?: boolean;
  size?: 'small' | 'middle' | 'large';
}) {
  const { t } = useTranslation();
  // A required Form.Item hands its control `aria-required`; antd puts it on the select's wrapper, where ARIA does not
  // allow it (axe aria-allowed-attr). The form's own check and message say the field is required.
  const { 'aria-required': _required, ...rest } = props as typeof props & { 'aria-required'?: unknown };
  const query = useCountryCodes();
  const rows = Array.isArray(query.data) && query.data.length > 0 ? query.data : undefined;
  const options = rows ? diallingOptions(rows) : FALLBACK_CODES.map((code) => ({ value: code, label: code, search: code }));
  return (
    <Select
      {...rest}
      showSearch
      aria-label={t('common.field.diallingCode')}
      placeholder={t('common.field.diallingCode')}
      options={options}
      optionLabelProp="value"
      popupMatchSelectWidth={220}
      filterOption={(input, option) => (option?.search ?? '').toLowerCase().includes(input.toLowerCase())}
      loading={query.loading}
    />
  );
}
