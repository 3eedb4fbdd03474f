/**
 * Mail (`/resource/mail`), as an administrator, one walk that starts in Chinese and switches the console to English
 * after the first message: a configuration pointing to an SMTP sink this
 * spec runs on 127.0.0.1 (the spec's server allow-lists loopback: HELIO_ALLOW_PRIVATE_HOSTS) is added, a test message
 * is sent from its row and arrives at the sink, the dialog says so, and the outbox lists it; a configuration whose
 * port refuses connections answers with the server's translated reason in the dialog. axe-core finds no critical or
 * serious problem on the page or the dialog; screenshots go to /tmp/h/mail (MAIL_SHOTS).
 */
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, mailTest as test } from './smtp-sink';
import { dialog, openPage, pickOption, save, uniq } from './crud-helpers';
import { signIn, switchConsoleLanguage, watchProblems, expectAccessible } from './helpers';

const SHOTS = process.env.MAIL_SHOTS ?? '/tmp/h/mail';
mkdirSync(SHOTS, { recursive: true });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const TEXT = {
  'zh-CN': {
    add: /新\s*增/, name: '配置名称', host: 'SMTP 服务器', port: '端口', security: '加密方式', none: '无', from: '发件地址',
    test: '发送测试', to: '收件人', send: /发\s*送/, ok: /已发送:邮件服务器在 \d+ 毫秒内接收了该邮件/, failed: '发送失败',
    refused: (port: number) => `无法连接邮件服务器 127.0.0.1:${port}(连接被拒绝)`, outbox: '发送记录', sent: '成功', subject: 'Helio 测试邮件',
  },
  'en-US': {
    add: 'Add', name: 'Name', host: 'SMTP host', port: 'Port', security: 'Security', none: 'None', from: 'From address',
    test: 'Send test', to: 'Recipient', send: 'Send', ok: /Sent: the mail server accepted the message in \d+ ms/, failed: 'Not sent',
    refused: (port: number) => `Could not connect to the mail server 127.0.0.1:${port} (connection refused)`, outbox: 'Outbox', sent: 'Sent', subject: 'Helio test e-mail',
  },
} as const;

test('mail (zh-CN → en-US): add a configuration, send a test message to the sink, see it in the outbox; a refused port is explained', async ({ page, sink }) => {
  test.setTimeout(120_000);
  let lang: 'zh-CN' | 'en-US' = 'zh-CN';
  let x: (typeof TEXT)[keyof typeof TEXT] = TEXT[lang];
  let en = false;
  const problems = watchProblems(page);
  await signIn(page, lang, '/resource/mail');
  await openPage(page, '/resource/mail');

  const add = async (name: string, port: number) => {
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: x.add }).first().click();
    const box = dialog(page);
    await box.getByLabel(x.name, { exact: true }).fill(name);
    await box.getByLabel(x.host, { exact: true }).fill('127.0.0.1');
    await box.getByLabel(x.port, { exact: true }).fill(String(port));
    await pickOption(box, page, x.security, new RegExp(`^${x.none}$`));
    await box.getByLabel(x.from, { exact: true }).fill('alerts@helio.example');
    await save(page, en);
  };
  const name = `sink-${uniq()}`;
  await add(name, sink.port);
  await expectAccessible(page, '.helio-mail-page');

  const to = `ops-${uniq()}@helio.example`;
  const before = sink.delivered.length;
  await page.locator('.ant-table-row', { hasText: name }).getByRole('button', { name: x.test }).click();
  const box = dialog(page);
  await box.getByLabel(x.to, { exact: true }).fill(to);
  await box.getByRole('button', { name: x.send }).click();
  await expect(box.getByText(x.ok)).toBeVisible({ timeout: 15_000 });
  await expect(box.getByText(/250 OK: queued as e2e/)).toBeVisible();
  expect(sink.delivered.length).toBe(before + 1);
  const mail = sink.delivered.at(-1)!;
  expect(mail).toMatchObject({ from: 'alerts@helio.example', to: [to] });
  expect(mail.data).toContain(en ? 'Subject: Helio test e-mail' : 'Subject: =?UTF-8?');
  await expectAccessible(page, '.ant-modal');
  await page.screenshot({ path: path.join(SHOTS, `mail-test-send-${lang}.png`) });
  await box.getByRole('button', { name: en ? 'Cancel' : /取\s*消/ }).click();

  // The console in English from here on.
  await switchConsoleLanguage(page, 'en-US');
  lang = 'en-US';
  x = TEXT[lang];
  en = true;

  // A port nobody listens on: the dialog shows the server's reason, translated.
  const closed = await freePort();
  const bad = `closed-${uniq()}`;
  await add(bad, closed);
  await page.locator('.ant-table-row', { hasText: bad }).getByRole('button', { name: x.test }).click();
  const box2 = dialog(page);
  await box2.getByLabel(x.to, { exact: true }).fill(to);
  await box2.getByRole('button', { name: x.send }).click();
  await expect(box2.getByText(x.failed)).toBeVisible({ timeout: 15_000 });
  await expect(box2.getByText(x.refused(closed))).toBeVisible();
  await expectAccessible(page, '.ant-modal');
  await page.screenshot({ path: path.join(SHOTS, `mail-test-refused-${lang}.png`) });
  await box2.getByRole('button', { name: en ? 'Cancel' : /取\s*消/ }).click();

  await page.locator('.helio-mail-page').getByRole('tab', { name: x.outbox }).click();
  const sent = page.locator('.ant-table-row', { hasText: to }).filter({ hasText: x.sent }).first();
  await expect(sent).toBeVisible();
  // The test message went out while the console was in Chinese: its subject is the Chinese one.
  await expect(sent).toContainText(TEXT['zh-CN'].subject);
  await expectAccessible(page, '.helio-mail-page');
  await page.screenshot({ path: path.join(SHOTS, `mail-outbox-${lang}.png`) });
  await page.locator('.helio-mail-page').getByRole('tab', { name: en ? 'Configurations' : '邮件配置' }).click();
  await page.screenshot({ path: path.join(SHOTS, `mail-configs-${lang}.png`) });
  // The one failed request is the refused port's test send (a 400 with its reason, shown in the dialog).
  expect(problems.filter((p) => !/^http 400: .*\/api\/blade-resource\/mail\/test-send$/.test(p))).toEqual([]);
  expect(problems).toHaveLength(1);
});
