import { expect, test } from './fixtures';
import { PAGE_LOAD, signIn } from './helpers';

test.describe('local error log', () => {
  test('an uncaught UI error is counted, shown, uploaded to the server and cleared', async ({ page }) => {
    await signIn(page, 'zh-CN', '/test/index');
    const button = page.getByRole('button', { name: '错误日志' });
    await page.getByRole('button', { name: '触发一个错误' }).click();
    await page.getByRole('button', { name: '触发一个错误' }).click();
    await expect(button.locator('xpath=..').getByText('2')).toBeVisible();

    await button.click();
    const viewer = page.getByRole('dialog', { name: '错误日志' });
    await expect(viewer.getByText('Test error from the test page').first()).toBeVisible();

    const upload = page.waitForRequest((r) => r.url().includes('/api/blade-log/error/upload') && r.method() === 'POST');
    await viewer.getByRole('button', { name: '上传日志' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    const request = await upload;
    const body = request.postDataJSON() as { message: string; url: string; time: string; type: string }[];
    expect(body).toHaveLength(2);
    expect(body[0]).toMatchObject({ type: 'error', message: 'Test error from the test page' });
    expect((await request.response())?.status()).toBe(200);
    await expect(page.getByText('发送成功')).toBeVisible();
  });

  test('clear asks first and says it is done', async ({ page }) => {
    await signIn(page, 'zh-CN', '/test/index');
    await page.getByRole('button', { name: '触发渲染错误' }).click();
    await expect(page.getByText('抱歉，服务器出错了')).toBeVisible(PAGE_LOAD);
    await page.getByRole('button', { name: '错误日志' }).click();
    const viewer = page.getByRole('dialog', { name: '错误日志' });
    await viewer.getByRole('button', { name: '清空日志' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('清空成功')).toBeVisible();
  });
});
