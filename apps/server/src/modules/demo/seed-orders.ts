/**
 * The demo's installer orders (demo mode, HELIO_SIMULATOR: on a start, once): in the platform tenant a demo agent
 * company with a staff member per agent role, a finance and a designer user, four SKUs with stock received, and eight
 * orders spread over the sales half — each created and walked to its stage by the people whose stage it is, so the
 * review history, dwell days, stock reservations and inbox tasks are the ones real work leaves.
 *
 * Everything goes through the neighbours' own rules: the company through the agent module's CRUD handle (its hooks
 * make the department, the agent roles and the administrator account), staff through `AgentService.addStaff`, the
 * platform users through the user module's `UserService`, SKUs through the stock module's CRUD handle and receipts
 * through its ledger, the survey's photos and signatures through the storage module (demo-images.ts), orders through the order module's `reads.create` and `steps.act`. Each actor is the user's own
 * claims, as a sign-in builds them (`AuthService.subjectFor`). Accounts get a generated password they must change at
 * the first sign-in, as every account an administrator creates without one; it is shown once (the start-up message).
 *
 * Idempotent: done once (helio_seed_log step `demo-orders`); an interrupted run resumes on the next start, reusing
 * what it finds (company by name, accounts, SKUs by code, orders by customer) and adding only what is missing.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { BodyOf } from '@helio/contracts/api/endpoint';
import type { insertOrder } from '@helio/contracts/modules/epc/order.api';
import type { ProcessAction } from '@helio/contracts/process/types';
import type { AuthUser } from '../../core/access.js';
import type { Lang } from '../../core/i18n.js';
import { role, seedLog, user } from '../../db/schema.js';
import type { ModuleContext } from '../../kernel/types.js';
import { SEED_IDS } from '../../seed/seed.js';
import { UserService } from '../user/index.js';
import { demoPictures } from './demo-images.js';
import { seedDemoPackages } from './seed-packages.js';
import { DEMO_AGENT_ADMIN, DEMO_COMPANY, DEMO_HOMES, DEMO_PLATFORM_USERS, DEMO_SKUS, DEMO_STAFF, formFor, WALK, WALK_BY, type Who } from './seed-orders-data.js';

/** helio_seed_log step written when the demo orders are complete. */
export const ORDERS_STEP = 'demo-orders';
const LANG: Lang = 'zh-CN';
const CLIENT = 'demo-seed';

export interface DemoAccount {
  account: string;
  role: string;
  /** The generated initial password, when this run created the account. */
  password?: string;
}

export interface DemoOrders {
  /** This run seeded (false: done on an earlier start). */
  fresh: boolean;
  orders: number;
  accounts: DemoAccount[];
  ms: number;
}

type Log = { info(o: unknown, m?: string): void; warn(o: unknown, m?: string): void };

/** Seeds the demo orders unless done; answers what was seeded (nothing when an earlier start did it). */
export async function seedDemoOrders(ctx: ModuleContext, o: { log?: Log } = {}): Promise<DemoOrders> {
  const started = Date.now();
  const [done] = await ctx.db.select({ step: seedLog.step }).from(seedLog).where(eq(seedLog.step, ORDERS_STEP));
  if (done) return { fresh: false, orders: 0, accounts: [], ms: Date.now() - started };
  const seeder = new OrderSeeder(ctx);
  const admin = await seeder.actor(SEED_IDS.admin);
  if (!admin?.isAdministrator) {
    o.log?.warn({}, 'demo orders skipped: the platform administrator (admin) is missing');
    return { fresh: false, orders: 0, accounts: [], ms: Date.now() - started };
  }
  const people = await seeder.people(admin);
  await seeder.stock(admin);
  await seedDemoPackages(ctx, admin);
  const files = await seeder.pictures(people.by.technician);
  let orders = 0;
  for (const home of DEMO_HOMES) orders += await seeder.order(people, home, files);
  await ctx.db.insert(seedLog).values({ step: ORDERS_STEP }).onConflictDoNothing();
  const ms = Date.now() - started;
  o.log?.info({ orders, accounts: seeder.accounts.length, ms }, 'demo orders seeded');
  return { fresh: true, orders, accounts: seeder.accounts, ms };
}

/** The demo's people as actors, by their part in the walk, and the company. */
export interface People {
  companyId: string;
  by: Record<Who, AuthUser>;
}

