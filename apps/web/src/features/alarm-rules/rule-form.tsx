/**
 * The rule fields of a form (metric, comparison, threshold, clear level, duration) and the one check the server
 * applies (contracts `checkDefinition` / `checkOverride`), shown on the fields in the user's language.
 */
import { Form, InputNumber, Select } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { METRICS_BY_DEVICE_TYPE } from '@helio/contracts/modules/alarm/alarm-catalogue';
import { ruleProblemText, type RuleProblem } from '@helio/contracts/modules/alarm/alarm-rules.api';

/** Puts each problem on its field (a problem about the whole rule goes on the clear level, where it is fixed). */
export function showProblems(form: FormInstance, problems: readonly RuleProblem[], language: string, fieldOf: (field: string) => string = (f) => f): void {
  const byField = new Map<string, string[]>();
  for (const p of problems) {
    const name = fieldOf(p.field === 'rule' ? 'clear' : p.field);
    byField.set(name, [...(byField.get(name) ?? []), ruleProblemText(language, p)]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
}

/** The rule's fields; `fixed`: metric and comparison shown but not changed (an override changes numbers only). */
export function RuleFields({ deviceType, fixed = false, optional = false }: { deviceType: number; fixed?: boolean; optional?: boolean }) {
  const { t } = useTranslation();
  const metrics = METRICS_BY_DEVICE_TYPE[deviceType] ?? [];
  const placeholder = optional ? t('alarmRules.inherit') : undefined;
  return (
    <>
      {!fixed && (
        <>
          <Form.Item name="metric" label={t('alarmRules.field.metric')} rules={[{ required: true }]}>
            <Select options={metrics.map((m) => ({ value: m, label: t(`alarmRules.metric.${m}`) }))} />
          </Form.Item>
          <Form.Item name="op" label={t('alarmRules.field.op')} rules={[{ required: true }]}>
            <Select options={['>', '<'].map((op) => ({ value: op, label: t(`alarmRules.op.${op === '>' ? 'gt' : 'lt'}`) }))} />
          </Form.Item>
        </>
      )}
      <Form.Item name="threshold" label={t('alarmRules.field.threshold')} rules={optional ? [] : [{ required: true }]}>
        <InputNumber style={{ width: '100%' }} placeholder={placeholder} />
      </Form.Item>
      <Form.Item name="clear" label={t('alarmRules.field.clear')} rules={optional ? [] : [{ required: true }]} extra={t('alarmRules.clearHelp')}>
        <InputNumber style={{ width: '100%' }} placeholder={placeholder} />
      </Form.Item>
      <Form.Item name="durationS" label={t('alarmRules.field.durationS')} rules={optional ? [] : [{ required: true }]}>
        <InputNumber style={{ width: '100%' }} min={0} max={86_400} precision={0} placeholder={placeholder} />
      </Form.Item>
    </>
  );
}
