/**
 * Stock Blade-family clients against Helio (issue 13): the calls the stock Saber makes, answered as Saber reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
});
afterAll(async () => t?.stop());

describe('Saber user page', () => {
  it('fills the post drop-down from post/select?tenantId= (Saber calls it on every user page load)', async () => {
    const made = await t.req({
      method: 'POST',
      url: '/api/blade-system/post/submit',
      headers: h,
      payload: { category: 1, postCode: 'cmp-01', postName: 'Compat post', sort: 1 },
    });
    expect(made.json()).toMatchObject({ code: 200 });
    const res = await t.req({ method: 'GET', url: '/api/blade-system/post/select?tenantId=000000', headers: h });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { code: number; data: { id: string; postName: string }[] };
    expect(body.code).toBe(200);
    expect(body.data.map((p) => p.postName)).toContain('Compat post');
    expect(body.data.every((p) => typeof p.id === 'string')).toBe(true);
  });
});
