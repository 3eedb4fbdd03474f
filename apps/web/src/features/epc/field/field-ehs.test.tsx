/**
 * The EHS stages in the stage panel (issue 19), fetch mocked at the HTTP boundary and the browser's geolocation
 * answered by a stand-in `navigator.geolocation`: a submit 2.1 km from the site is refused with the distance and
 * nothing is posted; at the site the form is posted with the location (not inside the form); an unsupported browser
 * and a refused permission are told in words; the form's rules (three risks with solutions, one PPE item) stop a
 * submit but not a draft; the reviewer marks sub-nodes (a failure needs a note) and approves.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ORDER_API } from '@helio/contracts/modules/epc/order.api';
import { addLocaleBundle, setLanguage } from '@/core/i18n/i18n';
import { flattenKeys } from '@/core/i18n/resources';
import { mockApi, renderPage, type Call } from '@/test/api-mock';
import stageEn from '../locales/en-US/epc-stage.json';
import stageZh from '../locales/zh-CN/epc-stage.json';
import en from '../locales/en-US/epc-field.json';
import zh from '../locales/zh-CN/epc-field.json';
import { StagePanel, type OrderDetail } from '../stage/stage-panel';
import { ehsBeforeCall } from './ehs-before';
import { checkFix, GeoError, readPosition } from './geolocation';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
addLocaleBundle('en-US', 'epc-stage', stageEn);
addLocaleBundle('zh-CN', 'epc-stage', stageZh);
addLocaleBundle('en-US', 'epc-field', en);
addLocaleBundle('zh-CN', 'epc-field', zh);

const SITE = { latitude: -26.2041, longitude: 28.0473 };
/** 2.1 km and 0.5 km north of the site (haversine, R 6378.137 km). */
const FAR = { latitude: SITE.latitude + 0.0188646, longitude: SITE.longitude };
const NEAR = { latitude: SITE.latitude + 0.0045, longitude: SITE.longitude };
const ehsForm = {
  workDate: '2026-12-11',
  emergencyNumbers: ['10111'],
  risks: [
    { risk: 'Fall from roof', solution: 'Harness and anchor' },
    { risk: 'Electric shock', solution: 'Isolate DC first' },
    { risk: 'Heat', solution: 'Water and shade breaks' },
  ],
  ppe: ['helmet', 'gloves'],
  declaration: true,
};

let seq = 600;
const order = (stage: string, id: string, version = 7): OrderDetail['order'] => ({
  id, process: 'epc_order', orderNumber: `EPC-${id}`, agentId: '9', agentName: 'Sun Co', customerName: 'Zhang Wei', customerPhone: null, projectType: '1',
  stage, stageName: stage, subStatus: 'pending', inReview: false, pending: null, version, dwellDays: 0, totalDays: 0, createTime: '2026-11-28 10:00:00', updateTime: '2026-11-28 10:00:00',
});
const detail = (stage: string, actions: string[], data: Record<string, unknown>): OrderDetail => ({
  order: order(stage, String(++seq)), data, files: {}, assignees: {}, pendingRequest: null, dwell: { stages: {}, current: 0, total: 0 }, history: [], actions,
});
const info = (o: OrderDetail, nodes: Record<string, unknown> = {}) => ({ order: o.order, form: o.data.ehs ?? {}, site: { lat: SITE.latitude, lng: SITE.longitude }, radiusKm: 2, nodes });

/** The browser's geolocation answering `at` (or failing with `error`). */
function geolocation(at: { latitude: number; longitude: number } | null, error?: { code: number; message: string }) {
  const geo = {
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
      if (at) ok({ coords: { ...at, accuracy: 12 } } as unknown as GeolocationPosition);
      else fail?.(error as unknown as GeolocationPositionError);
    },
  };
  Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true });
}

let calls: Call[];
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === `${ORDER_API}/${path}`);
const button = (name: RegExp) => within(screen.getByTestId('stage-actions')).getByRole('button', { name });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('zh-CN');
});
beforeEach(() => setLanguage('en-US'));

