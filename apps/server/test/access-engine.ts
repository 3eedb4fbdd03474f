/**
 * Tenant probes for every route of the generic CRUD engine, from its resource definitions (spread into access.test.ts
 * as `generic`): platform-only resources refuse tenant users outright; tenant-owned ones never show, change or delete
 * another tenant's rows.
 *
 * Reading routes (list, page, lazy-list, select, tree, lazy-tree) are real probes: tenant B (200002) and tenant A
 * (200001) each hold a fresh row, and B's answer must be a 200 that shows B's row and not A's — so a list that lost
 * its tenant condition fails. (They used to send `id`/`ids`, which lists refuse: every one answered 400 and passed
 * whatever the list did.) The full cross-tenant and cross-role sweep is test/sweep.test.ts.
 */
import { eq, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import { RESOURCES } from '@helio/contracts/resources';
import { nextId } from '../src/core/ids.js';
import type { AuditedTable } from '../src/crud/register-crud.js';
import type { TestApp } from './helper.js';

const A = '200001';
const B = '200002';

/** A minimal live row of each tenant-owned engine resource that has reading routes (root level for trees). */
const ROWS: Record<string, (tag: string) => Record<string, unknown>> = {
  post: (tag) => ({ category: 1, postCode: tag, postName: tag, sort: 1 }),
  dept: (tag) => ({ parentId: '0', ancestors: '0', deptName: tag, fullName: tag, deptCategory: 1, sort: 1 }),
  'dict-biz': (tag) => ({ parentId: '0', code: tag, dictKey: '-1', dictValue: tag }),
  topmenu: (tag) => ({ code: tag, name: tag, sort: 1 }),
  role: (tag) => ({ parentId: '0', roleName: tag, roleAlias: tag, roleType: '2', sort: 1 }),
  oss: (tag) => ({ category: 1, ossCode: tag }),
  sms: (tag) => ({ category: 1, smsCode: tag }),
  mail: (tag) => ({ name: tag, host: 'smtp.example.com', port: 587, security: 'starttls', fromAddress: 'm@example.com' }),
  notice: (tag) => ({ title: tag, category: 1, releaseTime: new Date(Date.now() - 60_000), content: tag }),
  // modules/stock (issue 17)
  skuBaseInfo: (tag) => ({ sku: tag, skuName: tag, skuType: 1 }),
  warehouse: (tag) => ({ warehouseName: tag }),
  material: (tag) => ({ materialName: tag }),
  // modules/epc-package (issue 18)
  epcPackage: (tag) => ({ code: tag, name: tag }),
  epcPackageLine: (tag) => ({ packageId: '1', sku: tag.slice(0, 64), quantity: 1 }),
  // modules/agent (issue 17)
  agentCompany: (tag) => ({ agentNumber: tag.slice(0, 32), companyName: tag, agentType: 1, contactName: tag.slice(0, 50), phone: '13800138000' }),
};

const READS = new Set(['list', 'page', 'lazy-list', 'select', 'tree', 'lazy-tree']);

type Row = Record<string, unknown>;
const flat = (xs: Row[]): Row[] => xs.flatMap((x) => [x, ...flat((x.children as Row[]) ?? [])]);
const rowsOf = (data: unknown): Row[] => {
  const d = data as { records?: Row[] } | Row[] | Row | undefined;
  return flat(Array.isArray(d) ? d : Array.isArray((d as { records?: Row[] })?.records) ? (d as { records: Row[] }).records : d && typeof d === 'object' && 'id' in d ? [d as Row] : []);
};

export function engineProbes(app: () => TestApp, headers: () => Record<string, string>, handProbed: ReadonlySet<string>): Record<string, () => Promise<void>> {
  const probes: Record<string, () => Promise<void>> = {};
  for (const def of RESOURCES) {
    for (const verb of ['list', 'page', 'detail', 'submit', 'remove', 'select', 'tree', 'lazy-list', 'lazy-tree']) {
      const method = verb === 'submit' || verb === 'remove' ? 'POST' : 'GET';
      const key = `${method} ${def.api}/${verb}`;
      if (handProbed.has(key)) continue;
      probes[key] = async () => {
        const t = app();
        if (!t.routes.some((r) => `${r.method} ${r.url}` === key)) return; // this resource has no such route
        const table = t.services.crud.get(def.name)?.table as AuditedTable | undefined;
        if (!table) throw new Error(`${def.name} is not served by the CRUD engine; probe its routes by hand`);

        if (READS.has(verb) && !def.platformOnly && def.tenantScoped) {
          const values = ROWS[def.name];
          if (!values) throw new Error(`${def.name}: add a row factory to test/access-engine.ts so that ${key} is probed for real`);
          const insert = async (tenantId: string) => {
            const id = nextId();
            await t.database.db.insert(table).values({ id, tenantId, ...values(`p${id.slice(-9)}`) } as never);
            return id;
          };
          const mine = await insert(B);
          const theirs = await insert(A);
          const res = await t.req({ method, url: `${def.api}/${verb}${verb === 'list' || verb === 'page' ? '?size=100' : ''}`, headers: headers() });
          expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBe(200);
          const rows = rowsOf(res.json().data);
          const ids = rows.map((r) => String(r.id));
          expect(ids, `${key} shows B's own row`).toContain(mine);
          expect(ids, `${key} hides A's row`).not.toContain(theirs);
          for (const r of rows) if ('tenantId' in r) expect(r.tenantId, key).toBe(B);
          return;
        }

        const [foreign] = (await t.database.db
          .select()
          .from(table)
          .where(def.tenantScoped ? ne(table.tenantId!, B) : undefined)
          .limit(1)) as Row[];
        const fid = String(foreign?.id ?? '1');
        const url = `${def.api}/${verb}?id=${fid}&ids=${fid}`;
        const res = await t.req({ method, url, headers: headers(), ...(method === 'POST' ? { payload: { id: fid, [def.fields[0]!.key]: 'taken' } } : {}) });
        if (def.platformOnly) {
          expect(res.statusCode, key).toBe(403);
        } else if (method === 'GET') {
          for (const r of rowsOf(res.json().data)) {
            expect(r.id, key).not.toBe(fid);
            if ('tenantId' in r) expect(r.tenantId, key).toBe(B);
          }
        }
        if (foreign) {
          const [after] = (await t.database.db.select().from(table).where(eq(table.id, fid))) as Row[];
          expect(after, key).toEqual(foreign);
        }
      };
    }
  }
  return probes;
}
