/**
 * The order list and the history timeline against the order API (fetch mocked at the HTTP boundary only): a row's
 * link, site, progress, acting roles, processors and dwell days; the filters and "my tasks" as query parameters; no
 * agent filter for agent staff; "New order" only with its permission; the history's wording, comment and files.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ORDER_API } from '@helio/contracts/modules/epc/order.api';
import { useSessionStore } from '@/core/auth/session-store';
import { addLocaleBundle, setLanguage } from '@/core/i18n/i18n';
import { grant, mockApi, page, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import en from './locales/en-US/epc.json';
import zh from './locales/zh-CN/epc.json';
import type { OrderDetail, OrderRow } from './api';
import { HistoryTab } from './history-tab';
import { OrderListPage } from './order-list-page';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
addLocaleBundle('en-US', 'epc', en);
addLocaleBundle('zh-CN', 'epc', zh);

const row: OrderRow = {
  id: '501',
  process: 'epc_order',
  orderNumber: 'EPC261128000501',
  agentId: '9',
  agentName: 'Sun Co',
  customerName: 'Zhang Wei',
  customerPhone: '+27 821234567',
  projectType: '1',
  stage: 'callout_quote',
  stageName: '上门报价',
  subStatus: 'in_review',
  inReview: true,
  pending: null,
  version: 3,
  dwellDays: 2,
  totalDays: 5,
  createTime: '2026-11-28 10:00:00',
  updateTime: '2026-11-28 10:00:00',
  siteAddress: '1 Main Road, Johannesburg',
  processors: ['Tech Tom', 'Elec Eva'],
};

let calls: Call[];
const pageCalls = () => calls.filter((c) => c.url.pathname === `${ORDER_API}/page`);
const signedInAs = (roles: string) => useSessionStore.setState({ user: { access_token: 'a', refresh_token: 'r', account: 'u', role_name: roles } as never });
const show = () =>
  renderPage(
    <MemoryRouter>
      <OrderListPage />
    </MemoryRouter>,
  );

beforeEach(() => {
  setLanguage('en-US');
  calls = mockApi({
    [`GET ${ORDER_API}/page`]: () => page([row]),
    'GET /api/skyworth-agent/companyInfo/getListCompanyName': () => [{ id: '9', companyName: 'Sun Co' }],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null });
  grant();
});

describe('order list', () => {
  it('shows a row with its link, site, progress, acting roles, processors and dwell days', async () => {
    signedInAs('administrator');
    grant('epc_order_add');
    show();
    const link = await screen.findByRole('link', { name: row.orderNumber });
    expect(link.getAttribute('href')).toBe('/epc/order/detail/501');
    const tr = link.closest('tr')!;
    // The stage in the UI language from the definition (not the server's text), the review sub-status, finance acting.
    for (const text of ['1 Main Road, Johannesburg', 'Call-out quote', 'Awaiting review', 'Finance', 'Tech Tom, Elec Eva', 'Sun Co', '2 / 5']) {
      expect(within(tr).getByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: /New order/ })).toBeTruthy();
  });

  it('sends the filters and "my tasks" as the page query', async () => {
    signedInAs('administrator');
    show();
    await screen.findByRole('link', { name: row.orderNumber });
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: ' EPC26 ' } });
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: 'Zhang' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(pageCalls().at(-1)!.url.searchParams.get('orderNumber')).toBe('EPC26'));
    expect(pageCalls().at(-1)!.url.searchParams.get('customerName')).toBe('Zhang');
    expect(pageCalls().at(-1)!.url.searchParams.get('mine')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'My tasks' }));
    await waitFor(() => expect(pageCalls().at(-1)!.url.searchParams.get('mine')).toBe('1'));
    expect(pageCalls().at(-1)!.url.searchParams.get('orderNumber')).toBe('EPC26');
    // The agent filter reads the companies the caller may see.
    expect(screen.getByLabelText('Agent')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/getListCompanyName'))).toBe(true);
  });

  it('offers agent staff no agent filter, and no "New order" without its permission', async () => {
    signedInAs('rollout_manager');
    grant();
    show();
    await screen.findByRole('link', { name: row.orderNumber });
    expect(screen.queryByLabelText('Agent')).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/getListCompanyName'))).toBe(false);
    expect(screen.queryByRole('button', { name: /New order/ })).toBeNull();
  });
});

describe('history timeline', () => {
  const h = (over: Partial<OrderDetail['history'][number]>): OrderDetail['history'][number] => ({
    id: String(Math.random()),
    stage: 'survey_review',
    toStage: 'survey',
    action: 'reject',
    approved: null,
    request: null,
    userId: '7',
    userName: 'Rollout Ruth',
    role: 'rollout_manager',
    comment: 'Photos blurred',
    attachments: ['9001'],
    subStatus: 'pending',
    dwellDays: 2,
    version: 6,
    createTime: '2026-11-28 12:00:00',
    ...over,
  });

  it('lists the steps newest first, in words, with who, role, comment, files and dwell days', () => {
    const history = [
      h({ stage: 'callout_quote', toStage: 'callout_quote', action: 'submit', userName: 'Delivery Dan', role: 'delivery_manager', comment: null, attachments: [], dwellDays: null, createTime: '2026-11-28 09:00:00' }),
      h({}),
      h({ stage: 'survey', toStage: 'survey', action: 'examine', approved: false, request: 'cancel', comment: 'Keep it', attachments: [], dwellDays: null }),
    ];
    renderPage(<HistoryTab detail={{ history } as unknown as OrderDetail} />);
    const entries = screen.getAllByTestId('epc-history-entry');
    expect(entries).toHaveLength(3);
    expect(within(entries[0]!).getByText('Refused the cancel request')).toBeTruthy();
    expect(within(entries[1]!).getByText('Rejected back to Survey submission')).toBeTruthy();
    expect(within(entries[1]!).getByText(/Rollout Ruth as Rollout manager/)).toBeTruthy();
    expect(within(entries[1]!).getByText(/2 day\(s\) in the stage/)).toBeTruthy();
    expect(within(entries[1]!).getByText(/Comment: Photos blurred/)).toBeTruthy();
    expect(within(entries[1]!).getByRole('button', { name: 'Attachment 1' })).toBeTruthy();
    expect(within(entries[2]!).getByText('Submitted for review')).toBeTruthy();
    expect(within(entries[2]!).queryByRole('button')).toBeNull();
  });
});

describe('order detail', () => {
  const detail: OrderDetail = {
    order: { ...row, stage: 'survey', stageName: 'survey', subStatus: 'pending', inReview: false, pending: 'cancel', version: 8, dwellDays: 1, totalDays: 4 },
    data: { customer: { name: 'Zhang Wei', phoneDiallingCode: '+27', phone: '821234567', email: 'z@example.com', address: '1 Main Road' } },
    files: {},
    assignees: {},
    pendingRequest: { kind: 'cancel', by: '3', role: 'agent', at: '2026-11-28T05:07:31.000Z', reason: 'Customer moved house' },
    dwell: { stages: { create: 0, callout_quote: 3, survey: 1 }, current: 1, total: 4 },
    history: [
      { id: 'h1', stage: 'create', toStage: 'callout_quote', action: 'submit', approved: null, request: null, userId: '3', userName: 'Li Lei', role: 'agent', comment: null, attachments: [], subStatus: 'pending', dwellDays: 0, version: 1, createTime: '2026-11-28 09:00:00' },
      { id: 'h3', stage: 'callout_quote', toStage: 'survey_date', action: 'approve', approved: null, request: null, userId: '4', userName: 'Finance Fay', role: 'finance', comment: null, attachments: [], subStatus: 'pending', dwellDays: 3, version: 3, createTime: '2026-11-28 10:00:00' },
      { id: 'h4', stage: 'survey_date', toStage: 'designated_person', action: 'submit', approved: null, request: null, userId: '5', userName: 'Ruth', role: 'rollout_manager', comment: null, attachments: [], subStatus: 'pending', dwellDays: 0, version: 4, createTime: '2026-11-28 11:00:00' },
      { id: 'h5', stage: 'designated_person', toStage: 'survey', action: 'assign', approved: null, request: null, userId: '5', userName: 'Ruth', role: 'rollout_manager', comment: null, attachments: [], subStatus: 'pending', dwellDays: 0, version: 5, createTime: '2026-11-28 11:10:00' },
      { id: 'h2', stage: 'survey', toStage: 'survey', action: 'cancel', approved: null, request: 'cancel', userId: '3', userName: 'Li Lei', role: 'agent', comment: 'Customer moved house', attachments: [], subStatus: 'pending', dwellDays: null, version: 8, createTime: '2026-11-28 13:07:31' },
    ],
    actions: [],
  };

  it('heads the page with the order and its pending request, and shows the progress and history tabs', async () => {
    calls = mockApi({ [`GET ${ORDER_API}/selectBaseOrderInfo`]: () => detail });
    const { OrderDetailPage } = await import('./order-detail-page');
    renderPage(
      <MemoryRouter initialEntries={['/epc/order/detail/501']}>
        <OrderDetailPage />
      </MemoryRouter>,
    );
    const page = await screen.findByTestId('epc-order-detail');
    expect(calls.find((c) => c.url.pathname === `${ORDER_API}/selectBaseOrderInfo`)!.url.searchParams.get('orderId')).toBe('501');
    expect(within(page).getByRole('heading', { level: 2, name: /Order EPC261128000501/ })).toBeTruthy();
    // The request's time as its history row shows it (the server's zone), who asked in words.
    expect(within(page).getByTestId('epc-order-pending').textContent).toBe('Cancel requested by Li Lei (Agent) at 2026-11-28 13:07:31: Customer moved house. Other work waits for an examiner.');
    expect(within(page).getByText('1 / 4')).toBeTruthy();

    fireEvent.click(within(page).getByRole('tab', { name: 'Progress' }));
    const progress = await screen.findByTestId('epc-order-progress');
    const stages = within(progress).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(stages).toEqual([
      'Create orderDone0Agent',
      'Call-out quoteDone3Delivery manager',
      'Survey dateDone–Rollout manager',
      'Designated personDone–Rollout manager',
      'Survey submissionCurrent1Site technician, Electrician',
    ]);

    fireEvent.click(within(page).getByRole('tab', { name: 'History' }));
    const entries = await screen.findAllByTestId('epc-history-entry');
    expect(entries.map((e) => within(e).getAllByText(/./)[1]!.textContent)).toEqual([
      'Asked to cancel',
      'Assigned → Survey submission',
      'Submitted → Designated person',
      'Approved → Survey date',
      'Submitted → Call-out quote',
    ]);
  });
});
