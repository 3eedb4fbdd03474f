/** The sweep's base packages (issue 18): one package and one line per world, named by the world's marker. */
import { nextId } from '../../src/core/ids.js';
import { epcPackage, epcPackageLine } from '../../src/modules/epc-package/epc-package.tables.js';
import type { TestApp } from '../helper.js';
import type { Kind } from './world.js';

export async function epcPackageWorld(t: TestApp, ids: Record<Kind, string>, tenantId: string, marker: string): Promise<void> {
  const db = t.database.db;
  ids.epcPackage = nextId();
  await db.insert(epcPackage).values({ id: ids.epcPackage, tenantId, code: `${marker}-bp`.slice(0, 64), name: `${marker} base package`, enabled: 1 });
  ids.epcPackageLine = nextId();
  await db.insert(epcPackageLine).values({ id: ids.epcPackageLine, tenantId, packageId: ids.epcPackage, sku: `${marker}-line`.slice(0, 64), quantity: 1 });
}
