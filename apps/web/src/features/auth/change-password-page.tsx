import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmPasswordItem } from '@/components/confirm-password-item';
import { logout } from '@/core/auth/session';
import { useSessionStore } from '@/core/auth/session-store';
import { WEBSITE } from '@/core/config';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { PASSWORD_RULE } from '@/core/validation';
import { AuthLayout } from './auth-layout';

interface Values {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/**
 * First sign-in with a generated password (a new account or a reset): the password is changed here before anything
 * else opens (the router guard sends every other page here; the server refuses other calls until then).
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Values) => {
    setSaving(true);
    try {
      // In the body, not the URL: passwords stay out of access logs.
      await http.post('/api/blade-system/user/update-password', { data: { ...values } });
      // The session goes on (the server keeps it); only the flag of the stored sign-in answer changes.
      const current = useSessionStore.getState().user;
      if (current) useSessionStore.getState().refreshed({ ...current, password_change_required: false });
      toast.success(t('info.passwordChanged'));
      void navigate(WEBSITE.firstPage, { replace: true });
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthLayout title={t('info.firstPassword.title')}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('info.firstPassword.intro', { account: user?.account ?? '' })} />
      <Form<Values> layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="oldPassword" label={t('info.firstPassword.current')} rules={[{ required: true, message: t('info.rule.oldPassword') }]}>
          <Input.Password autoFocus autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('info.newPassword')}
          extra={t('info.passwordHint')}
          dependencies={['oldPassword']}
          rules={[
            { required: true, message: t('info.rule.password') },
            { pattern: PASSWORD_RULE, message: t('info.rule.passwordFormat') },
            ({ getFieldValue }) => ({
              validator: async (_r, value: unknown) => {
                if (value && value === getFieldValue('oldPassword')) throw new Error(t('info.firstPassword.same'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <ConfirmPasswordItem name="newPassword1" label={t('info.newPassword1')} matches="newPassword" requiredMessage={t('info.rule.password1')} />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={saving}>
            {t('info.firstPassword.submit')}
          </Button>
        </Form.Item>
        <Button type="link" block onClick={() => void logout()}>
          {t('info.firstPassword.logout')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
