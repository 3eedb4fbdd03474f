/**
 * The Configuration area (issue 15), one walk that starts in Chinese and switches the console to English halfway: a
 * version-matching row and a factory version created through the forms (an invalid version refused first, with the
 * translated rule), then in English the setting items exported to Excel (an .xlsx whose header row is in the console's
 * language), a protocol-mapping sheet with English headers imported, and /app-update's overview of the fleet's firmware. axe-core on every screen and dialog; screenshots in e2e/screenshots/config-*.png.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, signIn, switchConsoleLanguage, watchProblems } from './helpers';
import { adminApi, choose, dialog, openPage, row, save, saveRefused, search, shots, toolbarButton, uniq } from './crud-helpers';

const dir = mkdtempSync(join(tmpdir(), 'helio-e2e-config-'));
const MAP = '/api/skyworth-client/addressMapDefinition';

const TEXT = {
  'zh-CN': {
    add: /新\s*增/, importBtn: /导\s*入/, exportBtn: /导\s*出/, submitImport: /^导\s*入$/, no: '否',
    deviceType: '设备类型', inverter: '逆变器', model: '设备型号', firmwareType: '固件类型', master: '主机固件',
    firmwareVersion: '固件版本', version: '版本号', protocolVersion: '协议版本', status: '状态', released: '已发布',
    releaseDate: '发布日期', badVersion: '固件版本格式不正确', itemKey: '设置项键', itemsTitle: /^设置项配置-\d{4}-\d{2}-\d{2}\.xlsx$/,
    imported: '导入成功 2 条', manufacturer: '制造商', address: '物理地址', attribute: '属性名', dataType: '数据类型', length: '长度',
    byState: '升级状态统计', updated: '已升级', byVersion: '设备固件版本分布', records: '升级记录',
  },
  'en-US': {
    add: 'Add', importBtn: 'Import', exportBtn: 'Export', submitImport: /^Import$/, no: 'No',
    deviceType: 'Device type', inverter: 'Inverter', model: 'Device model', firmwareType: 'Firmware type', master: 'Master firmware',
    firmwareVersion: 'Firmware version', version: 'Version', protocolVersion: 'Protocol version', status: 'Status', released: 'Released',
    releaseDate: 'Release date', badVersion: 'Firmware version has an invalid format', itemKey: 'Item key', itemsTitle: /^Setting items-\d{4}-\d{2}-\d{2}\.xlsx$/,
    imported: '2 record(s) imported', manufacturer: 'Manufacturer', address: 'Physical address', attribute: 'Attribute name', dataType: 'Data type', length: 'Length',
    byState: 'Upgrades by state', updated: 'Updated', byVersion: 'Devices by firmware version', records: 'Upgrade records',
  },
} as const;

async function fillDate(page: Page, label: string, value: string): Promise<void> {
  const input = dialog(page).getByLabel(label);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test('configuration screens (zh-CN → en-US): matching list, factory version, Excel export and import, firmware overview', async ({ page, request }) => {
  // A walk of many steps, some waiting on a simulated device: its budget, beyond the default 60 s.
  test.setTimeout(150_000);
  let lang: 'zh-CN' | 'en-US' = 'zh-CN';
  let tx: (typeof TEXT)[keyof typeof TEXT] = TEXT[lang];
  let en = false;
  const problems = watchProblems(page);
  const api = await adminApi(request);
  const model = `E2E-${uniq().toUpperCase()}`;

  // Matching list: an invalid version is refused in the form with the translated rule, then a good row is saved.
  await signIn(page, lang, '/config-update/matching-list');
  await openPage(page, '/config-update/matching-list');
  await (await toolbarButton(page, tx.add)).click();
  const box = dialog(page);
  await choose(box, page, tx.deviceType, tx.inverter);
  await box.getByLabel(tx.model, { exact: true }).fill(model);
  await choose(box, page, tx.firmwareType, tx.master);
  await box.getByLabel(tx.firmwareVersion, { exact: true }).fill('V2 3!');
  await box.getByLabel(tx.protocolVersion, { exact: true }).fill('V1.08');
  await choose(box, page, tx.status, tx.released);
  await saveRefused(box, [tx.badVersion], en);
  await expectAccessible(page, '.ant-modal');
  await box.getByLabel(tx.firmwareVersion, { exact: true }).fill('V2.3.1');
  await save(page, en);
  await search(page, tx.model, model);
  await expect(row(page, model)).toContainText('V2.3.1');
  await expect(row(page, model)).toContainText(tx.released);
  await expectAccessible(page);

  // Factory version.
  await openPage(page, '/factory-version');
  await (await toolbarButton(page, tx.add)).click();
  await choose(box, page, tx.deviceType, tx.inverter);
  await box.getByLabel(tx.model, { exact: true }).fill(model);
  await choose(box, page, tx.firmwareType, tx.master);
  await box.getByLabel(tx.version, { exact: true }).fill('M1.0.0');
  await fillDate(page, tx.releaseDate, '2025-03-01');
  await save(page, en);
  await search(page, tx.model, model);
  await expect(row(page, model)).toContainText('2025-03-01');
  await expectAccessible(page);

  // The console in English from here on.
  await switchConsoleLanguage(page, 'en-US');
  lang = 'en-US';
  tx = TEXT[lang];
  en = true;

  // Setting items to Excel: an .xlsx whose header row is in the console's language.
  await openPage(page, '/app-menu');
  const [download] = await Promise.all([page.waitForEvent('download'), (await toolbarButton(page, tx.exportBtn)).click()]);
  expect(download.suggestedFilename()).toMatch(tx.itemsTitle);
  const exported = join(dir, `${lang}-${download.suggestedFilename()}`);
  await download.saveAs(exported);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(exported);
  const header = (wb.worksheets[0]!.getRow(1).values as string[]).slice(1);
  expect(header).toContain(tx.deviceType);
  expect(header).toContain(tx.itemKey);
  expect(wb.worksheets[0]!.rowCount).toBeGreaterThan(10);
  await expectAccessible(page);

  // A protocol-mapping sheet: two registers of a new protocol version.
  const version = `E2E.${uniq()}`;
  const file = join(dir, `map-${lang}.xlsx`);
  const sheet = new ExcelJS.Workbook();
  const ws = sheet.addWorksheet('s');
  ws.addRow([tx.manufacturer, tx.protocolVersion, tx.address, tx.attribute, tx.dataType, tx.length]);
  ws.addRow(['Helio', version, 46000, 'e2eLimit', 'U16', 1]);
  ws.addRow(['Helio', version, 46001, 'e2eLimit2', 'U32', 2]);
  writeFileSync(file, Buffer.from(await sheet.xlsx.writeBuffer()));
  await openPage(page, '/protocol-mapping');
  await (await toolbarButton(page, tx.importBtn)).click();
  const imp = dialog(page);
  await expect(imp.getByRole('radio', { name: tx.no })).toBeChecked();
  await expectAccessible(page, '.ant-modal');
  await imp.locator('input[type=file]').setInputFiles(file);
  await imp.getByRole('button', { name: tx.submitImport }).click();
  await expect(page.getByText(tx.imported).first()).toBeVisible();
  await expect(imp).toBeHidden();
  await search(page, tx.protocolVersion, version);
  await expect(page.locator('.ant-table-row')).toHaveCount(2);
  await expect(row(page, 'e2eLimit2')).toContainText('U32');
  const stored = await api.get<{ total: number }>(`${MAP}/list`, { protocolVersion: version });
  expect(stored.total).toBe(2);

  // Firmware update: the overview by state and by version, the upgrade records tab.
  await openPage(page, '/app-update');
  await expect(page.getByText(tx.byState)).toBeVisible();
  await expect(page.getByTestId('overview-states')).toContainText(tx.updated);
  await expect(page.getByText(tx.byVersion)).toBeVisible();
  await page.getByRole('tab', { name: tx.records }).click();
  await expectAccessible(page);
  await page.screenshot({ path: `${shots}config-app-update-${lang}.png` });

  expect(problems.filter((p) => !/http 400: .*matchingList\/submit$/.test(p))).toEqual([]);
});

