/**
 * Issue 11 ("Also"): notice titles are sanitised like their content. A title with a script or an image with an
 * event handler comes back inert from every route that answers it (detail, list, unread, read) — also for a row
 * stored before the rule — while ordinary titles read as typed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notice } from '../src/db/schema.js';
import { sanitizeNoticeTitle } from '../src/modules/notice/notice.sanitize.js';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
});
afterAll(async () => t?.stop());

const HOSTILE = 'Q&A <script>alert(1)</script><img src=x onerror="alert(2)">维护 <b onmouseover=alert(3)>now</b> a < b';
const INERT = 'Q&A 维护 now a &lt; b';

/** Markup a browser would run or parse into elements. */
const active = /<\s*[a-z!/]|on[a-z]+\s*=|javascript:/i;

describe('notice titles', () => {
  it('are stored and answered without markup, by every route', async () => {
    const res = await t.req({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: h, payload: { title: HOSTILE, category: 1, releaseTime: '2026-01-01 08:30:00', content: '<p>x</p>' } });
    expect(res.json().success).toBe(true);
    const id = res.json().data.id as string;
    const [row] = await t.database.db.select({ title: notice.title }).from(notice).where(eq(notice.id, id));
    expect(row!.title).toBe(INERT);
    const answers = [
      (await t.req({ method: 'GET', url: `/api/blade-desk/notice/detail?id=${id}`, headers: h })).json().data.title,
      (await t.req({ method: 'GET', url: '/api/blade-desk/notice/list?size=100', headers: h })).json().data.records.find((r: { id: string }) => r.id === id).title,
      (await t.req({ method: 'GET', url: '/api/blade-desk/notice/unread', headers: h })).json().data.find((r: { id: string }) => r.id === id).title,
      (await t.req({ method: 'POST', url: `/api/blade-desk/notice/read?id=${id}`, headers: h })).json().data.title,
    ];
    for (const title of answers) expect(title).toBe(INERT);
  });

  it('of rows stored before the rule come back inert too', async () => {
    const res = await t.req({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: h, payload: { title: 'plain', category: 1, releaseTime: '2026-01-02 08:30:00' } });
    const id = res.json().data.id as string;
    await t.database.db.update(notice).set({ title: HOSTILE }).where(eq(notice.id, id));
    const detail = (await t.req({ method: 'GET', url: `/api/blade-desk/notice/detail?id=${id}`, headers: h })).json().data.title as string;
    const unread = (await t.req({ method: 'GET', url: '/api/blade-desk/notice/unread', headers: h })).json().data.find((r: { id: string }) => r.id === id).title as string;
    for (const title of [detail, unread]) expect(title).not.toMatch(active);
  });

  it('made only of markup are refused as empty', async () => {
    const res = await t.req({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: { ...h, 'accept-language': 'en-US' }, payload: { title: '<script>alert(1)</script>', category: 1, releaseTime: '2026-01-03 08:30:00' } });
    expect(res.json()).toMatchObject({ code: 400, msg: 'Title is required' });
  });

  it.each([
    ['Q&A "quoted" it’s', 'Q&A "quoted" it’s'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['&lt;img src=x onerror=alert(1)&gt;', '&lt;img src=x onerror=alert(1)&gt;'],
    ['<style>p{}</style>Hi', 'Hi'],
  ])('%s → %s, idempotent', (input, out) => {
    expect(sanitizeNoticeTitle(input)).toBe(out);
    expect(sanitizeNoticeTitle(out)).toBe(out);
  });
});
