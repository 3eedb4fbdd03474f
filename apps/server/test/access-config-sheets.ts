/**
 * Tenant probes for the Excel routes of the platform's configuration lists (setting items, address map, matching
 * list, factory versions; issue 15), spread into the settings probes: tenant B's administrator neither exports nor
 * downloads the template nor imports (all 403), and an import that tries to overwrite a platform row leaves it as it was.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { factoryVersionResource, matchingListResource } from '@helio/contracts/modules/settings/config-versions.resource';
import { addressMapResource, setItemResource } from '@helio/contracts/modules/settings/settings.resource';
import type { TestApp } from './helper.js';
import { multipart } from './multipart.js';

export function configSheetProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  const probes: Record<string, () => Promise<void>> = {};
  const rowCount = async () =>
    (await app().database.rows<{ n: number }>(sql`SELECT
      (SELECT count(*) FROM helio_setting_item WHERE update_user IS NOT NULL) + (SELECT count(*) FROM helio_address_map WHERE update_user IS NOT NULL)
      + (SELECT count(*) FROM helio_version_matching) + (SELECT count(*) FROM helio_factory_version) AS n`))[0]!.n;
  for (const def of [setItemResource, addressMapResource, matchingListResource, factoryVersionResource]) {
    for (const verb of ['export', 'import-template']) {
      probes[`GET ${def.api}/${verb}`] = async () => {
        const res = await app().req({ method: 'GET', url: `${def.api}/${verb}`, headers: headers() });
        expect(res.statusCode, `${def.api}/${verb}`).toBe(403);
      };
    }
    probes[`POST ${def.api}/import`] = async () => {
      const before = Number(await rowCount());
      const ExcelJS = (await import('exceljs')).default;
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('s');
      ws.addRow(def.fields.map((f) => f.label.en));
      ws.addRow(def.fields.map(() => '1'));
      const body = multipart([{ filename: 'f.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) }]);
      const res = await app().req({ method: 'POST', url: `${def.api}/import?isCovered=1&skipErrors=1`, headers: { ...headers(), ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(403);
      expect(Number(await rowCount())).toBe(before);
    };
  }
  return probes;
}
