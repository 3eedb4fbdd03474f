import { useEffect, useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DiallingCodeSelect } from '@/components/dialling-code-select';
import { WEBSITE } from '@/core/config';
import { http } from '@/core/http/http';
import { bodyMessage } from '@/core/http/request';
import { HttpError } from '@/core/http/types';
import { usePublicSettings } from '@/core/settings/use-public-settings';
import { LIMITS, PASSWORD_RULE, PHONE_DIGITS } from '@/core/validation';
import { AuthLayout } from './auth-layout';
import { toast } from '@/core/notify';
import { ConfirmPasswordItem } from '@/components/confirm-password-item';

interface ForgotValues {
  tenantId?: string;
  phoneDiallingCode: string;
  phone: string;
  code: string;
  password: string;
  password2: string;
}

const RESEND_SECONDS = 60;

export function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgotValues>();
  const { settings } = usePublicSettings();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const failText = (e: unknown) => (e instanceof HttpError && bodyMessage(e.body)) || t('register.failed');

  const sendCode = async () => {
    try {
      await form.validateFields(['phoneDiallingCode', 'phone']);
    } catch {
      return;
    }
    const { phone, phoneDiallingCode, tenantId } = form.getFieldsValue();
    setSending(true);
    try {
      await http.post('/api/blade-resource/phone/sms/verificationCode', {
        silent: true,
        withoutToken: true,
        params: { phone, phoneDiallingCode, scene: 'forget', tenantId: settings.tenantMode ? tenantId : undefined },
      });
      toast.success(t('forgot.codeSent'));
      setCountdown(RESEND_SECONDS);
    } catch (e) {
      toast.error(failText(e));
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (values: ForgotValues) => {
    setSubmitting(true);
    try {
      await http.post('/api/blade-system/user/forgetPassword', {
        silent: true,
        withoutToken: true,
        params: settings.tenantMode ? { tenantId: values.tenantId } : undefined,
        form: {
          phone: values.phone,
          phoneDiallingCode: values.phoneDiallingCode,
          code: values.code,
          password: values.password,
        },
      });
      toast.success(t('forgot.success'));
      void navigate(WEBSITE.loginPage);
    } catch (e) {
      toast.error(failText(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('forgot.title')}>
      <Form<ForgotValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ tenantId: settings.defaultTenantId, phoneDiallingCode: '+86' }}
        onFinish={(v) => void onFinish(v)}
      >
        {settings.tenantMode ? (
          <Form.Item
            name="tenantId"
            label={t('login.tenantId')}
            rules={[{ required: true, whitespace: true, message: t('login.rule.tenantId') }]}
          >
            <Input />
          </Form.Item>
        ) : null}
        <Form.Item label={t('common.field.phone')} required>
          <Space.Compact block>
            <Form.Item name="phoneDiallingCode" noStyle rules={[{ required: true, message: t('info.rule.diallingCode') }]}>
              <DiallingCodeSelect style={{ width: 110 }} />
            </Form.Item>
            <Form.Item
              name="phone"
              noStyle
              rules={[
                { required: true, message: t('info.rule.phone') },
                { pattern: PHONE_DIGITS, message: t('info.rule.phoneDigits') },
                { max: LIMITS.phone, message: t('info.rule.phoneMax') },
              ]}
            >
              <Input inputMode="numeric" autoComplete="tel-national" aria-label={t('common.field.phone')} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('forgot.code')} required>
          <Space.Compact block>
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('forgot.rule.code') }]}>
              <Input autoComplete="one-time-code" aria-label={t('forgot.code')} />
            </Form.Item>
            <Button onClick={() => void sendCode()} disabled={countdown > 0} loading={sending}>
              {countdown > 0 ? t('forgot.resendIn', { seconds: countdown }) : t('forgot.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="password"
          label={t('forgot.newPassword')}
          rules={[
            { required: true, message: t('info.rule.password') },
            { pattern: PASSWORD_RULE, message: t('info.rule.passwordFormat') },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <ConfirmPasswordItem name="password2" label={t('register.password2')} matches="password" requiredMessage={t('register.rule.password2')} />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('forgot.submit')}
          </Button>
        </Form.Item>
        <div className="helio-auth__links">
          <Link to={WEBSITE.loginPage}>{t('register.backToLogin')}</Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
