/**
 * The order's data, read-only: the customer form and every stage form filled so far (in the order definition's
 * order), each with the stage forms' own labels (`./stage`'s locale bundle) through the shared read-only view
 * (core/stage).
 */
import { Card, Empty, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormDef, ProcessDefinition } from '@helio/contracts/process/types';
import { SchemaView } from '@/core/stage/schema-view';
import { pick, type OrderDetail } from './api';
import { processOf } from './process';

const cache = new WeakMap<ProcessDefinition, FormDef[]>();

/** The forms of a definition in process order (the customer form first), each once. */
export function formsInOrder(def: ProcessDefinition): FormDef[] {
  const known = cache.get(def);
  if (known) return known;
  const out = new Map<string, FormDef>();
  const customer = def.editForm();
  if (customer) out.set(customer.key, customer);
  for (const s of def.stages) {
    const f = def.formOf(s.id);
    if (f && !out.has(f.key)) out.set(f.key, f);
  }
  const forms = [...out.values()];
  cache.set(def, forms);
  return forms;
}

export const labelPrefix = (form: FormDef) => `epc-stage.form.${form.key}`;

export function OrderDataTab({ detail }: { detail: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const filled = formsInOrder(processOf(detail.order.process)).filter((f) => detail.data[f.key] !== undefined);
  if (!filled.length) return <Empty description={t('epc.dataNone')} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="epc-order-data">
      {filled.map((f) => (
        <Card key={f.key} size="small" title={<h3 style={{ margin: 0, fontSize: 14 }}>{pick(f.name, i18n.language)}</h3>}>
          <SchemaView form={f} labelPrefix={labelPrefix(f)} data={detail.data[f.key]} files={detail.files} />
        </Card>
      ))}
    </Space>
  );
}
