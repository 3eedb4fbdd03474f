/**
 * Tenant probes of the base-package routes beyond the engine's generic ones (spread into `probes` of
 * access.test.ts): tenant B's administrator (200002) neither lists tenant A's (200001) enabled packages nor reads
 * their SKU info — A's code answers "unknown package", B's own answers its lines.
 */
import { expect } from 'vitest';
import { PACKAGE_API } from '@helio/contracts/modules/epc/package.resource';
import { nextId } from '../src/core/ids.js';
import { epcPackage, epcPackageLine } from '../src/modules/epc-package/epc-package.tables.js';
import type { TestApp } from './helper.js';

const A = '200001';
const B = '200002';

export function epcPackageProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let seeded: Promise<{ a: string; b: string }> | undefined;
  const seedSide = async (tenantId: string): Promise<string> => {
    const id = nextId();
    const code = `PK${tenantId}-${id.slice(-6)}`;
    await app().database.db.insert(epcPackage).values({ id, tenantId, code, name: code, enabled: 1 });
    await app().database.db.insert(epcPackageLine).values({ id: nextId(), tenantId, packageId: id, sku: `L${code}`, quantity: 1 });
    return code;
  };
  const seed = () => (seeded ??= (async () => ({ a: await seedSide(A), b: await seedSide(B) }))());
  const get = (url: string) => app().req({ method: 'GET', url, headers: headers() });
  return {
    [`GET ${PACKAGE_API}/enabled`]: async () => {
      const { a, b } = await seed();
      const res = await get(`${PACKAGE_API}/enabled`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(b);
      expect(res.body).not.toContain(a);
    },
    [`GET ${PACKAGE_API}/skuInfo`]: async () => {
      const { a, b } = await seed();
      const theirs = await get(`${PACKAGE_API}/skuInfo?code=${a}`);
      expect(theirs.statusCode).toBe(400);
      expect(theirs.body).not.toContain(`L${a}`);
      const mine = await get(`${PACKAGE_API}/skuInfo?code=${b}`);
      expect(mine.statusCode).toBe(200);
      expect(mine.body).toContain(`L${b}`);
    },
  };
}
