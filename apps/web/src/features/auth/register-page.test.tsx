import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Providers } from '@/core/providers';
import { setLanguage } from '@/core/i18n/i18n';
import { forgetResource } from '@/core/use-resource';
import { RegisterPage } from './register-page';

// The machine is shared: lazy chunks (antd Form) can take seconds to transform under load.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const calls: { url: URL; init: RequestInit }[] = [];
let registerMode = true;

beforeEach(() => {
  calls.length = 0;
  forgetResource('public-settings');
  forgetResource('register-captcha');
  setLanguage('zh-CN');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ url, init });
      if (url.pathname === '/api/helio/public-settings') {
        return json(200, { code: 200, success: true, msg: '', data: { tenantMode: true, captchaMode: false, switchMode: false, registerMode, defaultTenantId: '000000', indexTitle: 'Helio' } });
      }
      if (url.pathname === '/api/blade-auth/oauth/captcha') return json(200, { key: 'cap-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' });
      if (url.pathname === '/api/blade-system/user/register-guest') return json(200, { code: 200, success: true, data: {}, msg: '注册申请已提交,请等待管理员审核' });
      return json(404, { code: 404, msg: 'not found' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  registerMode = true;
});

function renderRegister() {
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <div>sign in</div> },
    ],
    { initialEntries: ['/register'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('registration (issue 11)', () => {
  it('says registration is closed when the server has it off, and offers no form', async () => {
    registerMode = false;
    renderRegister();
    await screen.findByText('当前系统未开放注册,请联系管理员开通账号');
    expect(screen.queryByRole('button', { name: /提\s*交/ })).toBeNull();
  });

  it('asks for the captcha and sends it with the form in the body', async () => {
    const router = renderRegister();
    await screen.findByRole('img', { name: '验证码图片' });
    fireEvent.change(screen.getByLabelText('租户ID'), { target: { value: '000000' } });
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'guest' } });
    fireEvent.change(screen.getByLabelText('密码', { exact: true }), { target: { value: 'Guest2026' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'Guest2026' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await screen.findByText('请输入验证码');
    expect(calls.some((c) => c.url.pathname === '/api/blade-system/user/register-guest')).toBe(false);

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'ab12c' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = calls.find((c) => c.url.pathname === '/api/blade-system/user/register-guest')!;
    expect(call.url.search).toBe('');
    expect(new Headers(call.init.headers).get('Captcha-Key')).toBe('cap-1');
    expect(new Headers(call.init.headers).get('Captcha-Code')).toBe('ab12c');
    expect(JSON.parse(String(call.init.body))).toMatchObject({ tenantId: '000000', account: 'guest', password: 'Guest2026', password2: 'Guest2026' });
  });
});
