import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './request';
import type { HttpClientDeps } from './request';
import { HttpError } from './types';

type FetchImpl = (url: string, init: RequestInit) => Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(fetchImpl: FetchImpl, overrides: Partial<HttpClientDeps> = {}) {
  const fetchMock = vi.fn(fetchImpl);
  const deps: HttpClientDeps = {
    baseUrl: '',
    fetch: fetchMock as unknown as typeof fetch,
    clientId: 'helio',
    clientSecret: 'helio_secret',
    tokenHeader: 'Blade-Auth',
    timeout: 60_000,
    statusWhiteList: [],
    getToken: () => 'tok',
    getLanguage: () => 'en-US',
    onUnauthorized: vi.fn(),
    notify: vi.fn(),
    translate: (key) => `t:${key}`,
    ...overrides,
  };
  return { client: createHttpClient(deps), deps, fetchMock };
}

const ok = <T>(data: T) => json(200, { code: 200, success: true, data, msg: '操作成功' });

describe('http client: request', () => {
  it('sends the client Basic header, the language and the bearer token', async () => {
    const { client, fetchMock } = setup(async () => ok(1));
    await client.get('/api/x', { params: { a: 1, b: undefined, c: null, d: 'x y' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x?a=1&d=x+y');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Basic ${btoa('helio:helio_secret')}`);
    expect(headers['Accept-Language']).toBe('en-US');
    expect(headers['Blade-Auth']).toBe('bearer tok');
  });

  it('leaves the token out when asked or when there is none', async () => {
    const { client, fetchMock } = setup(async () => ok(1));
    await client.get('/api/x', { withoutToken: true });
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>)['Blade-Auth']).toBeUndefined();
    const second = setup(async () => ok(1), { getToken: () => undefined });
    await second.client.get('/api/x');
    expect((second.fetchMock.mock.calls[0]![1].headers as Record<string, string>)['Blade-Auth']).toBeUndefined();
  });

  it('serialises JSON and form bodies', async () => {
    const { client, fetchMock } = setup(async () => ok(1));
    await client.post('/api/j', { data: { a: 1 } });
    await client.post('/api/f', { form: { phone: '123', code: 'a b' } });
    const [, jsonInit] = fetchMock.mock.calls[0]!;
    expect(jsonInit.body).toBe('{"a":1}');
    expect((jsonInit.headers as Record<string, string>)['Content-Type']).toContain('application/json');
    const [, formInit] = fetchMock.mock.calls[1]!;
    expect(formInit.body).toBe('phone=123&code=a+b');
    expect((formInit.headers as Record<string, string>)['Content-Type']).toContain('x-www-form-urlencoded');
  });
});

describe('http client: answers (spec §8)', () => {
  it('unwraps R.data on success', async () => {
    const { client, deps } = setup(async () => ok({ id: '1' }));
    await expect(client.get('/api/x')).resolves.toEqual({ id: '1' });
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('passes a bare success body (token endpoint) through', async () => {
    const { client } = setup(async () => json(200, { access_token: 'a', refresh_token: 'r' }));
    await expect(client.request('/api/t', { method: 'POST' })).resolves.toEqual({ access_token: 'a', refresh_token: 'r' });
  });

  it('uses the body code over the HTTP status: HTTP 200 carrying code 400 is an error with its msg', async () => {
    const { client, deps } = setup(async () => json(200, { code: 400, success: false, data: {}, msg: '操作失败' }));
    const error = await client.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).code).toBe(400);
    expect(deps.notify).toHaveBeenCalledWith('操作失败');
  });

  it('falls back to the HTTP status when the body has no code, and to error_description for the text', async () => {
    const { client, deps } = setup(async () => json(400, { error_code: 400, error_description: '用户名或密码不正确' }));
    const error = (await client.request('/api/t').catch((e: unknown) => e)) as HttpError;
    expect(error.code).toBe(400);
    expect(error.status).toBe(400);
    expect(deps.notify).toHaveBeenCalledWith('用户名或密码不正确');
  });

  it('shows the translated unknown error when there is no message', async () => {
    const { client, deps } = setup(async () => new Response('oops', { status: 500 }));
    await expect(client.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(deps.notify).toHaveBeenCalledWith('t:unknownError');
  });

  it('logs out on 401 (status or body code) without a toast', async () => {
    const byStatus = setup(async () => json(401, { code: 401, msg: '缺失令牌,鉴权失败' }));
    await expect(byStatus.client.get('/api/x')).rejects.toMatchObject({ code: 401 });
    expect(byStatus.deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(byStatus.deps.notify).not.toHaveBeenCalled();

    const byBody = setup(async () => json(200, { code: 401, success: false, msg: '请求未授权' }));
    await expect(byBody.client.get('/api/x')).rejects.toMatchObject({ code: 401 });
    expect(byBody.deps.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('rejects silently for codes in the configured whitelist', async () => {
    const { client, deps } = setup(async () => json(200, { code: 409, msg: 'conflict' }), { statusWhiteList: [409] });
    await expect(client.get('/api/x')).rejects.toMatchObject({ code: 409, message: 'conflict' });
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('rejects silently for codes whitelisted by one call only', async () => {
    const { client, deps } = setup(async () => json(404, { code: 404, msg: '404 没找到请求' }));
    await expect(client.get('/api/notice', { silentCodes: [404] })).rejects.toMatchObject({ code: 404 });
    expect(deps.notify).not.toHaveBeenCalled();
    await expect(client.get('/api/other')).rejects.toMatchObject({ code: 404 });
    expect(deps.notify).toHaveBeenCalledTimes(1);
  });

  it('lets a caller handle every failure itself with `silent`', async () => {
    const { client, deps } = setup(async () => json(500, { code: 500, msg: 'boom' }));
    await expect(client.post('/api/x', { silent: true })).rejects.toMatchObject({ code: 500, message: 'boom' });
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('toasts a network error and rejects', async () => {
    const { client, deps } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/api/x')).rejects.toMatchObject({ kind: 'network' });
    expect(deps.notify).toHaveBeenCalledWith('t:networkError');
  });

  it('treats statuses above 500 (gateway down) as network errors', async () => {
    const { client, deps } = setup(async () => new Response('Bad gateway', { status: 502 }));
    await expect(client.get('/api/x')).rejects.toMatchObject({ kind: 'network', status: 502 });
    expect(deps.notify).toHaveBeenCalledWith('t:networkError');
  });

  it('aborts after the time-out and says so', async () => {
    const { client, deps } = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
      { timeout: 5 },
    );
    await expect(client.get('/api/slow')).rejects.toMatchObject({ kind: 'timeout' });
    expect(deps.notify).toHaveBeenCalledWith('t:timeout');
  });
});
