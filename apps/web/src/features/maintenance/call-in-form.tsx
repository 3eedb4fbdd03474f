/**
 * The call-in (`createOrder/maint/insertOrder`): the maintenance order's create form (contracts maint.forms.ts — the
 * customer's contact data of the installer order's form, with its phone and address inputs, and the call-in time,
 * problem, fee type, free-service months, warranty date, COC, work-order number), the device picked among the chosen
 * site's, and for platform users the agent company (left out, the station's operation company takes the call-in). The client checks what the server checks: the schema's rules and
 * a free fee type whose warranty date has passed. "Save as draft" keeps the order in its call-in stage; "Submit"
 * also submits it. Both need the whole form (the server checks it on insert).
 */
import { useMemo, useState } from 'react';
import { AutoComplete, Button, Col, Form, Row, Space, Tag } from 'antd';
import type { AutoCompleteProps, FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyNames } from '@helio/contracts/modules/agent/agent.api';
import { maintInsert } from '@helio/contracts/modules/epc/maint.api';
import { maintCustomerForm } from '@helio/contracts/modules/epc/maint.forms';
import { useSessionStore } from '@/core/auth/session-store';
import { rolesOf } from '@/core/auth/types';
import { useEndpoint } from '@/core/http/endpoint';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { FormSelect, SchemaFormFields } from '@/core/stage/schema-form';
import type { FieldOverride, WidgetContext } from '@/core/stage/schema-form';
import { formFields } from '@/core/stage/schema-model';
import { stillUploading, toWire } from '@/core/stage/wire';
import { needsAgent } from '@/features/epc/stage/customer-form';
import { epcOverrides, labelPrefix } from '@/features/epc/stage/epc-fields';
import { useStepErrors } from '@/features/epc/stage/use-step-errors';
import { deviceKindName, freeWarrantyExpired, type Site } from './api';
import { deviceWarranty } from './prefill';

export interface CallInFormProps {
  form: FormInstance;
  /** The site the call is about (its devices are the serials offered). */
  site?: Site;
  initialValues: Record<string, unknown>;
  onCreated(orderId: string): void;
  onCancel(): void;
}

/**
 * The device serial: typed, or one of the chosen site's devices (its warranty end becomes the warranty date). The
 * form item's value, onChange and id pass through to the input.
 */
function DeviceSnInput({ ctx, site, form, ...item }: { ctx: WidgetContext; site?: Site; form: FormInstance } & AutoCompleteProps<string>) {
  const { t } = useTranslation();
  const devices = site?.devices ?? [];
  return (
    <AutoComplete
      {...item}
      allowClear
      disabled={ctx.disabled}
      placeholder={ctx.placeholder}
      options={devices.map((d) => ({
        value: d.sn,
        label: (
          <Space size={4} wrap>
            <span>{d.sn}</span>
            <Tag>{deviceKindName(t, d.deviceType)}</Tag>
            <Tag color={d.inWarranty ? 'green' : 'default'}>{d.inWarranty ? t('maintenance.site.inWarranty') : t('maintenance.site.outOfWarranty')}</Tag>
          </Space>
        ),
      }))}
      onSelect={(sn: string, option) => {
        item.onSelect?.(sn, option);
        const end = deviceWarranty(devices.find((d) => d.sn === sn));
        if (end) form.setFieldValue('warrantyDate', end);
      }}
    />
  );
}

export function CallInForm({ form, site, initialValues, onCreated, onCancel }: CallInFormProps) {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const platform = needsAgent(rolesOf(user));
  const agents = useEndpoint(companyNames, {}, { enabled: platform });
  const nodes = useMemo(() => formFields(maintCustomerForm.schema), []);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  // A call-in about a station may leave the agent out: the server gives it to the station's operation company.
  const station = Boolean(Form.useWatch('stationId', { form, preserve: true }));
  const { handle, modalHolder } = useStepErrors(form, maintCustomerForm, () => undefined);
  const overrides = useMemo(() => {
    const base = epcOverrides(maintCustomerForm, t, () => false);
    const own: Record<string, FieldOverride> = {
      deviceSn: { widget: (ctx) => <DeviceSnInput ctx={ctx} site={site} form={form} /> },
      warrantyDate: {
        validate: (v) => {
          const date = freeWarrantyExpired(form.getFieldValue('feeType'), v);
          return date ? t('maintenance.rule.freeExpired', { date }) : undefined;
        },
      },
    };
    return { ...base, ...own };
  }, [t, site, form]);

  const create = async (submit: boolean) => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    if (stillUploading(nodes, values)) {
      toast.warning(t('epc-stage.panel.uploading'));
      return;
    }
    const { agentId, ...customer } = values;
    setBusy(submit ? 'submit' : 'save');
    try {
      const order = await http
        .request<{ data: { id: string; orderNumber: string } }>(maintInsert.url, {
          method: maintInsert.method,
          silent: true,
          data: { customer: toWire(nodes, customer), ...(platform && agentId ? { agentId: String(agentId) } : {}), ...(submit ? { submit: true } : {}) },
        })
        .then((r) => r.data);
      toast.success(t('maintenance.created', { number: order.orderNumber }));
      onCreated(order.id);
    } catch (e) {
      handle(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} data-testid="call-in-form" scrollToFirstError>
      {modalHolder}
      {platform && (
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="agentId"
              label={t('epc-stage.panel.customer.agent')}
              extra={station ? t('maintenance.agentHint') : undefined}
              required={!station}
              dependencies={['stationId']}
              rules={[
                {
                  validator: async (_: unknown, v: unknown) => {
                    if (!v && !form.getFieldValue('stationId')) throw new Error(t('epc-stage.panel.customer.agentRequired'));
                  },
                },
              ]}
            >
              <FormSelect
                showSearch
                allowClear
                optionFilterProp="label"
                loading={agents.isFetching}
                options={(Array.isArray(agents.data) ? agents.data : []).map((c) => ({ value: c.id, label: c.companyName }))}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      <SchemaFormFields form={maintCustomerForm} labelPrefix={labelPrefix(maintCustomerForm)} overrides={overrides} />
      <Space wrap>
        <Button onClick={() => void create(false)} loading={busy === 'save'} disabled={busy !== null} data-testid="call-in-save">
          {t('maintenance.action.saveDraft')}
        </Button>
        <Button type="primary" onClick={() => void create(true)} loading={busy === 'submit'} disabled={busy !== null} data-testid="call-in-submit">
          {t('maintenance.action.submit')}
        </Button>
        <Button onClick={onCancel}>{t('maintenance.action.cancel')}</Button>
      </Space>
    </Form>
  );
}
