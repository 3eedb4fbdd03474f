import { Suspense, lazy, useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { redirectTarget } from '@/core/auth/redirect';
import { fetchCaptcha, fetchTenantInfo, loginByUsername } from '@/core/auth/auth-api';
import { useSessionStore } from '@/core/auth/session-store';
import { bodyMessage } from '@/core/http/request';
import { HttpError } from '@/core/http/types';
import { usePublicSettings } from '@/core/settings/use-public-settings';
import { useTabStore } from '@/core/tabs/tab-store';
import { useResource } from '@/core/use-resource';
import type { LoginResult } from '@/core/auth/types';
import station from '@/features/station/feature';
import { AuthLayout } from './auth-layout';

/** The phone tab's form (antd Form, dialling codes) loads only when the tab is chosen. */
const LoginPhoneForm = lazy(() => import('./login-phone-form').then((m) => ({ default: m.LoginPhoneForm })));

/**
 * Issue 13 (served fast): once the sign-in form is interactive, fetch in idle time what the first page after sign-in
 * needs, so that it comes from the cache instead of over the network after the shell: the shell's files, which the
 * build names in index.html (`helio-shell-chunks`, vite.config.ts), preloaded without running them; the home page
 * and its dashboard (ECharts) imported; the station texts. Once per page load; production builds only; not when the
 * browser asks to save data.
 */
let dashboardPrefetched = false;
function prefetchDashboard() {
  if (dashboardPrefetched || !import.meta.env.PROD) return;
  dashboardPrefetched = true;
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const load = () => {
    try {
      const urls: unknown = JSON.parse(document.getElementById('helio-shell-chunks')?.textContent || '[]');
      for (const href of Array.isArray(urls) ? urls : []) {
        if (typeof href !== 'string' || document.head.querySelector(`link[href="${href}"]`)) continue;
        const link = document.createElement('link');
        link.rel = href.endsWith('.css') ? 'prefetch' : 'modulepreload';
        link.href = href;
        document.head.append(link);
      }
    } catch {
      // a malformed list only costs the preload
    }
    void Promise.all([
      import('@/features/wel/wel-page'),
      import('@/features/station/home-dashboard'),
      station.loadLocales(),
    ]).catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 300);
}

type Mode = 'account' | 'phone';

interface LoginValues {
  tenantId: string;
  username: string;
  password: string;
  code: string;
}

type Field = keyof LoginValues;
type Errors = Partial<Record<Field, string>>;

/** Spec §5 (login screen): tenant, account, password of at least 5 characters, captcha. */
export function validateLogin(values: LoginValues, show: { tenant: boolean; captcha: boolean }): Errors {
  const errors: Errors = {};
  if (show.tenant && !values.tenantId.trim()) errors.tenantId = 'login.rule.tenantId';
  if (!values.username.trim()) errors.username = 'login.rule.username';
  if (!values.password) errors.password = 'login.rule.password';
  else if (values.password.length < 5) errors.password = 'login.rule.passwordMin';
  if (show.captcha && !values.code.trim()) errors.code = 'login.rule.code';
  return errors;
}

/** A labelled field with its error (the sign-in form avoids antd Form to keep the route light). */
function FieldRow({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'helio-field has-error' : 'helio-field'}>
      <label htmlFor={id} className="helio-field__label">
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} className="helio-field__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const uid = useId();
  const { settings, loading: settingsLoading } = usePublicSettings();
  const [values, setValues] = useState<LoginValues>({ tenantId: '', username: '', password: '', code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [mode, setMode] = useState<Mode>('account');

  const tenantInfo = useResource(settings.tenantMode ? 'tenant-info' : null, () =>
    fetchTenantInfo(window.location.origin),
  );
  const boundTenant = tenantInfo.data?.tenantId || undefined;
  const showTenant = settings.tenantMode && !boundTenant;
  const captcha = useResource(!settingsLoading && settings.captchaMode ? 'captcha' : null, fetchCaptcha);

  useEffect(() => {
    if (!settingsLoading) prefetchDashboard();
  }, [settingsLoading]);

  useEffect(() => {
    setValues((v) => (v.tenantId ? v : { ...v, tenantId: settings.defaultTenantId }));
  }, [settings.defaultTenantId]);

  const set = (field: Field) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const refreshCaptcha = () => {
    setValues((v) => ({ ...v, code: '' }));
    captcha.reload();
  };

  const enter = (result: LoginResult) => {
    useTabStore.getState().reset();
    useSessionStore.getState().signIn(result);
    // The shell's menu and button calls start now, not after its first draw (core/menu/menu-queries.ts).
    const user = useSessionStore.getState().user;
    void import('@/core/menu/menu-queries').then((m) => m.prefetchShellData(i18n.language, user)).catch(() => undefined);
    void navigate(redirectTarget(`${location.pathname}${location.search}`), { replace: true });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values, { tenant: showTenant, captcha: settings.captchaMode && !settingsLoading });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setError(undefined);
    setSubmitting(true);
    try {
      const tenantId = boundTenant ?? (settings.tenantMode ? values.tenantId.trim() : settings.defaultTenantId);
      const result = await loginByUsername(
        {
          tenantId,
          username: values.username.trim(),
          password: values.password,
          captchaKey: captcha.data?.key,
          captchaCode: values.code.trim(),
        },
        settings.captchaMode,
      );
      if (!result || result.error_description || !result.access_token) {
        setError(result?.error_description || t('login.failed'));
        if (settings.captchaMode) refreshCaptcha();
        return;
      }
      enter(result);
    } catch (e) {
      setError((e instanceof HttpError && (bodyMessage(e.body) ?? e.message)) || t('login.failed'));
      if (settings.captchaMode) refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const ids = {
    tenantId: `${uid}-tenant`,
    username: `${uid}-username`,
    password: `${uid}-password`,
    code: `${uid}-code`,
  };
  const a11y = (field: Field) => ({
    id: ids[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${ids[field]}-error` : undefined,
    status: errors[field] ? ('error' as const) : undefined,
  });

  const accountForm = (
    <>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <form className="helio-login" noValidate onSubmit={(e) => void onSubmit(e)}>
        {showTenant ? (
          <FieldRow id={ids.tenantId} label={t('login.tenantId')} error={errors.tenantId && t(errors.tenantId)}>
            <Input
              size="large"
              name="tenantId"
              autoComplete="organization"
              value={values.tenantId}
              onChange={set('tenantId')}
              {...a11y('tenantId')}
            />
          </FieldRow>
        ) : null}
        <FieldRow id={ids.username} label={t('login.username')} error={errors.username && t(errors.username)}>
          <Input
            size="large"
            name="username"
            autoComplete="username"
            autoFocus
            value={values.username}
            onChange={set('username')}
            {...a11y('username')}
          />
        </FieldRow>
        <FieldRow id={ids.password} label={t('login.password')} error={errors.password && t(errors.password)}>
          <Password
            size="large"
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            {...a11y('password')}
          />
        </FieldRow>
        {settings.captchaMode && !settingsLoading ? (
          <FieldRow id={ids.code} label={t('login.code')} error={errors.code && t(errors.code)}>
            <div className="helio-auth__captcha">
              <Input
                size="large"
                name="code"
                autoComplete="off"
                value={values.code}
                onChange={set('code')}
                {...a11y('code')}
              />
              <button
                type="button"
                className="helio-auth__captcha-button"
                onClick={refreshCaptcha}
                title={t('login.refreshCode')}
                aria-label={t('login.refreshCode')}
              >
                {captcha.data?.image ? (
                  <img src={captcha.data.image} alt={t('login.codeImage')} />
                ) : (
                  <span className="helio-auth__captcha-empty" />
                )}
              </button>
            </div>
          </FieldRow>
        ) : null}
        <Button type="primary" htmlType="submit" size="large" block loading={submitting} className="helio-login__submit">
          {t('login.submit')}
        </Button>
        <div className="helio-auth__links">
          {settings.registerMode ? <Link to="/register">{t('login.register')}</Link> : <span />}
          <Link to="/forgot">{t('login.forgot')}</Link>
        </div>
      </form>
    </>
  );

  return (
    <AuthLayout title={t('login.title')}>
      <div className="helio-login__modes" role="tablist" aria-label={t('login.mode')}>
        {(['account', 'phone'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            id={`${uid}-tab-${m}`}
            aria-selected={mode === m}
            aria-controls={`${uid}-panel`}
            className={mode === m ? 'helio-login__mode is-active' : 'helio-login__mode'}
            onClick={() => setMode(m)}
          >
            {t(`login.modes.${m}`)}
          </button>
        ))}
      </div>
      {/* Not a labelled tabpanel: the label would also name the panel after its tab, next to the account field. */}
      <div id={`${uid}-panel`}>
        {mode === 'phone' ? (
          <Suspense fallback={<div className="helio-login__loading" />}>
            <LoginPhoneForm
              showTenant={showTenant}
              fixedTenant={boundTenant ?? settings.defaultTenantId}
              defaultTenant={values.tenantId || settings.defaultTenantId}
              onSignedIn={enter}
            />
            <div className="helio-auth__links">
              {settings.registerMode ? <Link to="/register">{t('login.register')}</Link> : <span />}
              <Link to="/forgot">{t('login.forgot')}</Link>
            </div>
          </Suspense>
        ) : (
          accountForm
        )}
      </div>
    </AuthLayout>
  );
}
