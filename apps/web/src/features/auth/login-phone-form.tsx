/**
 * Phone sign-in (loaded only when the user picks the phone tab, so /login stays light): tenant, dialling code and
 * phone, "get code" with a countdown (`phone/sms/verificationCode`, scene login), and the code — exchanged for
 * tokens with the token endpoint's `sms_code` grant.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DiallingCodeSelect } from '@/components/dialling-code-select';
import { loginByPhone, requestLoginCode } from '@/core/auth/auth-api';
import type { LoginResult } from '@/core/auth/types';
import { bodyMessage } from '@/core/http/request';
import { HttpError } from '@/core/http/types';
import { toast } from '@/core/notify';
import { LIMITS, PHONE_DIGITS } from '@/core/validation';

export const RESEND_SECONDS = 60;

interface PhoneValues {
  tenantId?: string;
  phoneDiallingCode: string;
  phone: string;
  code: string;
}

export interface LoginPhoneFormProps {
  /** Show the tenant field (tenant mode without a tenant bound to the domain). */
  showTenant: boolean;
  /** The tenant when the field is not shown. */
  fixedTenant: string;
  defaultTenant: string;
  onSignedIn(result: LoginResult): void;
}

export function LoginPhoneForm({ showTenant, fixedTenant, defaultTenant, onSignedIn }: LoginPhoneFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PhoneValues>();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const failText = (e: unknown) => (e instanceof HttpError && (bodyMessage(e.body) ?? e.message)) || t('login.failed');
  const tenantOf = (v: Partial<PhoneValues>) => (showTenant ? (v.tenantId ?? '').trim() : fixedTenant);

  const sendCode = async () => {
    try {
      await form.validateFields(showTenant ? ['tenantId', 'phoneDiallingCode', 'phone'] : ['phoneDiallingCode', 'phone']);
    } catch {
      return;
    }
    const v = form.getFieldsValue();
    setError(undefined);
    setSending(true);
    try {
      const answer = await requestLoginCode({ tenantId: tenantOf(v), phone: v.phone.trim(), phoneDiallingCode: v.phoneDiallingCode });
      toast.success(t('login.phone.codeSent'));
      setCountdown(Number(answer?.resendIn) > 0 ? Number(answer?.resendIn) : RESEND_SECONDS);
    } catch (e) {
      setError(failText(e));
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (v: PhoneValues) => {
    setError(undefined);
    setSubmitting(true);
    try {
      const result = await loginByPhone({ tenantId: tenantOf(v), phone: v.phone.trim(), phoneDiallingCode: v.phoneDiallingCode, code: v.code.trim() });
      if (!result || result.error_description || !result.access_token) {
        setError(result?.error_description || t('login.failed'));
        return;
      }
      onSignedIn(result);
    } catch (e) {
      setError(failText(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<PhoneValues>
      form={form}
      name="login-phone"
      layout="vertical"
      requiredMark={false}
      className="helio-login helio-login--phone"
      initialValues={{ tenantId: defaultTenant, phoneDiallingCode: '+86', phone: '', code: '' }}
      onFinish={(v) => void onFinish(v)}
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      {showTenant ? (
        <Form.Item name="tenantId" label={t('login.tenantId')} rules={[{ required: true, whitespace: true, message: t('login.rule.tenantId') }]}>
          <Input size="large" autoComplete="organization" />
        </Form.Item>
      ) : null}
      <Form.Item label={t('common.field.phone')} required>
        <Space.Compact block>
          <Form.Item name="phoneDiallingCode" noStyle rules={[{ required: true, message: t('info.rule.diallingCode') }]}>
            <DiallingCodeSelect size="large" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="phone"
            noStyle
            rules={[
              { required: true, whitespace: true, message: t('info.rule.phone') },
              { pattern: PHONE_DIGITS, message: t('info.rule.phoneDigits') },
              { max: LIMITS.phone, message: t('info.rule.phoneMax') },
            ]}
          >
            <Input size="large" inputMode="numeric" autoComplete="tel-national" aria-label={t('common.field.phone')} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label={t('login.phone.code')} required>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.phone.rule.code') }]}>
            <Input size="large" autoComplete="one-time-code" inputMode="numeric" maxLength={6} aria-label={t('login.phone.code')} />
          </Form.Item>
          <Button size="large" onClick={() => void sendCode()} disabled={countdown > 0} loading={sending}>
            {countdown > 0 ? t('login.phone.resendIn', { seconds: countdown }) : t('login.phone.getCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting} className="helio-login__submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
