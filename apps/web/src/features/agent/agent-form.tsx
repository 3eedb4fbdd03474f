/**
 * The company dialog (add and edit): every field of the definition in its section (company, contact, controller,
 * legal person, bank, invoice), the region cascade, the dialling code, the documents, and — when adding — the
 * administrator account. The rules are the server's (contracts `agentCompanyResource`, `checkRules`), so the form
 * says what the server would say; a stale edit answers 409 and the dialog stays open.
 */
import { useMemo } from 'react';
import { Col, DatePicker, Divider, Form, Input, Modal, Row, Select } from 'antd';
import type { FormInstance, SelectProps, UploadFile } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@helio/contracts/crud/resource';
import { ADMIN_ACCOUNT_RULE } from '@helio/contracts/modules/agent/agent.api';
import { AGENT_SECTIONS, agentCompanyResource } from '@helio/contracts/modules/agent/agent.resource';
import { diallingOptions, useCountryCodes } from '@/components/dialling-code-select';
import { useDicts } from '@/core/crud/dict';
import { FormDialog } from '@/core/crud/form-dialog';
import { pickLabel } from '@/core/crud/labels';
import { antdRules, fieldRule } from '@/core/crud/rules';
import { http } from '@/core/http/http';
import { saveCompany, useAgentRefresh, useCompany, useDocuments, type Company } from './api';
import { asFiles, documentIds, DocumentsUpload, stillUploading } from './documents-upload';

const FIELDS = new Map(agentCompanyResource.fields.map((f) => [f.key, f]));
const DICTS = [
  { code: 'agent_type', biz: true },
  { code: 'agent_id_type', biz: true },
] as const;
const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A required Form.Item hands `aria-required` to the select's wrapper div, where ARIA does not allow it (axe). */
function FormSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

