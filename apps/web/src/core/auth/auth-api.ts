import { md5 } from 'js-md5';
import { http } from '@/core/http/http';
import type { Captcha, LoginResult, PublicSettings } from './types';

export function fetchPublicSettings(): Promise<PublicSettings> {
  return http.get<PublicSettings>('/api/helio/public-settings', { withoutToken: true, silent: true });
}

export function fetchTenantInfo(domain: string): Promise<{ tenantId?: string; domain?: string } | null> {
  return http.get('/api/blade-system/tenant/info', { params: { domain }, withoutToken: true, silent: true });
}

export function fetchCaptcha(): Promise<Captcha> {
  return http.request<Captcha>('/api/blade-auth/oauth/captcha', { withoutToken: true });
}

export interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

/** Sign in; the password goes over the wire as its md5 hex (BX 2.x Saber). Failures reject with the server text. */
export function loginByUsername(form: LoginForm, captchaMode: boolean): Promise<LoginResult> {
  const headers: Record<string, string> = { 'Tenant-Id': form.tenantId };
  if (captchaMode) {
    headers['Captcha-Key'] = form.captchaKey ?? '';
    headers['Captcha-Code'] = form.captchaCode ?? '';
  }
  return http.request<LoginResult>('/api/blade-auth/oauth/token', {
    method: 'POST',
    withoutToken: true,
    silent: true,
    headers,
    params: {
      tenantId: form.tenantId,
      username: form.username,
      password: md5(form.password),
      grant_type: captchaMode ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
  });
}

export interface PhoneForm {
  tenantId: string;
  phone: string;
  phoneDiallingCode: string;
}

/** Ask for a sign-in code by SMS (the same answer whether or not an account has the phone). */
export function requestLoginCode(form: PhoneForm): Promise<{ phone?: string; expireIn?: number; resendIn?: number }> {
  return http.post('/api/blade-resource/phone/sms/verificationCode', {
    withoutToken: true,
    silent: true,
    headers: { 'Tenant-Id': form.tenantId },
    params: { tenantId: form.tenantId, phone: form.phone, phoneDiallingCode: form.phoneDiallingCode, scene: 'login' },
  });
}

/** Sign in with a phone and its SMS code (the token endpoint's `sms_code` grant). Failures reject with the server text. */
export function loginByPhone(form: PhoneForm & { code: string }): Promise<LoginResult> {
  return http.request<LoginResult>('/api/blade-auth/oauth/token', {
    method: 'POST',
    withoutToken: true,
    silent: true,
    headers: { 'Tenant-Id': form.tenantId },
    params: {
      tenantId: form.tenantId,
      phone: form.phone,
      phoneDiallingCode: form.phoneDiallingCode,
      code: form.code,
      grant_type: 'sms_code',
      scope: 'all',
      type: 'phone',
    },
  });
}

export interface RefreshOptions {
  refreshToken: string;
  tenantId: string;
  deptId?: string;
  roleId?: string;
}

export function refreshToken(options: RefreshOptions): Promise<LoginResult> {
  const headers: Record<string, string> = { 'Tenant-Id': options.tenantId };
  if (options.deptId) headers['Dept-Id'] = options.deptId;
  if (options.roleId) headers['Role-Id'] = options.roleId;
  return http.request<LoginResult>('/api/blade-auth/oauth/token', {
    method: 'POST',
    headers,
    params: {
      grant_type: 'refresh_token',
      refresh_token: options.refreshToken,
      scope: 'all',
      tenantId: options.tenantId,
    },
  });
}

export function logoutApi(): Promise<unknown> {
  return http.request('/api/blade-auth/oauth/logout', { silent: true });
}

export function clearServerCache(): Promise<unknown> {
  return http.request('/api/blade-auth/oauth/clear-cache', { silent: true });
}
