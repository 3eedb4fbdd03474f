/**
 * The maintenance list against the maintenance API (fetch mocked at the HTTP boundary only): a row's link, call-in,
 * fee type by its dictionary name, station, device, the stage named by the maintenance definition, dwell days and
 * processors; the filters and "my tasks" as query parameters; "New call-in" only with its permission; the KPI figures
 * and tables, and the empty states.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '@/core/i18n/i18n';
import { grant, mockApi, page, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import epc from '@/features/epc/feature';
import maintenance from './feature';
import type { Kpi, MaintRow } from './api';
import { hoursText, rateText } from './kpi-section';
import { MaintListPage } from './maint-list-page';

// happy-dom draws no canvas: the chart itself is a stub here (its option is what the figures table reads).
vi.mock('echarts-for-react/esm/core', () => ({ default: () => null }));

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const M = '/api/skyworth-agent/maintenanceOrder';
const FEES = [
  { id: '1', dictKey: '1', dictValue: 'Free (under warranty)' },
  { id: '2', dictKey: '2', dictValue: 'Chargeable (out of warranty)' },
];

const row: MaintRow = {
  id: '801',
  process: 'maint_order',
  orderNumber: 'MNT261128000801',
  agentId: '9',
  agentName: 'Sun Co',
  customerName: 'Zhang Wei',
  customerPhone: '+27 821234567',
  projectType: null,
  stage: 'survey',
  stageName: 'survey',
  subStatus: 'draft',
  inReview: false,
  pending: null,
  version: 4,
  dwellDays: 1,
  totalDays: 3,
  createTime: '2026-11-28 10:00:00',
  updateTime: '2026-11-28 10:00:00',
  processors: ['Tech Tom'],
  callInTime: '2026-11-25 09:30:00',
  feeType: '2',
  stationId: '7',
  stationName: 'Sunny Roof',
  deviceSn: 'INV0001',
  alarmId: null,
  installOrderId: '501',
  workOrderNumber: null,
  firstVisitAt: null,
  closedAt: null,
};

const KPI: Kpi = {
  months: [
    { month: '2026-10', callIns: 3, closed: 2 },
    { month: '2026-11', callIns: 5, closed: 1 },
  ],
  callIns: 8,
  closed: 3,
  avgFirstVisitHours: 20.25,
  avgCloseHours: 50,
  firstTimeFixRate: 0.6667,
  costByFeeType: [{ feeType: '2', orders: 3, cost: 450.5 }],
  byAgent: [{ agentId: '9', agentName: 'Sun Co', callIns: 8, closed: 3, avgCloseHours: 50, firstTimeFixRate: 0.5 }],
  byInstaller: [{ userId: '31', name: 'Tech Tom', orders: 4, closed: 2, firstTimeFixRate: 1 }],
};

let calls: Call[];
const listCalls = () => calls.filter((c) => c.url.pathname === `${M}/list`);
const kpiCalls = () => calls.filter((c) => c.url.pathname === `${M}/kpi`);
const show = () =>
  renderPage(
    <MemoryRouter>
      <MaintListPage />
    </MemoryRouter>,
  );
const routes = (records: MaintRow[], kpi: Kpi) => ({
  [`GET ${M}/list`]: () => page(records),
  [`GET ${M}/kpi`]: () => kpi,
  'GET /api/blade-system/dict-biz/dictionary': (c: Call) => (c.url.searchParams.get('code') === 'agent_maint_fee_type' ? FEES : []),
});

beforeAll(() => Promise.all([epc.loadLocales(), maintenance.loadLocales()]));
beforeEach(() => {
  setLanguage('en-US');
  calls = mockApi(routes([row], KPI));
});
afterEach(() => {
  setLanguage('zh-CN'); // the default the next file's tests expect (isolate: false shares i18n)
  cleanup();
  vi.unstubAllGlobals();
  grant();
});

describe('maintenance list', () => {
  it('shows a row: link, call-in, fee type name, station, device, the maintenance stage, dwell days, processors', async () => {
    grant('epc_maintenance_add');
    show();
    const link = await screen.findByRole('link', { name: row.orderNumber });
    expect(link.getAttribute('href')).toBe('/epc/maintenance/detail/801');
    const tr = link.closest('tr')!;
    // The stage from the maintenance definition (not the installer order's "Survey submission"), its sub-status.
    for (const text of ['Zhang Wei', '2026-11-25 09:30:00', 'Sunny Roof', 'INV0001', 'On-site diagnosis', 'Saved as draft', '1 / 3', 'Tech Tom']) {
      expect(within(tr).getByText(text)).toBeTruthy();
    }
    await waitFor(() => expect(within(tr).getByText('Chargeable (out of warranty)')).toBeTruthy());
    expect(screen.getByRole('button', { name: /New call-in/ })).toBeTruthy();
  });

  it('sends the filters and "my tasks" as the list query; no "New call-in" without its permission', async () => {
    show();
    await screen.findByRole('link', { name: row.orderNumber });
    expect(screen.queryByRole('button', { name: /New call-in/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: ' MNT26 ' } });
    fireEvent.change(screen.getByLabelText('Device SN'), { target: { value: 'INV0001' } });
    fireEvent.mouseDown(screen.getByLabelText('Fee type'));
    fireEvent.click(await screen.findByText('Free (under warranty)'));
    fireEvent.mouseDown(screen.getByLabelText('Stage'));
    fireEvent.click(await screen.findByText('Warranty verification'));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('orderNumber')).toBe('MNT26'));
    const q = listCalls().at(-1)!.url.searchParams;
    expect([q.get('deviceSn'), q.get('feeType'), q.get('stage'), q.get('mine'), q.get('current')]).toEqual(['INV0001', '1', 'warranty_verification', null, '1']);
    fireEvent.click(screen.getByRole('switch', { name: 'My tasks' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('mine')).toBe('1'));
    expect(listCalls().at(-1)!.url.searchParams.get('stage')).toBe('warranty_verification');
  });

  it('shows the KPI figures, the per-agent and per-installer tables', async () => {
    show();
    const kpi = await screen.findByTestId('maint-kpi');
    await waitFor(() => expect(within(kpi).getByTestId('maint-kpi-callIns').textContent).toContain('8'));
    expect(within(kpi).getByTestId('maint-kpi-firstVisit').textContent).toContain('20.3 h');
    expect(within(kpi).getByTestId('maint-kpi-close').textContent).toContain('50 h');
    expect(within(kpi).getByTestId('maint-kpi-ftfr').textContent).toContain('66.7%');
    const agents = within(kpi).getByTestId('maint-kpi-agents');
    expect(within(agents).getByText('Sun Co').closest('tr')!.textContent).toBe('Sun Co8350 h50%');
    expect(within(within(kpi).getByTestId('maint-kpi-installers')).getByText('Tech Tom').closest('tr')!.textContent).toBe('Tech Tom42100%');
    // The charts are named images with their figures as a table.
    expect(within(kpi).getByRole('img', { name: 'Call-ins and closed orders per month' })).toBeTruthy();
    expect(within(kpi).getByRole('img', { name: 'Cost by fee type' })).toBeTruthy();
  });

  it('asks for the KPIs of the period picked, and of the last 12 months again once it is cleared', async () => {
    show();
    const kpi = await screen.findByTestId('maint-kpi');
    await waitFor(() => expect(kpiCalls()).toHaveLength(1));
    expect([...kpiCalls()[0]!.url.searchParams.keys()]).toEqual([]);
    expect(within(kpi).getByText(/^Call-ins of the last 12 months/)).toBeTruthy();
    // "This year": from its first day to today.
    const start = within(kpi).getByPlaceholderText('From');
    fireEvent.focus(start);
    fireEvent.mouseDown(start);
    fireEvent.click(start);
    fireEvent.click(await screen.findByText('This year'));
    const [from, to] = [dayjs().startOf('year').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')];
    await waitFor(() => expect(kpiCalls().at(-1)!.url.searchParams.get('from')).toBe(from));
    expect(kpiCalls().at(-1)!.url.searchParams.get('to')).toBe(to);
    expect(within(kpi).getByText(`Call-ins from ${from} to ${to}.`, { exact: false })).toBeTruthy();
    // Cleared: the server's default period again.
    fireEvent.mouseDown(within(kpi).getByPlaceholderText('From'));
    fireEvent.mouseUp(kpi.querySelector('.ant-picker-clear')!);
    fireEvent.click(kpi.querySelector('.ant-picker-clear')!);
    await waitFor(() => expect(within(kpi).getByText(/^Call-ins of the last 12 months/)).toBeTruthy());
    expect([...kpiCalls().at(-1)!.url.searchParams.keys()]).toEqual([]);
  });

  it('shows the empty states when nothing was called in', async () => {
    calls = mockApi(routes([], { ...KPI, months: [], callIns: 0, closed: 0, avgFirstVisitHours: null, avgCloseHours: null, firstTimeFixRate: null, costByFeeType: [], byAgent: [], byInstaller: [] }));
    show();
    expect(await screen.findByTestId('maint-kpi-empty')).toBeTruthy();
    expect(screen.getByText('No call-ins yet')).toBeTruthy();
    expect(await screen.findByText('No maintenance orders')).toBeTruthy();
  });

  it('writes hours and rates in the UI language, a dash when unknown', () => {
    const t = ((k: string, o: { n: string }) => `${o.n} ${k}`) as never;
    expect(hoursText(null, t, 'en-US')).toBe('–');
    expect(hoursText(1234.56, t, 'en-US')).toBe('1,234.6 maintenance.kpi.hours');
    expect(rateText(0.5, 'en-US')).toBe('50%');
    expect(rateText(undefined, 'zh-CN')).toBe('–');
  });
});
