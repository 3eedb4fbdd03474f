/**
 * The call-in page against the maintenance API (fetch mocked at the HTTP boundary only): the look-up finds a site and
 * taking it fills the form (owner, address, station, installation order with its customer data, device, warranty
 * end, agent) and lists its history; a free fee type with a past warranty date is refused before the server; a
 * chargeable one is created with the whole call-in; from an alarm, its device's site is taken and the alarm sent.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useSessionStore } from '@/core/auth/session-store';
import { setLanguage } from '@/core/i18n/i18n';
import { mockApi, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import epc from '@/features/epc/feature';
import maintenance from './feature';
import { freeWarrantyExpired, type MaintRow, type Site } from './api';
import { MaintAddPage } from './maint-add-page';
import { alarmValues, siteValues, splitPhone } from './prefill';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 90_000 });

const LOOKUP = '/api/blade-order/order/maint/query-install-order';
const HISTORY = '/api/blade-order/order/maint/query-maint-order-history';
const INSERT = '/api/skyworth-agent/createOrder/maint/insertOrder';

const SITE: Site = {
  stationId: '7',
  stationName: 'Sunny Roof',
  ownerName: 'Zhang Wei',
  ownerPhone: '+27 821234567',
  address: '1 Main Road, Johannesburg',
  installAddress: null,
  location: null,
  installDate: '2019-06-30',
  installOrderId: '501',
  installOrderNumber: 'EPC190630000501',
  agentId: '9',
  agentName: 'Sun Co',
  devices: [{ sn: 'INV0001', deviceType: 'inverter', model: 'SK-5', warrantyStart: '2019-06-30', warrantyEnd: null, warrantyYears: 1, inWarranty: false }],
  warrantyEnd: '2020-06-30 00:00:00',
};

const PAST = { id: '790', process: 'maint_order', orderNumber: 'MNT250101000790', stage: 'completed', subStatus: null, pending: null, callInTime: '2025-01-01 08:00:00', feeType: '1', deviceSn: 'INV0001' } as MaintRow;

const ALARM = {
  id: '77', tenantId: '000000', plantId: '7', plantName: 'Sunny Roof', deviceId: '9', deviceSn: 'INV0001', deviceType: 1, alarmCode: 8, alarmType: 1, level: 3,
  category: 'temperature', alarmName: 'Over temperature', description: 'Poor cooling', solution: 'Check the fans', alarmStatus: 0, triggerTime: '2026-11-27 10:00:00',
  recoverTime: null, occurrences: 1, lastSeen: null, value: null, ackStatus: 0, ackUser: null, ackUserName: null, ackTime: null, handleStatus: 0, handleUser: null,
  handleUserName: null, handleTime: null, assigneeId: null, assigneeName: null,
};

const INSTALL_CUSTOMER = {
  name: 'Zhang Wei', phoneDiallingCode: '+27', phone: '821234567', email: 'zhang@example.com',
  installAddress: { country: 'ZA', province: 'GP', city: 'Johannesburg' }, address: '1 Main Road', projectType: '1', hasExistingSystem: false,
};

let calls: Call[];
let lookupSite: Site = SITE;
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);

beforeAll(() => Promise.all([epc.loadLocales(), maintenance.loadLocales()]));
beforeEach(() => {
  setLanguage('en-US');
  useSessionStore.setState({ user: { access_token: 'a', refresh_token: 'r', account: 'admin', role_name: 'administrator' } as never });
  calls = mockApi({
    [`POST ${LOOKUP}`]: () => [lookupSite],
    [`GET ${HISTORY}`]: () => [PAST],
    'GET /api/skyworth-agent/order/selectBaseOrderInfo': () => ({ order: { id: '501' }, data: { customer: INSTALL_CUSTOMER } }),
    'GET /api/skyworth-client/alarmLog/detail': () => ALARM,
    'GET /api/skyworth-agent/companyInfo/getListCompanyName': () => [{ id: '9', companyName: 'Sun Co' }],
    'GET /api/blade-system/dict-biz/dictionary': (c) =>
      ({
        agent_maint_fee_type: [
          { id: '1', dictKey: '1', dictValue: 'Free (under warranty)' },
          { id: '2', dictKey: '2', dictValue: 'Chargeable (out of warranty)' },
        ],
        agent_project_type: [{ id: '1', dictKey: '1', dictValue: 'Residential' }],
      })[c.url.searchParams.get('code') ?? ''] ?? [],
    [`POST ${INSERT}`]: () => ({ id: '801', orderNumber: 'MNT261128000801' }),
  });
});
afterEach(() => {
  setLanguage('zh-CN'); // the default the next file's tests expect (isolate: false shares i18n)
  lookupSite = SITE;
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

const show = (path = '/epc/maintenance/add') =>
  renderPage(
    <MemoryRouter initialEntries={[path]}>
      <MaintAddPage />
    </MemoryRouter>,
  );
const form = () => screen.getByTestId('call-in-form');
const value = (label: string) => (within(form()).getByLabelText(label) as HTMLInputElement).value;
const chooseFee = async (name: string) => {
  fireEvent.mouseDown(within(form()).getByLabelText('Fee type'));
  // The option in the open list (the history table names fee types too).
  fireEvent.click((await screen.findAllByText(name, { selector: '.ant-select-item-option-content' })).at(-1)!);
};

describe('call-in page', () => {
  it('fills the call-in from the site found, refuses a free fee type with a past warranty, creates a chargeable one', async () => {
    show();
    const lookup = await screen.findByTestId('site-lookup');
    fireEvent.change(within(lookup).getByLabelText('Search text'), { target: { value: ' Zhang ' } });
    fireEvent.click(within(lookup).getByRole('button', { name: /Find/ }));
    fireEvent.click(await within(lookup).findByRole('button', { name: 'Use the site Sunny Roof' }));
    expect(posts(LOOKUP)[0]!.body).toEqual({ customerName: 'Zhang' });
    // The site's history, by its station.
    const history = await screen.findByTestId('site-history');
    expect(await within(history).findByRole('link', { name: PAST.orderNumber })).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === HISTORY)!.url.searchParams.get('stationId')).toBe('7');
    // The owner, the device (the only one), the warranty end; the installation's address levels and e-mail.
    expect(value('Customer name')).toBe('Zhang Wei');
    expect(value('Phone')).toBe('821234567');
    expect(value('Detailed address')).toBe('1 Main Road, Johannesburg');
    expect(value('Device SN')).toBe('INV0001');
    expect(value('Warranty date')).toBe('2020-06-30');
    await waitFor(() => expect(value('E-mail')).toBe('zhang@example.com'));
    expect(value('City')).toBe('Johannesburg');

    await chooseFee('Free (under warranty)');
    fireEvent.change(within(form()).getByLabelText('Problem reported'), { target: { value: 'No output since the storm' } });
    fireEvent.click(screen.getByTestId('call-in-submit'));
    expect(await screen.findByText(/the warranty ended on 2020-06-30: choose a chargeable fee type/)).toBeTruthy();
    expect(posts(INSERT)).toHaveLength(0);

    await chooseFee('Chargeable (out of warranty)');
    fireEvent.click(screen.getByTestId('call-in-submit'));
    await waitFor(() => expect(posts(INSERT)).toHaveLength(1));
    const body = posts(INSERT)[0]!.body as { agentId: string; submit: boolean; customer: Record<string, unknown> };
    expect(body.agentId).toBe('9');
    expect(body.submit).toBe(true);
    expect(body.customer).toMatchObject({
      name: 'Zhang Wei',
      phoneDiallingCode: '+27',
      phone: '821234567',
      email: 'zhang@example.com',
      installAddress: { country: 'ZA', province: 'GP', city: 'Johannesburg' },
      address: '1 Main Road, Johannesburg',
      projectType: '1',
      problem: 'No output since the storm',
      feeType: '2',
      warrantyDate: '2020-06-30',
      cocRequired: false,
      stationId: '7',
      installOrderId: '501',
      deviceSn: 'INV0001',
    });
    expect(body.customer.callInTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body.customer.alarmId).toBeUndefined();
  });

  it('starts from an alarm: its device, time and text, its site taken, the alarm sent with a draft', async () => {
    // A site without a known agent: the administrator may leave it to the station's operation company.
    lookupSite = { ...SITE, agentId: null, agentName: null };
    show('/epc/maintenance/add?alarmId=77');
    await waitFor(() => expect(screen.getByTestId('call-in-alarm').textContent).toContain('Over temperature on INV0001'));
    await waitFor(() => expect(value('Customer name')).toBe('Zhang Wei'));
    expect(posts(LOOKUP)[0]!.body).toEqual({ sn: 'INV0001' });
    expect(value('Problem reported')).toBe('Over temperature — Poor cooling');
    expect(value('Device SN')).toBe('INV0001');
    await waitFor(() => expect(value('E-mail')).toBe('zhang@example.com'));
    await chooseFee('Chargeable (out of warranty)');
    fireEvent.click(screen.getByTestId('call-in-save'));
    await waitFor(() => expect(posts(INSERT)).toHaveLength(1));
    const body = posts(INSERT)[0]!.body as { submit?: boolean; customer: Record<string, unknown> };
    expect(body.submit).toBeUndefined();
    expect((body as { agentId?: string }).agentId).toBeUndefined();
    expect(body.customer).toMatchObject({ alarmId: '77', deviceSn: 'INV0001', stationId: '7', callInTime: '2026-11-27 10:00:00' });
  });
});

describe('call-in rules and prefill', () => {
  it('refuses a free fee type only with a warranty date before today', () => {
    expect(freeWarrantyExpired('1', '2026-11-27', '2026-11-28')).toBe('2026-11-27');
    expect(freeWarrantyExpired('1', '2026-11-28 00:00:00', '2026-11-28')).toBeUndefined();
    expect(freeWarrantyExpired('1', undefined, '2026-11-28')).toBeUndefined();
    expect(freeWarrantyExpired('2', '2020-01-01', '2026-11-28')).toBeUndefined();
  });

  it('reads a site and an alarm into the form', () => {
    expect(splitPhone('+27 821234567')).toEqual({ phoneDiallingCode: '+27', phone: '821234567' });
    expect(splitPhone('138-0013-8000')).toEqual({ phone: '13800138000' });
    expect(siteValues(SITE)).toEqual({
      name: 'Zhang Wei', phoneDiallingCode: '+27', phone: '821234567', address: '1 Main Road, Johannesburg', stationId: '7', installOrderId: '501',
      warrantyDate: '2020-06-30', deviceSn: 'INV0001', agentId: '9',
    });
    // A station with its region codes fills the install address too.
    const region = { country: 'ZA', province: 'GP', city: 'Johannesburg' };
    const point = { latitude: -26.2, longitude: 28.05 };
    expect(siteValues({ ...SITE, installAddress: region, location: point })).toMatchObject({ installAddress: region, location: point, address: '1 Main Road, Johannesburg' });
    // An alarm's device stays; a site with several devices names none.
    const two = { ...SITE, devices: [...SITE.devices, { ...SITE.devices[0]!, sn: 'BAT0001', warrantyEnd: '2031-01-01' }] };
    expect(siteValues(two).deviceSn).toBeUndefined();
    expect(siteValues(two, 'BAT0001')).toMatchObject({ deviceSn: 'BAT0001', warrantyDate: '2031-01-01' });
    expect(alarmValues(ALARM, '77')).toEqual({ alarmId: '77', deviceSn: 'INV0001', stationId: '7', callInTime: '2026-11-27 10:00:00', problem: 'Over temperature — Poor cooling' });
  });
});
