/**
 * The alarm walk (issue 14), as an operator: a device reports faults over MQTT → the alarms appear in the open list
 * without a reload → one is acknowledged from the list, the other handled in the drawer in Chinese (with the shared
 * rule messages, and a site photo attached to the record: uploaded, then shown as a thumbnail in the history that
 * opens large), then again in English after switching language → the history shows both records → the device
 * reports again without faults → the alarms show recovered. axe-core finds no critical or serious problem on the
 * list or the drawer; screenshots of both languages go to $ALARM_SHOTS (default e2e/screenshots/).
 *
 * The device is real: the walk runs on a fleet server (e2e/fixtures.ts `onFleet`: the broker on a known loopback port,
 * a one-station demo fleet, shared with the other alarm walks of the worker), so there is a station to register to.
 * The device is added the way an installer does it (a factory-list row, then `plant/addDevice`, which hands out its
 * MQTT secret once) and speaks docs/device-protocol.md with mqtt.js (e2e/device-play.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect, onFleet } from './fixtures';
import { PAGE_LOAD, signIn, watchProblems, expectAccessible } from './helpers';
import { ALARM_FLEET, screenshots } from './fleet-api';
import { playInverter } from './device-play';

const shot = screenshots(process.env.ALARM_SHOTS ?? path.join(import.meta.dirname, 'screenshots'), 'alarms');
// The pages of this spec talk to the fleet server (the suite's default server is never started for it).
const test = onFleet(ALARM_FLEET);

/** A small PNG drawn here (an orange disc on blue, 96 × 72), the site photo the operator attaches. */
function sitePhoto(): Buffer {
  const crc32 = (b: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of b) {
      let c = (crc ^ byte) & 0xff;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crc = (crc >>> 8) ^ c;
    }
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const [w, h] = [96, 72];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const raw = Buffer.alloc(h * (1 + w * 3));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sun = (x - 48) ** 2 + (y - 36) ** 2 < 22 ** 2;
      raw.set(sun ? [250, 160, 20] : [30, 90, 170], y * (1 + w * 3) + 1 + x * 3);
    }
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** The list row of an alarm, by its name (the SN filter keeps the demo fleet's own alarms out). */
const rowOf = (page: Page, name: string): Locator => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });

/** Picks an option of an antd Select (opened by its label) by the text it shows. */
async function choose(scope: Locator, page: Page, label: string, option: string): Promise<void> {
  // Forced: once the select holds a value, the chosen item's text lies over its search input.
  await scope.getByLabel(label, { exact: true }).click({ force: true });
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

test('a device fault appears live, is acknowledged and handled in both languages, and closes when the device recovers', async ({ page, fleet }) => {
  test.setTimeout(240_000);
  const problems = watchProblems(page);
  const sn = `E2EALM${Date.now().toString(36).toUpperCase()}`;
  const device = await playInverter(fleet, sn);
  try {
    // The operator has the list open, narrowed to the device, before anything happens.
    await signIn(page, 'zh-CN', '/alarm');
    const filters = page.getByRole('form', { name: '告警筛选' });
    await filters.getByLabel('设备 SN').fill(sn);
    await filters.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.locator('.ant-table .ant-empty-description')).toBeVisible(PAGE_LOAD);

    // The inverter overheats and its fan fails: both alarms show up by themselves (no reload).
    await device.telemetry([8, 18]);
    const overTemp = rowOf(page, '过温');
    const fan = rowOf(page, '风扇故障');
    await expect(overTemp).toBeVisible({ timeout: 30_000 });
    await expect(fan).toBeVisible();
    await expect(overTemp).toContainText('重要');
    await expect(overTemp).toContainText('告警中');
    await expect(overTemp).toContainText('未确认');
    await expect(overTemp).toContainText('未处理');
    await expect(page.getByText('共 2 条告警')).toBeVisible();
    await expectAccessible(page, '.helio-alarm-page');
    await shot(page, 'list-zh');

    // Bulk acknowledgement of the fan alarm from the list.
    await fan.getByRole('checkbox').check();
    await page.getByRole('button', { name: '确认告警（1）' }).click();
    await page.getByRole('dialog', { name: '确认告警' }).getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('已确认 1 条告警')).toBeVisible();
    await expect(fan).toContainText('已确认');
    await expect(overTemp).toContainText('未确认');

    // Handle the over-temperature alarm in the drawer: the shared rules first, then a follow-up record.
    await overTemp.getByRole('button', { name: /^处理 / }).click();
    const drawer = page.getByRole('dialog', { name: '过温' });
    await expect(drawer).toContainText('检查通风与风扇，清洁散热器，避免阳光直射。');
    await expect(drawer).toContainText('尚未处理');
    // Whom to call: the demo station's operation company, operator and owner (plantAgentViewInfo).
    const contacts = drawer.getByTestId('alarm-contacts');
    await expect(contacts).toContainText('电站联系人');
    await expect(contacts).toContainText('运维公司(代理商)');
    await expect(contacts.locator('.ant-descriptions-item-content').first()).not.toHaveText('未分配');
    const form = drawer.getByRole('form', { name: '处理告警' });
    await form.getByLabel('跟进记录').fill('x'.repeat(1001));
    await form.getByRole('button', { name: '保存处理' }).click();
    await expect(form.getByText('处理状态不能为空')).toBeVisible();
    await expect(form.getByText('跟进记录长度不能超过1000个字符')).toBeVisible();
    await choose(form, page, '处理状态', '处理中');
    await choose(form, page, '处理人', 'admin');
    await form.getByLabel('跟进记录').fill('已派人到现场检查风扇和散热器');
    // A site photo (a PNG written to a temporary folder), uploaded as soon as it is chosen.
    await expect(form).toContainText('最多 9 张图片(jpg、png、gif、webp、bmp),每张不超过 10 MB');
    const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-alarm-photo-'));
    const photoFile = path.join(photoDir, 'fan-site.png');
    fs.writeFileSync(photoFile, sitePhoto());
    await expect(form.getByRole('button', { name: '添加照片' })).toBeVisible();
    await form.locator('input[type=file]').setInputFiles(photoFile);
    await expect(form.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await expectAccessible(page, '.ant-drawer');
    await form.getByRole('button', { name: '保存处理' }).click();
    await expect(page.getByText('处理记录已保存')).toBeVisible();
    fs.rmSync(photoDir, { recursive: true, force: true });
    const history = drawer.getByTestId('alarm-history');
    await expect(history).toContainText('已派人到现场检查风扇和散热器');
    await expect(history).toContainText('处理中');
    // The record's thumbnail, loaded from its signed link; it opens large and Escape closes only the preview.
    await expect(form.locator('.ant-upload-list-item')).toHaveCount(0);
    const thumb = history.getByRole('img', { name: '第 1 张照片(共 1 张):fan-site.png' });
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await history.getByRole('button', { name: '放大查看第 1 张照片(共 1 张):fan-site.png' }).click();
    await expect(page.locator('.ant-image-preview-img')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-image-preview-img')).toBeHidden();
    await expect(drawer).toBeVisible();
    await history.screenshot({ path: path.join(process.env.ALARM_SHOTS ?? path.join(import.meta.dirname, 'screenshots'), 'alarms-history-photo-zh.png') });
    await expect(overTemp).toContainText('处理中');
    await expect(overTemp).toContainText('已确认');
    await expectAccessible(page, '.ant-drawer');
    await shot(page, 'drawer-zh');
    await drawer.getByRole('button', { name: 'Close' }).or(drawer.getByRole('button', { name: /关\s*闭/ })).first().click();
    await expect(drawer).toBeHidden();

    // Same alarm in English: names, statuses and the remedy follow the language; the history keeps the first record.
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    const overTempEn = rowOf(page, 'Over-temperature');
    await expect(overTempEn).toBeVisible();
    await expect(overTempEn).toContainText('In progress');
    await expect(overTempEn).toContainText('Acknowledged');
    await overTempEn.getByRole('button', { name: /^Handle / }).click();
    const drawerEn = page.getByRole('dialog', { name: 'Over-temperature' });
    await expect(drawerEn).toContainText('Check ventilation and fans, clean the heat sink, shade the unit.');
    const formEn = drawerEn.getByRole('form', { name: 'Handle the alarm' });
    await formEn.getByLabel('Follow-up record').fill('y'.repeat(1001));
    await formEn.getByRole('button', { name: 'Save handling' }).click();
    await expect(formEn.getByText('Follow-up record must be at most 1000 characters')).toBeVisible();
    await choose(formEn, page, 'Handling status', 'Resolved');
    await formEn.getByLabel('Follow-up record').fill('Fan replaced, heat sink cleaned');
    await formEn.getByRole('button', { name: 'Save handling' }).click();
    await expect(page.getByText('Handling saved')).toBeVisible();
    const historyEn = drawerEn.getByTestId('alarm-history');
    await expect(historyEn.locator('.ant-timeline-item')).toHaveCount(2);
    await expect(historyEn.locator('.ant-timeline-item').first()).toContainText('Fan replaced, heat sink cleaned');
    await expect(historyEn.locator('.ant-timeline-item').first()).toContainText('Resolved');
    await expect(historyEn.locator('.ant-timeline-item').nth(1)).toContainText('已派人到现场检查风扇和散热器');
    await expect(historyEn.locator('.ant-timeline-item').nth(1)).toContainText('In progress');
    await expect(historyEn.locator('.ant-timeline-item').nth(1).getByRole('img', { name: 'Photo 1 of 1: fan-site.png' })).toBeVisible();
    await expect(historyEn.locator('.ant-timeline-item').first().getByRole('img')).toHaveCount(0);
    await expectAccessible(page, '.ant-drawer');
    await shot(page, 'drawer-en');

    // The device reports again without faults: the open drawer and the list show both alarms recovered.
    await device.telemetry([]);
    await expect(drawerEn).toContainText('Recovered', { timeout: 30_000 });
    await drawerEn.getByRole('button', { name: 'Close' }).first().click();
    await expect(overTempEn).toContainText('Recovered', { timeout: 15_000 });
    await expect(overTempEn).toContainText('Resolved');
    await expect(rowOf(page, 'Fan failure')).toContainText('Recovered');
    // Columns: selection, severity, name, status, acknowledgement, handling, station, SN, type, raised, recovered.
    await expect(overTempEn.locator('td').nth(10)).not.toHaveText('-');
    await expectAccessible(page, '.helio-alarm-page');
    await shot(page, 'list-en');
    expect(problems).toEqual([]);
  } finally {
    await device.end();
  }
});
