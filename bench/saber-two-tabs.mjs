// Issue 13: the stock Saber stays signed in across two browser tabs against Helio. Not a benchmark (run-all skips it:
// no `.bench.mjs`); a check against a real Saber build, which CI does not have.
//
// Saber keeps its refresh token in each tab's memory (Vuex, read from localStorage when the tab loads) and refreshes
// when the token's `datetime` in localStorage is `tokenTime` seconds old. With two tabs, the tab that refreshes second
// presents the refresh token it loaded with, which the first tab's refresh already replaced: a reuse. Helio answers
// it by the OAuth client's policy (`blade_client.refresh_token_reuse`): `lenient` for saber (honoured while the
// session lives), `strict` for Helio's own console (the session revoked).
//
// The check, in one browser context (shared localStorage, as two tabs of one browser): sign in through Saber's form in
// tab 1, open the console in tab 2, wait until both tabs have refreshed at least twice, then open a system page in
// each and require its list to load (HTTP 200, code 200) and neither tab to be on the login page. Then the same with
// the saber client switched to `strict`, which must end the session (the control: the check can fail).
//
// SABER_DIST: the dist/ of a Saber build whose `src/config/website.js` has a short `tokenTime` (e.g. 20 s instead of
// 3000; captchaMode false), built as BENCHMARKS.md says. Run: SABER_DIST=/work/saber-fast/dist node bench/saber-two-tabs.mjs
import path from 'node:path';
import { chromium } from 'playwright';
import { ADMIN_PASSWORD, signIn, startServer } from './lib.mjs';
import { serveSaber } from './saber-serve.mjs';

const SABER_DIST = process.env.SABER_DIST;
if (!SABER_DIST) throw new Error('SABER_DIST: the dist/ of a Saber build with a short tokenTime (see the header)');
const REFRESHES = Number(process.env.CHECK_REFRESHES ?? 2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const helio = await startServer({ HELIO_SIMULATOR: 'off' });
const saber = await serveSaber(path.resolve(SABER_DIST), helio.base);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const admin = await signIn(helio.base);

/** Sets the saber client's refresh-token reuse policy through Helio's client API. */
async function setPolicy(policy) {
  const list = await (await fetch(`${helio.base}/api/blade-system/client/list?clientId=saber`, { headers: admin })).json();
  const row = list.data.records.find((r) => r.clientId === 'saber');
  const detail = await (await fetch(`${helio.base}/api/blade-system/client/detail?id=${row.id}`, { headers: admin })).json();
  const r = await fetch(`${helio.base}/api/blade-system/client/submit`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ ...detail.data, refreshTokenReuse: policy }),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`setting the saber client to ${policy}: ${JSON.stringify(j)}`);
}

/** Two tabs of one browser on Saber; answers what happened to each. */
async function twoTabs(policy) {
  await setPolicy(policy);
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  // Only loopback: Saber's page asks a public CDN for icon fonts.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const refreshes = { tab1: [], tab2: [] };
  const watch = (page, tab) =>
    page.on('response', async (res) => {
      if (!/\/api\/blade-auth\/(oauth\/)?token\b/.test(res.url()) || !/refresh_token/.test(res.url() + (res.request().postData() ?? ''))) return;
      const body = await res.json().catch(() => ({}));
      refreshes[tab].push({ status: res.status(), ok: Boolean(body.access_token ?? body.data?.accessToken) });
    });
  const tab1 = await context.newPage();
  watch(tab1, 'tab1');
  await tab1.goto(`${saber.base}/login`);
  await tab1.locator('.login-form input').nth(1).fill('admin');
  await tab1.locator('.login-form input[type="password"]').fill(ADMIN_PASSWORD);
  await tab1.locator('.login-form .login-submit').click();
  await tab1.waitForURL(/\/wel\/index$/, { timeout: 60_000 });
  const tab2 = await context.newPage();
  watch(tab2, 'tab2');
  await tab2.goto(`${saber.base}/wel/index`);
  await tab2.getByText('欢迎使用Saber').waitFor({ timeout: 60_000 });

  const end = Date.now() + 5 * 60_000;
  while (Date.now() < end && (refreshes.tab1.length < REFRESHES || refreshes.tab2.length < REFRESHES)) {
    if (/\/login/.test(tab1.url()) && /\/login/.test(tab2.url())) break;
    await sleep(1000);
  }
  const outcome = {};
  for (const [name, page] of [['tab1', tab1], ['tab2', tab2]]) {
    const list = page.waitForResponse((r) => r.url().includes('/api/blade-system/user/page') || r.url().includes('/api/blade-system/user/list'), { timeout: 30_000 }).catch(() => null);
    await page.goto(`${saber.base}/system/user`).catch(() => undefined);
    const res = await list;
    const body = res ? await res.json().catch(() => ({})) : {};
    await sleep(1000);
    outcome[name] = { refreshes: refreshes[name], userList: res ? `${res.status()} code ${body.code}` : 'not requested', onLogin: /\/login/.test(page.url()) };
  }
  await context.close();
  return outcome;
}

const signedIn = (o) => !o.onLogin && /^200 code 200$/.test(o.userList);
let failed = false;
try {
  const lenient = await twoTabs('lenient');
  console.log('saber client lenient (its default):', JSON.stringify(lenient));
  const both = signedIn(lenient.tab1) && signedIn(lenient.tab2) && lenient.tab1.refreshes.length >= REFRESHES && lenient.tab2.refreshes.length >= REFRESHES;
  console.log(both ? 'PASS: both tabs refreshed and stayed signed in' : 'FAIL: a tab was signed out or did not refresh');
  const strict = await twoTabs('strict');
  console.log('saber client strict (the control):', JSON.stringify(strict));
  const ended = !signedIn(strict.tab1) || !signedIn(strict.tab2);
  console.log(ended ? 'PASS (control): under strict reuse detection the second tab\'s old refresh token ended the session' : 'FAIL (control): strict did not end the session — the check cannot tell');
  failed = !both || !ended;
} finally {
  await setPolicy('lenient').catch(() => undefined);
  await browser.close();
  await saber.close();
  await helio.stop();
}
process.exit(failed ? 1 : 0);
