/**
 * The demo's installer orders (modules/demo/seed-orders.ts): a start in demo mode (HELIO_SIMULATOR on) seeds the demo
 * agent company with its staff, finance and designer, the SKUs with stock, and eight orders walked through the order
 * module's steps to their stages — with their review history, stock reservations and one open inbox task each for the
 * role whose turn it is; the generated passwords sign in. A second run adds nothing, also one resuming after an
 * interruption; a start outside demo mode seeds none of it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_API } from '@helio/contracts/modules/epc/order.api';
import { md5Hex } from '../src/modules/auth/password.js';
import { DEMO_COMPANY } from '../src/modules/demo/seed-orders-data.js';
import { seedDemoMaintenance } from '../src/modules/demo/seed-maintenance.js';
import { ORDERS_STEP, seedDemoOrders } from '../src/modules/demo/seed-orders.js';
import { createTestApp, WEB_BASIC, type TestApp } from './helper.js';

let t: TestApp;
let admin: Record<string, string>;
let seedMs = 0;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-demo-orders-'));

beforeAll(async () => {
  t = await createTestApp({
    HELIO_SIMULATOR: 'on',
    HELIO_MQTT_PORT: '0',
    PORT: '0',
    HELIO_SIM_STATIONS: '1',
    HELIO_SIM_HISTORY: 'off',
    HELIO_SIM_INTERVAL: '3600',
    HELIO_DATA_DIR: dataDir,
  });
  const started = Date.now();
  await t.start();
  await t.services.kernel.use('demo').orders(); // seeded after the start, in the background
  seedMs = Date.now() - started;
  admin = await t.adminHeaders();
}, 180_000);
afterAll(async () => {
  await t?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const userId = async (account: string) => (await rows<{ id: string }>(sql`SELECT id::text AS id FROM blade_user WHERE tenant_id = '000000' AND account = ${account} AND is_deleted = 0`))[0]!.id;
/** Rows of what the seed writes, to compare before and after another run. */
const counts = async () =>
  (
    await rows<Record<string, number>>(sql`SELECT
      (SELECT count(*)::int FROM helio_epc_order) AS orders,
      (SELECT count(*)::int FROM helio_epc_order_history) AS history,
      (SELECT count(*)::int FROM helio_flow_task WHERE kind = 'epc') AS tasks,
      (SELECT count(*)::int FROM helio_agent_company) AS companies,
      (SELECT count(*)::int FROM blade_user) AS users,
      (SELECT count(*)::int FROM helio_sku) AS skus,
      (SELECT count(*)::int FROM helio_stock_movement) AS movements`)
  )[0]!;

interface OrderRow {
  id: string;
  customerName: string;
  agentName: string | null;
  stage: string;
  subStatus: string | null;
  inReview: boolean;
}