describe('EHS submission', () => {
  it('epc-field locales are in zh-CN / en-US parity', () => {
    expect(flattenKeys(zh).sort()).toEqual(flattenKeys(en).sort());
  });

  it('is refused 2.1 km from the site with the distance, nothing posted', async () => {
    const d = detail('ehs_submission', ['save', 'submit'], { customer: { location: SITE }, ehs: ehsForm });
    calls = mockApi({ [`GET ${ORDER_API}/ehsSubmission/selectEhsInfo`]: () => info(d) });
    geolocation(FAR);
    const { toasts } = renderPage(<StagePanel detail={d} onChanged={vi.fn()} />);
    await screen.findByTestId('ehs-site');
    fireEvent.click(button(/Submit/));
    const shown = await screen.findByTestId('ehs-distance');
    expect(shown.textContent).toContain('You are 2.1 km from the site');
    expect(shown.textContent).toContain('Out of range');
    expect(toasts.error).toContain('Only submit within 2 km of the site: you are 2.1 km away.');
    expect(posts('ehsSubmission/submitEhsInfoExamine')).toHaveLength(0);
  });

  it('at the site posts the form and the location', async () => {
    const d = detail('ehs_submission', ['save', 'submit'], { customer: { location: SITE }, ehs: { ...ehsForm, location: FAR } });
    calls = mockApi({
      [`GET ${ORDER_API}/ehsSubmission/selectEhsInfo`]: () => info(d),
      [`POST ${ORDER_API}/ehsSubmission/submitEhsInfoExamine`]: () => order('ehs_verification', d.order.id, 8),
    });
    geolocation(NEAR);
    const onChanged = vi.fn();
    renderPage(<StagePanel detail={d} onChanged={onChanged} />);
    await screen.findByTestId('ehs-site');
    fireEvent.click(button(/Submit/));
    await waitFor(() => expect(posts('ehsSubmission/submitEhsInfoExamine')).toHaveLength(1));
    const body = posts('ehsSubmission/submitEhsInfoExamine')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ orderId: d.order.id, version: 7, location: { lat: NEAR.latitude, lng: NEAR.longitude, accuracy: 12 }, form: { ppe: ['helmet', 'gloves'], declaration: true } });
    expect(typeof body.submissionId).toBe('string');
    expect((body.form as Record<string, unknown>).location).toBeUndefined();
    expect((body.form as { risks: unknown[] }).risks).toHaveLength(3);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('needs three risks and a PPE item to submit, not to save a draft', async () => {
    const d = detail('ehs_submission', ['save', 'submit'], { customer: { location: SITE }, ehs: { ...ehsForm, risks: ehsForm.risks.slice(0, 2), ppe: [] } });
    calls = mockApi({
      [`GET ${ORDER_API}/ehsSubmission/selectEhsInfo`]: () => info(d),
      [`POST ${ORDER_API}/ehsSubmission/insert`]: () => order('ehs_submission', d.order.id, 8),
    });
    geolocation(NEAR);
    renderPage(<StagePanel detail={d} onChanged={vi.fn()} />);
    await screen.findByTestId('ehs-site');
    fireEvent.click(button(/Submit/));
    await screen.findByText('Give at least 3 risks, each with its solution');
    await screen.findByText('Choose at least one PPE item');
    expect(posts('ehsSubmission/submitEhsInfoExamine')).toHaveLength(0);
    // A third complete row clears the risks message at once.
    const risks = screen.getByTestId('list-risks');
    fireEvent.click(within(risks).getByRole('button', { name: /Add/ }));
    fireEvent.change(within(risks).getAllByRole('textbox', { name: 'Risk' })[2]!, { target: { value: 'Ladder slip' } });
    fireEvent.change(within(risks).getAllByRole('textbox', { name: 'Solution' })[2]!, { target: { value: 'Footed ladder' } });
    await waitFor(() => expect(screen.queryByText('Give at least 3 risks, each with its solution')).toBeNull());
    fireEvent.click(within(screen.getByTestId('ehs-ppe')).getByLabelText('Safety helmet'));
    fireEvent.click(button(/Save/));
    await waitFor(() => expect(posts('ehsSubmission/insert')).toHaveLength(1));
    expect(posts('ehsSubmission/insert')[0]!.body).toMatchObject({ form: { ppe: ['helmet'] } });
    expect((posts('ehsSubmission/insert')[0]!.body as { form: { risks: unknown[] } }).form.risks).toHaveLength(3);
  });

  it('tells an unsupported browser and a refused permission in words (zh-CN)', async () => {
    setLanguage('zh-CN');
    const d = detail('ehs_submission', ['submit'], { customer: { location: SITE } });
    calls = mockApi({ [`GET ${ORDER_API}/ehsSubmission/selectEhsInfo`]: () => info(d) });
    const { toasts } = renderPage(<></>);
    await expect(readPosition({} as Geolocation)).rejects.toBeInstanceOf(GeoError);
    expect(await ehsBeforeCall('submit', { orderId: d.order.id, version: 7 }, d, () => Promise.reject(new GeoError('unsupported', 'unsupported')))).toBeNull();
    geolocation(null, { code: 1, message: 'User denied Geolocation' });
    expect(await ehsBeforeCall('submit', { orderId: d.order.id, version: 7 }, d)).toBeNull();
    expect(toasts.error).toEqual([
      '当前浏览器不支持定位，无法测量与现场的距离：请使用支持定位服务的浏览器打开表单。',
      '定位权限被拒绝（User denied Geolocation）：请允许本站使用您的位置后再提交EHS表单。',
    ]);
    // A draft is saved without reading the location.
    expect(await ehsBeforeCall('save', { orderId: d.order.id, version: 7 }, d)).toEqual({ orderId: d.order.id, version: 7 });
  });

  it('measures from the customer map point offline, and leaves a site without a point to the server', () => {
    const fix = { lat: FAR.latitude, lng: FAR.longitude };
    expect(checkFix(fix, SITE)).toMatchObject({ ok: false, distanceKm: 2.1 });
    expect(checkFix({ lat: NEAR.latitude, lng: NEAR.longitude }, SITE)).toMatchObject({ ok: true, distanceKm: 0.5009 });
    expect(checkFix(fix, null)).toMatchObject({ ok: true, distanceKm: null });
  });
});