export class OrderSeeder {
  readonly accounts: DemoAccount[] = [];

  constructor(private readonly ctx: ModuleContext) {}

  /** A user's claims as a sign-in builds them (roles of the user's tenant, departments), without a session. */
  async actor(userId: string): Promise<AuthUser | undefined> {
    const [row] = await this.ctx.db.select().from(user).where(and(eq(user.id, userId), eq(user.isDeleted, 0)));
    if (!row) return undefined;
    const { subject } = await this.ctx.use('auth').auth.subjectFor(row, CLIENT);
    const { realName: _realName, ...claims } = subject;
    return { ...claims, userName: subject.account, sid: '', isAdministrator: subject.roleAliases.includes('administrator') };
  }

  private async accountId(account: string): Promise<string | undefined> {
    const [row] = await this.ctx.db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.tenantId, PLATFORM_TENANT_ID), eq(user.account, account), eq(user.isDeleted, 0)));
    return row?.id;
  }

  private async must(userId: string | undefined, what: string): Promise<AuthUser> {
    const a = userId ? await this.actor(userId) : undefined;
    if (!a) throw new Error(`demo orders: ${what} is missing`);
    return a;
  }

  /** The company (made once, by name), its staff (by account) and the platform's finance and designer. */
  async people(admin: AuthUser): Promise<People> {
    const agent = this.ctx.use('agent').service;
    let company = (await agent.options(admin, { keyword: DEMO_COMPANY.companyName })).find((c) => c.companyName === DEMO_COMPANY.companyName);
    if (!company) {
      const handle = this.ctx.crud.get('agentCompany');
      if (!handle) throw new Error('demo orders: the agent company resource is not registered');
      const saved = await handle.repo.save(admin, { ...DEMO_COMPANY, adminAccount: DEMO_AGENT_ADMIN.account }, { mode: 'insert', lang: LANG });
      const password = saved?.extra?.initialPassword;
      this.accounts.push({ account: DEMO_AGENT_ADMIN.account, role: 'agent', ...(typeof password === 'string' ? { password } : {}) });
      company = { id: saved!.id, agentNumber: '', companyName: DEMO_COMPANY.companyName, deptId: null };
    }
    const companyId = company.id;
    const staff = await agent.staff(admin, { agentId: companyId }, LANG);
    const by: Partial<Record<Who, AuthUser>> = {};
    const adminId = staff.find((s) => s.isAdmin)?.id;
    by.agent = await this.must(adminId, 'the demo company administrator');
    for (const s of DEMO_STAFF) {
      let id = staff.find((x) => x.account === s.account)?.id;
      if (!id) {
        const { key: _key, ...body } = s;
        const saved = await agent.addStaff(admin, { ...body, agentId: companyId, email: `${s.account}@example.com` }, LANG);
        id = saved.id;
        this.accounts.push({ account: s.account, role: s.roleAlias, ...(saved.initialPassword ? { password: saved.initialPassword } : {}) });
      }
      by[s.key] = await this.must(id, `staff ${s.account}`);
    }
    const roles = new Map(
      (
        await this.ctx.db
          .select({ id: role.id, alias: role.roleAlias })
          .from(role)
          .where(and(eq(role.tenantId, PLATFORM_TENANT_ID), eq(role.isDeleted, 0), inArray(role.roleAlias, DEMO_PLATFORM_USERS.map((u) => u.roleAlias))))
      ).map((r) => [r.alias, r.id]),
    );
    for (const u of DEMO_PLATFORM_USERS) {
      let id = await this.accountId(u.account);
      if (!id) {
        const roleId = roles.get(u.roleAlias);
        if (!roleId) throw new Error(`demo orders: the platform role ${u.roleAlias} is missing`);
        const saved = await new UserService(this.ctx.db).save(
          { tenantId: PLATFORM_TENANT_ID, account: u.account, realName: u.realName, name: u.realName, phoneDiallingCode: '+86', phone: u.phone, email: `${u.account}@example.com`, roleId, deptId: SEED_IDS.rootDept, userType: 1 },
          admin,
          LANG,
        );
        id = saved.id;
        this.accounts.push({ account: u.account, role: u.roleAlias, ...(saved.initialPassword ? { password: saved.initialPassword } : {}) });
      }
      const a = await this.must(id, `user ${u.account}`);
      if (!a.roleAliases.includes(u.roleAlias)) throw new Error(`demo orders: the account ${u.account} exists without the role ${u.roleAlias}`);
      by[u.key] = a;
    }
    return { companyId, by: by as Record<Who, AuthUser> };
  }

  /** The SKUs (made once, by code in the tenant), each with its stock received through the ledger when it has none. */
  async stock(admin: AuthUser): Promise<void> {
    const stock = this.ctx.use('stock');
    const handle = this.ctx.crud.get('skuBaseInfo');
    if (!handle) throw new Error('demo orders: the SKU resource is not registered');
    for (const s of DEMO_SKUS) {
      const page = await handle.repo.page(admin, { sku: s.sku, tenantId: PLATFORM_TENANT_ID, size: 10, current: 1 }, { lang: LANG });
      let id = page.records.find((r) => r.sku === s.sku && r.tenantId === PLATFORM_TENANT_ID)?.id as string | undefined;
      if (!id) {
        const { received: _r, equipmentType: _e, ...body } = s;
        id = (await handle.repo.save(admin, { ...body, manufacturer: 'Helio Power 赫利能源', lowStockThreshold: 5 }, { mode: 'insert', lang: LANG }))!.id;
      }
      const held = (await stock.queries.balances(admin, { sku: s.sku, size: 50, current: 1 })).records.find((r) => r.skuId === id);
      if (!held || held.balance + held.reserved === 0) {
        await stock.ledger.record(admin, { movementType: 'receive', skuId: id, quantity: s.received, reference: 'DEMO-PO-0001', reason: 'Demo stock' }, LANG);
      }
    }
  }

  /** The forms' pictures (roof, meter board, signatures), stored as the technician's attachments: ids by key. */
  async pictures(technician: AuthUser): Promise<Record<string, string>> {
    const list = demoPictures();
    const stored = await this.ctx.use('storage').store(
      technician,
      list.map((p) => ({ originalName: p.name, ext: 'png', mime: 'image/png', data: p.data })),
      'attachment',
    );
    return Object.fromEntries(list.map((p, i) => [p.key, stored[i]!.attachId]));
  }

  /** One home's order, created by the company's administrator and walked by each stage's people; 1 when made. */
  async order(people: People, home: (typeof DEMO_HOMES)[number], files: Readonly<Record<string, string>>): Promise<number> {
    const orders = this.ctx.use('epc-order');
    const agent = people.by.agent;
    const name = String(home.customer.name);
    const existing = (await orders.reads.page(agent, { customerName: name, size: 20, current: 1 }, LANG)).records;
    if (existing.some((r) => r.customerName === name)) return 0;
    const body = { agentId: people.companyId, customer: home.customer } as BodyOf<typeof insertOrder>;
    let row = await this.ctx.tx(async (tx) => {
      const created = await orders.reads.create(agent, body, LANG, tx);
      await orders.steps.firstTask(agent, tx, created, LANG);
      return created;
    });
    if (home.steps === 0) {
      // A draft: the customer form saved, not yet submitted.
      row = await orders.steps.act(agent, row.id, { stage: 'create', action: 'save', version: row.version, formData: home.customer }, LANG);
      return 1;
    }
    for (const step of WALK.slice(0, home.steps)) {
      const [stage, action] = step.split(':') as [string, ProcessAction];
      const form = formFor(step, home, files);
      row = await orders.steps.act(
        people.by[WALK_BY[step]],
        row.id,
        {
          stage,
          action,
          version: row.version,
          ...(form ? { formData: form } : {}),
          ...(action === 'assign' ? { assignees: { site_technician: [people.by.technician.userId], electrician: [people.by.electrician.userId] } } : {}),
        },
        LANG,
      );
    }
    return 1;
  }
}

/** The start-up message's lines about the demo orders (the accounts, with their passwords when made just now). */
export function ordersSummary(d: DemoOrders | undefined): string | undefined {
  if (!d?.fresh) return undefined;
  const made = d.accounts.filter((a) => a.password);
  return [
    `  Demo orders: ${d.orders} installer orders seeded in ${d.ms} ms (tenant ${PLATFORM_TENANT_ID}, company "${DEMO_COMPANY.companyName}")`,
    ...(made.length
      ? [
          `  Demo accounts (generated passwords, shown only now; each is changed at the first sign-in):`,
          ...made.map((a) => `    ${a.account.padEnd(12)} ${a.role.padEnd(18)} ${a.password}`),
        ]
      : []),
  ].join('\n');
}
