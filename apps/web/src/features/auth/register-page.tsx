import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fetchCaptcha } from '@/core/auth/auth-api';
import { WEBSITE } from '@/core/config';
import { http } from '@/core/http/http';
import { bodyMessage } from '@/core/http/request';
import { HttpError } from '@/core/http/types';
import { usePublicSettings } from '@/core/settings/use-public-settings';
import { useResource } from '@/core/use-resource';
import { AuthLayout } from './auth-layout';
import { toast } from '@/core/notify';
import { ConfirmPasswordItem } from '@/components/confirm-password-item';

interface RegisterValues {
  tenantId: string;
  name?: string;
  account: string;
  password: string;
  password2: string;
  captchaCode: string;
}

/** Spec §5 order: tenant id, account, password and confirmation, then both equal; the captcha last. */
const ORDER = ['tenantId', 'account', 'password', 'password2', 'captchaCode'] as const;

/**
 * Guest registration (shown when the server's register mode is on): a captcha is always required, and the answer is
 * the same whether the account is new or not — an administrator approves the registration before it can sign in.
 */

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const { settings, loading } = usePublicSettings();
  const [submitting, setSubmitting] = useState(false);
  const open = loading || settings.registerMode;
  const captcha = useResource(open && !loading ? 'register-captcha' : null, fetchCaptcha);
  const refreshCaptcha = () => {
    form.setFieldValue('captchaCode', '');
    captcha.reload();
  };

  const onSubmit = async () => {
    // Validate one field at a time in the spec's order and stop at the first failure.
    for (const name of ORDER) {
      if (name === 'tenantId' && !settings.tenantMode) continue;
      try {
        await form.validateFields([name]);
      } catch {
        return;
      }
    }
    try {
      await form.validateFields(['name']);
    } catch {
      return;
    }
    const values = form.getFieldsValue();
    setSubmitting(true);
    try {
      // In the body, not the URL: passwords stay out of access logs. The captcha answer is single-use.
      await http.post('/api/blade-system/user/register-guest', {
        silent: true,
        withoutToken: true,
        headers: { 'Captcha-Key': captcha.data?.key ?? '', 'Captcha-Code': values.captchaCode.trim() },
        data: {
          tenantId: settings.tenantMode ? values.tenantId : settings.defaultTenantId,
          name: values.name ?? '',
          account: values.account.trim(),
          password: values.password,
          password2: values.password2,
        },
      });
      toast.success(t('register.success'));
      void navigate(WEBSITE.loginPage);
    } catch (e) {
      toast.error((e instanceof HttpError && bodyMessage(e.body)) || t('register.failed'));
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('register.title')}>
      {!open ? (
        <>
          <Alert type="info" showIcon message={t('register.closed')} style={{ marginBottom: 16 }} />
          <div className="helio-auth__links">
            <Link to={WEBSITE.loginPage}>{t('register.backToLogin')}</Link>
          </div>
        </>
      ) : (
      /* A native form around antd's: antd would validate every field at once; the spec wants them in order. */
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        <Form<RegisterValues>
          form={form}
          component={false}
          layout="vertical"
          requiredMark={false}
          initialValues={{ tenantId: settings.defaultTenantId }}
        >
          {settings.tenantMode ? (
            <Form.Item
              name="tenantId"
              label={t('login.tenantId')}
              rules={[{ required: true, whitespace: true, message: t('login.rule.tenantId') }]}
            >
              <Input autoComplete="organization" />
            </Form.Item>
          ) : null}
          <Form.Item name="name" label={t('register.name')} rules={[{ max: 20, message: t('info.rule.nameMax') }]}>
            <Input autoComplete="nickname" />
          </Form.Item>
          <Form.Item
            name="account"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('login.rule.username') }]}
          >
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.rule.password') }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <ConfirmPasswordItem name="password2" label={t('register.password2')} matches="password" requiredMessage={t('register.rule.password2')} />
          <Form.Item label={t('login.code')} required>
            <div className="helio-auth__captcha">
              <Form.Item name="captchaCode" noStyle rules={[{ required: true, whitespace: true, message: t('login.rule.code') }]}>
                <Input autoComplete="off" aria-label={t('login.code')} />
              </Form.Item>
              <button type="button" className="helio-auth__captcha-button" onClick={refreshCaptcha} title={t('login.refreshCode')} aria-label={t('login.refreshCode')}>
                {captcha.data?.image ? <img src={captcha.data.image} alt={t('login.codeImage')} /> : <span className="helio-auth__captcha-empty" />}
              </button>
            </div>
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {t('register.submit')}
            </Button>
          </Form.Item>
          <div className="helio-auth__links">
            <Link to={WEBSITE.loginPage}>{t('register.backToLogin')}</Link>
          </div>
        </Form>
      </form>
      )}
    </AuthLayout>
  );
}
