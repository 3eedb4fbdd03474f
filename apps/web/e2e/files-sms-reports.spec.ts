/**
 * As a user: an avatar uploaded on Personal info (refused when too big, then shown in the header after
 * saving, and listed under attachments, downloadable), and a test SMS sent from the SMS screen that shows up in the
 * outbox (the default log-only provider sends nothing and records the message), and a report generated and downloaded.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { dialog, openPage, pickOption, shots, uniq } from './crud-helpers';
import { PAGE_LOAD, signIn, watchProblems } from './helpers';

/** A valid 8×8 orange PNG (the server sniffs the content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGP4ukwZK2IYWhIAxc1vgZmDLb0AAAAASUVORK5CYII=',
  'base64',
);

test('avatar: refused over 500 kB, uploaded as a jpg/png, shown in the header after saving and listed as an attachment', async ({ page }) => {
  const problems = watchProblems(page);
  await signIn(page, 'zh-CN', '/info/index');
  await expect(page.getByLabel('昵称')).not.toHaveValue('', PAGE_LOAD);
  const input = page.locator('input[type="file"]');

  // Over 500 kB: refused in the browser, nothing is sent.
  const big = Buffer.concat([PNG, Buffer.alloc(520 * 1024)]);
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByText('头像大小不能超过 500KB')).toBeVisible();

  const upload = page.waitForResponse((r) => r.url().includes('/oss/endpoint/put-file?use=avatar'));
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const answer = (await (await upload).json()) as { code: number; data: { link: string } };
  expect(answer.code).toBe(200);
  const link = answer.data.link;
  expect(link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/\d+\/[\w-]+$/);
  await expect(page.locator(`.ant-form img[src="${link}"]`)).toBeVisible();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const header = page.locator('.helio-header__user img');
  await expect(header).toHaveAttribute('src', link);
  // The signed link serves the picture itself (public, so <img> works without the token).
  const served = await page.request.get(link);
  expect(served.headers()['content-type']).toBe('image/png');
  await page.screenshot({ path: `${shots}avatar.png` });

  // After a reload the header still shows it.
  await page.reload();
  await expect(page.locator('.helio-header__user img')).toHaveAttribute('src', link, PAGE_LOAD);

  // The upload is an attachment (use "头像"), downloadable with its original name.
  await openPage(page, '/resource/attach');
  const row = page.locator('.ant-table-row', { hasText: 'me.png' }).first();
  await expect(row).toContainText('头像');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /下\s*载/ }).click();
  expect((await download).suggestedFilename()).toBe('me.png');
  await page.screenshot({ path: `${shots}attachments.png` });
  expect(problems).toEqual([]);
});

test('SMS: a test message goes to the outbox', async ({ page }) => {
  const problems = watchProblems(page);
  await signIn(page, 'zh-CN', '/resource/sms');
  await openPage(page, '/resource/sms');
  const phone = `+86139${Date.now().toString().slice(-8)}`;
  const text = `e2e-${uniq()}`;
  await page.getByRole('button', { name: '发送测试' }).first().click();
  const box = dialog(page);
  await box.getByLabel('手机号').fill(phone);
  await box.getByLabel('模板参数').fill(`{"name": "${text}"`);
  await box.getByRole('button', { name: /发\s*送/ }).click();
  await expect(box.getByText('模板参数必须是 JSON 对象')).toBeVisible();
  await box.getByLabel('模板参数').fill(`{"name": "${text}"}`);
  await box.getByRole('button', { name: /发\s*送/ }).click();
  await expect(page.getByText('已发送到 1 个号码')).toBeVisible();
  await expect(page.getByRole('tab', { name: '发送记录' })).toHaveAttribute('aria-selected', 'true');
  const sent = page.locator('.ant-table-row', { hasText: phone });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText(text);
  await expect(sent).toContainText('成功');
  await expect(sent).toContainText('日志输出');
  await page.screenshot({ path: `${shots}sms-outbox.png` });
  expect(problems).toEqual([]);
});

test('reports: generate the API activity workbook and download it', async ({ page }) => {
  const problems = watchProblems(page);
  await signIn(page, 'zh-CN', '/report/list');
  await openPage(page, '/report/list');
  await page.getByRole('button', { name: '生成报表' }).click();
  const box = dialog(page);
  await pickOption(box, page, '报表类型', '接口访问报表');
  await box.getByRole('button', { name: /生\s*成/ }).click();
  await expect(page.getByText(/已生成: 接口访问报表/)).toBeVisible();
  const row = page.locator('.ant-table-row', { hasText: '接口访问报表' }).first();
  await expect(row).toContainText(/api-activity-\d{12}\.xlsx/);
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /下\s*载/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^api-activity-\d{12}\.xlsx$/);
  const head = readFileSync((await file.path())!).subarray(0, 2).toString('binary');
  expect(head).toBe('PK');
  await page.screenshot({ path: `${shots}reports.png` });
  expect(problems).toEqual([]);
});
