/**
 * First-start seed: platform tenant, OAuth clients, organisation, the complete menu tree with buttons, roles for
 * the spec's actors, the administrator, dictionaries, parameters, regions and countries. Each step runs once
 * (recorded in helio_seed_log), so a restart is fast and never overwrites what administrators changed.
 */
import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import { BUSINESS_DICTS, SYSTEM_DICTS, type DictSeed } from '@helio/contracts/dicts';
import type { RefreshTokenReuse } from '@helio/contracts/modules/client/client.resource';
import type { Db } from '../db/client.js';
import { seedMenus, seedRoles } from './seed-access.js';
import { insertChunked, SEED_IDS, seqIds } from './seed-support.js';
import { loadManifests } from '../kernel/module-list.js';
import { applyReferenceData } from '../kernel/reference.js';
import * as t from '../db/schema.js';
import { hashPassword } from '../modules/auth/password.js';
import countriesJson from './data/countries.json' with { type: 'json' };
import regionsJson from './data/regions-cn.json' with { type: 'json' };


export { SEED_IDS };

export const WEB_CLIENT = { id: 'helio', secret: 'helio_secret' } as const;

const ALL_GRANTS = 'refresh_token,password,captcha,authorization_code,social,sms_code,register';

export function randomPassword(length = 12): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
  const digits = '23456789';
  const all = letters + digits;
  const chars = [letters[randomInt(letters.length)]!, digits[randomInt(digits.length)]!];
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Steps already done, read once per seed() (a restart then costs one query, not one per step). */
const doneSteps = new WeakMap<Db, Set<string>>();

/** Runs a seed step once, inside one transaction (its callback gets the transaction as `db`). */
async function step(db: Db, name: string, run: (tx: Db) => Promise<void>): Promise<boolean> {
  if (doneSteps.get(db)?.has(name)) return false;
  const [done] = await db.select().from(t.seedLog).where(eq(t.seedLog.step, name));
  if (done) return false;
  await db.transaction(async (tx) => {
    await run(tx as unknown as Db);
    await tx.insert(t.seedLog).values({ step: name });
  });
  return true;
}

export interface SeedOptions {
  adminPassword?: string | undefined;
  /** Skip the ~3,500 region rows (quick test databases). */
  regions?: boolean;
  /** false: no administrator (the database template of db/template.ts: the first start adds it, with its password). */
  admin?: boolean;
}

export interface SeedResult {
  /** Set only on the first start when no HELIO_ADMIN_PASSWORD was given: print it once. */
  generatedAdminPassword?: string;
  seeded: string[];
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const result: SeedResult = { seeded: [] };
  doneSteps.set(db, new Set((await db.select({ step: t.seedLog.step }).from(t.seedLog)).map((r) => r.step)));
  const mark = (name: string, did: boolean) => did && result.seeded.push(name);
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');

  mark(
    'tenant',
    await step(db, 'tenant', async (db) => {
      await db.insert(t.tenant).values({
        id: SEED_IDS.platformTenant,
        tenantId: PLATFORM_TENANT_ID,
        tenantName: '管理组',
        linkman: 'admin',
        contactNumber: '',
        accountNumber: -1,
      });
    }),
  );

  mark(
    'clients',
    await step(db, 'clients', async (db) => {
      // Helio's own console detects refresh-token reuse strictly; the stock Blade clients keep a refresh token per
      // browser tab and run in the compatibility mode (docs/security.md, "Refresh-token reuse per client").
      const clients: [string, string, string, RefreshTokenReuse][] = [
        [WEB_CLIENT.id, WEB_CLIENT.secret, 'http://localhost:8080', 'strict'],
        ['saber', 'saber_secret', 'http://localhost:1888', 'lenient'],
        ['sword', 'sword_secret', 'http://localhost:8888', 'lenient'],
        ['saber3', 'saber3_secret', 'http://localhost:2888/login', 'lenient'],
      ];
      const id = seqIds(1123598811738675201n);
      await db.insert(t.client).values(
        clients.map(([clientId, secret, uri, refreshTokenReuse]) => ({
          id: id(),
          clientId,
          clientSecret: sha(secret),
          scope: 'all',
          authorizedGrantTypes: ALL_GRANTS,
          webServerRedirectUri: uri,
          accessTokenValidity: 3600,
          refreshTokenValidity: 604800,
          refreshTokenReuse,
        })),
      );
    }),
  );