interface RegionOption {
  code: string;
  title: string;
}
function useRegions(code: string | undefined, enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['options', '/api/blade-system/region/select', code ?? '', i18n.language],
    queryFn: () => http.get<RegionOption[]>('/api/blade-system/region/select', { params: code ? { code } : {} }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
const regionOptions = (q: ReturnType<typeof useRegions>) => (Array.isArray(q.data) ? q.data : []).map((r) => ({ value: r.code, label: r.title }));

type Values = Record<string, unknown> & { documents?: UploadFile[] };

/** The dialog's body: the sections (inside the dialog's form, so the region levels follow each other). */
function CompanyFields({ form, adding }: { form: FormInstance<Values>; adding: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const dicts = useDicts(DICTS);
  const countries = useCountryCodes();
  const dialling = useMemo(() => diallingOptions(countries.data ?? []), [countries.data]);
  const province = Form.useWatch('provinceCode', form) as string | undefined;
  const city = Form.useWatch('cityCode', form) as string | undefined;
  const provinces = useRegions(undefined, true);
  const cities = useRegions(province, Boolean(province));
  const districts = useRegions(city, Boolean(city));
  const item = (key: string, control?: React.ReactNode, span = 8) => {
    const f = FIELDS.get(key) as FieldDef;
    const label = pickLabel(f.label, lang);
    const rules = antdRules(fieldRule(f), lang);
    let widget = control;
    if (!widget) {
      if (f.kind === 'dictbiz') {
        const items = dicts[`biz:${f.dict!}`] ?? [];
        widget = <FormSelect allowClear options={items.map((d) => ({ value: Number(d.dictKey), label: d.dictValue }))} />;
      } else if (f.kind === 'textarea') widget = <Input.TextArea rows={2} maxLength={f.rules?.max} />;
      else widget = <Input maxLength={f.rules?.max} />;
    }
    return (
      <Col xs={24} md={f.kind === 'textarea' ? 24 : span} key={key}>
        <Form.Item name={key} label={label} rules={rules} required={Boolean(f.rules?.required)}>
          {widget}
        </Form.Item>
      </Col>
    );
  };
  const section = (name: keyof typeof AGENT_SECTIONS, render: (key: string) => React.ReactNode = (k) => item(k)) => (
    <section aria-labelledby={`agent-section-${name}`}>
      <Divider orientation="left" orientationMargin={0}>
        <h3 id={`agent-section-${name}`} style={{ margin: 0, fontSize: 14 }}>
          {t(`agent.section.${name}`)}
        </h3>
      </Divider>
      <Row gutter={16}>{AGENT_SECTIONS[name].map((k) => render(k))}</Row>
    </section>
  );

  const companyField = (key: string) => {
    if (key === 'registrationTime') {
      return (
        <Col xs={24} md={8} key={key}>
          <Form.Item
            name={key}
            label={pickLabel(FIELDS.get(key)!.label, lang)}
            getValueProps={(v: unknown) => ({ value: v ? dayjs(String(v)) : undefined })}
            normalize={(d: dayjs.Dayjs | null) => (d ? d.format(FORMAT) : '')}
          >
            <DatePicker showTime format={FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      );
    }
    if (key === 'provinceCode')
      return item(key, <FormSelect allowClear showSearch optionFilterProp="label" loading={provinces.isFetching} options={regionOptions(provinces)} onChange={() => form.setFieldsValue({ cityCode: undefined, districtCode: undefined })} />);
    if (key === 'cityCode')
      return item(key, <FormSelect allowClear showSearch optionFilterProp="label" disabled={!province} options={regionOptions(cities)} onChange={() => form.setFieldsValue({ districtCode: undefined })} />);
    if (key === 'districtCode') return item(key, <FormSelect allowClear showSearch optionFilterProp="label" disabled={!city} options={regionOptions(districts)} />);
    if (key === 'agentNumber') return item(key, <Input maxLength={32} placeholder={t('agent.numberHint')} />);
    if (key === 'address') return item(key, undefined, 16);
    return item(key);
  };

  return (
    <>
      {section('company', companyField)}
      {section('contact', (k) =>
        k === 'phoneDiallingCode'
          ? item(k, <FormSelect showSearch optionFilterProp="search" options={dialling.length ? dialling : [{ value: '+86', label: '+86', search: '+86' }]} />, 6)
          : item(k, undefined, k === 'email' ? 6 : 6),
      )}
      {section('controller', (k) => item(k, undefined, 6))}
      {section('legalPerson', (k) => item(k, undefined, 6))}
      {section('bank')}
      {section('invoice')}
      <section aria-labelledby="agent-section-documents">
        <Divider orientation="left" orientationMargin={0}>
          <h3 id="agent-section-documents" style={{ margin: 0, fontSize: 14 }}>
            {t('agent.section.documents')}
          </h3>
        </Divider>
        <Form.Item name="documents" label={t('agent.documents.label')} extra={t('agent.documents.hint')} valuePropName="value">
          <DocumentsUpload />
        </Form.Item>
      </section>
      {adding && (
        <section aria-labelledby="agent-section-admin">
          <Divider orientation="left" orientationMargin={0}>
            <h3 id="agent-section-admin" style={{ margin: 0, fontSize: 14 }}>
              {t('agent.section.admin')}
            </h3>
          </Divider>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="adminAccount" label={pickLabel(ADMIN_ACCOUNT_RULE.label, lang)} extra={t('agent.adminAccountHint')} rules={antdRules(ADMIN_ACCOUNT_RULE, lang)}>
                <Input maxLength={45} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="adminPassword" label={t('agent.adminPassword')} extra={t('agent.adminPasswordHint')}>
                <Input.Password maxLength={16} autoComplete="new-password" />
              </Form.Item>
            </Col>
          </Row>
        </section>
      )}
    </>
  );
}

export function AgentForm({ id, onClose }: { id?: string; onClose(): void }) {
  const { t } = useTranslation();
  const detail = useCompany(id);
  const docs = useDocuments(id);
  const refresh = useAgentRefresh();

  const initial: Values | undefined = id
    ? detail.data && docs.data
      ? { ...detail.data, documents: asFiles(docs.data) }
      : undefined
    : { phoneDiallingCode: '+86', registrationTime: dayjs().format(FORMAT), documents: [] };

  return (
    <FormDialog<Values>
      open
      width={1000}
      title={id ? t('agent.edit') : t('agent.add')}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const files = values.documents ?? [];
        if (stillUploading(files)) throw new Error(t('agent.documents.wait'));
        const body: Record<string, unknown> = { ...values, attachIds: documentIds(files) };
        delete body.documents;
        for (const [k, v] of Object.entries(body)) if (v === undefined) body[k] = '';
        if (id) Object.assign(body, { id, version: (detail.data as Company).version });
        const saved = await saveCompany(body);
        await refresh();
        if (!id && saved?.initialPassword) {
          Modal.info({ title: t('agent.initialPasswordTitle'), content: t('agent.initialPassword', { account: saved.adminAccount, password: saved.initialPassword }) });
        }
      }}
    >
      {(form) => <CompanyFields form={form} adding={!id} />}
    </FormDialog>
  );
}
