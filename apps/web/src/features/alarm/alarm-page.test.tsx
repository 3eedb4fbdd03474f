import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '@/core/i18n/i18n';
import { grant, mockApi, page, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import alarm from './feature';
import { holdsPage } from './api';
import { toQuery } from './alarm-filters';
import { AlarmPage } from './alarm-page';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const DICTS: Record<string, [string, string][]> = {
  alarm_severity: [['4', '紧急'], ['3', '重要'], ['2', '次要'], ['1', '提示']],
  alarm_status: [['0', '告警中'], ['1', '已恢复']],
  alarm_ack_status: [['0', '未确认'], ['1', '已确认']],
  alarm_handle_status: [['0', '未处理'], ['1', '处理中'], ['2', '已处理'], ['3', '已忽略']],
};

const ALARM = {
  id: '501', tenantId: '000000', plantId: '7', plantName: '一号电站', deviceId: '9', deviceSn: 'INV0001', deviceType: 1,
  alarmCode: 8, alarmType: 1, level: 3, category: 'temperature', alarmName: '过温', description: '散热不良', solution: '检查通风与风扇',
  alarmStatus: 0, triggerTime: '2026-11-27 10:00:00', recoverTime: null, occurrences: 2, lastSeen: '2026-11-27 10:05:00', value: null,
  ackStatus: 0, ackUser: null, ackUserName: null, ackTime: null, handleStatus: 0, handleUser: null, handleUserName: null, handleTime: null,
  assigneeId: null, assigneeName: null,
};

let calls: Call[];
const C = '/api/skyworth-client';

beforeAll(() => alarm.loadLocales());

beforeEach(() => {
  setLanguage('zh-CN');
  calls = mockApi({
    'GET /api/blade-system/dict/dictionary': (call) =>
      (DICTS[call.url.searchParams.get('code') ?? ''] ?? []).map(([dictKey, dictValue], i) => ({ id: String(i), dictKey, dictValue })),
    [`GET ${C}/alarmLog/list`]: () => page([ALARM]),
    [`GET ${C}/alarmLog/detail`]: () => ALARM,
    [`GET ${C}/alarmLogOperationRecord/list`]: () => page([]),
    [`POST ${C}/alarmLog/acknowledge`]: () => ({ acknowledged: 1 }),
    [`POST ${C}/alarmLogOperationRecord/save`]: (call) => ({ id: '1', alarmId: '501', handleStatus: (call.body as { handleStatus: number }).handleStatus, content: null, createUser: '1', createUserName: 'admin', createTime: '2026-11-27 10:06:00' }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () => renderPage(<MemoryRouter><AlarmPage /></MemoryRouter>);

describe('alarm filters', () => {
  it('send only what was chosen, the time range as startTime / endTime', () => {
    expect(toQuery({ deviceSn: ' INV ', level: '3', handleStatus: undefined, range: null })).toEqual({ deviceSn: 'INV', level: '3' });
    const from = dayjs('2026-11-01 00:00:00');
    expect(toQuery({ range: [from, null] })).toEqual({ startTime: '2026-11-01 00:00:00' });
  });

  it('count a page as held when one of its buttons is', () => {
    expect(holdsPage((c) => c === 'user_view', 'user')).toBe(true);
    expect(holdsPage(() => false, 'user')).toBe(false);
    expect(holdsPage(() => true, 'no_such_page')).toBe(false);
  });
});

describe('AlarmPage', () => {
  it('lists alarms with dictionary words and acknowledges the selected ones', async () => {
    grant('alarm_view', 'alarm_handle');
    const { toasts } = show();
    const row = (await screen.findByText('过温')).closest('tr')!;
    expect(within(row).getByText('重要')).toBeTruthy();
    expect(within(row).getByText('告警中')).toBeTruthy();
    expect(within(row).getByText('未确认')).toBeTruthy();
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /确认告警（1）/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(toasts.success).toContain('已确认 1 条告警'));
    expect(calls.find((c) => c.url.pathname === `${C}/alarmLog/acknowledge`)?.body).toEqual({ ids: '501' });
  });

  it('without alarm_handle: no selection, no acknowledgement, the drawer without the form', async () => {
    grant('alarm_view');
    show();
    const row = (await screen.findByText('过温')).closest('tr')!;
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /确认告警/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /^查看 / }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('检查通风与风扇')).toBeTruthy();
    expect(within(drawer).queryByRole('form', { name: '处理告警' })).toBeNull();
  });

  it('handles an alarm: the shared rule message first, then the record as the server takes it', async () => {
    grant('alarm_view', 'alarm_handle');
    const { toasts } = show();
    const row = (await screen.findByText('过温')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /^处理 / }));
    const drawer = await screen.findByRole('dialog');
    const form = await within(drawer).findByRole('form', { name: '处理告警' });
    fireEvent.click(within(form).getByRole('button', { name: '保存处理' }));
    expect(await within(form).findByText('处理状态不能为空')).toBeTruthy();
    fireEvent.mouseDown(within(form).getByLabelText('处理状态'));
    fireEvent.click(await screen.findByTitle('处理中'));
    fireEvent.change(within(form).getByLabelText('跟进记录'), { target: { value: '  已派人检查  ' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存处理' }));
    await waitFor(() => expect(toasts.success).toContain('处理记录已保存'));
    expect(calls.find((c) => c.url.pathname === `${C}/alarmLogOperationRecord/save`)?.body).toEqual({
      alarmId: '501',
      handleStatus: 1,
      content: '已派人检查',
      assigneeId: null,
    });
  });

  it('attaches photos: uploaded as attachments, sent as ids, refused when not an image; the history shows thumbnails', async () => {
    grant('alarm_view', 'alarm_handle');
    let n = 0;
    const PHOTO = { attachId: '88', originalName: 'fan.png', link: '/api/blade-resource/oss/endpoint/file/88/sig' };
    let saved: unknown[] = [];
    calls = mockApi({
      'GET /api/blade-system/dict/dictionary': (call) =>
        (DICTS[call.url.searchParams.get('code') ?? ''] ?? []).map(([dictKey, dictValue], i) => ({ id: String(i), dictKey, dictValue })),
      [`GET ${C}/alarmLog/list`]: () => page([ALARM]),
      [`GET ${C}/alarmLog/detail`]: () => ALARM,
      [`GET ${C}/alarmLogOperationRecord/list`]: () => page(saved),
      'POST /api/blade-resource/oss/endpoint/put-file': () => {
        n += 1;
        return { attachId: `7${n}`, link: `/api/blade-resource/oss/endpoint/file/7${n}/sig`, name: 'x.png', originalName: 'fan.png', domain: '' };
      },
      [`POST ${C}/alarmLogOperationRecord/save`]: () => {
        saved = [{ id: '1', alarmId: '501', handleStatus: 2, content: null, photos: [PHOTO], createUser: '1', createUserName: 'admin', createTime: '2026-11-27 10:06:00' }];
        return saved[0];
      },
    });
    const { toasts } = show();
    const row = (await screen.findByText('过温')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /^处理 / }));
    const drawer = await screen.findByRole('dialog');
    const form = await within(drawer).findByRole('form', { name: '处理告警' });
    expect(within(form).getByText('最多 9 张图片(jpg、png、gif、webp、bmp),每张不超过 10 MB')).toBeTruthy();
    expect(within(form).getByRole('button', { name: '添加照片' })).toBeTruthy();
    // The upload renders a fresh file input after each choice.
    const input = () => form.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input().accept).toContain('image/png');
    fireEvent.change(input(), { target: { files: [new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(toasts.error).toContain('report.pdf 不是图片(jpg、png、gif、webp 或 bmp)'));
    fireEvent.change(input(), { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'fan.png', { type: 'image/png' })] } });
    await waitFor(() => expect(calls.map((c) => c.url.pathname).filter((u) => u.endsWith('/put-file'))).toHaveLength(1));
    const upload = calls.find((c) => c.url.pathname.endsWith('/put-file'))!;
    expect(upload.url.searchParams.get('use')).toBe('attachment');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    fireEvent.mouseDown(within(form).getByLabelText('处理状态'));
    fireEvent.click(await screen.findByTitle('已处理'));
    await waitFor(() => expect(form.querySelector('.ant-upload-list-item-done')).toBeTruthy());
    fireEvent.click(within(form).getByRole('button', { name: '保存处理' }));
    await waitFor(() => expect(toasts.success).toContain('处理记录已保存'));
    expect(calls.find((c) => c.url.pathname === `${C}/alarmLogOperationRecord/save`)?.body).toEqual({
      alarmId: '501',
      handleStatus: 2,
      assigneeId: null,
      photos: ['71'],
    });
    const thumb = await within(drawer).findByRole('img', { name: '第 1 张照片(共 1 张):fan.png' });
    expect(thumb.getAttribute('src')).toBe(PHOTO.link);
    expect(within(drawer).getByRole('button', { name: '放大查看第 1 张照片(共 1 张):fan.png' })).toBeTruthy();
  });
});
