/**
 * An alarm's maintenance order in its drawer: a link to the order opened from it, else "Open maintenance order" (the
 * call-in page with the alarm) for users who may register call-ins, else nothing.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { setLanguage } from '@/core/i18n/i18n';
import { grant, mockApi, renderPage } from '@/test/api-mock';
import alarm from './feature';
import { MaintenanceLink } from './maintenance-link';

configure({ asyncUtilTimeout: 8000 });

const BY_ALARM = 'GET /api/skyworth-agent/maintenanceOrder/byAlarm';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}
const show = () =>
  renderPage(
    <MemoryRouter initialEntries={['/alarm']}>
      <MaintenanceLink alarmId="501" />
      <Where />
    </MemoryRouter>,
  );

beforeAll(() => alarm.loadLocales());
afterEach(() => {
  setLanguage('zh-CN'); // the default the next file's tests expect (isolate: false shares i18n)
  cleanup();
  vi.unstubAllGlobals();
  grant();
});

describe('alarm → maintenance order', () => {
  it('links the order opened from the alarm', async () => {
    setLanguage('en-US');
    grant('epc_maintenance_add');
    const calls = mockApi({ [BY_ALARM]: () => ({ id: '801', orderNumber: 'MNT261128000801', stage: 'survey', stageName: 'On-site diagnosis' }) });
    show();
    const link = await screen.findByRole('link', { name: 'MNT261128000801' });
    expect(link.getAttribute('href')).toBe('/epc/maintenance/detail/801');
    expect(screen.getByTestId('alarm-maintenance-order').textContent).toContain('On-site diagnosis');
    expect(screen.queryByRole('button', { name: /Open maintenance order/ })).toBeNull();
    expect(calls[0]!.url.searchParams.get('alarmId')).toBe('501');
  });

  it('opens the call-in page with the alarm when there is none, for users who may register call-ins', async () => {
    setLanguage('en-US');
    grant('epc_maintenance_add');
    mockApi({ [BY_ALARM]: () => null });
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Open maintenance order/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/epc/maintenance/add?alarmId=501'));
  });

  it('shows nothing to users who may not register call-ins when there is none', async () => {
    setLanguage('zh-CN');
    const calls = mockApi({});
    show();
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
