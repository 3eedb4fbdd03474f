/**
 * OTA firmware (issue 15), one walk that starts in Chinese and switches the console to English halfway: in Chinese the
 * operator uploads a firmware package on `/ota` and sees the SHA-256 the server computed, then a campaign over 50
 * inverters goes canary → waves → done on screen (a 10 % canary and waves of 15 at a high pace, so the walk stays
 * short); in English a second campaign over four others halts on its first wave's failures and is rolled back (the
 * canary device is flashed back to the previous package). The inverters are played by the test over MQTT (the demo
 * simulator's failures are random and its PV inverters go quiet at night, so it cannot give a deterministic halt),
 * each with its own MQTT client, connected concurrently: each downloads the firmware for real from the URL in the
 * notify (two ranged requests), checks the SHA-256 and reports 801…805 — or 806 when it is one of the devices told to
 * fail. axe-core on the screen and the drawer (in each language); screenshots to $OTA_SHOTS (default e2e/screenshots/).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { expect, onFleet } from './fixtures';
import { PAGE_LOAD, expectAccessible, signIn, switchConsoleLanguage, watchProblems } from './helpers';
import { COMMAND_FLEET, addDevices, adminApi, demoStation, featureTexts, spaced as button, until, type Api, type Lang } from './fleet-api';
import { playDevices, refuse, type PlayedDevice } from './device-play';

const SHOTS = process.env.OTA_SHOTS ?? path.join(import.meta.dirname, 'screenshots');
const T = '/api/skyworth-toolkit';
const tr = featureTexts('ota');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function fetchRange(url: string, from: number, to?: number): Promise<Buffer> {
  const res = await fetch(url, { headers: { range: `bytes=${from}-${to ?? ''}` } });
  if (res.status !== 206 && res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  return res.status === 200 ? buf.subarray(from, to === undefined ? undefined : to + 1) : buf;
}

type Notify = { upgradeId: string; url: string; size: number; sha256: string; version: string };

/**
 * An inverter played by the test: reports firmware `fw` and answers `otaUpgrade` the way docs/device-protocol.md
 * describes; `fails` makes every upgrade to a version other than `fw` fail at flashing.
 */
async function upgradable(device: PlayedDevice, server: string, model: string, fw: string, fails: boolean): Promise<void> {
  const progress = (code: number, msg: string) => device.event(code, msg, code === 806 ? 3 : 1);
  await device.answer<Notify>((method, p) => {
    if (method !== 'otaUpgrade') return refuse();
    const upgrade = async () => {
      const url = new URL(p.url, server).toString();
      await progress(801, `${p.upgradeId}:0`);
      const half = Math.floor(p.size / 2);
      const first = await fetchRange(url, 0, half - 1);
      const data = Buffer.concat([first, await fetchRange(url, first.length)]);
      await progress(802, p.upgradeId);
      await progress(803, p.upgradeId);
      if (sha256(data) !== p.sha256) return progress(806, `${p.upgradeId}:checksum mismatch`);
      await progress(804, p.upgradeId);
      if (fails && p.version !== fw) return progress(806, `${p.upgradeId}:flash write error`);
      fw = p.version;
      await device.status(model, fw);
      return progress(805, `${p.upgradeId}:${fw}`);
    };
    return { ok: true, result: { accepted: true }, after: upgrade };
  });
  await device.status(model, fw);
}

/**
 * Group A: 50 inverters that all upgrade; group B: four, of which only the first (the canary: campaigns take the
 * devices in SN order) does. Registered to the demo station, then played, all connected at once.
 */
async function fleetOf(api: Api, server: string, mqttUrl: string, tag: string, fw: string): Promise<PlayedDevice[]> {
  const plantId = await demoStation(api);
  const groups = [
    { group: 'A', count: 50, fails: () => false },
    { group: 'B', count: 4, fails: (i: number) => i > 0 },
  ];
  const played: PlayedDevice[] = [];
  for (const { group, count, fails } of groups) {
    const model = `OTA-${group}-${tag}`.slice(0, 32);
    const sns = Array.from({ length: count }, (_, i) => `E2EOTA${group}${String(i).padStart(2, '0')}${tag}`);
    const devices = await playDevices(mqttUrl, await addDevices(api, plantId, sns.map((sn) => ({ sn, model }))));
    played.push(...devices);
    await Promise.all(devices.map((d, i) => upgradable(d, server, model, fw, fails(i))));
  }
  return played;
}

const test = onFleet(COMMAND_FLEET);

