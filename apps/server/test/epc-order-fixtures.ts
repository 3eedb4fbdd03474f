/**
 * Shared by the installer-order tests: an agent company with a staff member per agent role (plus one excluded
 * technician), platform finance and designer users, sign-ins, stage forms and a step helper.
 */
import { sql } from 'drizzle-orm';
import { ROLE_SEEDS } from '@helio/contracts/seed/roles';
import { ORDER_API } from '@helio/contracts/modules/epc/order.api';
import { createRole, createUser } from './fixtures.js';
import type { TestApp } from './helper.js';
import { ensurePackage } from './epc-package-fixtures.js';

export const ORDER = ORDER_API;
export const AGENT = '/api/skyworth-agent/agent';
export const INSERT = '/api/skyworth-agent/createOrder/insertOrder';
export type H = Record<string, string>;

let seq = 0;
export const tag = (p: string) => `${p}${Date.now().toString(36)}${seq++}`;
const PW = 'Order2026pw';

export interface Crew {
  companyId: string;
  admin: H;
  rollout: H;
  delivery: H;
  tech: H;
  techId: string;
  elec: H;
  elecId: string;
  warehouse: H;
  excludedId: string;
  finance: H;
  designer: H;
}

export function helpers(t: () => TestApp) {
  const req = (method: 'GET' | 'POST', url: string, headers: H, payload?: object) => t().req({ method, url, headers, ...(payload ? { payload } : {}) });
  const post = (url: string, headers: H, payload?: object) => req('POST', url, headers, payload);
  const get = (url: string, headers: H) => req('GET', url, headers);
  const signIn = async (account: string, tenantId = '000000'): Promise<H> => {
    const tok = await t().login(account, PW, tenantId);
    if (!tok.access_token) throw new Error(`sign-in failed for ${account}: ${JSON.stringify(tok)}`);
    return { 'blade-auth': `bearer ${tok.access_token}` };
  };
  const platformUser = async (alias: string, tenantId = '000000'): Promise<H> => {
    const db = t().database.db;
    const found = ((await db.execute(sql`SELECT id::text AS id FROM blade_role WHERE role_alias = ${alias} AND tenant_id = ${tenantId} AND is_deleted = 0 LIMIT 1`)) as unknown as { rows: { id: string }[] }).rows[0];
    const grants = ROLE_SEEDS.find((r) => r.alias === alias)!.grants;
    const roleId = found?.id ?? (await createRole(db, tenantId, alias, grants));
    const account = tag(alias.slice(0, 4));
    await createUser(db, { tenantId, account, password: PW, roleId });
    return signIn(account, tenantId);
  };
  /** A company (made by `admin`) with its staff signed in. */
  const crew = async (admin: H, tenantId = '000000'): Promise<Crew> => {
    const adminAccount = tag('adm');
    const save = await post(`${AGENT}/save`, admin, {
      companyName: tag('Sunrise '),
      agentType: 1,
      contactName: 'Li Lei',
      phoneDiallingCode: '+86',
      phone: '13800138000',
      email: 'li@example.com',
      adminAccount,
      adminPassword: PW,
    });
    if (save.json().code !== 200) throw new Error(`company save failed: ${save.body}`);
    const companyId = save.json().data.id as string;
    const staff = async (roleAlias: string): Promise<{ h: H; id: string }> => {
      const account = tag(roleAlias.slice(0, 4));
      const res = await post(`${AGENT}/staff/save`, admin, { agentId: companyId, account, realName: account, phone: '13800000011', roleAlias, password: PW });
      if (res.json().code !== 200) throw new Error(`staff save failed: ${res.body}`);
      return { h: await signIn(account, tenantId), id: res.json().data.id as string };
    };
    const [rollout, delivery, tech, elec, warehouse, excluded] = [
      await staff('rollout_manager'),
      await staff('delivery_manager'),
      await staff('site_technician'),
      await staff('electrician'),
      await staff('warehouse_manager'),
      await staff('site_technician'),
    ];
    const ex = await post('/api/skyworth-agent/agentUnauthorizedUser/saveBatch', admin, { agentId: companyId, userIds: [excluded!.id] });
    if (ex.json().code !== 200) throw new Error(`exclusion failed: ${ex.body}`);
    // The design step's `basePackage` (designForm's BP-5K) must name an enabled package of the tenant.
    await ensurePackage(t().database.db, tenantId);
    return {
      companyId,
      admin: await signIn(adminAccount, tenantId),
      rollout: rollout!.h,
      delivery: delivery!.h,
      tech: tech!.h,
      techId: tech!.id,
      elec: elec!.h,
      elecId: elec!.id,
      warehouse: warehouse!.h,
      excludedId: excluded!.id,
      finance: await platformUser('finance', tenantId),
      designer: await platformUser('designer', tenantId),
    };
  };
  return { req, post, get, signIn, platformUser, crew };
}

export const customer = (extra: Record<string, unknown> = {}) => ({
  name: 'Zhang Wei',
  phoneDiallingCode: '+27',
  phone: '821234567',
  email: 'zhang@example.com',
  installAddress: { country: 'ZA', province: 'GP', city: 'Johannesburg' },
  address: '1 Main Road',
  projectType: '1',
  ...extra,
});

export const surveyForm = (appliances = [{ type: 'fridge', quantity: 1, power: 200 }]) => ({
  installType: 'roof',
  buildingMaterial: '1',
  houseType: '1',
  roof: { type: '1', material: '1' },
  panel: { position: '1', type: '1', orientation: '1' },
  photos: ['p1'],
  signatures: { landlord: 's1', installer: 's2', electrician: 's3', owner: 's4' },
  confirmed: true,
  electrical: { infrastructure: '1', appliances },
});

export const designForm = (lines: { sku: string; equipmentType: string; quantity: number }[]) => ({
  basePackage: 'BP-5K',
  materials: lines.map((l) => ({ ...l, name: `Item ${l.sku}` })),
  summary: { kwp: 5, inverterKw: 5, batteryKwh: 10 },
});

export const quoteForm = (sku: string) => ({
  lines: [{ sku, name: 'Inverter', quantity: 1, unitPrice: 1200 }],
  recipient: { name: 'Zhang Wei', contact: '+27 821234567', address: '1 Main Road' },
});
