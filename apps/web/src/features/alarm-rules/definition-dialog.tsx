/**
 * Editing one definition (platform users): severity, category, names, cause and remedy in both languages and, for a
 * threshold rule, the rule. Checked here with the server's own check (the same messages on the fields), sent with
 * the version read (someone else's edit in between: the server's 409 is shown and nothing is written).
 */
import { Col, Form, Input, Modal, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_CATEGORIES } from '@helio/contracts/modules/alarm/alarm-catalogue';
import { alarmDefinitionUpdate, checkDefinition } from '@helio/contracts/modules/alarm/alarm-rules.api';
import { callEndpoint } from '@/core/http/endpoint';
import { toast } from '@/core/notify';
import { useInvalidateRules } from './api';
import type { DefinitionRow, Rule } from './api';
import type { RuleDicts } from './dicts';
import { RuleFields, showProblems } from './rule-form';

type Values = Pick<DefinitionRow, 'nameZh' | 'nameEn' | 'causeZh' | 'causeEn' | 'remedyZh' | 'remedyEn' | 'category'> & {
  severity: string;
  metric?: Rule['metric'];
  op?: Rule['op'];
  threshold?: number | null;
  clear?: number | null;
  durationS?: number | null;
};

export function DefinitionDialog({ definition: d, dicts, onClose }: { definition: DefinitionRow; dicts: RuleDicts; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const invalidate = useInvalidateRules();

  const save = async () => {
    const v = await form.validateFields();
    const edit = {
      severity: Number(v.severity), category: v.category, nameZh: v.nameZh ?? '', nameEn: v.nameEn ?? '',
      causeZh: v.causeZh ?? null, causeEn: v.causeEn ?? null, remedyZh: v.remedyZh ?? null, remedyEn: v.remedyEn ?? null,
      rule: d.rule ? { metric: v.metric ?? '', op: v.op ?? '', threshold: v.threshold ?? Number.NaN, clear: v.clear ?? Number.NaN, durationS: v.durationS ?? Number.NaN } : null,
    };
    const problems = checkDefinition(edit, d.deviceType, d.rule !== null);
    if (problems.length) {
      showProblems(form, problems, i18n.language);
      return;
    }
    await callEndpoint(alarmDefinitionUpdate, undefined, { id: d.id, version: d.version, ...edit });
    toast.success(t('alarmRules.saved'));
    await invalidate();
    onClose();
  };

  const text = (name: keyof Values, long = false) => (
    <Form.Item name={name} label={t(`alarmRules.field.${name}`)} rules={long ? [] : [{ required: true }]}>
      {long ? <Input.TextArea rows={2} maxLength={500} /> : <Input maxLength={100} />}
    </Form.Item>
  );

  return (
    <Modal
      open
      width={760}
      title={t('alarmRules.editTitle', { code: d.alarmCode, type: t(`alarmRules.deviceType.${d.deviceType}`) })}
      okText={t('alarmRules.save')}
      cancelText={t('alarmRules.cancel')}
      onOk={save}
      onCancel={onClose}
      maskClosable={false}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="alarm-definition"
        initialValues={{ ...d, severity: String(d.severity), ...(d.rule ?? {}) }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="severity" label={t('alarmRules.field.severity')} rules={[{ required: true }]}>
              <Select options={dicts.options('alarm_severity')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="category" label={t('alarmRules.field.category')} rules={[{ required: true }]}>
              <Select options={ALARM_CATEGORIES.map((c) => ({ value: c, label: dicts.label('alarm_category', c) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>{text('nameZh')}</Col>
          <Col span={12}>{text('nameEn')}</Col>
          <Col span={12}>{text('causeZh', true)}</Col>
          <Col span={12}>{text('causeEn', true)}</Col>
          <Col span={12}>{text('remedyZh', true)}</Col>
          <Col span={12}>{text('remedyEn', true)}</Col>
        </Row>
        {d.rule && (
          <fieldset>
            <legend>{t('alarmRules.field.rule')}</legend>
            <Row gutter={16}>
              <Col span={24}>
                <RuleFields deviceType={d.deviceType} />
              </Col>
            </Row>
          </fieldset>
        )}
      </Form>
    </Modal>
  );
}
