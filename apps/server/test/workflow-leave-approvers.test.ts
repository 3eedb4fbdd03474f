/**
 * The leave form's approver list (`GET /api/blade-desk/process/leave/approvers`, for the web form's HR approver
 * field): active users holding the seeded `hr` role in the caller's tenant; people without the start grant are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { role } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helper.js';
import { createRole, createUser } from './fixtures.js';

const PW = 'Passw0rd!flow';
const URL = '/api/blade-desk/process/leave/approvers';
let t: TestApp;

async function headers(account: string) {
  const s = await t.login(account, PW, '000000');
  if (!s.access_token) throw new Error(`sign-in of ${account} failed`);
  return { 'blade-auth': `bearer ${s.access_token}` };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [hr] = await db.select({ id: role.id }).from(role).where(eq(role.roleAlias, 'hr'));
  const staff = await createRole(db, '000000', 'staffx', ['work_start', 'work_start_add']);
  const other = await createRole(db, '000000', 'otherx', ['work_todo']);
  await createUser(db, { tenantId: '000000', account: 'hrone', password: PW, roleId: hr!.id });
  await createUser(db, { tenantId: '000000', account: 'hrtwo', password: PW, roleId: `${staff},${hr!.id}` });
  await createUser(db, { tenantId: '000000', account: 'hrgone', password: PW, roleId: hr!.id, status: 0 });
  await createUser(db, { tenantId: '000000', account: 'staffer', password: PW, roleId: staff });
  await createUser(db, { tenantId: '000000', account: 'outsider', password: PW, roleId: other });
});

afterAll(async () => {
  await t?.stop();
});

describe('leave approvers', () => {
  it('lists the active hr role holders of the tenant', async () => {
    const r = await t.req({ method: 'GET', url: URL, headers: await headers('staffer') });
    expect(r.statusCode, r.body).toBe(200);
    const accounts = (r.json().data as { account: string; id: string; name: string }[]).map((u) => u.account);
    expect(accounts).toContain('hrone');
    expect(accounts).toContain('hrtwo');
    expect(accounts).not.toContain('hrgone');
    expect(accounts).not.toContain('staffer');
  });

  it('is refused without the start grant', async () => {
    const r = await t.req({ method: 'GET', url: URL, headers: await headers('outsider') });
    expect(r.statusCode).toBe(403);
  });
});
