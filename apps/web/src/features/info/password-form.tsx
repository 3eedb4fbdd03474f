import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '@/core/http/http';
import { PASSWORD_RULE } from '@/core/validation';
import { toast } from '@/core/notify';
import { ConfirmPasswordItem } from '@/components/confirm-password-item';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: PasswordValues) => {
    setSaving(true);
    try {
      await http.post('/api/blade-system/user/update-password', { params: { ...values } });
      toast.success(t('info.passwordChanged'));
      form.resetFields();
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      onFinish={(v) => void onFinish(v)}
    >
      <Form.Item name="oldPassword" label={t('info.oldPassword')} rules={[{ required: true, message: t('info.rule.oldPassword') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('info.newPassword')}
        extra={t('info.passwordHint')}
        rules={[
          { required: true, message: t('info.rule.password') },
          { pattern: PASSWORD_RULE, message: t('info.rule.passwordFormat') },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <ConfirmPasswordItem name="newPassword1" label={t('info.newPassword1')} matches="newPassword" requiredMessage={t('info.rule.password1')} />
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.action.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
