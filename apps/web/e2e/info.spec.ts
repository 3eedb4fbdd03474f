import { expect, test } from './fixtures';
import { PAGE_LOAD, signIn } from './helpers';

test.describe('personal info', () => {
  test('shows the signed-in user and saves a change of nickname', async ({ page }) => {
    await signIn(page, 'zh-CN', '/info/index');
    const nickname = page.getByLabel('昵称');
    await expect(nickname).not.toHaveValue('', PAGE_LOAD);
    await expect(page.getByLabel('账号')).toHaveValue('admin');
    const original = await nickname.inputValue();

    await page.getByLabel('邮箱').fill('not-an-email');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('请输入正确的邮箱地址')).toBeVisible();
    await page.getByLabel('邮箱').fill('admin@helio.local');
    await page.getByLabel('手机号').fill('138-0000');
    await expect(page.getByText('手机号只能包含数字')).toBeVisible();
    await page.getByLabel('手机号').fill('');

    await nickname.fill('E2E 管理员');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('昵称')).toHaveValue('E2E 管理员', PAGE_LOAD);
    await page.getByLabel('昵称').fill(original);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
  });

  test('password change checks the rules and shows the server answer', async ({ page }) => {
    await signIn(page, 'zh-CN', '/info/index');
    await page.getByRole('tab', { name: '修改密码' }).click();
    await page.getByLabel('原密码').fill('not-the-password-1');
    await page.getByLabel('新密码', { exact: true }).fill('short1');
    await page.getByLabel('确认新密码').fill('short2');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('密码须为 8-16 位，且包含字母和数字')).toBeVisible();
    await expect(page.getByText('两次输入的密码不一致')).toBeVisible();

    await page.getByLabel('新密码', { exact: true }).fill('NewPass2026');
    await page.getByLabel('确认新密码').fill('NewPass2026');
    const answer = page.waitForResponse((r) => r.url().includes('/api/blade-system/user/update-password'));
    await page.getByRole('button', { name: /保\s*存/ }).click();
    const response = await answer;
    const body = (await response.json()) as { code: number; msg: string };
    expect(body.code).not.toBe(200);
    await expect(page.getByText(body.msg)).toBeVisible();
  });
});
