/**
 * Tenant probes of the OTA routes beyond the package CRUD (whose routes the engine probes), spread into `probes` of
 * access.test.ts: tenant B's administrator (200002) neither reads nor changes tenant A's (200001) packages,
 * upgrades, campaigns or device versions. B's own rows are written here so each list shows B's row and not A's; B's
 * device exists only during the version-list probe (B's fleet must otherwise stay empty: test/access/seed-b.ts).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { device } from '../src/db/schema-device.js';
import { otaCampaign, otaFile, otaPackage, otaUpgrade } from '../src/modules/ota/ota.tables.js';
import type { TestApp } from './helper.js';
import { multipart } from './multipart.js';

const API = '/api/skyworth-toolkit';
const A = '200001';
const B = '200002';

export function otaProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let seeded: Promise<{ aPkg: string; bPkg: string; aFile: string; aUpgrade: string; aCampaign: string; bUpgrade: string; bCampaign: string; aSn: string }> | undefined;
  const seed = () =>
    (seeded ??= (async () => {
      const db = app().database.db;
      const ids = { aPkg: nextId(), bPkg: nextId(), aFile: nextId(), aUpgrade: nextId(), aCampaign: nextId(), bUpgrade: nextId(), bCampaign: nextId(), aDevice: nextId() };
      const aSn = `OTAA${ids.aDevice.slice(-8)}`;
      await db.insert(device).values({ id: ids.aDevice, tenantId: A, deviceType: 1, deviceSn: aSn, secretHash: '0'.repeat(64), fwMaster: 'A-SECRET-1' });
      await db.insert(otaFile).values({ id: ids.aFile, tenantId: A, originalName: 'a.bin', fileSize: 1, sha256: 'a'.repeat(64), mime: 'application/octet-stream' });
      await db.insert(otaPackage).values([
        { id: ids.aPkg, tenantId: A, deviceType: 1, firmwareType: 1, firmwareVersion: 'A1.0', fileId: ids.aFile, fileSha256: 'a'.repeat(64), fileSize: 1 },
        { id: ids.bPkg, tenantId: B, deviceType: 1, firmwareType: 1, firmwareVersion: 'B1.0', fileId: nextId(), fileSha256: 'b'.repeat(64), fileSize: 1 },
      ]);
      const upgrade = (id: string, tenantId: string, sn: string, campaignId: string) => ({
        id,
        tenantId,
        deviceId: ids.aDevice,
        deviceSn: sn,
        packageId: ids.aPkg,
        campaignId,
        state: 'failed',
        toVersion: 'A1.0',
      });
      const campaign = (id: string, tenantId: string) => ({
        id,
        tenantId,
        campaignName: `${tenantId} campaign`,
        packageId: ids.aPkg,
        state: 'halted',
        canaryPercent: 10,
        waveSize: 5,
        pacePerMinute: 60,
        failureThreshold: 20,
        windowStart: '00:00',
        windowEnd: '05:00',
        upgradeTimeoutMs: 60_000,
        tickMs: 1000,
      });
      await db.insert(otaCampaign).values([campaign(ids.aCampaign, A), campaign(ids.bCampaign, B)]);
      await db.insert(otaUpgrade).values([upgrade(ids.aUpgrade, A, aSn, ids.aCampaign), upgrade(ids.bUpgrade, B, 'OTAB0001', ids.bCampaign)]);
      return { ...ids, aSn };
    })());
  const req = (method: 'GET' | 'POST', url: string, payload?: object) => app().req({ method, url, headers: headers(), ...(payload ? { payload } : {}) });
  const refused = (res: { statusCode: number; json(): { success: boolean } }) => {
    expect([200, 400, 403, 404]).toContain(res.statusCode);
    expect(res.json().success).toBe(false);
  };
  const aUpgradeState = async (id: string) => (await app().database.db.select().from(otaUpgrade).where(eq(otaUpgrade.id, id)))[0]!.state;
  const aCampaignState = async (id: string) => (await app().database.db.select().from(otaCampaign).where(eq(otaCampaign.id, id)))[0]!.state;

  const aPackage = async (id: string) => (await app().database.db.select().from(otaPackage).where(eq(otaPackage.id, id)))[0]!;
  const packageList = (verb: 'list' | 'page') => async () => {
    const { aPkg, bPkg } = await seed();
    const res = await req('GET', `${API}/otaUpdatePack/${verb}?size=100`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data.records as { id: string }[]).map((r) => r.id);
    expect(ids).toContain(bPkg);
    expect(ids).not.toContain(aPkg);
  };

  return {
    [`GET ${API}/otaUpdatePack/list`]: packageList('list'),
    [`GET ${API}/otaUpdatePack/page`]: packageList('page'),
    // An insert lands in B's tenant and cannot take A's uploaded file.
    [`POST ${API}/otaUpdatePack/save`]: async () => {
      const { aFile } = await seed();
      refused(await req('POST', `${API}/otaUpdatePack/save`, { tenantId: A, deviceType: 1, firmwareType: 1, firmwareVersion: 'B9.9', versionStatus: 1, fileId: aFile }));
    },
    [`POST ${API}/otaUpdatePack/update`]: async () => {
      const { aPkg } = await seed();
      const before = await aPackage(aPkg);
      refused(await req('POST', `${API}/otaUpdatePack/update`, { id: aPkg, deviceType: 1, firmwareType: 1, firmwareVersion: 'HIJACK', versionStatus: 1 }));
      expect(await aPackage(aPkg)).toEqual(before);
    },
    [`POST ${API}/file/upload`]: async () => {
      const body = multipart([{ filename: 'b.bin', content: Buffer.from('b firmware') }]);
      const res = await app().req({ method: 'POST', url: `${API}/file/upload`, headers: { ...headers(), ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.fileSize).toBe(10); // B's own file, stored under B
    },
    [`GET ${API}/file/query/download/url`]: async () => {
      const { aPkg } = await seed();
      refused(await req('GET', `${API}/file/query/download/url?id=${aPkg}`));
    },
    [`GET ${API}/ota/softwareVersion/list`]: async () => {
      const { aSn } = await seed();
      const db = app().database.db;
      const bDevice = nextId();
      await db.insert(device).values({ id: bDevice, tenantId: B, deviceType: 1, deviceSn: `OTAB${bDevice.slice(-8)}`, secretHash: '0'.repeat(64) });
      try {
        const res = await req('GET', `${API}/ota/softwareVersion/list?size=100`);
        expect(res.statusCode).toBe(200);
        const sns = (res.json().data.records as { deviceSn: string }[]).map((r) => r.deviceSn);
        expect(sns).toContain(`OTAB${bDevice.slice(-8)}`);
        expect(sns).not.toContain(aSn);
        expect(res.body).not.toContain('A-SECRET-1');
      } finally {
        await db.delete(device).where(eq(device.id, bDevice));
      }
    },
    [`GET ${API}/ota/upgradeRecord/list`]: async () => {
      const { aUpgrade, bUpgrade } = await seed();
      const res = await req('GET', `${API}/ota/upgradeRecord/list?size=100`);
      expect(res.statusCode).toBe(200);
      const ids = (res.json().data.records as { id: string }[]).map((r) => r.id);
      expect(ids).toContain(bUpgrade);
      expect(ids).not.toContain(aUpgrade);
    },
    [`GET ${API}/ota/overview`]: async () => {
      await seed();
      const res = await req('GET', `${API}/ota/overview`);
      expect(res.statusCode).toBe(200);
      const byState = res.json().data.byState as { state: string; count: number }[];
      expect(byState).toEqual([{ state: 'failed', count: 1 }]); // B's one record, not A's
      expect(res.body).not.toContain('A-SECRET-1');
    },
    [`POST ${API}/ota/upgradeRecord/retry`]: async () => {
      const { aUpgrade } = await seed();
      refused(await req('POST', `${API}/ota/upgradeRecord/retry`, { id: aUpgrade }));
      expect(await aUpgradeState(aUpgrade)).toBe('failed');
    },
    [`POST ${API}/ota/upgrade`]: async () => {
      const { aPkg, aSn } = await seed();
      refused(await req('POST', `${API}/ota/upgrade`, { packageId: aPkg, deviceSns: [aSn] }));
    },
    [`POST ${API}/ota/campaign/save`]: async () => {
      const { aPkg } = await seed();
      const body = { campaignName: 'x', packageId: aPkg, filter: {}, canaryPercent: 10, waveSize: 5, pacePerMinute: 60, failureThreshold: 20, windowStart: '00:00', windowEnd: '05:00' };
      refused(await req('POST', `${API}/ota/campaign/save`, body));
    },
    [`GET ${API}/ota/campaign/list`]: async () => {
      const { aCampaign, bCampaign } = await seed();
      const res = await req('GET', `${API}/ota/campaign/list?size=100`);
      expect(res.statusCode).toBe(200);
      const ids = (res.json().data.records as { id: string }[]).map((r) => r.id);
      expect(ids).toContain(bCampaign);
      expect(ids).not.toContain(aCampaign);
    },
    [`GET ${API}/ota/campaign/progress`]: async () => {
      const { aCampaign } = await seed();
      refused(await req('GET', `${API}/ota/campaign/progress?id=${aCampaign}`));
    },
    ...Object.fromEntries(
      ['resume', 'rollback', 'cancel'].map((verb) => [
        `POST ${API}/ota/campaign/${verb}`,
        async () => {
          const { aCampaign } = await seed();
          refused(await req('POST', `${API}/ota/campaign/${verb}`, { id: aCampaign }));
          expect(await aCampaignState(aCampaign)).toBe('halted');
        },
      ]),
    ),
  };
}
