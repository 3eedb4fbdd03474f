/**
 * A device's override of one threshold rule: its own threshold, clear level and duration (empty: the type's) and
 * whether the rule applies to it. Checked merged with the type's rule, as the server does.
 */
import { Form, Modal, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmThresholdSave, checkOverride } from '@helio/contracts/modules/alarm/alarm-rules.api';
import { callEndpoint } from '@/core/http/endpoint';
import { toast } from '@/core/notify';
import { ruleText, useInvalidateRules } from './api';
import type { DeviceRules } from './api';
import { RuleFields, showProblems } from './rule-form';

type DeviceRule = DeviceRules['rules'][number];
interface Values {
  threshold?: number | null;
  clear?: number | null;
  durationS?: number | null;
  enabled: boolean;
}

export function OverrideDialog({ device, rule, onClose }: { device: DeviceRules['device']; rule: DeviceRule; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const invalidate = useInvalidateRules();
  const o = rule.override;

  const save = async () => {
    const v = await form.validateFields();
    const values = { threshold: v.threshold ?? null, clear: v.clear ?? null, durationS: v.durationS ?? null };
    const problems = checkOverride(rule.rule, values, device.deviceType);
    if (problems.length) {
      showProblems(form, problems, i18n.language);
      return;
    }
    await callEndpoint(alarmThresholdSave, undefined, {
      deviceId: device.id, alarmCode: rule.alarmCode, ...values, enabled: v.enabled ? 1 : 0, ...(o ? { version: o.version } : {}),
    });
    toast.success(t('alarmRules.saved'));
    await invalidate();
    onClose();
  };

  return (
    <Modal
      open
      title={t('alarmRules.overrideTitle', { name: rule.alarmName, sn: device.deviceSn })}
      okText={t('alarmRules.save')}
      cancelText={t('alarmRules.cancel')}
      onOk={save}
      onCancel={onClose}
      maskClosable={false}
    >
      <Typography.Paragraph type="secondary">{t('alarmRules.typeRule', { rule: ruleText(t, rule.rule) })}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        name="alarm-override"
        initialValues={{ threshold: o?.threshold ?? null, clear: o?.clear ?? null, durationS: o?.durationS ?? null, enabled: rule.enabled === 1 }}
      >
        <Form.Item name="enabled" label={t('alarmRules.field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <RuleFields deviceType={device.deviceType} fixed optional />
      </Form>
    </Modal>
  );
}
