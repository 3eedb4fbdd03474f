/**
 * A user created without a password signs in with the password shown once to its creator and must choose its own
 * before anything else opens (docs/security.md, initial passwords) — in Chinese and in English.
 */
import { expect, test } from './fixtures';
import { ADMIN, PAGE_LOAD, chooseLanguage, expectAccessible, watchProblems } from './helpers';
import { adminApi, shots } from './crud-helpers';

const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

for (const language of ['zh-CN', 'en-US'] as const) {
  const en = language === 'en-US';
  test(`first sign-in with a generated password asks for a new one (${language})`, async ({ page, request }) => {
    const problems = watchProblems(page);
    const api = await adminApi(request);
    const roles = await api.get<{ id: string; roleAlias: string }[]>('/api/blade-system/role/select');
    const account = `e2e_first_${uniq()}`;
    const created = await api.post<{ initialPassword: string }>('/api/blade-system/user/submit', {
      account,
      name: 'First',
      realName: account,
      phoneDiallingCode: '+86',
      phone: '13800138000',
      roleId: roles.find((r) => r.roleAlias === 'agent')!.id,
      userType: 1,
    });
    expect(created.initialPassword).toMatch(/^[A-Za-z0-9]{8,16}$/);

    await page.goto('/login');
    await chooseLanguage(page, language);
    const tenant = page.getByLabel(en ? 'Tenant ID' : '租户ID');
    if (await tenant.isVisible()) await tenant.fill(ADMIN.tenant);
    await page.getByLabel(en ? 'Account' : '账号').fill(account);
    await page.getByLabel(en ? 'Password' : '密码', { exact: true }).fill(created.initialPassword);
    await page.getByRole('button', { name: en ? 'Sign in' : /登\s*录/ }).click();

    // The change screen comes first; a console page asked for directly leads back to it.
    await expect(page).toHaveURL(/\/change-password/);
    await expect(page.getByText(en ? 'Change your initial password' : '修改初始密码').first()).toBeVisible();
    await expect(page.getByText(account).first()).toBeVisible();
    // The screen as the signed-in user sees it (the sweep sees it signed out, sent on to sign in).
    await expectAccessible(page);
    await expect(page.locator('h1')).toHaveCount(1);
    await page.goto('/system/user');
    await expect(page).toHaveURL(/\/change-password/, PAGE_LOAD);

    // The same password again is refused on the screen; then a good one opens the console.
    await page.getByLabel(en ? 'Initial password' : '初始密码').fill(created.initialPassword);
    await page.getByLabel(en ? 'New password' : '新密码', { exact: true }).fill(created.initialPassword);
    await page.getByLabel(en ? 'Confirm new password' : '确认新密码').fill(created.initialPassword);
    await page.getByRole('button', { name: en ? 'Change password and continue' : '修改密码并继续' }).click();
    await expect(page.getByText(en ? 'The new password must differ from the initial one' : '新密码不能与初始密码相同')).toBeVisible();
    await page.screenshot({ path: `${shots}first-password-${language}.png` });
    const chosen = `Own${uniq()}9`.slice(0, 16);
    await page.getByLabel(en ? 'New password' : '新密码', { exact: true }).fill(chosen);
    await page.getByLabel(en ? 'Confirm new password' : '确认新密码').fill(chosen);
    await page.getByRole('button', { name: en ? 'Change password and continue' : '修改密码并继续' }).click();
    await expect(page).toHaveURL(/\/wel\/index$/, PAGE_LOAD);
    expect(problems.filter((p) => !p.includes('403'))).toEqual([]);
  });
}
