/**
 * For the walks that start their own server with a simulated fleet: a free loopback port (the server's MQTT broker)
 * and the administrator's API session on that server.
 */
import { createHash } from 'node:crypto';
import net from 'node:net';
import { request as playwrightRequest } from '@playwright/test';
import { ADMIN } from './helpers';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The administrator's API session on the server. */
export async function adminApi(url: string) {
  const ctx = await playwrightRequest.newContext({ baseURL: url });
  const basic = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
  const res = await ctx.post('/api/blade-auth/oauth/token', {
    headers: { Authorization: basic, 'Tenant-Id': ADMIN.tenant },
    params: {
      tenantId: ADMIN.tenant,
      username: ADMIN.account,
      password: createHash('md5').update(ADMIN.password).digest('hex'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  const token = ((await res.json()) as { access_token: string }).access_token;
  const headers = { Authorization: basic, 'Blade-Auth': `bearer ${token}` };
  const unwrap = async <T>(r: Awaited<ReturnType<typeof ctx.get>>) => {
    const body = (await r.json()) as { code: number; data: T; msg: string };
    if (body.code !== 200) throw new Error(`${r.url()}: ${body.code} ${body.msg}`);
    return body.data;
  };
  return {
    get: async <T>(u: string) => unwrap<T>(await ctx.get(u, { headers })),
    post: async <T>(u: string, data: unknown) => unwrap<T>(await ctx.post(u, { headers, data })),
    dispose: () => ctx.dispose(),
  };
}
