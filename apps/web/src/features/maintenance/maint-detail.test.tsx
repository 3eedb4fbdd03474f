/**
 * A maintenance order on the installer order's screens (fetch mocked at the HTTP boundary only): its steps go to the
 * maintenance twins of the installer order's endpoints (the survey submit to `survey/maint/submit`, the panel's survey
 * date through the offline queue to `maintSurveyDate/audit`, the survey review's reject with the maintenance stage
 * names); its forms are the maintenance definition's (diagnosis, repair QC), without the installer QC's serial rows;
 * the detail page reads `maintenanceOrder/detail`, shows the call-in and the replacements, and at the repair QC
 * replaces a device and shows its secret once.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ORDER_API } from '@helio/contracts/modules/epc/order.api';
import { setLanguage } from '@/core/i18n/i18n';
import { mockApi, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import epc from '@/features/epc/feature';
import type { OrderDetail } from '@/features/epc/api';
import { STAGE_CALLS } from '@/features/epc/stage/stage-actions';
import { StagePanel } from '@/features/epc/stage/stage-panel';
import maintenance from './feature';
import { MaintDetailPage, MAINT_STAGE_UI } from './maint-detail-page';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const A = '/api/skyworth-agent';

const order = (stage: string, process = 'maint_order'): OrderDetail['order'] => ({
  id: '801', process, orderNumber: 'MNT261128000801', agentId: '9', agentName: 'Sun Co', customerName: 'Zhang Wei', customerPhone: '+27 821234567',
  projectType: null, stage, stageName: stage, subStatus: 'pending', inReview: false, pending: null, version: 7, dwellDays: 0, totalDays: 2,
  createTime: '2026-11-28 10:00:00', updateTime: '2026-11-28 10:00:00',
});
const CUSTOMER = {
  name: 'Zhang Wei', phoneDiallingCode: '+27', phone: '821234567', address: '1 Main Road', callInTime: '2026-11-27 10:00:00', problem: 'No output',
  feeType: '2', cocRequired: false, stationId: '7', deviceSn: 'INV0001', warrantyDate: '2020-06-30', surveyDate: '2026-12-01',
};
const detail = (stage: string, actions: string[], data: Record<string, unknown> = {}): OrderDetail => ({
  order: order(stage),
  data: { customer: CUSTOMER, ...data },
  files: {},
  assignees: {},
  pendingRequest: null,
  dwell: { stages: {}, current: 0, total: 2 },
  history: [],
  actions,
});

let calls: Call[];
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);

beforeAll(() => Promise.all([epc.loadLocales(), maintenance.loadLocales()]));
beforeEach(() => setLanguage('en-US'));
afterEach(() => {
  setLanguage('zh-CN'); // the default the next file's tests expect (isolate: false shares i18n)
  cleanup();
  vi.unstubAllGlobals();
});

describe('a maintenance order’s steps', () => {
  it('sends the survey submit to its maintenance twin, the installer order’s to its own', async () => {
    calls = mockApi({ [`POST ${A}/survey/maint/submit`]: () => order('survey_review'), [`POST ${ORDER_API}/survey/submit`]: () => order('survey_review', 'epc_order') });
    const form = { findings: 'Fan blocked', solution: 'Cleaned', partsNeeded: false, photos: ['1'], signatures: { technician: '2', owner: '3' }, confirmed: true };
    await STAGE_CALLS.survey!.submit!({ orderId: '801', version: 7, process: 'maint_order', form });
    expect(posts(`${A}/survey/maint/submit`)).toHaveLength(1);
    expect(posts(`${A}/survey/maint/submit`)[0]!.body).toEqual({ orderId: '801', version: 7, form });
    await STAGE_CALLS.survey!.submit!({ orderId: '501', version: 3, process: 'epc_order', form: {} });
    expect(posts(`${ORDER_API}/survey/submit`)).toHaveLength(1);
    expect(posts(`${A}/survey/maint/submit`)).toHaveLength(1);
  });

  it('submits the survey date from the panel (through the offline queue) to the maintenance endpoint', async () => {
    calls = mockApi({ [`POST ${A}/maintSurveyDate/audit`]: () => order('designated_person') });
    const onChanged = vi.fn();
    renderPage(<StagePanel detail={detail('survey_date', ['submit'])} onChanged={onChanged} />);
    fireEvent.click(within(await screen.findByTestId('stage-actions')).getByRole('button', { name: /Submit/ }));
    await waitFor(() => expect(posts(`${A}/maintSurveyDate/audit`)).toHaveLength(1));
    expect(posts(`${A}/maintSurveyDate/audit`)[0]!.body).toEqual({ orderId: '801', version: 7, date: '2026-12-01', submissionId: expect.any(String) });
    expect(calls.some((c) => c.url.pathname.startsWith(ORDER_API))).toBe(false);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('shows the diagnosis form with its labels, and rejects the review to a stage named by the maintenance definition', async () => {
    calls = mockApi({ [`POST ${A}/maintain/surveyReview/submit`]: () => order('survey') });
    const maintSurvey = { findings: 'Fan blocked', solution: 'Cleaned', partsNeeded: false, photos: [], signatures: { technician: '2', owner: '3' }, confirmed: true };
    renderPage(<StagePanel detail={detail('survey_review', ['approve', 'reject'], { maintSurvey })} onChanged={() => undefined} />);
    const view = await screen.findByTestId('schema-view-maintSurvey');
    expect(view.textContent).toContain('Findings');
    expect(view.textContent).toContain('Fan blocked');
    fireEvent.click(within(screen.getByTestId('stage-actions')).getByRole('button', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    // The maintenance definition's names (the installer order's "Survey submission" is its "On-site diagnosis").
    const options = await screen.findAllByText(/./, { selector: '.ant-select-item-option-content' });
    expect(options.map((o) => o.textContent)).toEqual(['On-site diagnosis', 'Designated person', 'Survey date']);
    fireEvent.click(options[0]!);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Photos missing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Send back/ }));
    await waitFor(() => expect(posts(`${A}/maintain/surveyReview/submit`)).toHaveLength(1));
    expect(posts(`${A}/maintain/surveyReview/submit`)[0]!.body).toMatchObject({ approved: false, reason: 'Photos missing', targetStage: 'survey' });
  });

  it('shows the devices’ warranty and its suggestion above the warranty verification', async () => {
    calls = mockApi({
      [`GET ${A}/warranty-verification/detail`]: () => ({
        order: order('warranty_verification'),
        devices: [{ sn: 'INV0001', deviceType: 'inverter', model: 'SK-5', warrantyStart: '2019-06-30', warrantyEnd: '2020-06-30', warrantyYears: 1, inWarranty: false }],
        suggested: { result: 'expired', warrantyEndDate: '2020-06-30', basis: 'factory', factoryEndDate: '2020-06-30', serviceEndDate: null, installDate: null },
        form: {},
      }),
    });
    renderPage(<StagePanel detail={detail('warranty_verification', ['approve', 'reject'])} onChanged={() => undefined} stageUi={MAINT_STAGE_UI} />);
    const panel = await screen.findByTestId('maint-warranty');
    await waitFor(() => expect(panel.textContent).toContain('The devices\' warranty suggests: Expired (warranty end 2020-06-30)'));
    // The device kind by its name in the page's language.
    expect(within(panel).getByText('INV0001').closest('tr')!.textContent).toBe('INV0001InverterSK-52019-06-302020-06-301Out of warranty');
    expect(screen.getByTestId('stage-form-warranty')).toBeTruthy();
  });

  it("names the call-in's free-service plan when it, not the factory warranty, decides the suggestion", async () => {
    calls = mockApi({
      [`GET ${A}/warranty-verification/detail`]: () => ({
        order: order('warranty_verification'),
        devices: [],
        suggested: { result: 'valid', warrantyEndDate: '2028-03-15', basis: 'service', factoryEndDate: '2020-06-30', serviceEndDate: '2028-03-15', installDate: '2025-03-15' },
        form: {},
      }),
    });
    renderPage(<StagePanel detail={detail('warranty_verification', ['approve', 'reject'], { customer: { ...CUSTOMER, freeServiceMonths: 36 } })} onChanged={() => undefined} stageUi={MAINT_STAGE_UI} />);
    const panel = await screen.findByTestId('maint-warranty');
    await waitFor(() =>
      expect(panel.textContent).toContain(
        "Under warranty by the call-in's free-service plan: 36 months from the installation on 2025-03-15, until 2028-03-15 (the devices' factory warranty: 2020-06-30)",
      ),
    );
  });

  it('shows the repair QC form without the installer QC’s serial rows', async () => {
    calls = mockApi({});
    renderPage(<StagePanel detail={detail('qc_submission', ['save', 'submit'])} onChanged={() => undefined} stageUi={MAINT_STAGE_UI} />);
    const form = await screen.findByTestId('stage-form-maintQc');
    expect(within(form).getByLabelText('Test result')).toBeTruthy();
    expect(screen.queryByTestId('qc-shipped')).toBeNull();
    expect(calls.some((c) => c.url.pathname.includes('getBasicQcInfo'))).toBe(false);
    expect(screen.getByRole('button', { name: /Replace device/ })).toBeTruthy();
  });
});

describe('maintenance order page', () => {
  it('reads the maintenance detail, shows the call-in and replacements, and replaces a device showing its secret once', async () => {
    const line = { deviceType: 'battery', oldSn: 'BAT0001', newSn: 'BAT0009', reason: 'Cell fault', at: '2026-11-28 11:00:00', by: 'Tech Tom', plantId: '7' };
    let replaced = false;
    calls = mockApi({
      [`GET ${A}/maintenanceOrder/detail`]: () => detail('qc_submission', ['save', 'submit'], replaced ? { replacement: { lines: [line] } } : {}),
      [`GET ${A}/warranty-verification/detail`]: () => ({
        order: order('qc_submission'),
        devices: [{ sn: 'BAT0001', deviceType: 'battery', model: null, warrantyStart: null, warrantyEnd: null, warrantyYears: null, inWarranty: false }],
        suggested: { result: 'expired', warrantyEndDate: null, basis: null, factoryEndDate: null, serviceEndDate: null, installDate: null },
        form: {},
      }),
      [`POST ${A}/maintenanceOrder/replaceDevice`]: () => {
        replaced = true;
        return { order: order('qc_submission'), replacement: line, secret: 's3cr3t-once' };
      },
    });
    renderPage(
      <MemoryRouter initialEntries={['/epc/maintenance/detail/801']}>
        <MaintDetailPage />
      </MemoryRouter>,
    );
    const page = await screen.findByTestId('epc-order-detail');
    expect(calls.find((c) => c.url.pathname === `${A}/maintenanceOrder/detail`)!.url.searchParams.get('orderId')).toBe('801');
    expect(within(page).getByTestId('maint-call-in').textContent).toContain('No output');
    expect(within(page).getAllByText('Repair QC').length).toBeGreaterThan(0);
    expect(within(page).queryByTestId('maint-replacements')).toBeNull();

    fireEvent.click(await within(page).findByRole('button', { name: /Replace device/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Old serial number'), { target: { value: 'BAT0001' } });
    fireEvent.change(within(dialog).getByLabelText('New serial number'), { target: { value: 'BAT0001' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Cell fault' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Replace/ }));
    expect(await within(dialog).findByText('The new serial number is the same as the old one')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('New serial number'), { target: { value: ' BAT0009 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Replace/ }));
    await waitFor(() => expect(posts(`${A}/maintenanceOrder/replaceDevice`)).toHaveLength(1));
    expect(posts(`${A}/maintenanceOrder/replaceDevice`)[0]!.body).toEqual({ orderId: '801', version: 7, oldSn: 'BAT0001', newSn: 'BAT0009', reason: 'Cell fault' });
    const done = await screen.findByTestId('maint-replace-done');
    expect(done.textContent).toContain('s3cr3t-once');
    expect(within(done).getByRole('button', { name: /copy/i })).toBeTruthy();
    // The footer's button (the dialog's corner × is named "Close" too).
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close')!);
    // Closed: the order is read again, with its replacement.
    const list = await screen.findByTestId('maint-replacements');
    expect(list.textContent).toContain('BAT0009');
    expect(screen.queryByText('s3cr3t-once')).toBeNull();
  });
});
