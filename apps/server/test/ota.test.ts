/**
 * OTA end to end on a real database, the embedded broker and real HTTP on loopback: a package upload (SHA-256
 * computed), the signed download link (works, expires, refuses a bad signature, resumes with Range), one device
 * upgraded through the simulator's handler, a corrupt file failing on the checksum without changing the device, a
 * campaign over 20 devices going canary → waves → done, one halting on failures and rolling back, and a restart in
 * the middle of a campaign (the same database, a second app) that resumes it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { setOtaFailureRate } from '../src/simulator/ota.js';
import { createTestApp, type TestApp } from './helper.js';
import { multipart } from './multipart.js';
import { closeFleet, connectFleet, until, type SimDeviceRef } from './ota-fleet.js';
import { createDevice, createPlant } from './station-fixtures.js';

const API = '/api/skyworth-toolkit';
/** HELIO_TEST_MQTT_URL: run over that broker (e.g. Mosquitto, anonymous) instead of the embedded one. */
const EXTERNAL = process.env.HELIO_TEST_MQTT_URL;
const ENV = {
  HELIO_MQTT_PORT: '0',
  HELIO_MQTT_HOST: '127.0.0.1',
  HELIO_JOB_POLL_MS: '50',
  ...(EXTERNAL ? { MQTT_URL: EXTERNAL, HELIO_MQTT_GROUP: `helio-ota-${randomBytes(4).toString('hex')}` } : {}),
};
let t: TestApp;
let h: Record<string, string>;
let httpBase = '';
let fleet: MqttClient[] = [];
const devices: SimDeviceRef[] = [];
let second: BuiltApp | undefined;

async function listen(app: BuiltApp, port = 0): Promise<string> {
  await app.app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}
const brokerUrl = (app: BuiltApp) => app.services.kernel.use('telemetry').running()!.broker.url;

/**
 * A firmware image: a vendor header, then random bytes. Random bytes alone are now and then taken for a known file type
 * by their first bytes (the upload's content check then refuses a ".bin"), which failed a CI run.
 */
const firmware = (size: number) => Buffer.concat([Buffer.from('HELIO-FW\0\0\0\0\0\0\0\0'), randomBytes(size - 16)]);

