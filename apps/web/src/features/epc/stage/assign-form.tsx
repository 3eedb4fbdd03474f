/**
 * The designated-person stage: the order company's site technicians and electricians (`designatedPerson/select`),
 * excluded staff shown but disabled, at least one of each and at most the API's ten.
 */
import { Form, Select, Tag } from 'antd';
import type { FormInstance, SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { designatedPersonSelect } from '@helio/contracts/modules/epc/order.api';
import { useOrderEndpoint } from '../process';
import '@/core/stage/locale';

export interface AssignValues {
  technicianIds: string[];
  electricianIds: string[];
}

/** The API's limit per role (order.api `designatedPersonAssign`). */
export const MAX_ASSIGNEES = 10;

/** A required Form.Item hands `aria-required` to its control; antd puts it on the select's wrapper (axe refuses it). */
function PeopleSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

export function AssignForm({
  orderId,
  process,
  form,
  disabled,
  initial,
}: {
  orderId: string;
  /** The order's definition (`OrderVO.process`): a maintenance order asks its own endpoint. */
  process?: string | null;
  form: FormInstance<AssignValues>;
  disabled: boolean;
  initial?: Partial<AssignValues>;
}) {
  const { t } = useTranslation();
  const people = useOrderEndpoint(process, designatedPersonSelect, { orderId });
  const rows = Array.isArray(people.data) ? people.data : [];
  const options = (role: string) =>
    rows
      .filter((p) => p.roles.includes(role))
      .map((p) => ({
        value: p.id,
        disabled: p.excluded,
        label: (
          <span>
            {p.realName || p.account} <span style={{ opacity: 0.7 }}>({p.account})</span>
            {p.excluded && (
              <Tag color="red" style={{ marginInlineStart: 8 }}>
                {t('epc-stage.panel.assign.excluded')}
              </Tag>
            )}
          </span>
        ),
        search: `${p.realName ?? ''} ${p.account}`,
      }));
  const rules = [
    {
      validator: async (_: unknown, v: unknown) => {
        const n = Array.isArray(v) ? v.length : 0;
        if (n === 0) throw new Error(t('epc-stage.panel.assign.required'));
        if (n > MAX_ASSIGNEES) throw new Error(t('epc-stage.panel.assign.max', { max: MAX_ASSIGNEES }));
      },
    },
  ];
  const select = (role: string, label: string) => (
    <PeopleSelect
      mode="multiple"
      loading={people.isFetching}
      disabled={disabled}
      optionFilterProp="search"
      options={options(role)}
      maxCount={MAX_ASSIGNEES}
      placeholder={t('stage.placeholder.select', { field: label })}
    />
  );
  return (
    <Form form={form} layout="vertical" initialValues={{ technicianIds: initial?.technicianIds ?? [], electricianIds: initial?.electricianIds ?? [] }} data-testid="assign-form">
      <Form.Item name="technicianIds" label={t('epc-stage.panel.assign.technicians')} required rules={rules}>
        {select('site_technician', t('epc-stage.panel.assign.technicians'))}
      </Form.Item>
      <Form.Item name="electricianIds" label={t('epc-stage.panel.assign.electricians')} required rules={rules}>
        {select('electrician', t('epc-stage.panel.assign.electricians'))}
      </Form.Item>
    </Form>
  );
}
