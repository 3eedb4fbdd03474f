/** The router as the app builds it from the feature entries: public routes, their titles and texts, redirects. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { useSessionStore } from '@/core/auth/session-store';
import { i18n, setLanguage } from '@/core/i18n/i18n';
import { Providers } from '@/core/providers';
import { forgetResource } from '@/core/use-resource';
import { routes } from './router';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  forgetResource('public-settings');
  useSessionStore.getState().clear();
  setLanguage('zh-CN');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/helio/public-settings') {
        const data = { tenantMode: false, captchaMode: false, switchMode: false, registerMode: false, defaultTenantId: '000000', indexTitle: 'Helio' };
        return json(200, { code: 200, success: true, msg: '', data });
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

function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('routes from the feature entries', () => {
  it('opens the sign-in page of the auth feature, with its texts and title', async () => {
    open('/login');
    expect(await screen.findByLabelText(i18n.t('login.username'), {}, { timeout: 8000 })).toBeTruthy();
    expect(i18n.t('login.username')).not.toBe('login.username');
    await waitFor(() => expect(document.title).toBe(i18n.t('login.title')));
  });

  it('opens the error pages of the errors feature and sends unknown paths there', async () => {
    const router = open('/nowhere/at/all');
    expect(await screen.findByText(i18n.t('error.404.desc'), {}, { timeout: 8000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
    await waitFor(() => expect(document.title).toBe(i18n.t('error.404.title')));
  });

  it("follows a feature's redirect for a signed-in user", async () => {
    useSessionStore.getState().signIn({ access_token: 'a', refresh_token: 'r', tenant_id: '000000', user_id: '1', account: 'admin' });
    const router = open('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/data-center'), { timeout: 8000 });
  });
});
