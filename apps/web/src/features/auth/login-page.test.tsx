import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import Cookies from 'js-cookie';
import { Providers } from '@/core/providers';
import { useSessionStore } from '@/core/auth/session-store';
import { setLanguage } from '@/core/i18n/i18n';
import { forgetResource } from '@/core/use-resource';
import { LoginPage, validateLogin } from './login-page';

// The machine is shared: lazy chunks (antd Form) can take seconds to transform under load.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

type Handler = (url: URL, init: RequestInit) => Response | undefined;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let handler: Handler;
const calls: { url: URL; init: RequestInit }[] = [];

beforeEach(() => {
  calls.length = 0;
  forgetResource('public-settings');
  forgetResource('tenant-info');
  forgetResource('captcha');
  useSessionStore.getState().clear();
  setLanguage('zh-CN');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ url, init });
      const answer = handler(url, init);
      if (answer) return answer;
      if (url.pathname === '/api/helio/public-settings') {
        return json(200, {
          code: 200,
          success: true,
          msg: '',
          data: { tenantMode: true, captchaMode: false, switchMode: false, registerMode: true, defaultTenantId: '000000', indexTitle: 'Helio' },
        });
      }
      if (url.pathname === '/api/blade-system/tenant/info') return json(200, { code: 200, success: true, data: {}, msg: '' });
      return json(404, { code: 404, msg: 'not found' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/wel/index', element: <div>home</div> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('login validation', () => {
  it('requires tenant, account, a password of at least 5 characters and the captcha when shown', () => {
    const empty = { tenantId: '', username: '', password: '', code: '' };
    expect(validateLogin(empty, { tenant: true, captcha: true })).toEqual({
      tenantId: 'login.rule.tenantId',
      username: 'login.rule.username',
      password: 'login.rule.password',
      code: 'login.rule.code',
    });
    expect(validateLogin({ ...empty, username: 'a', password: '1234' }, { tenant: false, captcha: false })).toEqual({
      password: 'login.rule.passwordMin',
    });
  });
});

describe('login page', () => {
  it('shows the tenant field in tenant mode, prefilled with the default tenant', async () => {
    handler = () => undefined;
    renderLogin();
    const tenant = await screen.findByLabelText('租户ID');
    await waitFor(() => expect((tenant as HTMLInputElement).value).toBe('000000'));
  });

  it('hides the tenant field when the domain is bound to a tenant', async () => {
    handler = (url) =>
      url.pathname === '/api/blade-system/tenant/info'
        ? json(200, { code: 200, success: true, data: { tenantId: '123456' }, msg: '' })
        : undefined;
    renderLogin();
    await screen.findByLabelText('账号');
    await waitFor(() => expect(screen.queryByLabelText('租户ID')).toBeNull());
  });

  it('tells what is missing instead of calling the server', async () => {
    handler = () => undefined;
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/blade-auth/oauth/token')).toBe(false);
  });

  it('shows the server error_description and sets no session', async () => {
    handler = (url) =>
      url.pathname === '/api/blade-auth/oauth/token'
        ? json(400, { error_code: 400, error_description: '用户名或密码不正确' })
        : undefined;
    renderLogin();
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('用户名或密码不正确')).toBeTruthy();
    expect(Cookies.get('helio-access-token')).toBeUndefined();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('signs in with the md5 of the password, stores the tokens and opens the home page', async () => {
    handler = (url) =>
      url.pathname === '/api/blade-auth/oauth/token'
        ? json(200, { access_token: 'acc', refresh_token: 'ref', tenant_id: '000000', user_id: '1', account: 'admin' })
        : undefined;
    const router = renderLogin();
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Helio-Admin-2026' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'));
    const call = calls.find((c) => c.url.pathname === '/api/blade-auth/oauth/token')!;
    expect(call.url.searchParams.get('username')).toBe('admin');
    expect(call.url.searchParams.get('password')).toMatch(/^[0-9a-f]{32}$/);
    expect(call.url.searchParams.get('grant_type')).toBe('password');
    expect((call.init.headers as Record<string, string>)['Tenant-Id']).toBe('000000');
    expect(Cookies.get('helio-access-token')).toBe('acc');
    expect(Cookies.get('helio-refresh-token')).toBe('ref');
  });

  it('follows the language switch and remembers it', async () => {
    handler = () => undefined;
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: /English/ }));
    expect(await screen.findByLabelText('Account')).toBeTruthy();
    expect(localStorage.getItem('helio-language')).toBe('"en-US"');
    await act(async () => setLanguage('zh-CN'));
  });
});

describe('phone sign-in', () => {
  it('asks for a code for the phone, counts down, and signs in with the sms_code grant', async () => {
    handler = (url) => {
      if (url.pathname === '/api/blade-resource/phone/sms/verificationCode') {
        return json(200, { code: 200, success: true, msg: '', data: { phone: '138****8000', expireIn: 300, resendIn: 60 } });
      }
      if (url.pathname === '/api/blade-auth/oauth/token') {
        return json(200, { access_token: 'pacc', refresh_token: 'pref', tenant_id: '000000', user_id: '1', account: 'admin' });
      }
      return undefined;
    };
    const router = renderLogin();
    fireEvent.click(await screen.findByRole('tab', { name: '手机号登录' }));
    const phone = await screen.findByLabelText('手机号');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /60 秒后重发/ })).toBeTruthy();
    const ask = calls.find((c) => c.url.pathname === '/api/blade-resource/phone/sms/verificationCode')!;
    expect(ask.url.searchParams.get('phone')).toBe('13800138000');
    expect(ask.url.searchParams.get('phoneDiallingCode')).toBe('+86');
    expect(ask.url.searchParams.get('scene')).toBe('login');
    expect(ask.url.searchParams.get('tenantId')).toBe('000000');

    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'));
    const token = calls.find((c) => c.url.pathname === '/api/blade-auth/oauth/token')!;
    expect(token.url.searchParams.get('grant_type')).toBe('sms_code');
    expect(token.url.searchParams.get('phone')).toBe('13800138000');
    expect(token.url.searchParams.get('code')).toBe('123456');
    expect(token.url.searchParams.get('password')).toBeNull();
    expect((token.init.headers as Record<string, string>)['Tenant-Id']).toBe('000000');
    expect(Cookies.get('helio-access-token')).toBe('pacc');
  });

  it('shows the server answer to a wrong code and sets no session', async () => {
    handler = (url) =>
      url.pathname === '/api/blade-auth/oauth/token' ? json(400, { error_code: 400, error_description: '验证码不正确或已过期' }) : undefined;
    renderLogin();
    fireEvent.click(await screen.findByRole('tab', { name: '手机号登录' }));
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('验证码不正确或已过期')).toBeTruthy();
    expect(useSessionStore.getState().user).toBeNull();
  });
});
