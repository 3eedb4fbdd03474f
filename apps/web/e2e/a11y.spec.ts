/**
 * The standing accessibility check (WCAG 2.1 AA): every route the web app registers is opened — the routes outside the
 * shell signed out, the console pages signed in as the platform administrator — in zh-CN and en-US, at desktop width
 * and at 375 px, and axe-core must report no critical or serious violation. Each page must also carry exactly one
 * level-one heading that is a text, not an i18n key.
 *
 * The routes come from the app itself (`window.helioRoutes`, app/features.ts): a new page joins the sweep as soon as
 * its feature declares it. A pattern with a parameter (`/inverter/detail/:id`) is opened with a link to it found on
 * the pages before it (the lists link their rows' detail pages). The console pages are opened client-side (history
 * push), once signed in, so the sweep costs one sign-in per combination. The device detail pages need a fleet, which
 * the sweep's server does not run: the last tests open them on the run's fleet server (FLEET_DETAILS).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminApi, withAdmin } from './fleet-api';
import { PAGE_LOAD, accessibilityFindings, chooseLanguage, signIn, signInWithForm } from './helpers';

/**
 * Rules that cannot be met yet, each with its reason (`route`: only there). This list only shrinks: an entry that no
 * longer fires fails the sweep, so it is removed when its cause is fixed.
 */
const EXCEPTIONS: readonly { rule: string; route?: string; reason: string }[] = [];

/**
 * Route patterns not opened, each with its reason. Only shrinks, like EXCEPTIONS: a pattern listed here that a page
 * links to after all is opened, and its entry fails the sweep as stale.
 */
const NOT_OPENED: Readonly<Record<string, string>> = {
  '/myiframe/:routerPath':
    "frames an external menu address; the page is one titled <iframe> and what it shows is another site's",
  '/work/process/leave/handle/:taskId/:processInstanceId/:businessId':
    'needs an open leave task of the signed-in user (the administrator has none on a fresh server); e2e/leave.spec.ts opens it and checks it with axe',
  '/work/process/leave/detail/:processInstanceId/:businessId':
    'needs a leave request the signed-in user started or took part in (none on a fresh server); e2e/leave.spec.ts opens it and checks it with axe',
};

/**
 * Parameter routes whose list page is not a prefix of their path (the spec's routes): the list that links to them,
 * so the pair that opens that list opens them.
 */
const LISTED_ON: Readonly<Record<string, string>> = {
  '/work/process/leave/form/:processDefinitionId': '/work/start',
};

/**
 * Where a LISTED_ON list may not show the link on its first page (the walks before the sweep on the worker's server
 * deployed newer processes, so the seeded leave process moved to a later page of /work/start): the link the list
 * gives that record, from the API the list reads.
 */
