/**
 * The current-stage panel against the order API (fetch mocked at the HTTP boundary only): the buttons are the
 * caller's actions, each posts the stage's endpoint with the order's version; a reject asks its reason and target;
 * a stale version shows the shared conflict dialog and reloads; insufficient stock blocks approval with a list;
 * excluded staff cannot be designated; a survey with a repeated appliance type is refused before the server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ORDER_API } from '@helio/contracts/modules/epc/order.api';
import { addLocaleBundle, setLanguage } from '@/core/i18n/i18n';
import { json, mockApi, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import en from '../locales/en-US/epc-stage.json';
import zh from '../locales/zh-CN/epc-stage.json';
import { StagePanel } from './stage-panel';
import type { OrderDetail } from './stage-panel';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
addLocaleBundle('en-US', 'epc-stage', en);
addLocaleBundle('zh-CN', 'epc-stage', zh);

const order = (stage: string, extra: Partial<OrderDetail['order']> = {}): OrderDetail['order'] => ({
  id: '501',
  process: 'epc_order',
  orderNumber: 'EPC202611280001',
  agentId: '9',
  agentName: 'Sun Co',
  customerName: 'Zhang Wei',
  customerPhone: '+27 821234567',
  projectType: '1',
  stage,
  stageName: stage,
  subStatus: 'pending',
  inReview: false,
  pending: null,
  version: 7,
  dwellDays: 0,
  totalDays: 0,
  createTime: '2026-11-28 10:00:00',
  updateTime: '2026-11-28 10:00:00',
  ...extra,
});

const detail = (stage: string, actions: string[], data: Record<string, unknown> = {}, extra: Partial<OrderDetail> = {}): OrderDetail => ({
  order: order(stage),
  data: { customer: { name: 'Zhang Wei', phoneDiallingCode: '+27', phone: '821234567', email: 'z@example.com', address: '1 Main Road' }, ...data },
  files: {},
  assignees: {},
  pendingRequest: null,
  dwell: { stages: {}, current: 0, total: 0 },
  history: [],
  actions,
  ...extra,
});

let calls: Call[];
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === `${ORDER_API}/${path}`);
const VO = order('next', { version: 8 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('zh-CN'); // the default the next file's tests expect (isolate: false shares i18n)
});

beforeEach(() => setLanguage('en-US'));

describe('StagePanel', () => {
  it('shows only the caller’s actions and rejects with a reason to the chosen stage', async () => {
    calls = mockApi({ [`POST ${ORDER_API}/survey/audit`]: () => VO });
    const onChanged = vi.fn();
    renderPage(<StagePanel detail={detail('survey_review', ['approve', 'reject'], { survey: { installType: 'roof' } })} onChanged={onChanged} />);
    const bar = await screen.findByTestId('stage-actions');
    expect(within(bar).getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['Approve', 'Reject']);
    // The reviewed survey is shown read-only.
    expect(screen.getByTestId('schema-view-survey')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Send back/ }));
    expect(await within(dialog).findByText('Please give a reason')).toBeTruthy();
    // survey_review may send back to survey, designated person or survey date: a choice is asked.
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Survey date'));
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Wrong date' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Send back/ }));
    await waitFor(() => expect(posts('survey/audit')).toHaveLength(1));
    expect(posts('survey/audit')[0]!.body).toEqual({ orderId: '501', version: 7, approved: false, reason: 'Wrong date', targetStage: 'survey_date' });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('a stale version shows the shared conflict dialog, whose Reload reloads the order', async () => {
    calls = mockApi({
      [`POST ${ORDER_API}/explorationDate/submit`]: () => json(409, { code: 409, success: false, data: {}, msg: 'The order was changed by someone else; reload it and try again' }),
    });
    const onChanged = vi.fn();
    renderPage(<StagePanel detail={detail('survey_date', ['submit', 'cancel'], { surveyDate: { date: '2026-12-01' } })} onChanged={onChanged} />);
    fireEvent.click(within(await screen.findByTestId('stage-actions')).getByRole('button', { name: /Submit/ }));
    await waitFor(() => expect(posts('explorationDate/submit')).toHaveLength(1));
    expect(posts('explorationDate/submit')[0]!.body).toEqual({ orderId: '501', version: 7, date: '2026-12-01', submissionId: expect.any(String) });
    expect(await screen.findByText('The order was changed by someone else; reload it and try again')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /Reload/ }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  });

  it('lists insufficient stock lines and blocks the approval until every line is in stock', async () => {
    let lines = [
      { sku: 'INV-1', name: 'Inverter', quantity: 1, available: 5, sufficient: true },
      { sku: 'BAT-1', name: 'Battery', quantity: 2, available: 1, sufficient: false },
    ];
    calls = mockApi({
      [`GET ${ORDER_API}/stock/detail`]: () => ({ order: order('stock_audit'), lines, form: {} }),
      [`POST ${ORDER_API}/stock/audit`]: () => VO,
    });
    const view = renderPage(<StagePanel detail={detail('stock_audit', ['save', 'approve', 'reject'])} onChanged={() => undefined} />);
    const blocked = await screen.findByTestId('stock-blocked');
    expect(blocked.textContent).toContain('BAT-1 Battery: needed 2, available 1');
    expect(blocked.textContent).not.toContain('INV-1');
    const approve = within(screen.getByTestId('stage-actions')).getByRole('button', { name: /Approve/ }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    lines = lines.map((l) => ({ ...l, available: 5, sufficient: true }));
    await view.client.invalidateQueries();
    await waitFor(() => expect(screen.queryByTestId('stock-blocked')).toBeNull());
    await waitFor(() => expect(approve.disabled).toBe(false));
    fireEvent.click(approve);
    await waitFor(() => expect(posts('stock/audit')).toHaveLength(1));
    expect(posts('stock/audit')[0]!.body).toEqual({
      orderId: '501',
      version: 7,
      submissionId: expect.any(String), // the panel's steps go through the offline queue (core/offline)
      approved: true,
      form: { lines: [{ sku: 'INV-1', quantity: 1, status: 'confirmed' }, { sku: 'BAT-1', quantity: 2, status: 'confirmed' }] },
    });
  });

  it('designates staff: excluded people cannot be chosen, the chosen ones are posted', async () => {
    calls = mockApi({
      [`GET ${ORDER_API}/designatedPerson/select`]: () => [
        { id: '11', account: 'tech1', realName: 'Tech One', roles: ['site_technician'], excluded: false },
        { id: '12', account: 'tech2', realName: 'Tech Two', roles: ['site_technician'], excluded: true },
        { id: '21', account: 'elec1', realName: 'Elec One', roles: ['electrician'], excluded: false },
      ],
      [`POST ${ORDER_API}/designatedPerson/assign`]: () => VO,
    });
    renderPage(<StagePanel detail={detail('designated_person', ['assign', 'cancel'])} onChanged={() => undefined} />);
    const form = await screen.findByTestId('assign-form');
    const [techs, elecs] = within(form).getAllByRole('combobox');
    fireEvent.click(within(screen.getByTestId('stage-actions')).getByRole('button', { name: /Assign/ }));
    expect((await screen.findAllByText('Choose at least one person')).length).toBe(2);
    fireEvent.mouseDown(techs!);
    const excluded = (await screen.findByText('Tech Two')).closest('.ant-select-item-option');
    expect(excluded?.getAttribute('aria-disabled') ?? excluded?.className).toMatch(/true|disabled/);
    fireEvent.click(excluded!);
    fireEvent.click(await screen.findByText('Tech One'));
    fireEvent.mouseDown(elecs!);
    fireEvent.click(await screen.findByText('Elec One'));
    fireEvent.click(within(screen.getByTestId('stage-actions')).getByRole('button', { name: /Assign/ }));
    await waitFor(() => expect(posts('designatedPerson/assign')).toHaveLength(1));
    expect(posts('designatedPerson/assign')[0]!.body).toEqual({ orderId: '501', version: 7, technicianIds: ['11'], electricianIds: ['21'], submissionId: expect.any(String) });
  });

  it('saves a survey draft without the required fields but refuses a repeated appliance type on submit', async () => {
    calls = mockApi({ [`POST ${ORDER_API}/survey/save`]: () => VO, [`POST ${ORDER_API}/survey/submit`]: () => VO });
    const appliances = [{ type: 'fridge', quantity: 1, power: 200 }, { type: 'Fridge', quantity: 2, power: 100 }];
    renderPage(<StagePanel detail={detail('survey', ['save', 'submit'], { survey: { installType: 'roof', electrical: { appliances } } })} onChanged={() => undefined} />);
    const bar = await screen.findByTestId('stage-actions');
    fireEvent.click(within(bar).getByRole('button', { name: /Save draft/ }));
    await waitFor(() => expect(posts('survey/save')).toHaveLength(1));
    expect(posts('survey/save')[0]!.body).toMatchObject({ orderId: '501', version: 7, form: { installType: 'roof', confirmed: false, electrical: { appliances } } });
    fireEvent.click(within(bar).getByRole('button', { name: /Submit/ }));
    expect(await screen.findByText('Appliance type already exists: Fridge')).toBeTruthy();
    expect(screen.getByText('Please tick the statement')).toBeTruthy();
    expect(posts('survey/submit')).toHaveLength(0);
  });
  it('an examiner sees a pending edit request with its proposed data and approves it', async () => {
    calls = mockApi({ [`POST ${ORDER_API}/examineEditOrder`]: () => VO });
    const onChanged = vi.fn();
    const pendingRequest = { kind: 'edit', by: '31', role: 'agent', at: '2026-11-28T10:00:00Z', reason: 'typo', changes: { name: 'Zhang Wei (new)' } };
    const history = [{ id: 'h1', stage: 'survey_date', toStage: 'survey_date', action: 'edit', approved: null, request: 'edit', userId: '31', userName: 'Agent Ann', role: 'agent', comment: 'typo', attachments: [], subStatus: null, dwellDays: null, version: 6, createTime: '' }];
    renderPage(<StagePanel detail={detail('survey_date', ['examine'], {}, { pendingRequest, history })} onChanged={onChanged} />);
    const box = await screen.findByTestId('pending-request');
    expect(box.textContent).toContain('An edit request awaits examination');
    expect(box.textContent).toContain('Requested by Agent Ann (Agent)');
    expect(box.textContent).toContain('Zhang Wei (new)');
    // Only the examination: no stage buttons.
    expect(within(screen.getByTestId('stage-actions')).queryAllByRole('button')).toHaveLength(0);
    fireEvent.click(within(box).getByRole('button', { name: /Approve request/ }));
    await waitFor(() => expect(posts('examineEditOrder')).toHaveLength(1));
    expect(posts('examineEditOrder')[0]!.body).toEqual({ orderId: '501', version: 7, approved: true });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('a cancel asks its reason, says when it needs approval, and posts it', async () => {
    calls = mockApi({ [`POST ${ORDER_API}/examineCancelOrder`]: () => VO });
    renderPage(<StagePanel detail={detail('survey_date', ['submit', 'cancel'])} onChanged={() => undefined} />);
    fireEvent.click(within(await screen.findByTestId('stage-actions')).getByRole('button', { name: /Cancel order/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('At this stage a cancel needs an examiner');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Customer withdrew' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Cancel order/ }));
    await waitFor(() => expect(posts('examineCancelOrder')).toHaveLength(1));
    expect(posts('examineCancelOrder')[0]!.body).toEqual({ orderId: '501', version: 7, reason: 'Customer withdrew' });
  });
});
