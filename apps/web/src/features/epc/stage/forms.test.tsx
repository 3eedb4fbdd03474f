/**
 * The order's special fields in the rendered forms: the quote's line totals and grand total follow the inputs
 * (discount, tax, half-up cents); the BOM refuses a repeated equipment type; the customer form creates the order
 * with the dialling code, the agent (platform user) and the wire data, checking a Chinese mobile's 11 digits;
 * file fields refuse a fourth file, files over 10 MB and other types before uploading.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ORDER_API } from '@helio/contracts/modules/epc/order.api';
import { useSessionStore } from '@/core/auth/session-store';
import { addLocaleBundle, setLanguage } from '@/core/i18n/i18n';
import { fileProblem, MAX_FILE_BYTES } from '@/core/stage/file-upload';
import { json, mockApi, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import en from '../locales/en-US/epc-stage.json';
import zh from '../locales/zh-CN/epc-stage.json';
import { CustomerForm, StagePanel } from './stage-panel';
import type { OrderDetail } from './stage-panel';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
addLocaleBundle('en-US', 'epc-stage', en);
addLocaleBundle('zh-CN', 'epc-stage', zh);

let calls: Call[];
const VO = { id: '501', orderNumber: 'EPC202611280001', version: 1 };

const detail = (stage: string, actions: string[], data: Record<string, unknown>): OrderDetail =>
  ({
    order: { id: '501', process: 'epc_order', orderNumber: 'EPC1', agentId: '9', agentName: null, customerName: 'Z', customerPhone: null, projectType: null, stage, stageName: stage, subStatus: null, inReview: false, pending: null, version: 3, dwellDays: 0, totalDays: 0, createTime: '', updateTime: '' },
    data,
    files: {},
    assignees: {},
    pendingRequest: null,
    dwell: { stages: {}, current: 0, total: 0 },
    history: [],
    actions,
  }) as OrderDetail;

beforeEach(() => setLanguage('en-US'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('quote lines', () => {
  it('computes line totals and the grand total from the lines, starting from the BOM and the SKU prices', async () => {
    calls = mockApi({
      [`POST ${ORDER_API}/quote/submit`]: () => VO,
      'GET /api/skyworth-agent/skuBaseInfo/pull-down': () => [{ id: '1', sku: 'INV-1', skuName: 'Inverter', skuType: 3, unit: 'pcs', unitPrice: '19.99', serialTracked: 0 }],
    });
    const data = {
      customer: { name: 'Zhang Wei', phoneDiallingCode: '+27', phone: '821234567', address: '1 Main Road', email: 'z@example.com' },
      design: { materials: [{ sku: 'INV-1', name: 'Inverter', quantity: 3 }] },
    };
    renderPage(<StagePanel detail={detail('ess_quotation', ['save', 'submit'], data)} onChanged={() => undefined} />);
    const list = await screen.findByTestId('list-lines');
    const cell = (label: string) => within(list).getAllByLabelText(label).find((e) => e.tagName === 'INPUT')!;
    expect((cell('SKU') as HTMLInputElement).value).toBe('INV-1');
    // The unit price comes from the SKU list.
    await waitFor(() => expect((cell('Unit price') as HTMLInputElement).value).toBe('19.99'));
    expect(screen.getByTestId('line-total-0').textContent).toBe('59.97');
    fireEvent.change(cell('Discount (%)'), { target: { value: '12.5' } });
    fireEvent.change(cell('Tax rate (%)'), { target: { value: '15' } });
    // 3 × 19.99 = 59.97; −7.50 (12.5 %, half-up); +7.87 (15 % of 52.47, half-up) = 60.34.
    await waitFor(() => expect(screen.getByTestId('line-total-0').textContent).toBe('60.34'));
    expect(screen.getByTestId('quote-grand-total').textContent).toBe('60.34');
    fireEvent.click(within(screen.getByTestId('stage-actions')).getByRole('button', { name: /Submit/ }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === `${ORDER_API}/quote/submit`)).toHaveLength(1));
    expect(calls.find((c) => c.url.pathname === `${ORDER_API}/quote/submit`)!.body).toEqual({
      orderId: '501',
      version: 3,
      submissionId: expect.any(String), // the panel's steps go through the offline queue (core/offline)
      form: {
        lines: [{ sku: 'INV-1', name: 'Inverter', quantity: 3, unitPrice: 19.99, discount: 12.5, taxRate: 15 }],
        recipient: { name: 'Zhang Wei', contact: '+27 821234567', address: '1 Main Road', email: 'z@example.com' },
      },
    });
  });
});

describe('bill of materials', () => {
  it('refuses the same equipment type twice before submitting', async () => {
    calls = mockApi({ [`POST ${ORDER_API}/design/submit`]: () => VO });
    const design = {
      basePackage: 'BP-5K',
      materials: [
        { sku: 'A', name: 'Inverter A', equipmentType: 'inverter', quantity: 1 },
        { sku: 'B', name: 'Inverter B', equipmentType: 'Inverter', quantity: 1 },
      ],
      summary: { kwp: 5, inverterKw: 5, batteryKwh: 10 },
    };
    renderPage(<StagePanel detail={detail('design', ['save', 'submit'], { design })} onChanged={() => undefined} />);
    fireEvent.click(within(await screen.findByTestId('stage-actions')).getByRole('button', { name: /Submit/ }));
    expect(await screen.findByText('The same equipment type cannot be added twice: Inverter')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === `${ORDER_API}/design/submit`)).toHaveLength(0);
  });
});

describe('server refusals', () => {
  it('puts a 400 that names a field on that field, and shows the message', async () => {
    calls = mockApi({
      [`POST ${ORDER_API}/design/submit`]: () => json(400, { code: 400, success: false, data: {}, msg: 'Information incomplete: design.basePackage' }),
    });
    const design = { basePackage: 'BP-5K', materials: [{ sku: 'A', name: 'Inverter A', equipmentType: 'inverter', quantity: 1 }], summary: { kwp: 5, inverterKw: 5, batteryKwh: 10 } };
    const { toasts } = renderPage(<StagePanel detail={detail('design', ['save', 'submit'], { design })} onChanged={() => undefined} />);
    fireEvent.click(within(await screen.findByTestId('stage-actions')).getByRole('button', { name: /Submit/ }));
    await waitFor(() => expect(toasts.error).toContain('Information incomplete: design.basePackage'));
    const item = screen.getByLabelText('Base package').closest('.ant-form-item')!;
    await waitFor(() => expect(item.textContent).toContain('Information incomplete: design.basePackage'));
  });
});

describe('CustomerForm', () => {
  it('creates the order with the agent, the dialling code and the wire data; a Chinese mobile needs 11 digits', async () => {
    useSessionStore.setState({ user: { access_token: 'a', refresh_token: 'r', account: 'admin', role_name: 'administrator' } as never });
    calls = mockApi({
      'GET /api/skyworth-agent/companyInfo/getListCompanyName': () => [{ id: '9', companyName: 'Sun Co' }],
      'GET /api/blade-system/dict-biz/dictionary': (c) => (c.url.searchParams.get('code') === 'agent_project_type' ? [{ id: '1', dictKey: '1', dictValue: 'Residential' }] : []),
      'POST /api/skyworth-agent/createOrder/insertOrder': () => VO,
    });
    const onCreated = vi.fn();
    renderPage(<CustomerForm onCreated={onCreated} />);
    const form = await screen.findByTestId('customer-form');
    const type = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fireEvent.mouseDown(within(form).getByLabelText('Agent company'));
    fireEvent.click(await screen.findByText('Sun Co'));
    type('Customer name', 'Zhang Wei');
    type('Phone', '1380013800');
    type('E-mail', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: /Save as draft/ }));
    // Even a draft order needs the whole customer form (the server checks it on insert).
    expect(await screen.findByText('A mobile number must have 11 digits')).toBeTruthy();
    expect(screen.getByText('The e-mail address has an invalid format')).toBeTruthy();
    expect(screen.getByText('Detailed address is required')).toBeTruthy();
    expect(screen.getByText('Country is required')).toBeTruthy();
    type('Phone', '13800138000');
    type('E-mail', 'zhang@example.com');
    type('Detailed address', '1 Main Road');
    // No country dictionary answered: the address levels are typed.
    type('Country', 'ZA');
    type('Province', 'GP');
    type('City', 'Johannesburg');
    fireEvent.mouseDown(within(form).getByLabelText('Project type'));
    fireEvent.click(await screen.findByText('Residential'));
    fireEvent.click(screen.getByRole('button', { name: /Submit the order/ }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('501'));
    const body = calls.find((c) => c.url.pathname === '/api/skyworth-agent/createOrder/insertOrder')!.body;
    expect(body).toEqual({
      agentId: '9',
      submit: true,
      customer: {
        name: 'Zhang Wei',
        phoneDiallingCode: '+86',
        phone: '13800138000',
        email: 'zhang@example.com',
        installAddress: { country: 'ZA', province: 'GP', city: 'Johannesburg' },
        address: '1 Main Road',
        projectType: '1',
        hasExistingSystem: false,
      },
    });
  });
});

describe('file limits (spec §5: 3 files, 10 MB, type-checked)', () => {
  it('refuses other types, files over 10 MB and a file over the count', () => {
    expect(fileProblem({ type: 'application/pdf', size: 1000 }, 0, 3, false)).toBeUndefined();
    expect(fileProblem({ type: 'application/x-msdownload', size: 1000 }, 0, 3, false)).toBe('type');
    expect(fileProblem({ type: 'application/pdf', size: 1000 }, 0, 30, true)).toBe('type');
    expect(fileProblem({ type: 'image/png', size: MAX_FILE_BYTES + 1 }, 0, 3, false)).toBe('tooLarge');
    expect(fileProblem({ type: 'image/png', size: MAX_FILE_BYTES }, 2, 3, false)).toBeUndefined();
    expect(fileProblem({ type: 'image/png', size: 10 }, 3, 3, false)).toBe('tooMany');
  });
});
