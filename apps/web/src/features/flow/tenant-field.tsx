/**
 * The tenants a deployment goes to: platform administrators choose among every tenant (none chosen: their own);
 * a tenant's users deploy to their own tenant only and see no field.
 */
import { Form, Select } from 'antd';
import type { SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import { useSessionStore } from '@/core/auth/session-store';
import { http } from '@/core/http/http';
import { useDict } from '@/core/crud/dict';

export const usePlatform = () => useSessionStore((s) => s.user?.tenant_id) === PLATFORM_TENANT_ID;

/** A Form.Item hands `aria-required` to the select's wrapper div, where ARIA does not allow it (axe). */
function PlainSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

export function TenantField() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const tenants = useQuery({
    queryKey: ['endpoint', '/api/blade-system/tenant/select'],
    queryFn: async () => {
      const data = await http.get<{ tenantId: string; tenantName: string }[]>('/api/blade-system/tenant/select');
      return Array.isArray(data) ? data : [];
    },
    enabled: platform,
  });
  if (!platform) return null;
  return (
    <Form.Item name="tenantIds" label={t('flow.field.tenants')} extra={t('flow.deploy.tenantsHint')}>
      <PlainSelect
        mode="multiple"
        allowClear
        showSearch
        optionFilterProp="label"
        loading={tenants.isLoading}
        options={(tenants.data ?? []).map((x) => ({ value: x.tenantId, label: `${x.tenantName} (${x.tenantId})` }))}
      />
    </Form.Item>
  );
}

/** The workflow categories (dictionary `flow`): value `flow_<key>`, BladeX's category of a deployment. */
export function useCategories() {
  const items = useDict('flow');
  const options = items.map((d) => ({ value: `flow_${d.dictKey}`, label: d.dictValue }));
  const name = (category: string | null | undefined) => (category ? (options.find((o) => o.value === category)?.label ?? category) : '');
  return { options, name };
}

export function CategoryField({ required = true }: { required?: boolean }) {
  const { t } = useTranslation();
  const { options } = useCategories();
  return (
    <Form.Item name="category" label={t('flow.field.category')} rules={required ? [{ required: true, message: t('flow.rule.category') }] : []}>
      <PlainSelect options={options} allowClear showSearch optionFilterProp="label" />
    </Form.Item>
  );
}
