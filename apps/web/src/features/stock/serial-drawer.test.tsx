/**
 * The serial numbers tab (issue 19, the serial lifecycle), fetch mocked at the HTTP boundary only: an installed
 * serial links to its station; clicking a serial opens its lifecycle built from the movements that name it (asked
 * with the movement page's `serial` filter) and its row — received, shipped for the order, installed at the station —
 * in both languages; a cancelled movement is marked and a reservation the movements do not record comes from the row.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { movementPage, serialPage } from '@helio/contracts/modules/stock/stock.api';
import { addLocaleBundle, setLanguage } from '@/core/i18n/i18n';
import { mockApi, page, renderPage, type Call } from '@/test/api-mock';
import en from './locales/en-US/stock.json';
import zh from './locales/zh-CN/stock.json';
import type { MovementRow, SerialRow } from './api';
import { SerialsTab } from './ledger-tabs';
import { lifeSteps } from './serial-drawer';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
addLocaleBundle('en-US', 'stock', en);
addLocaleBundle('zh-CN', 'stock', zh);

const serialRow = (over: Partial<SerialRow>): SerialRow => ({
  id: '1', serial: 'INV-001', skuId: '5', sku: 'INV-5K', skuName: 'Inverter 5 kW', warehouseId: '2', status: 'installed', orderRef: 'EPC-701', plantId: '88', updateTime: '2026-12-12 10:00:00', ...over,
});
const move = (id: string, movementType: string, createTime: string, over: Partial<MovementRow> = {}): MovementRow => ({
  id, movementType, skuId: '5', sku: 'INV-5K', skuName: 'Inverter 5 kW', warehouseId: '2', warehouseName: 'Main', quantity: 1, reason: null, reference: null,
  serials: ['INV-001'], reversalOf: null, reversedBy: null, cancelled: false, createUser: '1', createUserName: 'admin', createTime, ...over,
});
// Newest first, as the movement page answers.
const history = [move('12', 'issue', '2026-12-01 09:00:00', { reference: 'EPC-701' }), move('11', 'receive', '2026-11-20 08:00:00')];

let calls: Call[];
beforeEach(() => setLanguage('en-US'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('zh-CN');
});

const show = () =>
  renderPage(
    <MemoryRouter>
      <SerialsTab />
    </MemoryRouter>,
  );

describe('serial numbers tab', () => {
  it('links an installed serial to its station and opens its lifecycle: received, shipped for the order, installed', async () => {
    calls = mockApi({
      [`GET ${serialPage.url}`]: () => page([serialRow({}), serialRow({ id: '2', serial: 'BAT-001', status: 'in_stock', orderRef: null, plantId: null })]),
      [`GET ${movementPage.url}`]: (c) => (c.url.searchParams.get('serial') === 'INV-001' ? page(history) : page([])),
    });
    show();
    const cell = await screen.findByRole('link', { name: 'Station 88' });
    expect(cell.getAttribute('href')).toBe('/power-station-equip/power/detail/88');
    // The serial without a station has no link.
    expect(screen.getAllByRole('link', { name: /Station/ })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Lifecycle of INV-001' }));
    const life = await screen.findByTestId('serial-life');
    expect(calls.find((c) => c.url.pathname === movementPage.url)!.url.searchParams.get('serial')).toBe('INV-001');
    const steps = within(life).getAllByTestId(/^serial-step-/).map((e) => e.getAttribute('data-testid'));
    expect(steps).toEqual(['serial-step-received', 'serial-step-shipped', 'serial-step-installed']);
    const received = within(life).getByTestId('serial-step-received').textContent;
    expect(received).toContain('Received into stock');
    expect(received).toContain('2026-11-20 08:00:00');
    const shipped = within(life).getByTestId('serial-step-shipped').textContent;
    expect(shipped).toContain('Shipped (issued) for the order');
    expect(shipped).toContain('Order EPC-701');
    const installed = within(life).getByTestId('serial-step-installed');
    expect(installed.textContent).toContain('Installed at the station');
    expect(installed.textContent).toContain('2026-12-12 10:00:00');
    expect(within(installed).getByRole('link', { name: 'Station 88' }).getAttribute('href')).toBe('/power-station-equip/power/detail/88');
  });

  it('reads in Chinese, and a serial no movement names says so', async () => {
    setLanguage('zh-CN');
    calls = mockApi({
      [`GET ${serialPage.url}`]: () => page([serialRow({ serial: 'BAT-001', status: 'in_stock', orderRef: null, plantId: null })]),
      [`GET ${movementPage.url}`]: () => page([]),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'BAT-001 的生命周期' }));
    expect(await screen.findByText('尚无涉及该序列号的出入库记录')).toBeTruthy();
  });
});

describe('lifeSteps', () => {
  it('marks a cancelled movement and adds the row state the movements do not record', () => {
    const received = move('11', 'receive', '2026-11-20 08:00:00');
    const issued = move('12', 'issue', '2026-12-01 09:00:00', { reference: 'EPC-9', cancelled: true, reversedBy: '13' });
    const reversal = move('13', 'cancel', '2026-12-01 10:00:00', { reference: 'EPC-9', reversalOf: '12' });
    // The order reserved the serial by its row (no reserve movement names it).
    const row = serialRow({ status: 'reserved', orderRef: 'EPC-10', plantId: null, updateTime: '2026-12-02 08:00:00' });
    const steps = lifeSteps(row, [reversal, issued, received]);
    expect(steps.map((s) => [s.step, s.cancelled, s.reference])).toEqual([
      ['received', false, null],
      ['shipped', true, 'EPC-9'],
      ['cancel', false, 'EPC-9'],
      ['reserved', false, 'EPC-10'],
    ]);
    // A shipped serial whose issue is on record adds nothing.
    expect(lifeSteps(serialRow({ status: 'shipped', plantId: null }), [issued, received].map((m) => ({ ...m, cancelled: false }))).map((s) => s.step)).toEqual(['received', 'shipped']);
  });
});
