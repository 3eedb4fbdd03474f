import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { useSessionStore } from './session-store';
import { refreshSession } from './token-refresh';
import type { LoginResult } from './types';

const user: LoginResult = {
  access_token: 'a1',
  refresh_token: 'r1',
  tenant_id: '000000',
  user_id: '1',
  account: 'admin',
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('token refresh', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    useSessionStore.getState().signIn(user);
    fetchMock = vi.fn(async () => json(200, { ...user, access_token: 'a2', refresh_token: 'r2' }));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().clear();
  });

  it('sends the refresh token with the tenant and stores the rotated pair', async () => {
    await refreshSession();
    const [input, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const url = new URL(input, 'http://localhost');
    expect(url.pathname).toBe('/api/blade-auth/oauth/token');
    expect(url.searchParams.get('grant_type')).toBe('refresh_token');
    expect(url.searchParams.get('refresh_token')).toBe('r1');
    expect(url.searchParams.get('tenantId')).toBe('000000');
    expect((init.headers as Record<string, string>)['Tenant-Id']).toBe('000000');
    expect(Cookies.get('helio-access-token')).toBe('a2');
    expect(Cookies.get('helio-refresh-token')).toBe('r2');
    expect(useSessionStore.getState().token).toBe('a2');
  });

  it('runs one refresh at a time', async () => {
    await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for the chosen department and role with Dept-Id and Role-Id', async () => {
    await refreshSession({ deptId: 'd9', roleId: 'r9' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers['Dept-Id']).toBe('d9');
    expect(headers['Role-Id']).toBe('r9');
  });
});
