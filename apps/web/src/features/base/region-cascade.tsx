/** The province → city → district cascade debug form: each level loads the children of the one above. */
import { Descriptions, Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '@/core/http/http';

interface RegionOption {
  code: string;
  title: string;
}

function useChildren(code: string | undefined, enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['options', '/api/blade-system/region/select', code ?? '', i18n.language],
    queryFn: () => http.get<RegionOption[]>('/api/blade-system/region/select', { params: { code } }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function RegionCascade() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ province?: string; city?: string; district?: string }>();
  const province = Form.useWatch('province', form);
  const city = Form.useWatch('city', form);
  const district = Form.useWatch('district', form);
  const provinces = useChildren(undefined, true);
  const cities = useChildren(province, Boolean(province));
  const districts = useChildren(city, Boolean(city));
  const options = (q: ReturnType<typeof useChildren>) => (Array.isArray(q.data) ? q.data : []).map((r) => ({ value: r.code, label: r.title }));
  const name = (q: ReturnType<typeof useChildren>, code: string | undefined) => (Array.isArray(q.data) ? q.data : []).find((r) => r.code === code)?.title;

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 480 }}>
      <Form.Item name="province" label={t('system.region.province')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={provinces.isFetching}
          options={options(provinces)}
          placeholder={t('system.region.province')}
          onChange={() => form.setFieldsValue({ city: undefined, district: undefined })}
        />
      </Form.Item>
      <Form.Item name="city" label={t('system.region.city')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          disabled={!province}
          loading={cities.isFetching}
          options={options(cities)}
          placeholder={t('system.region.city')}
          onChange={() => form.setFieldsValue({ district: undefined })}
        />
      </Form.Item>
      <Form.Item name="district" label={t('system.region.district')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          disabled={!city}
          loading={districts.isFetching}
          options={options(districts)}
          placeholder={t('system.region.district')}
        />
      </Form.Item>
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'codes', label: t('system.region.chosenCodes'), children: [province, city, district].filter(Boolean).join(' / ') || '-' },
          {
            key: 'names',
            label: t('system.region.chosenNames'),
            children: [name(provinces, province), name(cities, city), name(districts, district)].filter(Boolean).join(' / ') || '-',
          },
        ]}
      />
    </Form>
  );
}
