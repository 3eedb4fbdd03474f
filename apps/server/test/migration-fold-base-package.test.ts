/**
 * Migration 0029 (issue 18): the stock module's old base packages fold into the epc-package catalogue. A database is
 * migrated as a deployment of the previous release was (up to 0028), given old packages — live with items, deleted,
 * one whose name the catalogue already has — and then migrated as the new release starts: the live ones become
 * packages coded `BP-<old id>` with their live items as lines naming the SKU by code, nothing else is copied, the
 * catalogue's own package is untouched, and the old tables are gone. Embedded PGlite, its own database.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client.js';

const FOLD = '0029_fold_base_package';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A copy of the migrations folder whose journal ends before `tag` (the previous release's migrations). */
function releaseBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'helio-migrations-'));
  dirs.push(dir);
  cpSync(migrationsFolder(), dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at, `${tag} in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(file, JSON.stringify(journal));
  return dir;
}

describe('migration 0029: old base packages fold into the epc-package catalogue', () => {
  it('copies live packages and their live items once, keeps the catalogue, drops the old tables', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: releaseBefore(FOLD) });
      await client.exec(`
        INSERT INTO helio_sku (id, tenant_id, sku, sku_name, sku_type, unit_price) VALUES
          (11, '000000', 'INV-5K', 'Inverter 5 kW', 1, 12000), (12, '000000', 'BAT-10', 'Battery 10 kWh', 2, 18000),
          (13, '111111', 'INV-5K', 'Inverter (other tenant)', 1, 11000);
        INSERT INTO helio_epc_package (id, tenant_id, code, name) VALUES (900, '000000', 'HOME-5', 'Home 5 kW');
        INSERT INTO helio_base_package (id, tenant_id, package_name, remark, is_deleted) VALUES
          (501, '000000', 'Starter kit', 'roof', 0),
          (502, '000000', 'Retired kit', NULL, 1),
          (503, '000000', 'Home 5 kW', NULL, 0),
          (504, '111111', 'Other tenant kit', NULL, 0);
        INSERT INTO helio_base_package_item (id, tenant_id, package_id, sku_id, quantity, is_deleted) VALUES
          (601, '000000', 501, 11, 1, 0), (602, '000000', 501, 12, 2, 0), (603, '000000', 501, 12, 9, 1),
          (604, '000000', 502, 11, 1, 0), (605, '000000', 503, 11, 1, 0), (606, '111111', 504, 13, 3, 0);
      `);

      await migrate(db, { migrationsFolder: migrationsFolder() });

      const packages = await client.query<{ id: string; tenant_id: string; code: string; name: string; description: string | null }>(
        'SELECT id::text, tenant_id, code, name, description FROM helio_epc_package ORDER BY id',
      );
      expect(packages.rows).toEqual([
        { id: '501', tenant_id: '000000', code: 'BP-501', name: 'Starter kit', description: 'roof' },
        { id: '504', tenant_id: '111111', code: 'BP-504', name: 'Other tenant kit', description: null },
        { id: '900', tenant_id: '000000', code: 'HOME-5', name: 'Home 5 kW', description: null },
      ]);
      const lines = await client.query<{ package_id: string; tenant_id: string; sku: string; quantity: number }>(
        'SELECT package_id::text, tenant_id, sku, quantity FROM helio_epc_package_line ORDER BY id',
      );
      expect(lines.rows).toEqual([
        { package_id: '501', tenant_id: '000000', sku: 'INV-5K', quantity: 1 },
        { package_id: '501', tenant_id: '000000', sku: 'BAT-10', quantity: 2 },
        { package_id: '504', tenant_id: '111111', sku: 'INV-5K', quantity: 3 },
      ]);
      const old = await client.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_name IN ('helio_base_package', 'helio_base_package_item')",
      );
      expect(old.rows).toEqual([]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
