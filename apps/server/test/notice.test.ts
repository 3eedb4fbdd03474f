/**
 * Notices: rich text sanitised on the server, release time in the deployment zone, category names in both
 * languages, unread per user and tenant, reading marks read.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notice } from '../src/db/schema.js';
import { sanitizeNotice } from '../src/modules/notice/notice.sanitize.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
let uh: Record<string, string>;
let bh: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
  const role = await createRole(t.database.db, '000000', 'reader', []);
  await createUser(t.database.db, { tenantId: '000000', account: 'rita', password: 'Passw0rd1', roleId: role });
  uh = { 'blade-auth': `bearer ${(await t.login('rita', 'Passw0rd1')).access_token}` };
  await createTenant(t.database.db, '600001');
  const brole = await createRole(t.database.db, '600001', 'administrator', 'all');
  await createUser(t.database.db, { tenantId: '600001', account: 'bert', password: 'Passw0rd1', roleId: brole });
  bh = { 'blade-auth': `bearer ${(await t.login('bert', 'Passw0rd1', '600001')).access_token}` };
});
afterAll(async () => t?.stop());

const submit = (payload: object, headers = h) => t.req({ method: 'POST', url: '/api/blade-desk/notice/submit', headers, payload });

describe('notices', () => {
  let id: string;

  it('stores sanitised content and the release time', async () => {
    const res = await submit({
      title: '系统维护通知',
      category: 1,
      releaseTime: '2026-01-01 08:30:00',
      content:
        '<p style="color:#f00;position:fixed">维护<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
        '<a href="https://example.com" target="_blank">doc</a><iframe src="https://evil"></iframe></p>',
    });
    expect(res.json().success).toBe(true);
    id = res.json().data.id;
    const [row] = await t.database.db.select().from(notice).where(eq(notice.id, id));
    expect(row!.content).toBe('<p style="color:#f00">维护<img src="x" /><a rel="noopener noreferrer">x</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">doc</a></p>');
    const detail = (await t.req({ method: 'GET', url: `/api/blade-desk/notice/detail?id=${id}`, headers: { ...h, 'accept-language': 'en-US' } })).json();
    expect(detail.data).toMatchObject({ title: '系统维护通知', releaseTime: '2026-01-01 08:30:00', categoryName: 'Announcement' });
    expect((await submit({ title: 'x', category: 1, releaseTime: 'yesterday' })).statusCode).toBe(400);
  });

  it('shows released unread notices of the tenant; reading marks them read for that user only', async () => {
    await submit({ title: '未来通知', category: 6, releaseTime: '2999-01-01 00:00:00', content: '' });
    await submit({ title: 'B 的通知', category: 1, releaseTime: '2026-01-01 00:00:00' }, bh);
    const unread = (await t.req({ method: 'GET', url: '/api/blade-desk/notice/unread', headers: uh })).json();
    expect(unread.data).toEqual([{ id, title: '系统维护通知', category: 1, categoryName: '发布通知', releaseTime: '2026-01-01 08:30:00' }]);
    const read = (await t.req({ method: 'POST', url: `/api/blade-desk/notice/read?id=${id}`, headers: uh })).json();
    expect(read.data).toMatchObject({ id, content: expect.stringContaining('维护') });
    expect((await t.req({ method: 'GET', url: '/api/blade-desk/notice/unread', headers: uh })).json().data).toEqual([]);
    expect((await t.req({ method: 'GET', url: '/api/blade-desk/notice/unread', headers: h })).json().data).toHaveLength(1);
    const b = (await t.req({ method: 'GET', url: '/api/blade-desk/notice/unread', headers: bh })).json().data;
    expect(b.map((n: { title: string }) => n.title)).toEqual(['B 的通知']);
    // Another tenant's notice cannot be opened, and an unreleased one not yet either.
    expect((await t.req({ method: 'POST', url: `/api/blade-desk/notice/read?id=${id}`, headers: bh })).statusCode).toBe(400);
  });

  it('a user without the notice page may read but not manage', async () => {
    expect((await t.req({ method: 'GET', url: '/api/blade-desk/notice/list', headers: uh })).statusCode).toBe(403);
    expect((await submit({ title: 'x', category: 1, releaseTime: '2026-01-01 00:00:00' }, uh)).statusCode).toBe(403);
  });
});

describe('sanitiser', () => {
  it.each([
    ['<svg onload=alert(1)>', ''],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<a href="//evil.example/x">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<div style="background-image:url(javascript:alert(1))">x</div>', '<div>x</div>'],
    ['<table><tr><td colspan="2" onclick="x()">a</td></tr></table>', '<table><tr><td colspan="2">a</td></tr></table>'],
    ['<img src="/api/blade-resource/oss/endpoint/file/1/abc" alt="站">', '<img src="/api/blade-resource/oss/endpoint/file/1/abc" alt="站" />'],
  ])('%s', (input, out) => expect(sanitizeNotice(input)).toBe(out));
});