const LINK_BY_API: Readonly<Record<string, (baseURL: string) => Promise<string | undefined>>> = {
  '/work/process/leave/form/:processDefinitionId': (baseURL) =>
    withAdmin(baseURL, async (api) => {
      // Every page of the list; asked again for a while before giving up, and then the failure says what the list held.
      const seen: string[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        seen.length = 0;
        for (let current = 1; current <= 20; current++) {
          const { records, pages } = await api.get<{ records: { id: string; key: string }[]; pages: number }>(`/api/blade-flow/work/start-list?current=${current}&size=100`);
          const leave = records.find((r) => r.key.toLowerCase() === 'leave'); // the seeded process's id is 'Leave'
          if (leave) return `/work/process/leave/form/${leave.id}`;
          seen.push(...records.map((r) => r.key));
          if (current >= pages) break;
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      throw new Error(`the start list holds no startable 'leave' process (keys: ${seen.join(', ') || 'none'})`);
    }),
  // An order of the list, else one made for the sweep (a fresh server has none): an agent company, then its order.
  '/epc/order/detail/:id': (baseURL) =>
    withAdmin(baseURL, async (api) => {
      const { records } = await api.get<{ records: { id: string }[] }>('/api/skyworth-agent/order/page?current=1&size=1');
      if (records[0]) return `/epc/order/detail/${records[0].id}`;
      const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
      const company = await api.post<{ id: string }>('/api/skyworth-agent/agent/save', {
        companyName: `A11y Solar ${tag}`,
        agentType: 1,
        contactName: 'Li Lei',
        phoneDiallingCode: '+86',
        phone: '13800138000',
        email: `a11y${tag}@example.com`,
        adminAccount: `a11y${tag}`,
        adminPassword: 'Sweep2026pw',
      });
      const customer = {
        name: '张伟 Zhang Wei',
        phoneDiallingCode: '+27',
        phone: '821234567',
        email: `home${tag}@example.com`,
        installAddress: { country: 'ZA', province: 'GP', city: 'Johannesburg' },
        address: '1 Main Road',
        projectType: '1',
      };
      const order = await api.post<{ id: string }>('/api/skyworth-agent/createOrder/insertOrder', { agentId: company.id, customer });
      return `/epc/order/detail/${order.id}`;
    }),
  // A maintenance order of the list, else a call-in made for the sweep (an agent company takes it).
  '/epc/maintenance/detail/:id': (baseURL) =>
    withAdmin(baseURL, async (api) => {
      const { records } = await api.get<{ records: { id: string }[] }>('/api/skyworth-agent/maintenanceOrder/list?current=1&size=1');
      if (records[0]) return `/epc/maintenance/detail/${records[0].id}`;
      const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
      const company = await api.post<{ id: string }>('/api/skyworth-agent/agent/save', {
        companyName: `A11y Service ${tag}`,
        agentType: 1,
        contactName: 'Li Lei',
        phoneDiallingCode: '+86',
        phone: '13800138000',
        email: `a11ym${tag}@example.com`,
        adminAccount: `a11ym${tag}`,
        adminPassword: 'Sweep2026pw',
      });
      const customer = {
        name: '李娜 Li Na',
        phoneDiallingCode: '+27',
        phone: '821234568',
        installAddress: { country: 'ZA', province: 'GP', city: 'Johannesburg' },
        address: '2 Main Road',
        callInTime: '2026-11-20 09:30',
        problem: 'Inverter stops at noon',
        feeType: '2',
        cocRequired: false,
      };
      const order = await api.post<{ id: string }>('/api/skyworth-agent/createOrder/maint/insertOrder', { agentId: company.id, customer, submit: true });
      return `/epc/maintenance/detail/${order.id}`;
    }),
};

/**
 * Detail patterns whose records only a fleet has: the sweep's server runs without the simulator, so no list there
 * links them. The last tests open them on the server with the simulated fleet (e2e/global-setup.ts,
 * E2E_STATIONS_URL), each with the first record of the list that serves it (`list`, an API path); `shows` is the
 * page's own test id.
 */
const FLEET_DETAILS: Readonly<Record<string, { list: string; shows: string }>> = {
  '/power-station-equip/power/detail/:id': { list: '/api/skyworth-client/plant/page', shows: 'station-detail' },
  '/inverter/detail/:id': { list: '/api/skyworth-client/inverter/page', shows: 'inverter-detail' },
  '/battery/detail/:id': { list: '/api/skyworth-client/battery/page', shows: 'battery-detail' },
  '/guardian/detail/:id': { list: '/api/skyworth-client/guardianPlant/list', shows: 'guardian-detail' },
  '/charge/detail/:id': { list: '/api/skyworth-client/charger/list', shows: 'charger-detail' },
};

/**
 * The four combinations, in two pairs that each hold both languages and both widths. By default a route is opened in
 * one pair (routes alternate between them): every route in zh-CN and en-US, at 1280 and 375 px, at half the cost of
 * all four (CI time). A11Y_FULL=1 opens every route in all four.
 */
const COMBINATIONS = [
  { language: 'zh-CN', width: 1280, height: 800, pair: 0 },
  { language: 'en-US', width: 375, height: 812, pair: 0 },
  { language: 'en-US', width: 1280, height: 800, pair: 1 },
  { language: 'zh-CN', width: 375, height: 812, pair: 1 },
] as const;
const FULL = process.env.A11Y_FULL === '1';
const mine = (index: number, pair: number) => FULL || index % 2 === pair;

interface Routes {
  console: string[];
  outside: string[];
}

const hasParam = (pattern: string) => pattern.includes(':') || pattern.includes('*');

function patternRegex(pattern: string): RegExp {
  const body = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/?#]+');
  return new RegExp(`^${body}(?:[?#].*)?$`);
}

/** Requests in flight and the time of the last request event, from the page's own events. */
function trackRequests(page: Page): () => { inflight: number; last: number } {
  const state = { inflight: 0, last: Date.now() };
  page.on('request', () => {
    state.inflight++;
    state.last = Date.now();
  });
  const done = () => {
    state.inflight = Math.max(0, state.inflight - 1);
    state.last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => state;
}

/** The page has settled: no spinner or skeleton, and no request for a moment (not a fixed sleep). */
async function settle(page: Page, network: () => { inflight: number; last: number }): Promise<void> {
  const deadline = Date.now() + PAGE_LOAD.timeout;
  await page.waitForFunction(
    () => !document.querySelector('.ant-spin-spinning, .helio-content__loading, .ant-skeleton-active, .helio-boot'),
    null,
    PAGE_LOAD,
  );
  for (;;) {
    const { inflight, last } = network();
    if (inflight === 0 && Date.now() - last >= 120) return;
    if (Date.now() > deadline) throw new Error(`the page did not settle (${inflight} requests in flight)`);
    await page.waitForTimeout(40);
  }
}

/** Client-side navigation (the router listens to popstate): the shell and its data stay loaded. */
async function pushRoute(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The page's own problems beyond axe: exactly one level-one heading, worded (not a bare i18n key). */
async function headingProblems(page: Page): Promise<string[]> {
  const headings = await page.locator('h1').allInnerTexts();
  if (headings.length !== 1) return [`h1: ${headings.length} level-one headings (${headings.join(' | ')})`];
  const text = headings[0]!.trim();
  if (!text || /^[a-z][\w-]*(\.[\w-]+)+$/.test(text)) return [`h1: "${text}" is no title`];
  return [];
}

async function linksOnPage(page: Page): Promise<string[]> {
  return page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
}

for (const { language, width, height, pair } of COMBINATIONS) {
  test(`every route is accessible (${language}, ${width} px)`, async ({ page, baseURL }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height });
    const inflight = trackRequests(page);
    const found: string[] = [];
    const timings: string[] = [];
    // The shell (header, sidebar, tab bar) is checked whole on the first console page and on the last, with every tab
    // open; the pages between are checked in the content area, where they differ.
    let part: string | undefined;
    const check = async (label: string) => {
      const t0 = Date.now();
      await settle(page, inflight);
      // The page's heading is rendered with its content: just after a sign-in the shell can be settled a moment before
      // the home page is drawn. Give it that moment (a page that never draws one still fails below).
      await page.locator('h1').first().waitFor({ state: 'attached', timeout: 10_000 }).catch(() => undefined);
      const t1 = Date.now();
      const problems = [...(await accessibilityFindings(page, part)), ...(await headingProblems(page))];
      timings.push(`${label} settle ${t1 - t0} axe ${Date.now() - t1}`);
      found.push(...problems.map((p) => `${label}: ${p}`));
    };

    // Outside the shell, signed out (the lock and password-change pages send a signed-out visitor to sign in).
    await page.goto('/login');
    await chooseLanguage(page, language);
    const routes = await page.evaluate(() => (window as { helioRoutes?: Routes }).helioRoutes);
    expect(routes, 'window.helioRoutes (app/features.ts)').toBeTruthy();
    const { console: consolePaths, outside } = routes!;
    expect(consolePaths.length).toBeGreaterThan(20);
    for (const [index, path] of outside.entries()) {
      if (path !== '/login' && !mine(index, pair)) continue;
      if (path !== '/login') await page.goto(path);
      await check(`${path} (signed out)`);
    }

    // The console, signed in; the static pages first, so their links name an id for the patterns after them.
    await signIn(page, language);
    await check(`${new URL(page.url()).pathname} (shell)`);
    part = '#helio-content';
    const links = new Set<string>();
    const ordered = [...consolePaths.filter((p) => !hasParam(p)), ...consolePaths.filter(hasParam)];
    const stale: string[] = [];
    for (const [index, pattern] of ordered.entries()) {
      let path = pattern;
      if (hasParam(pattern)) {
        // Opened by the pair that opens its list (the longest static path it starts with), whose links name an id.
        const list = LISTED_ON[pattern] ?? ordered.filter((p) => !hasParam(p) && pattern.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];
        if (list && !mine(ordered.indexOf(list), pair)) continue;
        const re = patternRegex(pattern);
        const link = [...links].find((href) => re.test(href)) ?? (await LINK_BY_API[pattern]?.(baseURL!));
        if (!link) {
          if (!NOT_OPENED[pattern] && !FLEET_DETAILS[pattern]) found.push(`${pattern}: no page links to it (give one of its lists a link, or list it in NOT_OPENED)`);
          continue;
        }
        if (NOT_OPENED[pattern]) stale.push(`NOT_OPENED ${pattern}: a page links to it now, remove the entry`);
        path = link;
      } else if (NOT_OPENED[pattern]) {
        continue;
      } else if (!mine(index, pair)) {
        // Its links still name ids for the patterns after it: the other pair opens it.
        continue;
      }
      await pushRoute(page, path);
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}`.startsWith(path.split('?')[0]!), PAGE_LOAD);
      // The router draws a new address in a transition: until then the previous page (no spinner) is on screen.
      await expect(page.locator('#helio-content')).toHaveAttribute('data-path', new RegExp(`^${path.split('?')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), PAGE_LOAD);
      await check(path);
      if (!hasParam(pattern)) for (const href of await linksOnPage(page)) links.add(href);
    }

    part = undefined;
    await check(`${new URL(page.url()).pathname} (shell, every tab open)`);

    if (process.env.A11Y_TIMINGS) console.log(timings.join('\n'));
    // What is excepted must still be needed (the lists only shrink).
    const remaining = found.filter((line) => !EXCEPTIONS.some((e) => line.includes(`${e.rule} (`) && (!e.route || line.startsWith(`${e.route}:`))));
    if (FULL) {
      // Only the full sweep sees every route in every combination, so only it can tell an exception is not needed.
      const unused = EXCEPTIONS.filter((e) => !found.some((line) => line.includes(`${e.rule} (`) && (!e.route || line.startsWith(`${e.route}:`))));
      stale.push(...unused.map((e) => `EXCEPTIONS ${e.rule} ${e.route ?? ''}: no longer fires, remove it`));
    }
    expect(stale).toEqual([]);
    expect(Object.keys(NOT_OPENED).filter((p) => !consolePaths.includes(p) && !outside.includes(p))).toEqual([]);
    expect(remaining).toEqual([]);
  });
}

