/**
 * Factory (exit-factory) lists (issue 6): inverter factory info through the screen — add (an invalid SN first: the
 * translated message; a taken SN: the server's), edit, export, import a file with one bad row (row errors shown,
 * nothing imported) then a good file, delete; a quick pass over batteries, guardians and EV chargers; and one pass in
 * English.
 * Screenshots in e2e/screenshots/factory-*.png.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { signIn, watchProblems } from './helpers';
import { adminApi, choose, confirm, dialog, openPage, row, save, saveRefused, search, shots, succeeded, toolbarButton, uniq } from './crud-helpers';

// Long flows through several dialogs; the project machine is slow under load.
test.describe.configure({ timeout: 240_000 });

const INV = '/api/skyworth-client/deviceExitFactoryInfo';
const dir = mkdtempSync(join(tmpdir(), 'helio-e2e-factory-'));

async function sheet(name: string, rows: (string | number)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  const file = join(dir, name);
  writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
  return file;
}

async function openImport(page: Page, file: string, en = false): Promise<Locator> {
  await (await toolbarButton(page, en ? 'Import' : /导\s*入/)).click();
  const box = dialog(page);
  await expect(box.getByRole('radio', { name: en ? 'No' : '否' })).toBeChecked();
  await box.locator('input[type=file]').setInputFiles(file);
  await box.getByRole('button', { name: en ? /^Import$/ : /^导\s*入$/ }).click();
  return box;
}

interface Page1 {
  records: { id: string; deviceSn: string; model: string }[];
  total: number;
}

test('inverter factory info: add, edit, export, import (bad, then good), delete', async ({ page, request }) => {
  const problems = watchProblems(page);
  const api = await adminApi(request);
  const tag = uniq().toUpperCase();
  const sn = `E2E-INV-${tag}`;
  await signIn(page, 'zh-CN', '/device-factory/inverter');
  await openPage(page, '/device-factory/inverter');
  await expect(page.getByText('逆变器出厂信息').first()).toBeVisible();
  for (const name of [/新\s*增/, /导\s*入/, /导\s*出/]) await expect(await toolbarButton(page, name)).toBeVisible();

  // Add: the SN rule in the form first, then a taken SN refused by the server, then a good one.
  await (await toolbarButton(page, /新\s*增/)).click();
  const box = dialog(page);
  await saveRefused(box, ['序列号不能为空']);
  await box.getByLabel('序列号').fill('bad sn!');
  await expect(box.getByText('序列号格式不正确')).toBeVisible();
  await box.getByLabel('序列号').fill('ab');
  await expect(box.getByText('序列号长度不能少于4个字符')).toBeVisible();
  const taken = `E2E-TAKEN-${tag}`;
  await api.post(`${INV}/save`, { deviceSn: taken });
  await box.getByLabel('序列号').fill(taken);
  await box.getByLabel('型号').fill('HX-10K');
  await choose(box, page, '单相/三相', '三相');
  await choose(box, page, '离网/并网/混合', '混合');
  await box.getByLabel('额定功率(kW)').fill('10');
  await box.getByLabel('MPPT数量').fill('99');
  await expect(box.getByText('MPPT数量超出允许范围')).toBeVisible();
  await box.getByLabel('MPPT数量').fill('2');
  await box.getByLabel('质保年限').fill('5');
  await box.getByLabel('出厂日期').click();
  await box.getByLabel('出厂日期').fill('2024-03-15');
  await box.getByLabel('出厂日期').press('Enter');
  await box.getByLabel('质保开始日期').click();
  await box.getByLabel('质保开始日期').fill('2024-04-01');
  await box.getByLabel('质保开始日期').press('Enter');
  await box.getByLabel('制造商').fill('赫利能源');
  await page.screenshot({ path: `${shots}factory-inverter-form.png` });
  await box.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('序列号已存在').last()).toBeVisible();
  await expect(box).toBeVisible();
  await box.getByLabel('序列号').fill(sn);
  await save(page);

  await search(page, '序列号', sn);
  const r = row(page, sn);
  await expect(r).toBeVisible();
  await expect(r).toContainText('HX-10K');
  await expect(r).toContainText('三相');
  await expect(r).toContainText('混合');
  await expect(r).toContainText('未使用');
  const stored = (await api.get<Page1>(`${INV}/list`, { deviceSn: sn })).records[0]!;
  expect(stored).toMatchObject({ deviceSn: sn, model: 'HX-10K', factoryDate: '2024-03-15', warrantyEnd: '2029-03-31' });
  await page.screenshot({ path: `${shots}factory-inverter-list.png` });

  // Edit.
  await r.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(box.getByLabel('序列号')).toHaveValue(sn);
  await box.getByLabel('型号').fill('HX-12K');
  await save(page);
  await expect(row(page, sn)).toContainText('HX-12K');

  // Export the filtered list.
  const [download] = await Promise.all([page.waitForEvent('download'), (await toolbarButton(page, /导\s*出/)).click()]);
  expect(download.suggestedFilename()).toMatch(/^逆变器出厂信息.*\.xlsx$/);
  const exported = join(dir, download.suggestedFilename());
  await download.saveAs(exported);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(exported);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as string[]).slice(1);
  expect(header.slice(0, 4)).toEqual(['序列号', '型号', '使用状态', '出厂日期']);
  expect(ws.rowCount).toBe(2);
  expect(ws.getRow(2).getCell(1).value).toBe(sn);
  expect(ws.getRow(2).getCell(header.indexOf('单相/三相') + 1).value).toBe('三相');

  // Import a file with one bad row: the errors by row and column, nothing imported.
  const good1 = `E2E-IMP-${tag}-1`;
  const good2 = `E2E-IMP-${tag}-2`;
  const bad = await sheet('bad.xlsx', [
    ['序列号', '型号', '单相/三相', '额定功率(kW)'],
    [good1, 'HX-5K', '单相', 5],
    ['bad sn!', 'HX-5K', '单相', 5],
  ]);
  const imp = await openImport(page, bad);
  await expect(imp.getByText('导入文件有1处错误,未导入任何数据').first()).toBeVisible();
  const errorRow = imp.locator('.ant-table-row', { hasText: '序列号格式不正确' });
  await expect(errorRow).toContainText('3');
  await expect(errorRow).toContainText('序列号');
  await page.screenshot({ path: `${shots}factory-import-errors.png` });
  expect((await api.get<Page1>(`${INV}/list`, { deviceSn: good1 })).total).toBe(0);
  await imp.getByRole('button', { name: /取\s*消/ }).click();
  await expect(imp).toBeHidden();

  // A good file.
  const good = await sheet('good.xlsx', [
    ['序列号', '型号', '单相/三相', '额定功率(kW)'],
    [good1, 'HX-5K', '单相', 5],
    [good2, 'HX-6K', 'Three phase', 6],
  ]);
  const imp2 = await openImport(page, good);
  await expect(page.getByText('导入成功 2 条').first()).toBeVisible();
  await expect(imp2).toBeHidden();
  await search(page, '序列号', `E2E-IMP-${tag}`);
  await expect(page.locator('.ant-table-row')).toHaveCount(2);
  await expect(row(page, good2)).toContainText('三相');

  // Delete: one by the row action, the other two through the API.
  await row(page, good2).getByRole('button', { name: /删\s*除/ }).click();
  await confirm(page);
  await succeeded(page);
  await expect(row(page, good2)).toHaveCount(0);
  for (const s of [sn, good1, taken]) {
    const id = (await api.get<Page1>(`${INV}/list`, { deviceSn: s })).records[0]!.id;
    await api.post(`${INV}/remove?ids=${id}`);
  }
  // The refused save (a taken SN) is logged by the form; nothing else may fail.
  const refused = (p: string) => p.includes('HttpError: 序列号已存在') || /http 400: .*deviceExitFactoryInfo\/submit$/.test(p);
  expect(problems.filter((p) => !refused(p))).toEqual([]);
});

test('battery, guardian and EV charger factory info: quick pass', async ({ page, request }) => {
  const problems = watchProblems(page);
  const api = await adminApi(request);
  const tag = uniq().toUpperCase();
  await signIn(page, 'zh-CN', '/device-factory/battery');

  const inverter = `E2E-PINV-${tag}`;
  await api.post(`${INV}/save`, { deviceSn: inverter });
  await openPage(page, '/device-factory/battery');
  await (await toolbarButton(page, /新\s*增/)).click();
  const box = dialog(page);
  const bat = `E2E-BAT-${tag}`;
  await box.getByLabel('序列号', { exact: true }).fill(bat);
  await box.getByLabel('能量(kWh)').fill('10.24');
  await box.getByLabel('电芯串数').fill('16');
  await box.getByLabel('所属逆变器序列号').fill('NO-SUCH-INV');
  await box.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('逆变器序列号不存在: NO-SUCH-INV').last()).toBeVisible();
  await box.getByLabel('所属逆变器序列号').fill(inverter);
  await save(page);
  await search(page, '序列号', bat);
  await expect(row(page, bat)).toContainText(inverter);
  await page.screenshot({ path: `${shots}factory-battery-list.png` });
  await row(page, bat).getByRole('button', { name: /删\s*除/ }).click();
  await confirm(page);
  await expect(row(page, bat)).toHaveCount(0);

  await openPage(page, '/device-factory/guardian');
  await (await toolbarButton(page, /新\s*增/)).click();
  const grd = `E2E-GRD-${tag}`;
  await box.getByLabel('序列号', { exact: true }).fill(grd);
  await box.getByLabel('卡号').fill('8986-E2E');
  await save(page);
  await search(page, '序列号', grd);
  await expect(row(page, grd)).toContainText('8986-E2E');
  await page.screenshot({ path: `${shots}factory-guardian-list.png` });
  await row(page, grd).getByRole('button', { name: /删\s*除/ }).click();
  await confirm(page);
  await expect(row(page, grd)).toHaveCount(0);

  // EV chargers (the repo models them beside the spec's three lists).
  await openPage(page, '/device-factory/charger');
  await (await toolbarButton(page, /新\s*增/)).click();
  const chg = `E2E-CHG-${tag}`;
  await box.getByLabel('序列号', { exact: true }).fill(chg);
  await choose(box, page, '接口类型', 'Type 2 交流');
  await box.getByLabel('额定功率(kW)').fill('7');
  await save(page);
  await search(page, '序列号', chg);
  await expect(row(page, chg)).toContainText('Type 2 交流');
  await row(page, chg).getByRole('button', { name: /删\s*除/ }).click();
  await confirm(page);
  await expect(row(page, chg)).toHaveCount(0);

  const id = (await api.get<Page1>(`${INV}/list`, { deviceSn: inverter })).records[0]!.id;
  await api.post(`${INV}/remove?ids=${id}`);
  // The refused save (an unknown inverter SN) is logged; nothing else may fail.
  const refused = (p: string) => p.includes('HttpError: 逆变器序列号不存在: NO-SUCH-INV') || /http 400: .*batteryExitFactoryInfo\/submit$/.test(p);
  expect(problems.filter((p) => !refused(p))).toEqual([]);
});

test('inverter factory info in English', async ({ page, request }) => {
  const problems = watchProblems(page);
  const api = await adminApi(request);
  const tag = uniq().toUpperCase();
  const sn = `E2E-EN-${tag}`;
  await signIn(page, 'en-US', '/device-factory/inverter');
  await openPage(page, '/device-factory/inverter');
  await expect(page.getByText('Inverter factory info').first()).toBeVisible();
  await (await toolbarButton(page, 'Add')).click();
  const box = dialog(page);
  await box.getByLabel('Serial number').fill('bad sn!');
  await expect(box.getByText('Serial number has an invalid format')).toBeVisible();
  await box.getByLabel('Serial number').fill(sn);
  await choose(box, page, 'Phase', 'Single phase');
  await choose(box, page, 'Grid type', 'On-grid');
  await box.getByLabel('Rated power (kW)').fill('3.6');
  await save(page, true);
  await search(page, 'Serial number', sn);
  await expect(row(page, sn)).toContainText('Single phase');
  await expect(row(page, sn)).toContainText('Unused');

  // An import with a bad row, in English.
  const bad = await sheet('bad-en.xlsx', [
    ['Serial number', 'Phase'],
    [sn, 'Single phase'],
  ]);
  const imp = await openImport(page, bad, true);
  await expect(imp.getByText('The file has 1 error(s); nothing was imported').first()).toBeVisible();
  await expect(imp.locator('.ant-table-row', { hasText: `Serial number ${sn} already exists` })).toContainText('Serial number');
  await page.screenshot({ path: `${shots}factory-inverter-en.png` });
  await imp.getByRole('button', { name: 'Cancel' }).click();

  await row(page, sn).getByRole('button', { name: 'Delete' }).click();
  await confirm(page, true);
  await expect(row(page, sn)).toHaveCount(0);
  const left = await api.get<Page1>(`${INV}/list`, { deviceSn: sn });
  expect(left.total).toBe(0);
  expect(problems).toEqual([]);
});
