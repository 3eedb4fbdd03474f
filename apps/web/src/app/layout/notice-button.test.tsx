import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setLanguage } from '@/core/i18n/i18n';
import { mockApi, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import { NoticeButton } from './notice-button';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

let calls: Call[];
let unread: { id: string; title: string; categoryName: string; releaseTime: string }[];
let alarms: { id: string; alarmId: string; kind: string; alarmCode: number; severity: number; count: number; title: string; content: string; read: boolean; createTime: string }[];

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}
const bell = () => (
  <MemoryRouter initialEntries={['/home']}>
    <NoticeButton />
    <Routes>
      <Route path="*" element={<Where />} />
    </Routes>
  </MemoryRouter>
);

beforeEach(() => {
  setLanguage('zh-CN');
  unread = [
    { id: '1', title: 'Maintenance window', categoryName: '发布通知', releaseTime: '2026-01-01 08:00:00' },
    { id: '2', title: 'New tariff', categoryName: '会议通知', releaseTime: '2026-01-02 08:00:00' },
  ];
  alarms = [];
  calls = mockApi({
    'GET /api/skyworth-client/alarmInbox/unread': () => ({ count: alarms.length, records: alarms }),
    'POST /api/skyworth-client/alarmInbox/read': (c) => {
      const body = (c.body ?? {}) as { ids?: string; all?: boolean };
      const before = alarms.length;
      alarms = body.all ? [] : alarms.filter((a) => !(body.ids ?? '').split(',').includes(a.id));
      return { read: before - alarms.length };
    },
    'GET /api/blade-desk/notice/unread': () => unread,
    'POST /api/blade-desk/notice/read': (c) => {
      const id = c.url.searchParams.get('id');
      const ids = id ? [id] : (c.url.searchParams.get('ids') ?? '').split(',');
      const read = unread.filter((n) => ids.includes(n.id));
      unread = unread.filter((n) => !ids.includes(n.id));
      const vo = (n: (typeof read)[number]) => ({ ...n, content: '<p>Hello <b>all</b><img src="x" onerror="alert(1)"><script>alert(2)</script></p>' });
      return id ? vo(read[0]!) : read.map(vo);
    },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const badge = () => document.querySelector('.ant-badge .ant-scroll-number')?.getAttribute('title');

describe('NoticeButton', () => {
  it('counts unread notices; opening one shows it safely, marks it read and the count drops', async () => {
    renderPage(bell());
    await waitFor(() => expect(badge()).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: '通知公告' }));
    fireEvent.click(await screen.findByText('Maintenance window'));
    const modal = await screen.findByRole('dialog');
    expect(await within(modal).findByText('all')).toBeTruthy();
    expect(modal.querySelector('script')).toBeNull();
    expect(modal.querySelector('[onerror]')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/blade-desk/notice/read' && c.url.searchParams.get('id') === '1')).toBe(true);
    await waitFor(() => expect(badge()).toBe('1'));
  });

  it('marks all listed notices read', async () => {
    renderPage(bell());
    await waitFor(() => expect(badge()).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: '通知公告' }));
    fireEvent.click(await screen.findByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(badge()).toBeUndefined());
    expect(calls.find((c) => c.url.searchParams.get('ids'))?.url.searchParams.get('ids')).toBe('1,2');
  });

  it('counts unread alarm notifications too; opening one marks it read and goes to the alarm', async () => {
    alarms = [
      { id: '91', alarmId: '5001', kind: 'raised', alarmCode: 11, severity: 3, count: 200, title: '[重要] 电网过压(200 台设备)', content: 'SN1 · X', read: false, createTime: '2026-01-03 08:00:00' },
    ];
    renderPage(bell());
    await waitFor(() => expect(badge()).toBe('3'));
    fireEvent.click(screen.getByRole('button', { name: '通知公告' }));
    expect(await screen.findByRole('tab', { name: '告警 (1)' })).toBeTruthy();
    fireEvent.click(await screen.findByText('[重要] 电网过压(200 台设备)'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/alarm?id=5001'));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/skyworth-client/alarmInbox/read')).toBe(true);
    await waitFor(() => expect(badge()).toBe('2'));
  });

  it('leads to the alarm subscriptions', async () => {
    renderPage(bell());
    fireEvent.click(screen.getByRole('button', { name: '通知公告' }));
    fireEvent.click(await screen.findByRole('button', { name: '我的告警订阅' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/notify/subscription'));
  });
});