describe('EHS verification', () => {
  it('marks sub-nodes (a failure needs a note), saves them, and approves', async () => {
    const d = detail('ehs_verification', ['approve', 'reject'], { customer: { location: SITE }, ehs: { ...ehsForm, location: NEAR } });
    calls = mockApi({
      [`GET ${ORDER_API}/ehsSubmission/selectEhsInfo`]: () => info(d, { workDate: { status: 'pass' } }),
      [`POST ${ORDER_API}/ehsVerification/ehsExamineNodeStatusCommit`]: () => order('ehs_verification', d.order.id, 8),
      [`POST ${ORDER_API}/ehsVerification/submitEhsFinalExamine`]: () => order('qc_submission', d.order.id, 8),
    });
    const onChanged = vi.fn();
    const { toasts } = renderPage(<StagePanel detail={d} onChanged={onChanged} />);
    const review = await screen.findByTestId('sub-nodes-ehs');
    expect(screen.getByTestId('ehs-sent-from').textContent).toContain('Submitted 0.5009 km from the site');
    expect(within(review).getByTestId('sub-nodes-summary').textContent).toBe('1 passed, 0 failed, 7 not reviewed');
    fireEvent.click(within(within(review).getByTestId('sub-node-ppe')).getByText('Fail'));
    fireEvent.click(within(review).getByTestId('sub-nodes-save'));
    expect(toasts.error).toContain('Say what failed for PPE');
    expect(posts('ehsVerification/ehsExamineNodeStatusCommit')).toHaveLength(0);
    fireEvent.change(within(review).getByLabelText('Note on PPE'), { target: { value: 'No gloves in the photos' } });
    fireEvent.click(within(within(review).getByTestId('sub-node-risks')).getByText('Pass'));
    fireEvent.click(within(review).getByTestId('sub-nodes-save'));
    await waitFor(() => expect(posts('ehsVerification/ehsExamineNodeStatusCommit')).toHaveLength(1));
    expect(posts('ehsVerification/ehsExamineNodeStatusCommit')[0]!.body).toEqual({
      orderId: d.order.id,
      version: 7,
      nodes: { workDate: { status: 'pass' }, ppe: { status: 'fail', note: 'No gloves in the photos' }, risks: { status: 'pass' } },
    });
    fireEvent.click(button(/Approve/));
    await waitFor(() => expect(posts('ehsVerification/submitEhsFinalExamine')).toHaveLength(1));
    expect(posts('ehsVerification/submitEhsFinalExamine')[0]!.body).toMatchObject({ orderId: d.order.id, version: 7, approved: true });
  });
});