test('a firmware package rolls out in waves; a failing campaign halts and rolls back (zh-CN → en-US)', async ({ page, fleet }) => {
  test.setTimeout(120_000);
  let lang: Lang = 'zh-CN';
  // The texts of the language the console shows at that step (lang changes halfway).
  const L = (k: string) => tr(lang, k);
  const tag = Date.now().toString(36).toUpperCase();
  const oldVersion = `1.0.${tag}`;
  const newVersion = `2.0.${tag}`;
  const api = await adminApi(fleet.url);
  const devices: PlayedDevice[] = [];
  try {
    // The firmware the devices run now, as a package (the rollback target).
    const old = await api.upload<{ fileId: string }>(`${T}/file/upload`, `fw-${oldVersion}.bin`, Buffer.from(`old firmware ${tag}\n`.repeat(64)));
    await api.post(`${T}/otaUpdatePack/submit`, { deviceType: 1, firmwareType: 1, firmwareVersion: oldVersion, versionStatus: 1, fileId: old.fileId });
    devices.push(...(await fleetOf(api, fleet.url, fleet.mqttUrl, tag, oldVersion)));
    await until(
      'the devices to report their firmware',
      async () => {
        const page = await api.get<{ total: number }>(`${T}/ota/softwareVersion/list?size=10&deviceSn=${tag}&version=${oldVersion}`);
        return page.total === devices.length ? true : undefined;
      },
      { every: 250 },
    );

    const problems = watchProblems(page);
    await signIn(page, lang, '/ota');
    await expect(page.getByRole('tab', { name: L('tab.campaigns') })).toBeVisible(PAGE_LOAD);

    // zh-CN: upload the new firmware: the dialog shows the SHA-256 the server computed, the list shows the package.
    const firmware = Buffer.from(`new firmware ${tag}\n`.repeat(128));
    const sha = sha256(firmware);
    await page.getByRole('button', { name: button(L('addPackage')) }).click();
    const dialog = page.getByRole('dialog', { name: L('addPackage') });
    await dialog.getByLabel(L('field.firmwareVersion'), { exact: true }).fill(newVersion);
    await dialog.locator('input[type=file]').setInputFiles({ name: `fw-${newVersion}.bin`, mimeType: 'application/octet-stream', buffer: firmware });
    await expect(dialog.getByTestId('ota-uploaded-file')).toContainText(sha);
    await dialog.getByRole('button', { name: button(L('save')) }).click();
    await expect(dialog).toBeHidden();
    const pkgRow = page.locator('tr', { hasText: newVersion });
    await expect(pkgRow).toContainText(sha.slice(0, 12));
    await expectAccessible(page, '.ant-card');
    await page.screenshot({ path: path.join(SHOTS, `ota-packages-${lang}.png`), fullPage: true });

    // A campaign at a high pace (50 a second) with quick checks, always in the window (its dialog in the console's
    // language of the moment).
    const campaign = async (name: string, model: string, { canary, wave }: { canary: number; wave: number }) => {
      await page.getByRole('button', { name: button(L('newCampaign')) }).click();
      const d = page.getByRole('dialog', { name: L('newCampaign') });
      await d.getByLabel(L('field.campaignName'), { exact: true }).fill(name);
      await d.getByLabel(L('field.package'), { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: newVersion }).click();
      await d.getByLabel(L('field.model'), { exact: true }).fill(model);
      await d.getByLabel(L('field.canaryPercent'), { exact: true }).fill(String(canary));
      await d.getByLabel(L('field.waveSize'), { exact: true }).fill(String(wave));
      await d.getByLabel(L('field.pacePerMinute'), { exact: true }).fill('3000');
      await d.getByLabel(L('field.failureThreshold'), { exact: true }).fill('50');
      await d.getByLabel(L('field.tickSeconds'), { exact: true }).fill('0.3');
      await d.getByLabel(L('field.windowStart'), { exact: true }).fill('00:00');
      await d.getByLabel(L('field.windowEnd'), { exact: true }).fill('00:00');
      await d.getByRole('button', { name: button(L('start')) }).click();
      await expect(d).toBeHidden();
      const drawer = page.locator('.ant-drawer-content', { hasText: name });
      await expect(drawer).toBeVisible();
      return drawer;
    };
    await page.getByRole('tab', { name: L('tab.campaigns') }).click();
    // zh-CN: campaign A over the 50: a 10 % canary (five devices), then waves of 15.
    let drawer = await campaign(`A ${tag}`, `OTA-A-${tag}`.slice(0, 32), { canary: 10, wave: 15 });
    // The first entry of the drawer's summary is the campaign's state.
    const state = (s: string) => drawer.locator('.ant-descriptions-item-content').first().getByText(L(`campaignState.${s}`), { exact: true });
    await expect(drawer.getByRole('cell', { name: L('canary'), exact: true })).toBeVisible();
    await expect(state('done')).toBeVisible({ timeout: 45_000 });
    // The canary and three waves (columns: wave, devices, updated, failed, active), every one of the 50 updated.
    const waves = drawer.locator('.ant-table-tbody tr.ant-table-row');
    await expect(waves).toHaveCount(4);
    for (const [i, n] of [5, 15, 15, 15].entries()) {
      await expect(waves.nth(i).locator('td').nth(1)).toHaveText(String(n));
      await expect(waves.nth(i).locator('td').nth(2)).toHaveText(String(n));
      await expect(waves.nth(i).locator('td').nth(3)).toHaveText('0');
    }
    await expectAccessible(page, '.ant-drawer-content');
    await page.screenshot({ path: path.join(SHOTS, `ota-campaign-done-${lang}.png`), fullPage: true });
    await drawer.locator('..').locator('.ant-drawer-close').click();

    // The console in English from here on.
    await switchConsoleLanguage(page, 'en-US');
    lang = 'en-US';

    // en-US: campaign B over the four (a 25 % canary: one device, a wave of three): the canary succeeds, the first
    // wave fails → halted; rolling back flashes the canary back.
    drawer = await campaign(`B ${tag}`, `OTA-B-${tag}`.slice(0, 32), { canary: 25, wave: 3 });
    await expect(state('halted')).toBeVisible({ timeout: 45_000 });
    await expect(drawer.getByRole('row', { name: new RegExp(L('field.haltReason')) })).toContainText('3 of 3 failed');
    // The drawer again, now in English (its halted state shows the reason and the rollback button).
    await expectAccessible(page, '.ant-drawer-content');
    await page.screenshot({ path: path.join(SHOTS, `ota-campaign-halted-${lang}.png`), fullPage: true });
    await drawer.getByRole('button', { name: button(L('rollback')) }).click();
    await expect(state('rolled_back')).toBeVisible({ timeout: 45_000 });
    await expect(drawer).toContainText(L('rollbackCounts').replace('{{updated}}', '1').replace('{{failed}}', '0'));
    expect(problems).toEqual([]);
  } finally {
    await Promise.all(devices.map((d) => d.end()));
    await api.dispose();
  }
});
