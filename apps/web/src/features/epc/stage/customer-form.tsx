/**
 * A new order (`createOrder/insertOrder`): the customer form of spec §3 (core/stage renderer with the order's
 * special fields), and for platform users the agent company the order belongs to (agent staff create for their own
 * company). "Save as draft" keeps the order in `create`; "Submit" also submits the create stage. Both need the
 * whole form (the server checks it on insert).
 */
import { useMemo, useState } from 'react';
import { Button, Col, Form, Row, Space } from 'antd';
import { FormSelect } from '@/core/stage/schema-form';
import { useTranslation } from 'react-i18next';
import { AGENT_ADMIN_ROLE, AGENT_STAFF_ROLES, companyNames } from '@helio/contracts/modules/agent/agent.api';
import { insertOrder } from '@helio/contracts/modules/epc/order.api';
import { customerForm } from '@helio/contracts/modules/epc/order.forms';
import { useSessionStore } from '@/core/auth/session-store';
import { rolesOf } from '@/core/auth/types';
import { useEndpoint } from '@/core/http/endpoint';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { SchemaFormFields } from '@/core/stage/schema-form';
import { formFields } from '@/core/stage/schema-model';
import { stillUploading, toWire } from '@/core/stage/wire';
import { epcOverrides, labelPrefix } from './epc-fields';
import { useStepErrors } from './use-step-errors';

export interface CustomerFormProps {
  /** Called with the created order's id after create (draft or submit). */
  onCreated?: (orderId: string) => void;
  onCancel?: () => void;
}

const AGENT_ROLES = new Set<string>([AGENT_ADMIN_ROLE, ...AGENT_STAFF_ROLES]);
/** Agent staff create orders for their own company; everyone else names the company. */
export const needsAgent = (roles: readonly string[]) => roles.includes('administrator') || !roles.some((r) => AGENT_ROLES.has(r));

export function CustomerForm({ onCreated, onCancel }: CustomerFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const user = useSessionStore((s) => s.user);
  const platform = needsAgent(rolesOf(user));
  const agents = useEndpoint(companyNames, {}, { enabled: platform });
  const isDraft = () => false;
  const nodes = useMemo(() => formFields(customerForm.schema), []);
  const overrides = useMemo(() => epcOverrides(customerForm, t, isDraft), [t]);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const { handle, modalHolder } = useStepErrors(form, customerForm, () => undefined);

  // Creating needs a complete customer form even when the order stays a draft (the server checks the whole schema
  // on insert); "draft" here only leaves the create stage unsubmitted. So no draft mode in this form's rules.
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
        .request<{ data: { id: string; orderNumber: string } }>(insertOrder.url, {
          method: 'POST',
          silent: true,
          data: { customer: toWire(nodes, customer), ...(platform && agentId ? { agentId: String(agentId) } : {}), ...(submit ? { submit: true } : {}) },
        })
        .then((r) => r.data);
      toast.success(t('epc-stage.panel.customer.created', { number: order.orderNumber }));
      onCreated?.(order.id);
    } catch (e) {
      handle(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={{ phoneDiallingCode: '+86', hasExistingSystem: false }} data-testid="customer-form">
      {modalHolder}
      {platform && (
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="agentId" label={t('epc-stage.panel.customer.agent')} rules={[{ required: true, message: t('epc-stage.panel.customer.agentRequired') }]}>
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
      <SchemaFormFields form={customerForm} labelPrefix={labelPrefix(customerForm)} overrides={overrides} isDraft={isDraft} />
      <Space>
        <Button onClick={() => void create(false)} loading={busy === 'save'} disabled={busy !== null}>
          {t('epc-stage.panel.customer.save')}
        </Button>
        <Button type="primary" onClick={() => void create(true)} loading={busy === 'submit'} disabled={busy !== null}>
          {t('epc-stage.panel.customer.submit')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('epc-stage.panel.customer.cancel')}</Button>}
      </Space>
    </Form>
  );
}