/**
 * The device detail pages on the fleet server, one test per language: each page in zh-CN at one width and in en-US at
 * the other (the sweep's pairs), its first tab — every tab with A11Y_FULL=1. The shell around them is the sweep's.
 */
const FLEET = process.env.E2E_STATIONS_URL;
test.describe('device detail pages (simulated fleet)', () => {
  test.use({ baseURL: FLEET });
  for (const [n, language] of (['zh-CN', 'en-US'] as const).entries()) {
    test(`every device detail page is accessible (${language})`, async ({ page }) => {
      test.setTimeout(300_000);
      expect(FLEET, 'E2E_STATIONS_URL (e2e/global-setup.ts launches the fleet server)').toBeTruthy();
      const ids = await fleetRecords();
      const inflight = trackRequests(page);
      const found: string[] = [];
      const timings: string[] = [];
      const check = async (label: string) => {
        const t0 = Date.now();
        await settle(page, inflight);
        const t1 = Date.now();
        const problems = [...(await accessibilityFindings(page, '#helio-content')), ...(await headingProblems(page))];
        timings.push(`${label} settle ${t1 - t0} axe ${Date.now() - t1}`);
        found.push(...problems.map((p) => `${label}: ${p}`));
      };
      await signInWithForm(page, language);
      const routes = await page.evaluate(() => (window as { helioRoutes?: Routes }).helioRoutes);
      // Every listed pattern is a route of the app (a removed page's entry is stale).
      expect(Object.keys(FLEET_DETAILS).filter((p) => !routes?.console.includes(p))).toEqual([]);
      for (const [index, [pattern, { shows }]] of Object.entries(FLEET_DETAILS).entries()) {
        const wide = (index + n) % 2 === 0;
        await page.setViewportSize(wide ? { width: 1280, height: 800 } : { width: 375, height: 812 });
        const path = pattern.replace(':id', ids[pattern]!);
        await pushRoute(page, path);
        await expect(page).toHaveURL((url) => url.pathname === path, PAGE_LOAD);
        await expect(page.getByTestId(shows)).toBeVisible(PAGE_LOAD);
        const label = `${path} (${wide ? 1280 : 375} px)`;
        await check(label);
        if (!FULL) continue;
        // The page's own tab strip (the first in the content; some tabs nest others).
        const tabs = page.locator('#helio-content .ant-tabs').first().locator(':scope > .ant-tabs-nav [role="tab"]');
        const names = await tabs.allTextContents();
        for (const [i, name] of names.entries()) {
          if (i === 0) continue;
          await tabs.nth(i).evaluate((el: HTMLElement) => el.click());
          await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
          await check(`${label} tab ${name}`);
        }
      }
      if (process.env.A11Y_TIMINGS) console.log(timings.join('\n'));
      expect(found).toEqual([]);
    });
  }
});

/**
 * The first record (a reporting one where there is one) of each list in FLEET_DETAILS, once the fleet server answers
 * and has registered its devices (it starts with the run, e2e/global-setup.ts, and may still be coming up).
 */
async function fleetRecords(): Promise<Record<string, string>> {
  const deadline = Date.now() + 240_000;
  let last = '';
  for (;;) {
    const api = await adminApi(FLEET!).catch((e: unknown) => {
      last = String(e);
      return undefined;
    });
    try {
      const ids: Record<string, string> = {};
      for (const [pattern, { list }] of api ? Object.entries(FLEET_DETAILS) : []) {
        const { records } = await api!.get<{ records: { id: string; online?: boolean }[] }>(`${list}?size=20`);
        const record = records.find((r) => r.online) ?? records[0];
        if (!record) {
          last = `no record in ${list}`;
          break;
        }
        ids[pattern] = String(record.id);
      }
      if (Object.keys(ids).length === Object.keys(FLEET_DETAILS).length) return ids;
    } finally {
      await api?.dispose();
    }
    if (Date.now() > deadline) throw new Error(`the fleet at ${FLEET} is not up after 240 s: ${last}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}
