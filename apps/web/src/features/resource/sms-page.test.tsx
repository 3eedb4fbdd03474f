import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@/core/i18n/i18n';
import { grant, mockApi, page, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import resource from './feature';
import { SmsPage, parseParams, parsePhones } from './sms-page';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const CONFIGS = [
  { id: '1', category: 1, smsCode: 'log_default', templateId: 'T1', signName: 'Helio', status: 2 },
  { id: '2', category: 2, smsCode: 'aliyun_main', templateId: 'SMS_1', signName: 'Helio', status: 1 },
];
const OUTBOX = [{ id: '9', phones: '+8613800138000', provider: 'log', templateId: 'T1', scene: 'message', params: '{"code":"1234"}', success: 1, result: 'logged', createTime: '2026-01-01 10:00:00' }];

let calls: Call[];
let sent = false;

// As the shell opens it: the feature's locale bundles load with the page.
beforeAll(() => resource.loadLocales());

beforeEach(() => {
  setLanguage('zh-CN');
  sent = false;
  calls = mockApi({
    'GET /api/blade-resource/sms/list': () => page(CONFIGS),
    'GET /api/blade-resource/sms/outbox/list': () => page(sent ? OUTBOX : []),
    'POST /api/blade-resource/sms/endpoint/send-message': () => {
      sent = true;
      return true;
    },
    'POST /api/blade-resource/sms/enable': () => true,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SMS parameters', () => {
  it('read phones separated by commas, spaces or new lines', () => {
    expect(parsePhones('+8613800138000, 13900139000\n1234567')).toEqual(['+8613800138000', '13900139000', '1234567']);
    expect(parsePhones('138-0013')).toBeNull();
    expect(parsePhones('  ')).toBeNull();
  });

  it('take template parameters as a flat JSON object', () => {
    expect(parseParams('')).toEqual({});
    expect(parseParams('{"code": 1234, "name": "x"}')).toEqual({ code: '1234', name: 'x' });
    expect(parseParams('[1]')).toBeNull();
    expect(parseParams('{"a": {"b": 1}}')).toBeNull();
    expect(parseParams('{oops')).toBeNull();
  });
});

describe('SmsPage', () => {
  it('shows which configuration is enabled and offers "enable" on the others', async () => {
    grant('sms', 'sms_enable', 'sms_send');
    renderPage(<SmsPage />);
    const enabledRow = (await screen.findByText('log_default')).closest('tr')!;
    expect(within(enabledRow).getByText('已启用')).toBeTruthy();
    expect(within(enabledRow).queryByRole('button', { name: /启\s*用/ })).toBeNull();
    const other = screen.getByText('aliyun_main').closest('tr')!;
    expect(within(other).getByText('未启用')).toBeTruthy();
    fireEvent.click(within(other).getByRole('button', { name: /启\s*用/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/blade-resource/sms/enable' && c.url.searchParams.get('id') === '2')).toBe(true));
  });

  it('sends a test message with the chosen configuration and shows it in the outbox', async () => {
    grant('sms', 'sms_send');
    const { toasts } = renderPage(<SmsPage />);
    await screen.findByText('log_default');
    fireEvent.click(screen.getAllByRole('button', { name: /发送测试/ })[0]!);
    const modal = await screen.findByRole('dialog');
    await within(modal).findByLabelText('手机号');
    fireEvent.change(within(modal).getByLabelText('手机号'), { target: { value: '+8613800138000' } });
    fireEvent.change(within(modal).getByLabelText('模板参数'), { target: { value: '{"code": "1234"' } });
    fireEvent.click(within(modal).getByRole('button', { name: /发\s*送/ }));
    expect(await within(modal).findByText('模板参数必须是 JSON 对象')).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('模板参数'), { target: { value: '{"code": "1234"}' } });
    fireEvent.click(within(modal).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(toasts.success).toContain('已发送到 1 个号码'));
    const send = calls.find((c) => c.url.pathname === '/api/blade-resource/sms/endpoint/send-message')!;
    expect(send.body).toEqual({ code: 'log_default', phones: '+8613800138000', params: { code: '1234' } });
    expect(await screen.findByText('+8613800138000')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '发送记录' }).getAttribute('aria-selected')).toBe('true');
  });
});