  mark(
    'org',
    await step(db, 'org', async (db) => {
      await db.insert(t.dept).values({
        id: SEED_IDS.rootDept,
        tenantId: PLATFORM_TENANT_ID,
        parentId: '0',
        ancestors: '0',
        deptCategory: 1,
        deptName: 'Helio',
        fullName: 'Helio 能源科技',
        sort: 1,
      });
      const posts: [string, string, number][] = [
        ['ceo', '首席执行官', 1],
        ['coo', '首席运营官', 1],
        ['cto', '首席技术官', 1],
        ['pm', '项目经理', 2],
        ['engineer', '工程师', 3],
        ['staff', '普通员工', 4],
      ];
      const id = seqIds(1123598817738675201n);
      await db.insert(t.post).values(
        posts.map(([code, name, category], i) => ({
          id: id(),
          tenantId: PLATFORM_TENANT_ID,
          category,
          postCode: code,
          postName: name,
          sort: i + 1,
        })),
      );
    }),
  );

  mark(
    'menus',
    await step(db, 'menus', seedMenus),
  );

  mark(
    'roles',
    await step(db, 'roles', seedRoles),
  );

  let generated: string | undefined;
  mark(
    'admin',
    opts.admin !== false &&
    (await step(db, 'admin', async (db) => {
      const password = opts.adminPassword ?? (generated = randomPassword(14));
      await db.insert(t.user).values({
        id: SEED_IDS.admin,
        tenantId: PLATFORM_TENANT_ID,
        code: 'admin',
        userType: 1,
        account: 'admin',
        password: await hashPassword(password),
        name: '管理员',
        realName: '管理员',
        email: 'admin@helio.local',
        phone: '',
        phoneDiallingCode: '+86',
        sex: 1,
        roleId: SEED_IDS.administratorRole,
        deptId: SEED_IDS.rootDept,
        postId: '1123598817738675201',
      });
      await db.insert(t.userDept).values({ id: '1123598821738675301', userId: SEED_IDS.admin, deptId: SEED_IDS.rootDept });
    })),
  );
  if (generated) result.generatedAdminPassword = generated;

  mark(
    'dicts',
    await step(db, 'dicts', async (db) => {
      await insertChunked(db, t.dict, dictRows(SYSTEM_DICTS, seqIds(1123598814738676201n)));
      const biz = dictRows(BUSINESS_DICTS, seqIds(1123598814738776201n)).map((r) => ({
        ...r,
        tenantId: PLATFORM_TENANT_ID,
      }));
      await insertChunked(db, t.dictBiz, biz);
    }),
  );

  // No shared initial password: a user created without one, or reset, gets its own random one, shown once.
  mark(
    'params',
    await step(db, 'params', async (db) => {
      const id = seqIds(1123598819738675201n);
      const params: [string, string, string, string][] = [
        ['是否开启注册功能', 'account.registerUser', 'true', 'Allow self-registration (register-guest) when HELIO_REGISTER_MODE=on'],
        ['账号错误锁定次数', 'account.failCount', '5', 'Failed sign-ins before the account is locked for 30 minutes'],
        ['租户默认账号额度', 'tenant.default.accountNumber', '100', 'Default account limit for a new tenant'],
        ['租户默认菜单集合', 'tenant.default.menuCode', 'desk,station,power_station,inverter,battery,alarm', 'Menus a new tenant gets'],
      ];
      await db.insert(t.param).values(
        params.map(([paramName, paramKey, paramValue, remark]) => ({ id: id(), paramName, paramKey, paramValue, remark })),
      );
    }),
  );

