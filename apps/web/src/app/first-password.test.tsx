import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Providers } from '@/core/providers';
import { RootRoute } from './root-route';
import { useSessionStore } from '@/core/auth/session-store';
import type { LoginResult } from '@/core/auth/types';
import { setLanguage } from '@/core/i18n/i18n';
import { forgetResource } from '@/core/use-resource';
import { ChangePasswordPage } from '@/features/auth/change-password-page';

// The machine is shared: lazy chunks (antd Form) can take seconds to transform under load.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const calls: { url: URL; init: RequestInit }[] = [];
const signedIn: LoginResult = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  tenant_id: '000000',
  user_id: '1',
  account: 'newbie',
  password_change_required: true,
};

beforeEach(() => {
  calls.length = 0;
  forgetResource('public-settings');
  setLanguage('zh-CN');
  useSessionStore.getState().signIn(signedIn);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ url, init });
      if (url.pathname === '/api/blade-system/user/update-password') return json(200, { code: 200, success: true, data: true, msg: '操作成功' });
      if (url.pathname === '/api/helio/public-settings') {
        return json(200, { code: 200, success: true, msg: '', data: { tenantMode: true, captchaMode: false, switchMode: false, registerMode: false, defaultTenantId: '000000', indexTitle: 'Helio' } });
      }
      return json(404, { code: 404, msg: 'not found' });
    }),
  );
});

afterEach(() => {
  cleanup();
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
});

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootRoute />,
        children: [
          { path: '/wel/index', element: <div>home</div> },
          { path: '/system/user', element: <div>users</div> },
          { path: '/change-password', element: <ChangePasswordPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('first sign-in with a generated password (issue 11)', () => {
  it('opens the password change before any page, then goes on with the same session', async () => {
    const router = renderApp('/system/user');
    await screen.findByRole('heading', { name: '修改初始密码' });
    expect(router.state.location.pathname).toBe('/change-password');
    expect(screen.queryByText('users')).toBeNull();

    fireEvent.change(screen.getByLabelText('初始密码'), { target: { value: 'Gen3rated1' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Chosen2026' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'Chosen2026' } });
    fireEvent.click(screen.getByRole('button', { name: /修改密码并继续/ }));

    await screen.findByText('home');
    const call = calls.find((c) => c.url.pathname === '/api/blade-system/user/update-password')!;
    // The passwords travel in the body, never in the URL (access logs).
    expect(call.url.search).toBe('');
    expect(JSON.parse(String(call.init.body))).toEqual({ oldPassword: 'Gen3rated1', newPassword: 'Chosen2026', newPassword1: 'Chosen2026' });
    expect(useSessionStore.getState().user).toMatchObject({ access_token: 'access-1', password_change_required: false });
  });

  it('refuses a new password equal to the generated one without calling the server', async () => {
    renderApp('/wel/index');
    await screen.findByRole('heading', { name: '修改初始密码' });
    fireEvent.change(screen.getByLabelText('初始密码'), { target: { value: 'Gen3rated1' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Gen3rated1' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'Gen3rated1' } });
    fireEvent.click(screen.getByRole('button', { name: /修改密码并继续/ }));
    await screen.findByText('新密码不能与初始密码相同');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/blade-system/user/update-password')).toBe(false));
  });
});
