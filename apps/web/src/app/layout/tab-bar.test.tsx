import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cleanup, configure, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { i18n, setLanguage } from '@/core/i18n/i18n';
import { useTabStore } from '@/core/tabs/tab-store';
import { mockApi, renderPage } from '@/test/api-mock';
import { TabBar } from './tab-bar';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  mockApi({});
  useTabStore.getState().reset();
});
afterEach(() => cleanup());

// A tab restored from the last visit names a detail page by a key of its feature (`station.route.plantDetail`); in a
// visit that has not opened a station page yet, the station texts are not loaded. The bar loads them and shows the
// page's name, in the console's language — never the bare key.
it.each([
  ['zh-CN', '电站详情'],
  ['en-US', 'Station detail'],
] as const)('a restored tab of a page whose texts are not loaded yet shows its name, not its key (%s)', async (language, name) => {
  setLanguage(language);
  useTabStore.getState().open({ path: '/power-station-equip/power/detail/1', title: { key: 'station.route.plantDetail' }, closable: true });
  renderPage(
    <MemoryRouter initialEntries={['/wel/index']}>
      <TabBar />
    </MemoryRouter>,
  );
  expect(await screen.findByText(name)).toBeTruthy();
  expect(screen.queryByText('station.route.plantDetail')).toBeNull();
  expect(i18n.exists('station.route.plantDetail')).toBe(true);
});