async function upload(content: Buffer, name = 'fw.bin') {
  const body = multipart([{ filename: name, content }]);
  const res = await t.req({ method: 'POST', url: `${API}/file/upload`, headers: { ...h, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { fileId: string; sha256: string; fileSize: number };
}

async function makePackage(version: string, content: Buffer): Promise<string> {
  const f = await upload(content);
  const res = await t.req({
    method: 'POST',
    url: `${API}/otaUpdatePack/submit`,
    headers: h,
    payload: { company: 'Helio', deviceType: 1, firmwareType: 1, firmwareVersion: version, versionStatus: 3, forceUpdate: 0, fileId: f.fileId },
  });
  expect(res.json(), res.body).toMatchObject({ success: true });
  const list = await t.req({ method: 'GET', url: `${API}/otaUpdatePack/list?firmwareVersion=${version}`, headers: h });
  return (list.json().data.records as { id: string; firmwareVersion: string }[]).find((r) => r.firmwareVersion === version)!.id;
}

const get = async (url: string, app: { req: TestApp['req'] } = t) => (await app.req({ method: 'GET', url, headers: h })).json().data;
const post = async (url: string, payload: unknown) => t.req({ method: 'POST', url, headers: h, payload: payload as object });

beforeAll(async () => {
  setOtaFailureRate(0);
  t = await createTestApp(ENV);
  const plantId = await createPlant(t.database.db);
  for (let i = 0; i < 22; i++) {
    const secret = `ota-${randomBytes(8).toString('hex')}`;
    const d = await createDevice(t.database.db, { plantId, kind: 'inverter', secret, sn: `OTA${String(i).padStart(2, '0')}${randomBytes(3).toString('hex').toUpperCase()}` });
    devices.push({ sn: d.sn, secret, state: {} });
  }
  await t.database.db.execute(`UPDATE helio_device SET fw_master = 'V1.0.0' WHERE device_sn LIKE 'OTA%'` as never);
  await t.start();
  httpBase = await listen(t);
  h = await t.adminHeaders();
  fleet = await connectFleet(brokerUrl(t), httpBase, devices);
}, 60_000);

afterAll(async () => {
  await closeFleet(fleet);
  if (second) {
    await second.close();
    await t.database.drop();
  } else await t?.stop();
});

describe('packages and the signed download', () => {
  const content = firmware(300_000);
  let packageId = '';

  it('an upload computes the SHA-256; the package carries the file, one per package', async () => {
    const f = await upload(content);
    expect(f.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(f.fileSize).toBe(content.length);
    const missing = await post(`${API}/otaUpdatePack/submit`, { deviceType: 1, firmwareType: 1, firmwareVersion: 'V0.9.0', versionStatus: 1 });
    expect(missing.json()).toMatchObject({ success: false, msg: '请上传一个升级包文件' });
    packageId = await makePackage('V0.9.0', content);
    const detail = await get(`${API}/otaUpdatePack/detail?id=${packageId}`);
    expect(detail).toMatchObject({ fileSha256: f.sha256, fileSize: content.length, fileName: 'fw.bin' });
    const dup = await post(`${API}/otaUpdatePack/submit`, { deviceType: 1, firmwareType: 1, firmwareVersion: 'V0.9.0', versionStatus: 1, fileId: f.fileId });
    expect(dup.json().success).toBe(false);
  });

  it('the signed URL serves the file without a token, resumes with Range, and refuses a bad or expired signature', async () => {
    const { url, fileSize, sha256 } = await get(`${API}/file/query/download/url?id=${packageId}`);
    expect(fileSize).toBe(content.length);
    const whole = await fetch(new URL(url, httpBase));
    expect(whole.status).toBe(200);
    const body = Buffer.from(await whole.arrayBuffer());
    expect(createHash('sha256').update(body).digest('hex')).toBe(sha256);
    const beyond = await fetch(new URL(url, httpBase), { headers: { range: 'bytes=1048500-' } });
    expect(beyond.status).toBe(416);
    const rest = await fetch(new URL(url, httpBase), { headers: { range: 'bytes=100000-' } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 100000-${content.length - 1}/${content.length}`);
    expect(Buffer.from(await rest.arrayBuffer()).equals(content.subarray(100000))).toBe(true);
    const bad = await fetch(new URL(url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA'), httpBase));
    expect(bad.status).toBe(403);
    const fileId = /ota-download\/(\d+)/.exec(url)![1]!;
    const expired = await t.services.kernel.use('ota').files.signedPath(fileId, 60, Date.now() - 120_000);
    expect((await fetch(new URL(expired.path, httpBase))).status).toBe(403);
  });
});

describe('one device', () => {
  it('is upgraded end to end: notify → download → verify → update → new version reported', async () => {
    const pkg = await makePackage('V1.1.0', firmware(50_000));
    const sn = devices[20]!.sn;
    const res = await post(`${API}/ota/upgrade`, { packageId: pkg, deviceSns: [sn] });
    expect(res.json(), res.body).toMatchObject({ success: true });
    const id = res.json().data.records[0].id as string;
    const rec = await until(async () => {
      const r = (await get(`${API}/ota/upgradeRecord/list?deviceSn=${sn}`)).records.find((x: { id: string }) => x.id === id);
      return r.state === 'updated' || r.state === 'failed' ? r : undefined;
    });
    expect(rec).toMatchObject({ state: 'updated', reportedVersion: 'V1.1.0', fromVersion: 'V1.0.0', progress: 100 });
    const versions = await until(async () => {
      const v = (await get(`${API}/ota/softwareVersion/list?deviceSn=${sn}`)).records[0];
      return v.fwMaster === 'V1.1.0' ? v : undefined;
    });
    expect(versions).toMatchObject({ lastUpgradeState: 'updated', lastUpgradeVersion: 'V1.1.0' });
  });

  it('a corrupt file fails on the checksum and leaves the device on its firmware; retry notifies again', async () => {
    const pkg = await makePackage('V1.2.0', firmware(20_000));
    const detail = await get(`${API}/otaUpdatePack/detail?id=${pkg}`);
    await t.database.db.execute(`UPDATE helio_ota_file_chunk SET data = decode('00', 'hex') || substring(data from 2) WHERE file_id = ${detail.fileId}` as never);
    const sn = devices[21]!.sn;
    const res = await post(`${API}/ota/upgrade`, { packageId: pkg, deviceSns: [sn] });
    const id = res.json().data.records[0].id as string;
    const rec = await until(async () => {
      const r = (await get(`${API}/ota/upgradeRecord/list?deviceSn=${sn}`)).records.find((x: { id: string }) => x.id === id);
      return r.state === 'failed' || r.state === 'updated' ? r : undefined;
    });
    expect(rec.state).toBe('failed');
    expect(rec.failReason).toMatch(/checksum mismatch/);
    expect((await get(`${API}/ota/softwareVersion/list?deviceSn=${sn}`)).records[0].fwMaster).toBe('V1.0.0');
    const retry = await post(`${API}/ota/upgradeRecord/retry`, { id });
    expect(retry.json().data).toMatchObject({ attempts: 2 });
    const overview = await get(`${API}/ota/overview`);
    expect(overview.byState.map((s: { state: string }) => s.state)).toEqual(expect.arrayContaining(['updated']));
  });
});

describe('campaigns', () => {
  const fleet20 = () => devices.slice(0, 20).map((d) => d.sn);
  const progress = (id: string) => get(`${API}/ota/campaign/progress?id=${id}`);
  const settle = (id: string, states: string[]) =>
    until(async () => {
      const p = await progress(id);
      return states.includes(p.campaign.state) ? p : undefined;
    }, 40_000);
  const base = { canaryPercent: 10, waveSize: 6, pacePerMinute: 6000, failureThreshold: 30, windowStart: '00:00', windowEnd: '00:00', tickMs: 100 };

  it('goes canary → waves → done over 20 devices', async () => {
    const pkg = await makePackage('V2.0.0', firmware(30_000));
    const res = await post(`${API}/ota/campaign/save`, { ...base, campaignName: 'v2 roll-out', packageId: pkg, filter: { deviceSns: fleet20(), currentVersion: 'V1.0.0' } });
    expect(res.json(), res.body).toMatchObject({ success: true, data: { state: 'running', waveCount: 4, targets: 20 } });
    const p = await settle(res.json().data.id, ['done', 'halted']);
    expect(p.campaign.state).toBe('done');
    expect(p.counts).toMatchObject({ updated: 20, failed: 0 });
    expect(p.waves.map((w: { wave: number; total: number }) => [w.wave, w.total])).toEqual([[0, 2], [1, 6], [2, 6], [3, 6]]);
  });

  it('halts when a wave fails beyond the threshold, and rolls back to the previous package', async () => {
    const pkg = await makePackage('V3.0.0', firmware(30_000));
    const sns = fleet20().sort();
    // The canary (the first 2 by SN) succeeds; everyone after fails at flashing.
    for (const d of devices) if (sns.indexOf(d.sn) >= 2) d.state.otaFail = 'flash write error';
    const res = await post(`${API}/ota/campaign/save`, { ...base, campaignName: 'v3 bad', packageId: pkg, filter: { deviceSns: sns } });
    const id = res.json().data.id as string;
    const halted = await settle(id, ['halted', 'done']);
    expect(halted.campaign).toMatchObject({ state: 'halted', currentWave: 1 });
    // Stored as data, worded in the reader's language.
    expect(halted.campaign.haltReason).toBe('第 1 批: 6 台中 6 台失败(超过 30%)');
    const english = await t.req({ method: 'GET', url: `${API}/ota/campaign/progress?id=${id}`, headers: { ...h, 'accept-language': 'en-US' } });
    expect(english.json().data.campaign.haltReason).toBe('wave 1: 6 of 6 failed (more than 30%)');
    expect(halted.waves.map((w: { wave: number }) => w.wave)).toEqual([0, 1, 2, 3]);
    expect(halted.waves[2]).toMatchObject({ updated: 0, failed: 0, active: 6 });
    const rb = await post(`${API}/ota/campaign/rollback`, { id });
    expect(rb.json(), rb.body).toMatchObject({ success: true, data: { state: 'rolling_back' } });
    const done = await settle(id, ['rolled_back']);
    expect(done.rollback).toMatchObject({ updated: 2, failed: 0 });
    for (const sn of sns.slice(0, 2)) expect((await get(`${API}/ota/softwareVersion/list?deviceSn=${sn}`)).records[0].fwMaster).toBe('V2.0.0');
    for (const d of devices) delete d.state.otaFail;
  });

  it('resumes after a restart in the middle of a campaign (a second app on the same database)', async () => {
    const pkg = await makePackage('V4.0.0', firmware(10_000));
    const sns = fleet20().sort().slice(0, 6);
    // 60 a minute: one device a second, so the restart lands mid-way.
    const res = await post(`${API}/ota/campaign/save`, {
      ...base,
      pacePerMinute: 60,
      canaryPercent: 25,
      waveSize: 2,
      failureThreshold: 50,
      upgradeTimeoutMinutes: 0.2,
      campaignName: 'restart',
      packageId: pkg,
      filter: { deviceSns: sns },
    });
    const id = res.json().data.id as string;
    // Mid-way, between two devices (none downloading at the moment the process stops).
    await until(async () => {
      const c = (await progress(id)).counts;
      return c.updated >= 1 && c.updated < 5 && c.notified + c.downloading + c.downloaded + c.verifying + c.updating === 0 ? true : undefined;
    }, 20_000, 20);
    const port = Number(new URL(httpBase).port);
    await closeFleet(fleet);
    await t.close();
    second = await buildApp(loadConfig({ HELIO_CAPTCHA: 'off', HELIO_SIMULATOR: 'off', HELIO_LOG_LEVEL: 'silent', HELIO_WEB_DIR: '/nonexistent-helio-web', ...ENV }), {
      database: t.database,
      logger: false,
    });
    await second.start();
    const base2 = await listen(second, port);
    fleet = await connectFleet(brokerUrl(second), base2, devices);
    const app2 = { req: (o: Parameters<TestApp['req']>[0]) => second!.app.inject(o) };
    const p = await until(async () => {
      const r = await get(`${API}/ota/campaign/progress?id=${id}`, app2);
      return r.campaign.state === 'done' || r.campaign.state === 'halted' ? r : undefined;
    }, 40_000);
    expect(p.campaign.state).toBe('done');
    expect(p.counts.updated + p.counts.failed).toBe(6);
    expect(p.counts.updated).toBeGreaterThanOrEqual(5);
  });
});
