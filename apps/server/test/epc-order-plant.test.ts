/**
 * "Plant by user info" (spec §7): the stations the order's customer already owns — by the phone on the station
 * (digits, with or without the dialling code) or by the owner account's e-mail — for warranty verification; only the
 * order's tenant, and never for someone who cannot see the order.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { createTestApp, type TestApp } from './helper.js';
import { customer, helpers, INSERT, ORDER, tag, type Crew, type H } from './epc-order-fixtures.js';

let t: TestApp;
let admin: H;
let crew: Crew;
const { post, get, crew: makeCrew } = helpers(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  crew = await makeCrew(admin);
}, 120_000);
afterAll(async () => t?.stop());

/** A station as the station screens store it (owner phone as typed, an owner account or none). */
async function plant(name: string, ownerPhone: string | null, ownerUserId: string | null = null, tenantId = '000000') {
  const id = nextId();
  await t.database.db.execute(sql`INSERT INTO helio_plant (id, tenant_id, plant_name, owner_phone, owner_user_id, address, time_zone)
    VALUES (${id}, ${tenantId}, ${name}, ${ownerPhone}, ${ownerUserId}, 'Road 1', 'Africa/Johannesburg')`);
  await t.database.db.execute(sql`INSERT INTO helio_device (id, tenant_id, plant_id, device_type, device_sn, secret_hash)
    VALUES (${nextId()}, ${tenantId}, ${id}, 1, ${tag('SN')}, 'x')`);
  return id;
}

describe('plant by user info', () => {
  it("finds the customer's stations by phone (with or without the dialling code) and by the owner account's e-mail", async () => {
    const phone = String(700000000 + Math.floor(Math.random() * 99_999_999));
    const email = `${tag('owner')}@example.com`;
    const o = (await post(INSERT, crew.admin, { customer: customer({ phone, email }) })).json().data;
    const byPhone = await plant(tag('Home A '), `+27 ${phone}`);
    const byShortPhone = await plant(tag('Home B '), phone);
    const ownerId = nextId();
    await t.database.db.execute(sql`INSERT INTO blade_user (id, tenant_id, account, password, email) VALUES (${ownerId}, '000000', ${tag('own')}, 'x', ${email.toUpperCase()})`);
    const byEmail = await plant(tag('Home C '), null, ownerId);
    const other = await plant(tag('Elsewhere '), '27111111111');
    await t.database.db.execute(sql`INSERT INTO blade_tenant (id, tenant_id, tenant_name) VALUES (${nextId()}, '778899', 'Other') ON CONFLICT DO NOTHING`);
    const otherTenant = await plant(tag('Other tenant '), phone, null, '778899');

    const res = await get(`${ORDER}/plantByUserInfo?orderId=${o.id}`, crew.rollout);
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().data as { id: string; devices: { deviceType: string }[] }[]).map((p) => p.id);
    expect(ids.sort()).toEqual([byPhone, byShortPhone, byEmail].sort());
    expect(ids).not.toContain(other);
    expect(ids).not.toContain(otherTenant);
    expect(res.json().data[0].devices[0].deviceType).toBe('inverter');

    // Another company's staff cannot see the order, so learn nothing.
    const outsider = await makeCrew(admin);
    const hidden = await get(`${ORDER}/plantByUserInfo?orderId=${o.id}`, outsider.rollout);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.body).not.toContain('Home');
  }, 120_000);
});
