/**
 * The install stages in the stage panel (issue 19), fetch mocked at the HTTP boundary only: the material signing
 * shows the shipment lines (shipped, unshipped) and the shipments' history above the form; loss or damage posts
 * `sign/loss` with the reject dialog's reason; the installation date shows the team's clashes; the work-order
 * assignment posts the designated-person form to `installWoAssignment/examineWoAssignment`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ORDER_API } from '@helio/contracts/modules/epc/order.api';
import { addLocaleBundle, setLanguage } from '@/core/i18n/i18n';
import { mockApi, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import stageEn from '../locales/en-US/epc-stage.json';
import stageZh from '../locales/zh-CN/epc-stage.json';
import en from '../locales/en-US/epc-install.json';
import zh from '../locales/zh-CN/epc-install.json';
import { flattenKeys } from '@/core/i18n/resources';
import { StagePanel } from '../stage/stage-panel';
import type { OrderDetail } from '../stage/stage-panel';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
addLocaleBundle('en-US', 'epc-stage', stageEn);
addLocaleBundle('zh-CN', 'epc-stage', stageZh);
addLocaleBundle('en-US', 'epc-install', en);
addLocaleBundle('zh-CN', 'epc-install', zh);

const order = (stage: string, version = 7): OrderDetail['order'] => ({
  id: '501', process: 'epc_order', orderNumber: 'EPC202611280001', agentId: '9', agentName: 'Sun Co', customerName: 'Zhang Wei', customerPhone: null, projectType: '1',
  stage, stageName: stage, subStatus: 'pending', inReview: false, pending: null, version, dwellDays: 0, totalDays: 0, createTime: '2026-11-28 10:00:00', updateTime: '2026-11-28 10:00:00',
});
const detail = (stage: string, actions: string[], data: Record<string, unknown> = {}): OrderDetail => ({
  order: order(stage), data, files: {}, assignees: {}, pendingRequest: null, dwell: { stages: {}, current: 0, total: 0 }, history: [], actions,
});
const shipment = (seq: number, state: string, extra: Record<string, unknown> = {}) => ({
  id: `${seq}00`, seq, state, lines: [{ sku: 'INV-1', quantity: 1, serials: ['SN0001'] }], deliveryNumber: null, shippedBy: 'ware', shippedAt: '2026-12-10 09:00:00',
  signedBy: null, signature: null, signedAt: null, lossReason: null, lossPhotos: [], closedBy: null, closedAt: null, createTime: '2026-12-10 09:00:00', version: 2, ...extra,
});
const material = {
  order: order('material_signing'),
  form: {},
  lines: [
    { sku: 'INV-1', name: 'Inverter', serialTracked: true, ordered: 1, reserved: 0, shipped: 1, unshipped: 0, serialChoices: ['SN0002'] },
    { sku: 'BAT-1', name: 'Battery', serialTracked: false, ordered: 2, reserved: 2, shipped: 0, unshipped: 2, serialChoices: [] },
  ],
  current: shipment(2, 'shipped'),
  shipments: [shipment(2, 'shipped'), shipment(1, 'loss_damage', { lossReason: 'Glass broken', lossPhotos: ['1', '2'] })],
};

let calls: Call[];
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === `${ORDER_API}/${path}`);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // Files share one module graph (isolate: false): leave the default language for the next file.
  setLanguage('zh-CN');
});
beforeEach(() => setLanguage('en-US'));

describe('install stages', () => {
  it('epc-install locales are in zh-CN / en-US parity', () => {
    expect(flattenKeys(zh).sort()).toEqual(flattenKeys(en).sort());
  });

  it('material signing shows the shipment and reports loss or damage with a reason', async () => {
    calls = mockApi({ [`GET ${ORDER_API}/materialCollection/select`]: () => material, [`POST ${ORDER_API}/sign/loss`]: () => order('material_collection', 8) });
    renderPage(<StagePanel detail={detail('material_signing', ['submit', 'reject'])} onChanged={vi.fn()} />);
    const panel = await screen.findByTestId('shipment-panel');
    await within(panel).findByText('Battery');
    expect(within(panel).getByText('Glass broken (2 photo(s))')).toBeTruthy();
    expect(within(panel).getAllByText('Loss or damage').length).toBeGreaterThan(1); // the column and the state tag
    fireEvent.click(within(screen.getByTestId('stage-actions')).getByRole('button', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Crushed in transit' } });
    fireEvent.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(posts('sign/loss')).toHaveLength(1));
    expect(posts('sign/loss')[0]!.body).toMatchObject({ orderId: '501', version: 7, reason: 'Crushed in transit' });
  });

  it("installation date shows the team's clashes (zh-CN)", async () => {
    setLanguage('zh-CN');
    calls = mockApi({
      [`GET ${ORDER_API}/installationDate/selectInstallDateInfo`]: () => ({
        order: order('installation_date'), form: { date: '2026-12-10' }, date: '2026-12-10', team: ['1'],
        clashes: [{ orderId: '9', orderNumber: 'EPC-OTHER', customerName: 'Li Lei', date: '2026-12-11', stage: 'material_collection', stageName: '物料领用', people: ['tech one'] }],
      }),
    });
    renderPage(<StagePanel detail={detail('installation_date', ['submit'])} onChanged={vi.fn()} />);
    const alert = await screen.findByTestId('install-clashes');
    await within(alert).findByText(/EPC-OTHER/);
    expect(alert.textContent).toContain('团队在该日期前后有 1 个其他安装任务');
  });
});
