/**
 * The demo's maintenance orders (demo mode, once, after the demo fleet exists): three call-ins on demo stations with
 * an inverter, taken by the demo agent company and walked by the people whose steps they are — one waiting for the
 * warranty verification (free, under warranty), one charged and at the on-site diagnosis (its call-out quote approved
 * by finance), one repaired and completed (no parts, no COC) — so the maintenance list, its KPIs and the inbox show a
 * running service desk on a first start. Everything goes through the maintenance module's public entry.
 */
import { and, asc, eq } from 'drizzle-orm';
import { MAINT_FEE } from '@helio/contracts/modules/epc/maint.forms';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { ProcessAction } from '@helio/contracts/process/types';
import type { AuthUser } from '../../core/access.js';
import type { Lang } from '../../core/i18n.js';
import { seedLog } from '../../db/schema.js';
import { device, DEVICE_TYPES, plant } from '../../db/schema-device.js';
import type { ModuleContext } from '../../kernel/types.js';
import { SEED_IDS } from '../../seed/seed.js';
import { OrderSeeder } from './seed-orders.js';

export const MAINTENANCE_STEP = 'demo-maintenance';
const LANG: Lang = 'zh-CN';
const DAY = 86_400_000;
type Log = { info(o: unknown, m?: string): void; warn(o: unknown, m?: string): void };
type Rec = Record<string, unknown>;

const PROBLEMS = [
  ['逆变器中午报故障 23 并停机', 'free', 0],
  ['电池充不满,SOC 停在 60%', 'chargeable', 5],
  ['App 显示离线,逆变器屏幕无显示', 'free', 11],
] as const;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Seeds the demo maintenance orders unless done; answers how many were made. */
export async function seedDemoMaintenance(ctx: ModuleContext, o: { log?: Log } = {}): Promise<number> {
  const [done] = await ctx.db.select({ step: seedLog.step }).from(seedLog).where(eq(seedLog.step, MAINTENANCE_STEP));
  if (done) return 0;
  const seeder = new OrderSeeder(ctx);
  const admin = await seeder.actor(SEED_IDS.admin);
  if (!admin?.isAdministrator) return 0;
  const people = await seeder.people(admin);
  const files = await seeder.pictures(people.by.technician);
  // One call-in per station, on its first inverter (a commercial station has several).
  const sites = await ctx.db
    .selectDistinctOn([plant.id], { plant, sn: device.deviceSn })
    .from(plant)
    .innerJoin(device, and(eq(device.plantId, plant.id), eq(device.deviceType, DEVICE_TYPES.inverter), eq(device.isDeleted, 0)))
    .where(and(eq(plant.tenantId, PLATFORM_TENANT_ID), eq(plant.isDeleted, 0)))
    .orderBy(asc(plant.id), asc(device.id))
    .limit(PROBLEMS.length);
  const orders = ctx.use('maintenance').orders;
  let made = 0;
  for (const [i, s] of sites.entries()) {
    const [problem, fee, walk] = PROBLEMS[i]!;
    const p = s.plant;
    const location = p.latitude !== null && p.longitude !== null ? { latitude: p.latitude, longitude: p.longitude } : undefined;
    const customer: Rec = {
      name: p.ownerName || p.plantName,
      phoneDiallingCode: '+86',
      phone: (p.ownerPhone ?? '').replace(/\D/g, '').slice(-11) || '13800138000',
      email: '',
      installAddress: { country: p.countryCode || 'CN', province: p.provinceCode || '440000', city: p.cityCode || '440300' },
      address: p.address || p.plantName,
      ...(location ? { location } : {}),
      callInTime: `${day(Date.now() - (10 - i * 3) * DAY)} 09:30`,
      problem,
      feeType: MAINT_FEE[fee],
      warrantyDate: day(Date.now() + 2 * 365 * DAY),
      cocRequired: false,
      stationId: String(p.id),
      deviceSn: s.sn,
    };
    let row = await orders.create(admin, { agentId: people.companyId, customer, submit: true }, LANG);
    const step = async (who: AuthUser, stage: string, action: ProcessAction, extra: Rec = {}) => {
      row = await orders.kind.steps.act(who, row.id, { stage, action, version: row.version, ...extra }, LANG);
    };
    const assignees = { site_technician: [people.by.technician.userId], electrician: [people.by.electrician.userId] };
    const steps: (() => Promise<void>)[] = [
      () => step(admin, 'warranty_verification', 'approve', { formData: { result: fee === 'free' ? 'valid' : 'expired' } }),
      ...(fee === 'chargeable'
        ? [
            () => step(people.by.delivery, 'callout_quote', 'submit', { formData: { amount: 300, currency: 'CNY', recipient: { name: String(customer.name), contact: String(customer.phone), address: String(customer.address) } } }),
            () => step(people.by.finance, 'callout_quote', 'approve'),
          ]
        : []),
      () => step(people.by.rollout, 'survey_date', 'submit', { formData: { date: day(Date.now() - 5 * DAY) } }),
      () => step(people.by.rollout, 'designated_person', 'assign', { assignees }),
      () =>
        step(people.by.technician, 'survey', 'submit', {
          formData: { findings: '直流开关烧毁', solution: '更换直流开关并复位', partsNeeded: false, photos: [files['roof-1']!], signatures: { technician: files['sign-technician']!, owner: files['sign-owner']! }, confirmed: true },
        }),
      () => step(people.by.rollout, 'survey_review', 'approve'),
      () => step(people.by.rollout, 'installation_date', 'submit', { formData: { date: day(Date.now() - 2 * DAY) } }),
      () => step(people.by.rollout, 'install_assignment', 'assign', { assignees }),
      () =>
        step(people.by.technician, 'ehs_submission', 'submit', {
          formData: { workDate: day(Date.now() - 2 * DAY), emergencyNumbers: ['120'], risks: [1, 2, 3].map((k) => ({ risk: `风险 ${k}`, solution: `措施 ${k}` })), ppe: ['helmet'], declaration: true, ...(location ? { location } : {}) },
        }),
      () => step(people.by.rollout, 'ehs_verification', 'approve'),
      () => step(people.by.technician, 'qc_submission', 'submit', { formData: { photos: [files['meter-board']!], result: '复位后满功率运行', working: true } }),
      () => step(people.by.rollout, 'qc_verification', 'approve'),
    ];
    try {
      for (const run of steps.slice(0, walk)) await run();
    } catch (err) {
      o.log?.warn({ err, order: row.orderNumber }, 'demo maintenance order stopped early');
    }
    made++;
  }
  await ctx.db.insert(seedLog).values({ step: MAINTENANCE_STEP }).onConflictDoNothing();
  if (made) o.log?.info({ orders: made }, 'demo maintenance orders seeded');
  return made;
}

