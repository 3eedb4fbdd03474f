/**
 * The QC stages in the stage panel (issue 19), fetch mocked at the HTTP boundary only: the serial rows pick from the
 * order's shipped serials of the row's type, a serial chosen in another row is disabled, the serial check's answer
 * (installed at another station) shows under the field, the same serial twice is refused before any call, the submit
 * posts the form; the QC verification saves its sub-node statuses and approves or rejects with a reason.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ORDER_API } from '@helio/contracts/modules/epc/order.api';
import { addLocaleBundle, setLanguage } from '@/core/i18n/i18n';
import { mockApi, renderPage, type Call } from '@/test/api-mock';
import stageEn from '../locales/en-US/epc-stage.json';
import stageZh from '../locales/zh-CN/epc-stage.json';
import en from '../locales/en-US/epc-field.json';
import zh from '../locales/zh-CN/epc-field.json';
import { StagePanel, type OrderDetail } from '../stage/stage-panel';
import { MemoryRouter } from 'react-router';
import { Commissioned } from './commissioned';
import { repeatedSerials } from './serial-picker';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
addLocaleBundle('en-US', 'epc-stage', stageEn);
addLocaleBundle('zh-CN', 'epc-stage', stageZh);
addLocaleBundle('en-US', 'epc-field', en);
addLocaleBundle('zh-CN', 'epc-field', zh);

let seq = 700;
const order = (stage: string, id: string, version = 7): OrderDetail['order'] => ({
  id, process: 'epc_order', orderNumber: `EPC-${id}`, agentId: '9', agentName: 'Sun Co', customerName: 'Zhang Wei', customerPhone: null, projectType: '1',
  stage, stageName: stage, subStatus: 'pending', inReview: false, pending: null, version, dwellDays: 0, totalDays: 0, createTime: '2026-11-28 10:00:00', updateTime: '2026-11-28 10:00:00',
});
const detail = (stage: string, actions: string[], data: Record<string, unknown>): OrderDetail => ({
  order: order(stage, String(++seq)), data, files: {}, assignees: {}, pendingRequest: null, dwell: { stages: {}, current: 0, total: 0 }, history: [], actions,
});
const qcForm = (serials: { deviceType: string; sn: string }[]) => ({
  inverterType: '1',
  photos: ['11'],
  serials,
  panelPhotos: ['12'],
  earthing: { value: 1.2, unit: 'Ω' },
  batteryCount: '2',
});
const basic = (o: OrderDetail) => ({
  order: o.order,
  serials: [
    { sn: 'INV-001', sku: 'INV-5K', deviceType: 'inverter', state: 'shipped' },
    { sn: 'BAT-001', sku: 'BAT-10', deviceType: 'battery', state: 'shipped' },
    { sn: 'BAT-002', sku: 'BAT-10', deviceType: 'battery', state: 'shipped' },
  ],
  byType: { inverter: ['INV-001'], battery: ['BAT-001', 'BAT-002'] },
  inverterTypes: [{ value: '1', label: 'Hybrid' }],
});
const check = (sn: string, extra: Record<string, unknown> = {}) => ({ sn, exists: true, ofOrder: true, installedElsewhere: false, station: null, repeated: false, ok: true, ...extra });

let calls: Call[];
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === `${ORDER_API}/${path}`);
const button = (name: RegExp) => within(screen.getByTestId('stage-actions')).getByRole('button', { name });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('zh-CN');
});
beforeEach(() => setLanguage('en-US'));

describe('QC submission', () => {
  it('picks from the shipped serials of the row type, disables a chosen one, shows the check, and submits', async () => {
    const d = detail('qc_submission', ['save', 'submit'], { qc: qcForm([{ deviceType: 'battery', sn: 'BAT-001' }, { deviceType: 'battery', sn: 'BAT-002' }]) });
    calls = mockApi({
      [`GET ${ORDER_API}/qcSubmission/getBasicQcInfo`]: () => basic(d),
      [`POST ${ORDER_API}/serialNumber/exist`]: (c) => {
        const sn = (c.body as { serials: string[] }).serials[0]!;
        return { results: [sn === 'BAT-002' ? check(sn, { installedElsewhere: true, station: 'Plant Soweto', ok: false }) : check(sn)], failed: sn === 'BAT-002' ? 1 : 0 };
      },
      [`POST ${ORDER_API}/qcSubmission/submitQcInfo`]: () => order('qc_verification', d.order.id, 8),
    });
    renderPage(<StagePanel detail={d} onChanged={vi.fn()} />);
    expect((await screen.findByTestId('qc-shipped')).textContent).toBe('Shipped serials of this order: 3');
    // Each row's serial is checked: the second is a device of another station.
    expect((await screen.findByTestId('serial-check-1')).textContent).toBe('Already installed at another station (Plant Soweto): BAT-002');
    expect((await screen.findByTestId('serial-check-0')).textContent).toBe('Serial checked');
    const check0 = calls.find((c) => c.url.pathname === `${ORDER_API}/serialNumber/exist` && (c.body as { serials: string[] }).serials[0] === 'BAT-001')!;
    expect(check0.url.searchParams.get('deviceType')).toBe('battery');
    expect(check0.body).toEqual({ orderId: d.order.id, serials: ['BAT-001'] });
    // Row 2's list: the batteries only, the one of row 1 disabled.
    fireEvent.mouseDown(within(screen.getByTestId('serial-picker-1')).getByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(document.querySelectorAll('.ant-select-dropdown .ant-select-item-option').length).toBe(2));
    const options = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')];
    expect(options.map((o) => o.getAttribute('title') ?? o.textContent)).toEqual(['BAT-001 · BAT-10', 'BAT-002 · BAT-10']);
    expect(options[0]!.className).toContain('ant-select-item-option-disabled');
    expect(options[1]!.className).not.toContain('ant-select-item-option-disabled');
    expect(listbox).toBeTruthy();
    fireEvent.click(button(/Submit/));
    await waitFor(() => expect(posts('qcSubmission/submitQcInfo')).toHaveLength(1));
    expect(posts('qcSubmission/submitQcInfo')[0]!.body).toMatchObject({ orderId: d.order.id, version: 7, form: qcForm([{ deviceType: 'battery', sn: 'BAT-001' }, { deviceType: 'battery', sn: 'BAT-002' }]) });
  });

  it('refuses the same SN in two rows before any call (zh-CN)', async () => {
    setLanguage('zh-CN');
    const d = detail('qc_submission', ['save', 'submit'], { qc: qcForm([{ deviceType: 'inverter', sn: 'INV-001' }, { deviceType: 'inverter', sn: 'INV-001' }]) });
    calls = mockApi({
      [`GET ${ORDER_API}/qcSubmission/getBasicQcInfo`]: () => basic(d),
      [`POST ${ORDER_API}/serialNumber/exist`]: (c) => ({ results: [check((c.body as { serials: string[] }).serials[0]!)], failed: 0 }),
    });
    renderPage(<StagePanel detail={d} onChanged={vi.fn()} />);
    await screen.findByTestId('qc-shipped');
    fireEvent.click(button(/提\s*交/));
    await screen.findByText('同一序列号只能选择一次：INV-001');
    expect(posts('qcSubmission/submitQcInfo')).toHaveLength(0);
    expect(repeatedSerials([{ sn: 'A' }, { sn: 'B' }, { sn: 'A ' }, undefined, { sn: '' }])).toEqual(['A']);
  });
});

describe('QC verification', () => {
  it('saves the sub-node statuses, then rejects back with a reason', async () => {
    const d = detail('qc_verification', ['approve', 'reject'], { qc: qcForm([{ deviceType: 'inverter', sn: 'INV-001' }]) });
    calls = mockApi({
      [`GET ${ORDER_API}/qcSubmission/getQcInfoDetail`]: () => ({ order: d.order, form: d.data.qc, nodes: {} }),
      [`POST ${ORDER_API}/qcSubmission/saveSubNodeApprovalStatus`]: () => order('qc_verification', d.order.id, 8),
      [`POST ${ORDER_API}/qcVerification/qcVerify`]: () => order('qc_submission', d.order.id, 8),
    });
    renderPage(<StagePanel detail={d} onChanged={vi.fn()} />);
    const review = await screen.findByTestId('sub-nodes-qc');
    fireEvent.click(within(within(review).getByTestId('sub-node-serials')).getByText('Pass'));
    fireEvent.click(within(within(review).getByTestId('sub-node-earthing')).getByText('Fail'));
    fireEvent.change(within(review).getByLabelText('Note on Earthing'), { target: { value: '12 Ω is too high' } });
    fireEvent.click(within(review).getByTestId('sub-nodes-save'));
    await waitFor(() => expect(posts('qcSubmission/saveSubNodeApprovalStatus')).toHaveLength(1));
    expect(posts('qcSubmission/saveSubNodeApprovalStatus')[0]!.body).toEqual({
      orderId: d.order.id,
      version: 7,
      nodes: { serials: { status: 'pass' }, earthing: { status: 'fail', note: '12 Ω is too high' } },
    });
    fireEvent.click(button(/Reject/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Earthing too high' } });
    fireEvent.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(posts('qcVerification/qcVerify')).toHaveLength(1));
    expect(posts('qcVerification/qcVerify')[0]!.body).toMatchObject({ orderId: d.order.id, version: 7, approved: false, reason: 'Earthing too high' });
  });
});

describe('survey review', () => {
  it("a maintenance order's diagnosis review keeps its sub-node statuses (stored ones shown), under the maintenance URL", async () => {
    const d = detail('survey_review', ['approve', 'reject'], {
      maintSurvey: { findings: 'Fan seized', solution: 'Swap it', partsNeeded: false, photos: ['11'], confirmed: true },
      surveyNodes: { findings: { status: 'pass' } },
    });
    d.order.process = 'maint_order';
    calls = mockApi({ 'POST /api/skyworth-agent/maintain/surveyReview/saveSubNodeApprovalStatus': () => order('survey_review', d.order.id, 7) });
    renderPage(<StagePanel detail={d} onChanged={vi.fn()} />);
    const review = await screen.findByTestId('sub-nodes-survey');
    // The diagnosis form's items (the maintenance definition's form of its survey stage); the stored status checked.
    expect(within(within(review).getByTestId('sub-node-findings')).getByRole('radio', { name: 'Pass' })).toHaveProperty('checked', true);
    fireEvent.click(within(within(review).getByTestId('sub-node-photos')).getByText('Fail'));
    fireEvent.change(within(review).getByLabelText(/^Note on /), { target: { value: 'The BMS is not on the photos' } });
    fireEvent.click(within(review).getByTestId('sub-nodes-save'));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/maintain/surveyReview/saveSubNodeApprovalStatus'))).toHaveLength(1));
    expect(calls.find((c) => c.url.pathname.endsWith('/saveSubNodeApprovalStatus'))!.body).toEqual({
      orderId: d.order.id,
      version: 7,
      nodes: { findings: { status: 'pass' }, photos: { status: 'fail', note: 'The BMS is not on the photos' } },
    });
  });
});

describe('commissioned', () => {
  it("shows the station (a link to its page) and the serials once the order has its commission record, nothing before", () => {
    const { container } = renderPage(
      <MemoryRouter>
        <Commissioned data={{}} />
      </MemoryRouter>,
    );
    expect(container.querySelector('[data-testid="epc-commissioned"]')).toBeNull();
    cleanup();
    const commission = { plantId: '88', plantName: 'Zhang Wei EPC-1', created: true, serials: [{ sn: 'INV-001', deviceType: 'inverter' }, { sn: 'BAT-001', deviceType: 'battery' }], at: '2026-12-12 10:00:00' };
    renderPage(
      <MemoryRouter>
        <Commissioned data={{ commission }} />
      </MemoryRouter>,
    );
    const box = screen.getByTestId('epc-commissioned');
    expect(box.textContent).toContain('System commissioned');
    expect(screen.getByTestId('epc-commissioned-station').getAttribute('href')).toBe('/power-station-equip/power/detail/88');
    expect(within(box).getByText('Inverter INV-001')).toBeTruthy();
    expect(within(box).getByText('Battery BAT-001')).toBeTruthy();
  });
});
