/**
 * The commissioned devices on the order page (issue 19), fetch mocked at the HTTP boundary only: each serial shows
 * its live state from the station detail (network status, last report, power) or "waiting for the first report",
 * the station's energy today; the state refreshes every 30 s while shown; without a station permission nothing is
 * asked and the serials show as before.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { addLocaleBundle, setLanguage } from '@/core/i18n/i18n';
import { grant, mockApi, renderPage, type Call } from '@/test/api-mock';
import en from '../locales/en-US/epc-field.json';
import zh from '../locales/zh-CN/epc-field.json';
import { Commissioned } from './commissioned';
import { PLANT_DETAIL, type LiveDevice } from './device-live';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
addLocaleBundle('en-US', 'epc-field', en);
addLocaleBundle('zh-CN', 'epc-field', zh);

const commission = {
  plantId: '88',
  plantName: 'Zhang Wei EPC-1',
  created: true,
  serials: [
    { sn: 'INV-001', deviceType: 'inverter' },
    { sn: 'BAT-001', deviceType: 'battery' },
  ],
  at: '2026-12-12 10:00:00',
};
const inverter: LiveDevice = { deviceSn: 'INV-001', networkStatus: 0, lastDataTime: '2026-12-12 10:05:00', pvPower: 3200, batteryPower: null, batterySoc: null };
// Registered with the station at commissioning, not reported yet.
const quietBattery: LiveDevice = { deviceSn: 'BAT-001', networkStatus: 1, lastDataTime: null, pvPower: null, batteryPower: null, batterySoc: null };

let calls: Call[];
let devices: LiveDevice[];
const detailCalls = () => calls.filter((c) => c.url.pathname === PLANT_DETAIL);
const show = () =>
  renderPage(
    <MemoryRouter>
      <Commissioned data={{ commission }} />
    </MemoryRouter>,
  );

beforeEach(() => {
  setLanguage('en-US');
  devices = [inverter, quietBattery];
  calls = mockApi({ [`GET ${PLANT_DETAIL}`]: () => ({ id: '88', devices, today: { pvEnergy: 12.5 } }) });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  grant();
  setLanguage('zh-CN');
});

describe('commissioned devices, live', () => {
  it("shows each serial's network status, last report and power, or that it waits for its first report", async () => {
    grant('power_station', 'power_station_view');
    show();
    const inv = await screen.findByTestId('epc-live-INV-001');
    expect(inv.textContent).toContain('Normal');
    expect(inv.textContent).toContain('Last report 2026-12-12 10:05:00');
    expect(inv.textContent).toContain('Power 3.2');
    expect(screen.getByTestId('epc-live-BAT-001').textContent).toBe('Waiting for the first report');
    expect(screen.getByTestId('epc-live-today').textContent).toContain("Today's energy 12.5");
    expect(detailCalls()[0]!.url.searchParams.get('id')).toBe('88');
    // The serial tags stay as they were.
    expect(within(screen.getByTestId('epc-commissioned')).getByText('Inverter INV-001')).toBeTruthy();
  });

  it('waits in Chinese too, also for a serial the station does not list', async () => {
    setLanguage('zh-CN');
    devices = [inverter];
    grant('power_station_view');
    show();
    expect((await screen.findByTestId('epc-live-BAT-001')).textContent).toBe('等待首次上报');
    expect(screen.getByTestId('epc-live-INV-001').textContent).toContain('正常');
  });

  it('refreshes every 30 s: the first report of a waiting device shows without reloading', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    grant('power_station_view');
    show();
    expect((await screen.findByTestId('epc-live-BAT-001')).textContent).toBe('Waiting for the first report');
    const before = detailCalls().length;
    devices = [inverter, { ...quietBattery, networkStatus: 2, lastDataTime: '2026-12-12 10:06:00', batteryPower: -1500, batterySoc: 64 }];
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(screen.getByTestId('epc-live-BAT-001').textContent).toContain('Fault'));
    const bat = screen.getByTestId('epc-live-BAT-001').textContent;
    expect(bat).toContain('Last report 2026-12-12 10:06:00');
    expect(bat).toContain('SoC 64');
    expect(detailCalls().length).toBeGreaterThan(before);
  });

  it('asks nothing without a station permission: the serials show without their state', () => {
    grant('epc_order', 'epc_order_view');
    show();
    expect(screen.getByTestId('epc-commissioned').textContent).toContain('BAT-001');
    expect(screen.queryByTestId('epc-live-BAT-001')).toBeNull();
    expect(detailCalls()).toHaveLength(0);
  });
});
