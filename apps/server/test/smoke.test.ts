import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.stop());

describe('smoke', () => {
  it('signs in and lists users', async () => {
    const headers = await t.adminHeaders();
    const res = await t.req({ method: 'GET', url: '/api/blade-system/user/list', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.records[0].account).toBe('admin');
  });
});
