/**
 * Logs: every changing request lands in the API log after the response (secrets masked), usual events from other
 * modules, server exceptions through the 500 path with their stack (platform users only), lists with filters per
 * tenant, retention by age and by row count, and a bounded queue that drops instead of growing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logApi, logError, logUsual } from '../src/db/schema.js';
import { LogService, maskedParams } from '../src/modules/log/log.service.js';
import { loadResourceSettings } from '../src/settings/resources.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, TEST_ADMIN_PASSWORD, testDatabase, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
let bh: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
  await createTenant(t.database.db, '500001');
  const role = await createRole(t.database.db, '500001', 'administrator', 'all');
  await createUser(t.database.db, { tenantId: '500001', account: 'erin', password: 'Passw0rd1', roleId: role });
  bh = { 'blade-auth': `bearer ${(await t.login('erin', 'Passw0rd1', '500001')).access_token}` };
});
afterAll(async () => t?.stop());

const flush = () => t.services.logs.flush();

describe('API log', () => {
  it('records changing requests after the response, with secrets masked', async () => {
    await t.req({
      method: 'POST',
      url: '/api/blade-system/user/update-password?oldPassword=Secret-Old-1&newPassword=Secret-New-1&newPassword1=Secret-New-1',
      headers: { ...h, 'user-agent': 'vitest-agent' },
    });
    await t.login('admin', TEST_ADMIN_PASSWORD);
    await t.req({ method: 'GET', url: '/api/blade-system/param/list', headers: h });
    await flush();
    const rows = await t.database.db.select().from(logApi);
    const pw = rows.find((r) => r.requestUri === '/api/blade-system/user/update-password')!;
    expect(pw).toMatchObject({ method: 'POST', createBy: 'admin', tenantId: '000000', userAgent: 'vitest-agent', methodClass: expect.any(String) });
    expect(pw.params).toContain('"oldPassword":"******"');
    expect(pw.params).not.toContain('Secret-');
    expect(Number(pw.time)).toBeGreaterThanOrEqual(0);
    const token = rows.find((r) => r.requestUri === '/api/blade-auth/oauth/token')!;
    expect(token.createBy).toBe('admin');
    expect(token.resultCode).toBe(200);
    expect(token.params).toContain('"password":"******"');
    expect(JSON.stringify(rows)).not.toContain(TEST_ADMIN_PASSWORD);
    expect(rows.some((r) => r.requestUri === '/api/blade-system/param/list')).toBe(false);
  });

  it('records the body code of business failures', async () => {
    await t.req({ method: 'POST', url: '/api/blade-system/param/submit', headers: h, payload: { paramName: 'x' } });
    await flush();
    const [row] = await t.database.db.select().from(logApi).where(eq(logApi.requestUri, '/api/blade-system/param/submit'));
    expect(row!.resultCode).toBe(400);
  });

  it('lists with filters, per tenant; the detail has the parameters', async () => {
    await t.req({ method: 'POST', url: '/api/blade-system/post/submit', headers: bh, payload: { category: 1, postCode: 'E1', postName: 'Erin post', sort: 1 } });
    await flush();
    const mine = (await t.req({ method: 'GET', url: '/api/blade-log/api/list?size=100', headers: bh })).json();
    expect(mine.data.records.length).toBeGreaterThan(0);
    expect(mine.data.records.every((r: { tenantId: string }) => r.tenantId === '500001')).toBe(true);
    expect(mine.data.records[0].params).toBeUndefined();
    const filtered = (await t.req({ method: 'GET', url: '/api/blade-log/api/list?requestUri=update-password&method=POST', headers: h })).json();
    expect(filtered.data.total).toBe(1);
    const detail = (await t.req({ method: 'GET', url: `/api/blade-log/api/detail?id=${filtered.data.records[0].id}`, headers: h })).json();
    expect(detail.data.params).toContain('******');
    expect((await t.req({ method: 'GET', url: `/api/blade-log/api/detail?id=${filtered.data.records[0].id}`, headers: bh })).statusCode).toBe(400);
    expect((await t.req({ method: 'GET', url: '/api/blade-log/api/list?descs=updatexml(1,1,1)', headers: h })).statusCode).toBe(400);
  });

  it('the log.api.mode parameter switches the API log at run time; other values are refused', async () => {
    const logged = async (uri: string) => {
      await flush();
      return (await t.database.db.select().from(logApi).where(eq(logApi.requestUri, uri))).length;
    };
    const submit = (payload: Record<string, unknown>, headers = h) =>
      t.req({ method: 'POST', url: '/api/blade-system/param/submit', headers, payload });
    const bad = await submit({ paramName: 'API log', paramKey: 'log.api.mode', paramValue: 'verbose' }, { ...h, 'accept-language': 'en-US' });
    expect(bad.json()).toMatchObject({ code: 400, success: false, msg: expect.stringContaining('The value of log.api.mode must be one of: changes, all, off') });
    expect((await submit({ paramName: 'API log', paramKey: 'log.api.mode', paramValue: 'verbose' })).json().msg).toContain('参数log.api.mode的键值只能是');
    expect(t.services.logs.apiMode).toBe('changes');

    // `all`: reads are logged too, from the next request on (no restart).
    const saved = await submit({ paramName: 'API log', paramKey: 'log.api.mode', paramValue: ' ALL ' });
    expect(saved.json().success).toBe(true);
    const id = String(saved.json().data.id ?? (await t.req({ method: 'GET', url: '/api/blade-system/param/list?paramKey=log.api.mode', headers: h })).json().data.records[0].id);
    expect(t.services.logs.apiMode).toBe('all');
    const detail = (await t.req({ method: 'GET', url: `/api/blade-system/param/detail?id=${id}`, headers: h })).json();
    expect(detail.data.paramValue).toBe('all');
    expect(await logged('/api/blade-system/param/detail')).toBe(1);

    // `off`: nothing, not even changes.
    expect((await submit({ id, paramValue: 'off' })).json().success).toBe(true);
    const before = await logged('/api/blade-system/post/submit');
    await t.req({ method: 'POST', url: '/api/blade-system/post/submit', headers: h, payload: { category: 1, postCode: 'OFF1', postName: 'Logged off', sort: 1 } });
    await t.req({ method: 'GET', url: `/api/blade-system/param/detail?id=${id}`, headers: h });
    expect(await logged('/api/blade-system/post/submit')).toBe(before);
    expect(await logged('/api/blade-system/param/detail')).toBe(1);

    // A tenant administrator cannot change it; removing the parameter returns to HELIO_API_LOG (`changes`).
    expect((await submit({ id, paramValue: 'all' }, bh)).json().success).toBe(false);
    expect(t.services.logs.apiMode).toBe('off');
    expect((await t.req({ method: 'POST', url: `/api/blade-system/param/remove?ids=${id}`, headers: h })).json().success).toBe(true);
    expect(t.services.logs.apiMode).toBe('changes');
    await t.req({ method: 'POST', url: '/api/blade-system/post/submit', headers: h, payload: { category: 1, postCode: 'ON1', postName: 'Logged on', sort: 1 } });
    expect(await logged('/api/blade-system/post/submit')).toBe(before + 1);
    // Another process picks the parameter up on its next refresh.
    const other = new LogService(t.database, loadResourceSettings({ HELIO_API_LOG: 'changes' }));
    await t.database.db.execute(sql`INSERT INTO blade_param (id, param_name, param_key, param_value, is_deleted) VALUES ('990000000000000001', 'API log', 'log.api.mode', 'all', 0)`);
    expect(await other.refreshMode()).toBe('all');
    await t.database.db.execute(sql`DELETE FROM blade_param WHERE id = '990000000000000001'`);
    expect(await other.refreshMode()).toBe('changes');
  });
});

describe('usual and error logs', () => {
  it('usual events from other modules', async () => {
    t.services.logs.usual({ id: 'station.delete', data: { stationId: '42', token: 'abc' }, tenantId: '500001', user: 'erin', level: 'warn' });
    await flush();
    const list = (await t.req({ method: 'GET', url: '/api/blade-log/usual/list?logId=station', headers: bh })).json();
    expect(list.data.records).toHaveLength(1);
    expect(list.data.records[0]).toMatchObject({ logLevel: 'warn', createBy: 'erin', logData: '{"stationId":"42","token":"******"}' });
  });

  it('a server exception is logged with its stack through the 500 path; tenants see only their UI errors', async () => {
    await t.database.db.execute(sql`ALTER TABLE blade_attach RENAME TO blade_attach_gone`);
    const res = await t.req({ method: 'GET', url: '/api/blade-resource/attach/list', headers: h });
    await t.database.db.execute(sql`ALTER TABLE blade_attach_gone RENAME TO blade_attach`);
    expect(res.statusCode).toBe(500);
    expect(JSON.stringify(res.json())).not.toMatch(/blade_attach|stack|relation/);
    await flush();
    const [row] = await t.database.db.select().from(logError).where(eq(logError.requestUri, '/api/blade-resource/attach/list'));
    expect(row).toMatchObject({ source: 'server', method: 'GET', createBy: 'admin' });
    expect(row!.stackTrace).toMatch(/\n\s+at /);
    const platform = (await t.req({ method: 'GET', url: '/api/blade-log/error/list?source=server', headers: h })).json();
    expect(platform.data.total).toBeGreaterThan(0);
    await t.req({ method: 'POST', url: '/api/blade-log/error/upload', headers: bh, payload: [{ message: 'ui broke', url: '/wel/index' }] });
    // A tenant's own server errors are not theirs to read (stacks stay with the platform).
    await t.database.db.update(logError).set({ tenantId: '500001' }).where(eq(logError.id, row!.id));
    const tenant = (await t.req({ method: 'GET', url: '/api/blade-log/error/list?size=100', headers: bh })).json();
    expect(tenant.data.records.map((r: { source: string }) => r.source)).toEqual(['web']);
    expect((await t.req({ method: 'GET', url: `/api/blade-log/error/detail?id=${row!.id}`, headers: bh })).statusCode).toBe(400);
  });
});

describe('bounded queue and retention', () => {
  it('drops entries beyond the queue instead of growing, and writes the rest in batches', async () => {
    const db = await testDatabase();
    try {
      const logs = new LogService(db, { ...loadResourceSettings({}), apiLogQueue: 100 });
      for (let i = 0; i < 150; i++) logs.usual({ id: `flood.${i}`, tenantId: '000000' });
      expect(logs.stats()).toEqual({ queued: 100, dropped: 50 });
      await logs.close();
      const [n] = await db.rows<{ n: string }>(sql`SELECT count(*)::text AS n FROM blade_log_usual WHERE log_id LIKE 'flood.%'`);
      expect(Number(n!.n)).toBe(100);
      logs.usual({ id: 'after.close', tenantId: '000000' });
      expect(logs.stats().queued).toBe(0);
    } finally {
      await db.drop();
    }
  });

  it('under steady load, what arrives during a write waits for the next interval (one statement per interval)', async () => {
    const db = await testDatabase();
    try {
      const logs = new LogService(db, loadResourceSettings({}));
      for (let i = 0; i < 10; i++) logs.usual({ id: `steady.a${i}`, tenantId: '000000' });
      const writing = logs.flush();
      for (let i = 0; i < 10; i++) logs.usual({ id: `steady.b${i}`, tenantId: '000000' }); // during the write
      await writing;
      await new Promise((r) => setTimeout(r, 100));
      // Not written back to back (that made one tiny INSERT per round trip under load), but not forgotten either.
      expect(logs.stats().queued).toBe(10);
      await logs.close();
      const [n] = await db.rows<{ n: string }>(sql`SELECT count(*)::text AS n FROM blade_log_usual WHERE log_id LIKE 'steady.%'`);
      expect(Number(n!.n)).toBe(20);
    } finally {
      await db.drop();
    }
  });

  it('deletes rows past the retention days and beyond the row cap', async () => {
    const db = await testDatabase();
    try {
      const logs = new LogService(db, { ...loadResourceSettings({ HELIO_LOG_RETENTION_DAYS: '30', HELIO_LOG_MAX_ROWS: '1000' }) });
      await db.db.execute(sql`INSERT INTO blade_log_usual (id, tenant_id, log_id, create_time)
        SELECT g, '000000', 'old', now() - interval '31 days' FROM generate_series(1, 10) g`);
      await db.db.execute(sql`INSERT INTO blade_log_usual (id, tenant_id, log_id, create_time)
        SELECT 100 + g, '000000', 'new', now() - make_interval(secs => g) FROM generate_series(1, 1005) g`);
      await logs.prune();
      const rows = await db.db.select({ logId: logUsual.logId, createTime: logUsual.createTime }).from(logUsual);
      expect(rows.filter((r) => r.logId === 'old')).toHaveLength(0);
      expect(rows).toHaveLength(1000);
      await logs.close();
    } finally {
      await db.drop();
    }
  });
});

describe('masking', () => {
  it('masks secrets at any depth, one-time codes, and truncates', () => {
    const p = JSON.parse(
      maskedParams(
        { code: '123456', smsCode: 'aliyun', access_token: 'x' },
        { user: { password: 'p', nested: { clientSecret: 's', refreshToken: 'r' } }, secretKey: 'k', note: 'a'.repeat(600) },
      ),
    );
    expect(p).toMatchObject({ code: '******', smsCode: 'aliyun', access_token: '******', secretKey: '******' });
    expect(p.user).toEqual({ password: '******', nested: { clientSecret: '******', refreshToken: '******' } });
    expect(p.note.length).toBe(501);
  });
});
