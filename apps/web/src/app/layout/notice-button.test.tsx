import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@/core/i18n/i18n';
import { mockApi, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import { NoticeButton } from './notice-button';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

let calls: Call[];
let unread: { id: string; title: string; categoryName: string; releaseTime: string }[];

beforeEach(() => {
  setLanguage('zh-CN');
  unread = [
    { id: '1', title: 'Maintenance window', categoryName: '发布通知', releaseTime: '2026-01-01 08:00:00' },
    { id: '2', title: 'New tariff', categoryName: '会议通知', releaseTime: '2026-01-02 08:00:00' },
  ];
  calls = mockApi({
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
    renderPage(<NoticeButton />);
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
    renderPage(<NoticeButton />);
    await waitFor(() => expect(badge()).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: '通知公告' }));
    fireEvent.click(await screen.findByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(badge()).toBeUndefined());
    expect(calls.find((c) => c.url.searchParams.get('ids'))?.url.searchParams.get('ids')).toBe('1,2');
  });
});