  if (opts.regions !== false) {
    mark(
      'regions',
      await step(db, 'regions', async (db) => {
        const rows = regionsJson as [string, string, string, string, number][];
        const byCode = new Map(rows.map((r) => [r[0], r]));
        const ancestorsOf = (code: string): string => {
          const chain: string[] = [];
          let p = byCode.get(code)?.[1];
          while (p) {
            chain.unshift(p);
            p = byCode.get(p)?.[1];
          }
          return chain.join(',');
        };
        const counters = new Map<string, number>();
        await insertChunked(
          db,
          t.region,
          rows.map(([code, parentCode, name, nameEn, level]) => {
            const sort = (counters.get(parentCode) ?? 0) + 1;
            counters.set(parentCode, sort);
            return {
              code,
              parentCode,
              ancestors: ancestorsOf(code),
              subCode: parentCode && code.startsWith(parentCode.replace(/0+$/, '')) ? code.slice(parentCode.replace(/0+$/, '').length) : code,
              name,
              nameEn,
              regionLevel: level,
              sort,
            };
          }),
          1000,
        );
      }),
    );
  }

  mark(
    'countries',
    await step(db, 'countries', async (db) => {
      const countries = countriesJson as [string, string, string, string][];
      const id = seqIds(1123598814739676201n);
      const rows: (typeof t.dictBiz.$inferInsert)[] = [];
      for (const [lang, idx] of [
        ['zh-CN', 1],
        ['en-US', 2],
      ] as const) {
        const parentId = id();
        rows.push({
          id: parentId,
          tenantId: PLATFORM_TENANT_ID,
          parentId: '0',
          code: 'country',
          dictKey: '-1',
          dictValue: lang === 'zh-CN' ? '国家与地区' : 'Countries and regions',
          sort: 0,
          language: lang,
          isSealed: 1,
        });
        countries.forEach((c, i) =>
          rows.push({
            id: id(),
            tenantId: PLATFORM_TENANT_ID,
            parentId,
            code: 'country',
            // Key: ISO 3166 code (unique); attribute1: the dialling code (+1 is shared by 25 countries).
            dictKey: c[0],
            dictValue: c[idx],
            sort: i + 1,
            language: lang,
            isSealed: 1,
            attribute1: `+${c[3]}`,
          }),
        );
      }
      await insertChunked(db, t.dictBiz, rows);
    }),
  );

  // The modules' reference data (menus, buttons, dictionaries) with its version stamp, so a start from this database
  // finds nothing to apply; later releases add what they bring at start (kernel/reference.ts).
  await applyReferenceData(db, await loadManifests());
  return result;
}

/** Dictionary seeds → rows: per language a parent row (dict_key -1) and its items. */
function dictRows(dicts: readonly DictSeed[], id: () => string): (typeof t.dict.$inferInsert)[] {
  const rows: (typeof t.dict.$inferInsert)[] = [];
  dicts.forEach((d, di) => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const parentId = id();
      rows.push({
        id: parentId,
        parentId: '0',
        code: d.code,
        dictKey: '-1',
        dictValue: lang === 'zh-CN' ? d.zh : d.en,
        sort: di + 1,
        language: lang,
        isSealed: 0,
      });
      d.items.forEach((item, i) =>
        rows.push({
          id: id(),
          parentId,
          code: d.code,
          dictKey: item.key,
          dictValue: lang === 'zh-CN' ? item.zh : item.en,
          sort: item.sort ?? i + 1,
          language: lang,
          isSealed: 0,
          attribute1: item.attribute1 ?? null,
          attribute2: item.attribute2 ?? null,
          attribute3: item.attribute3 ?? null,
        }),
      );
    }
  });
  return rows;
}