describe('demo orders', () => {
  it('seeds the company, its people, stock and eight orders walked to their stages by their actors', async () => {
    const seeded = ((await t.services.kernel.use('demo').orders()) ?? '').split('\n').find((l) => l.includes('Demo orders'));
    console.info(`demo start (orders, fleet of 1 station): ${seedMs} ms;${seeded ?? ''}`);
    const page = await t.req({ method: 'GET', url: `${ORDER_API}/page?size=100`, headers: admin });
    expect(page.json().code, page.body).toBe(200);
    const orders = (page.json().data.records as OrderRow[]).filter((r) => r.agentName === DEMO_COMPANY.companyName);
    const at = Object.fromEntries(orders.map((o) => [o.customerName, o]));
    expect(orders).toHaveLength(8);
    expect(Object.fromEntries(orders.map((o) => [o.customerName, o.stage]))).toEqual({
      张伟: 'create',
      'Thabo Mokoena': 'callout_quote',
      李娜: 'survey_date',
      'Sarah van Wyk': 'survey',
      王建国: 'design',
      'Lerato Dlamini': 'stock_audit',
      陈晓燕: 'ess_quotation',
      'James Botha': 'installation_date',
    });
    expect(at['张伟']!.subStatus).toBe('draft');
    expect(at['Thabo Mokoena']!.inReview).toBe(true);
    expect(at['陈晓燕']!.inReview).toBe(true);

    // The history: a row per step, each by the stage's own actor.
    const detail = (id: string) => t.req({ method: 'GET', url: `${ORDER_API}/selectBaseOrderInfo?orderId=${id}`, headers: admin }).then((r) => r.json().data);
    const james = await detail(at['James Botha']!.id);
    expect(james.history.map((h: { stage: string; action: string; role: string }) => `${h.stage}:${h.action}:${h.role}`)).toEqual([
      'create:submit:agent',
      'callout_quote:submit:delivery_manager',
      'callout_quote:approve:finance',
      'survey_date:submit:rollout_manager',
      'designated_person:assign:rollout_manager',
      'survey:submit:site_technician',
      'survey_review:approve:rollout_manager',
      'design:submit:designer',
      'design:approve:rollout_manager',
      'stock_audit:approve:warehouse_manager',
      'ess_quotation:submit:delivery_manager',
      'ess_quotation:approve:finance',
      'ess_payment:submit:finance',
    ]);
    expect(james.data.essPayment.amount).toBeGreaterThan(0);
    // The survey's photos and signatures are real pictures, stored as attachments, which the order shows as images.
    const survey = james.data.survey as { photos: string[]; signatures: Record<string, string> };
    for (const id of [...survey.photos, ...Object.values(survey.signatures)]) {
      expect(james.files[id], id).toMatchObject({ image: true, name: expect.stringMatching(/\.png$/) });
      const file = await t.req({ method: 'GET', url: james.files[id].link });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    expect((await detail(at['张伟']!.id)).history.map((h: { action: string }) => h.action)).toEqual(['save']);
    expect((await detail(at['李娜']!.id)).history).toHaveLength(3);

    // One open inbox task per order, for the people whose turn it is.
    const [agentAdmin, rollout, tech, elec, warehouse] = await Promise.all(['agent_admin', 'rollout', 'technician', 'electrician', 'warehouse'].map(userId));
    const open = await rows<{ ref: string; stage: string; candidates: string[] }>(
      sql`SELECT ref_id::text AS ref, element_id AS stage, candidates FROM helio_flow_task WHERE kind = 'epc' AND status = 'open'`,
    );
    const task = (name: string) => open.filter((x) => x.ref === at[name]!.id).map((x) => ({ stage: x.stage, candidates: [...x.candidates].sort() }));
    expect(task('张伟')).toEqual([{ stage: 'create', candidates: [`u:${agentAdmin}`] }]);
    expect(task('Thabo Mokoena')).toEqual([{ stage: 'callout_quote', candidates: ['g:finance'] }]);
    expect(task('李娜')).toEqual([{ stage: 'survey_date', candidates: [`u:${rollout}`] }]);
    expect(task('Sarah van Wyk')).toEqual([{ stage: 'survey', candidates: [`u:${elec}`, `u:${tech}`].sort() }]);
    expect(task('王建国')).toEqual([{ stage: 'design', candidates: ['g:designer'] }]);
    expect(task('Lerato Dlamini')).toEqual([{ stage: 'stock_audit', candidates: [`u:${warehouse}`] }]);
    expect(task('陈晓燕')).toEqual([{ stage: 'ess_quotation', candidates: ['g:finance'] }]);
    expect(task('James Botha')).toEqual([{ stage: 'installation_date', candidates: [`u:${rollout}`] }]);

    // Stock: received through the ledger; the two orders past the audit hold theirs (8 + 14 panels).
    const stock = async (sku: string) => (await t.req({ method: 'GET', url: `/api/skyworth-agent/stock/list?sku=${sku}`, headers: admin })).json().data.records[0];
    expect(await stock('HLS-PV-550')).toMatchObject({ reserved: 22, available: 240 - 22 });
    expect(await stock('HLS-BAT-5')).toMatchObject({ reserved: 3, available: 27 });

    // The start-up message names the accounts with their generated passwords; one signs in with it.
    const summary = (await t.services.kernel.use('demo').orders()) ?? '';
    expect(summary).toContain('Demo orders: 8 installer orders');
    const line = summary.split('\n').find((l) => l.trim().startsWith('finance '));
    expect(line).toBeTruthy();
    const password = line!.trim().split(/\s+/).at(-1)!;
    expect(password).toMatch(/^[A-Za-z0-9]{8,16}$/);
    const login = await t.req({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&username=finance&password=${md5Hex(password)}&grant_type=password&scope=all`,
      headers: { authorization: WEB_BASIC, 'tenant-id': '000000' },
    });
    expect(login.json().access_token, login.body).toBeTruthy();
    expect((await rows<{ must: number }>(sql`SELECT must_change_password AS must FROM blade_user WHERE account = 'finance' AND tenant_id = '000000'`))[0]!.must).toBe(1);
  }, 120_000);

  it('seeds a maintenance order on the demo station, from the call-in to its warranty verification, once', async () => {
    const list = await t.req({ method: 'GET', url: '/api/skyworth-agent/maintenanceOrder/list?size=50', headers: admin });
    expect(list.json().code, list.body).toBe(200);
    const records = list.json().data.records as { stage: string; feeType: string; stationId: string | null; deviceSn: string | null; agentName: string }[];
    // One demo station (HELIO_SIM_STATIONS=1): the first call-in, free and under warranty, waits for its verification.
    expect(records).toEqual([expect.objectContaining({ stage: 'warranty_verification', feeType: '1', agentName: DEMO_COMPANY.companyName, stationId: expect.any(String), deviceSn: expect.any(String) })]);
    const ctx = t.services.kernel.context('demo');
    expect(await seedDemoMaintenance(ctx)).toBe(0);
    expect((await t.req({ method: 'GET', url: '/api/skyworth-agent/maintenanceOrder/list?size=50', headers: admin })).json().data.total).toBe(1);
  }, 60_000);

  it('adds nothing on a second run, nor when resuming a run that lost its done mark', async () => {
    const before = await counts();
    const ctx = t.services.kernel.context('demo');
    expect(await seedDemoOrders(ctx)).toMatchObject({ fresh: false, orders: 0 });
    expect(await counts()).toEqual(before);
    // As if interrupted before its end: everything is found again, nothing is made twice.
    await t.database.db.execute(sql`DELETE FROM helio_seed_log WHERE step = ${ORDERS_STEP}`);
    expect(await seedDemoOrders(ctx)).toMatchObject({ fresh: true, orders: 0, accounts: [] });
    expect(await counts()).toEqual(before);
    expect(await rows(sql`SELECT step FROM helio_seed_log WHERE step = ${ORDERS_STEP}`)).toHaveLength(1);
  }, 60_000);

  it('seeds nothing outside demo mode', async () => {
    const plain = await createTestApp({ HELIO_MQTT_PORT: '0', PORT: '0' });
    try {
      await plain.start();
      const n = ((await plain.database.db.execute(sql`SELECT
          (SELECT count(*)::int FROM helio_epc_order) + (SELECT count(*)::int FROM helio_seed_log WHERE step = ${ORDERS_STEP}) AS n`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      expect(n).toBe(0);
      expect(plain.services.kernel.use('demo').summary()).toBeUndefined();
      expect(await plain.services.kernel.use('demo').orders()).toBeUndefined();
    } finally {
      await plain.stop();
    }
  }, 60_000);
});
