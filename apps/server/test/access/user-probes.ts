/**
 * Tenant probes of the user administration routes (moved out of access.test.ts, unchanged): tenant B's administrator
 * (200002) never edits, removes, grants, resets, approves, exports or imports tenant A's user alice.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { user } from '../../src/db/schema.js';
import type { TestApp } from '../helper.js';
import { decode } from '../sweep/probe.js';

export interface Ctx {
  t: TestApp;
  bHeaders: Record<string, string>;
  aUserId: string;
  aRoleId: string;
}

export function userAdminProbes(ctx: () => Ctx): Record<string, () => Promise<void>> {
  const probes: Record<string, (c: Ctx) => Promise<void>> = {
    'POST /api/blade-system/user/submit': async ({ t, bHeaders, aUserId }: Ctx) => {
      await t.req({ method: 'POST', url: '/api/blade-system/user/submit', headers: bHeaders, payload: { id: aUserId, realName: 'taken' } });
      expect((await t.database.db.select().from(user).where(eq(user.id, aUserId)))[0]!.realName).toBe('alice');
    },
    'POST /api/blade-system/user/update': async ({ t, bHeaders, aUserId }: Ctx) => {
      const res = await t.req({ method: 'POST', url: '/api/blade-system/user/update', headers: bHeaders, payload: { id: aUserId, status: 0 } });
      expect(res.statusCode).toBe(400);
      expect((await t.database.db.select().from(user).where(eq(user.id, aUserId)))[0]!.status).toBe(1);
    },
    'POST /api/blade-system/user/remove': async ({ t, bHeaders, aUserId }: Ctx) => {
      await t.req({ method: 'POST', url: `/api/blade-system/user/remove?ids=${aUserId}`, headers: bHeaders });
      expect((await t.database.db.select().from(user).where(eq(user.id, aUserId)))[0]!.isDeleted).toBe(0);
    },
    'POST /api/blade-system/user/grant': async ({ t, bHeaders, aUserId, aRoleId }: Ctx) => {
      const res = await t.req({ method: 'POST', url: '/api/blade-system/user/grant', headers: bHeaders, payload: { userIds: aUserId, roleIds: aRoleId } });
      expect(res.statusCode).toBe(400);
    },
    'POST /api/blade-system/user/reset-password': async ({ t, bHeaders, aUserId }: Ctx) => {
      const [before] = await t.database.db.select().from(user).where(eq(user.id, aUserId));
      await t.req({ method: 'POST', url: `/api/blade-system/user/reset-password?userIds=${aUserId}`, headers: bHeaders });
      expect((await t.database.db.select().from(user).where(eq(user.id, aUserId)))[0]!.password).toBe(before!.password);
    },
    // Registrations of another tenant can be neither approved nor rejected.
    ...Object.fromEntries(
      ['approve', 'reject'].map((verb) => [
        `POST /api/blade-system/user/${verb}`,
        async ({ t, bHeaders, aUserId }: Ctx) => {
          await t.database.db.update(user).set({ status: 2 }).where(eq(user.id, aUserId));
          const res = await t.req({ method: 'POST', url: `/api/blade-system/user/${verb}?userIds=${aUserId}`, headers: bHeaders });
          const [after] = await t.database.db.select().from(user).where(eq(user.id, aUserId));
          await t.database.db.update(user).set({ status: 1 }).where(eq(user.id, aUserId));
          expect(res.statusCode).toBe(400);
          expect(after).toMatchObject({ status: 2, isDeleted: 0 });
        },
      ]),
    ),
    'POST /api/blade-system/user/update-platform': async ({ t, bHeaders, aUserId }: Ctx) => {
      expect((await t.req({ method: 'POST', url: `/api/blade-system/user/update-platform?userId=${aUserId}&userType=2&userExt=x`, headers: bHeaders })).statusCode).toBe(400);
    },
    'GET /api/blade-system/user/platform-detail': async ({ t, bHeaders, aUserId }: Ctx) => {
      expect((await t.req({ method: 'GET', url: `/api/blade-system/user/platform-detail?id=${aUserId}`, headers: bHeaders })).statusCode).toBe(400);
    },
    'GET /api/blade-system/user/findUserInfoByRoleName': async ({ t, bHeaders }: Ctx) => {
      const body = (await t.req({ method: 'GET', url: '/api/blade-system/user/findUserInfoByRoleName?roleName=administrator', headers: bHeaders })).json();
      expect(body.data.map((u: { account: string }) => u.account)).toEqual(['bob']);
    },
    'GET /api/blade-system/user/export-user': async ({ t, bHeaders }: Ctx) => {
      const res = await t.req({ method: 'GET', url: '/api/blade-system/user/export-user', headers: bHeaders });
      expect(res.statusCode).toBe(200);
      // The workbook's strings are deflated: read them unzipped (a byte search finds nothing, whatever the file holds).
      const text = await decode(res);
      expect(text).toContain('bob');
      expect(text).not.toContain('alice');
    },
    'POST /api/blade-system/user/import-user': async ({ t, bHeaders, aUserId }: Ctx) => {
      const ExcelJS = (await import('exceljs')).default;
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('u');
      ws.addRow(['登录账号', '用户昵称', '用户姓名', '国际区号', '手机号码', '角色别名(逗号分隔)']);
      ws.addRow(['alice', 'x', 'pwned', '+86', '13900000009', 'administrator']);
      const data = Buffer.from(await wb.xlsx.writeBuffer());
      const boundary = 'probe-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      await t.req({ method: 'POST', url: '/api/blade-system/user/import-user?isCovered=1', headers: { ...bHeaders, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
      expect((await t.database.db.select().from(user).where(eq(user.id, aUserId)))[0]!.realName).toBe('alice');
    },
  };
  return Object.fromEntries(Object.entries(probes).map(([k, p]) => [k, () => p(ctx())]));
}
