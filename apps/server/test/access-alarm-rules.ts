/**
 * Tenant probes for the alarm-rule routes (issue 14), spread into `probes` of access.test.ts: tenant B's
 * administrator (200002) reads the platform-wide catalogue but cannot change it (403: platform users only), and
 * never reads, changes or removes tenant A's (200001) per-device threshold overrides; B's own override shows.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { nextId } from '../src/core/ids.js';
import type { TestApp } from './helper.js';
import { createDevice, createPlant } from './station-fixtures.js';

const C = '/api/skyworth-client';

interface World {
  aDevice: string;
  aOverride: string;
  bDevice: string;
  bOverride: string;
  definition: { id: string; version: number };
}

async function guardianWithOverride(t: TestApp, tenantId: string, name: string): Promise<{ device: string; override: string }> {
  const plantId = await createPlant(t.database.db, { tenantId, name });
  const d = await createDevice(t.database.db, { plantId, kind: 'guardian', tenantId });
  const id = nextId();
  await t.database.rows(sql`INSERT INTO helio_alarm_threshold (id, tenant_id, device_id, alarm_code, threshold, clear_level, duration_s)
    VALUES (${id}, ${tenantId}, ${d.id}, 9104, 12, 8, 0) RETURNING id`);
  return { device: d.id, override: id };
}

export function alarmRuleProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let setup: Promise<World> | undefined;
  const world = () =>
    (setup ??= (async () => {
      const t = app();
      const a = await guardianWithOverride(t, '200001', 'A-rules-station');
      const b = await guardianWithOverride(t, '200002', 'B-rules-station');
      const [def] = await t.database.rows<{ id: string; version: number }>(
        sql`SELECT id::text AS id, version FROM helio_alarm_definition WHERE device_type = 3 AND alarm_code = 9104`,
      );
      return { aDevice: a.device, aOverride: a.override, bDevice: b.device, bOverride: b.override, definition: def! };
    })());
  const get = (url: string) => app().req({ method: 'GET', url, headers: headers() });
  const post = (url: string, payload: object) => app().req({ method: 'POST', url, headers: headers(), payload });
  const override = async (id: string) =>
    (await app().database.rows<{ threshold: number; version: number }>(sql`SELECT threshold, version FROM helio_alarm_threshold WHERE id = ${id}`))[0];

  return {
    [`GET ${C}/alarmDefinition/list`]: async () => {
      // Platform reference data: every tenant reads the same catalogue (no tenant column).
      const res = await get(`${C}/alarmDefinition/list?deviceType=3&source=rule`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.records.map((r: { alarmCode: number }) => r.alarmCode)).toEqual([9104]);
    },
    [`GET ${C}/alarmDefinition/detail`]: async () => {
      const { definition } = await world();
      expect((await get(`${C}/alarmDefinition/detail?id=${definition.id}`)).json().data.alarmCode).toBe(9104);
    },
    [`POST ${C}/alarmDefinition/update`]: async () => {
      const { definition } = await world();
      const res = await post(`${C}/alarmDefinition/update`, {
        id: definition.id, severity: 1, category: 'safety', nameZh: 'B', nameEn: 'B', rule: { metric: 'leakMa', op: '>', threshold: 900, clear: 800, durationS: 0 },
      });
      expect(res.statusCode).toBe(403);
      const [row] = await app().database.rows<{ version: number; nameEn: string }>(sql`SELECT version, name_en AS "nameEn" FROM helio_alarm_definition WHERE id = ${definition.id}`);
      expect(row).toEqual({ version: definition.version, nameEn: expect.not.stringMatching(/^B$/) });
    },
    [`GET ${C}/alarmThreshold/list`]: async () => {
      const { bOverride } = await world();
      for (const query of ['', '?tenantId=200001']) {
        const res = await get(`${C}/alarmThreshold/list${query}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.records.map((r: { id: string }) => r.id)).toEqual([bOverride]);
      }
    },
    [`GET ${C}/alarmThreshold/device`]: async () => {
      const { aDevice, bDevice } = await world();
      const own = await get(`${C}/alarmThreshold/device?deviceId=${bDevice}`);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data.rules.find((r: { alarmCode: number }) => r.alarmCode === 9104).override.threshold, own.body).toBe(12);
      const res = await get(`${C}/alarmThreshold/device?deviceId=${aDevice}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('A-rules-station');
    },
    [`POST ${C}/alarmThreshold/save`]: async () => {
      const { aDevice, aOverride } = await world();
      const before = await override(aOverride);
      expect((await post(`${C}/alarmThreshold/save`, { deviceId: aDevice, alarmCode: 9104, threshold: 500, clear: 400 })).statusCode).toBe(400);
      expect(await override(aOverride)).toEqual(before);
    },
    [`POST ${C}/alarmThreshold/remove`]: async () => {
      const { aOverride } = await world();
      expect((await post(`${C}/alarmThreshold/remove`, { ids: aOverride })).statusCode).toBe(400);
      expect(await override(aOverride)).toBeDefined();
    },
  };
}
