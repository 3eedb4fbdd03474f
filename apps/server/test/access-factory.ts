/**
 * Tenant probes for the factory (exit-factory) lists, spread into `probes` of access.test.ts. The lists are the
 * platform's reference data (no tenant column): tenant B's administrator (200002) may read them with the page
 * codes — rows carry no tenant data — and changes nothing through any write route (save, update, submit, remove,
 * import: all 403, the platform's row untouched).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { FACTORY_RESOURCES } from '@helio/contracts/modules/factory/factory.resource';
import { nextId } from '../src/core/ids.js';
import type { AuditedTable } from '../src/crud/register-crud.js';
import type { TestApp } from './helper.js';
import { multipart } from './multipart.js';

export function factoryProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  const probes: Record<string, () => Promise<void>> = {};
  for (const def of FACTORY_RESOURCES) {
    let row: Promise<Record<string, unknown>> | undefined;
    const table = () => app().services.crud.get(def.name)!.table as AuditedTable;
    /** A platform row of this list (written straight to the database). */
    const setup = () =>
      (row ??= (async () => {
        const id = nextId();
        await app().database.db.insert(table()).values({ id, deviceSn: `PROBE-${def.name.toUpperCase()}-${id.slice(-6)}`, model: 'platform' } as never);
        const [r] = (await app().database.db.select().from(table()).where(eq(table().id, id))) as Record<string, unknown>[];
        return r!;
      })());
    const unchanged = async () => {
      const before = await setup();
      const [after] = (await app().database.db.select().from(table()).where(eq(table().id, before.id as string))) as Record<string, unknown>[];
      expect(after, def.name).toEqual(before);
    };

    for (const verb of ['list', 'page', 'detail', 'export', 'import-template']) {
      probes[`GET ${def.api}/${verb}`] = async () => {
        const r = await setup();
        const query = verb === 'detail' ? `id=${String(r.id)}` : verb === 'import-template' ? '' : `deviceSn=${String(r.deviceSn)}`;
        const res = await app().req({ method: 'GET', url: `${def.api}/${verb}?${query}`, headers: headers() });
        expect(res.statusCode, `${def.api}/${verb}`).toBe(200);
        if (verb === 'list' || verb === 'page' || verb === 'detail') {
          const data = res.json().data;
          const rows: Record<string, unknown>[] = Array.isArray(data?.records) ? data.records : [data];
          // The platform's row is visible (reference data) and carries no tenant.
          expect(rows.map((x) => x.id)).toEqual([r.id]);
          for (const x of rows) expect(x, def.name).not.toHaveProperty('tenantId');
        }
        await unchanged();
      };
    }
    for (const verb of ['save', 'update', 'submit', 'remove']) {
      probes[`POST ${def.api}/${verb}`] = async () => {
        const r = await setup();
        const res = await app().req({
          method: 'POST',
          url: `${def.api}/${verb}?ids=${String(r.id)}`,
          headers: headers(),
          payload: { id: r.id, deviceSn: `${String(r.deviceSn)}X`, model: 'tenant-b' },
        });
        expect(res.statusCode, `${def.api}/${verb}`).toBe(403);
        await unchanged();
      };
    }
    probes[`POST ${def.api}/import`] = async () => {
      const r = await setup();
      const ExcelJS = (await import('exceljs')).default;
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('s');
      ws.addRow(['序列号', '型号']);
      ws.addRow([String(r.deviceSn), 'tenant-b']);
      const body = multipart([{ filename: 'f.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) }]);
      const res = await app().req({ method: 'POST', url: `${def.api}/import?isCovered=1`, headers: { ...headers(), ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(403);
      await unchanged();
    };
  }
  return probes;
}
