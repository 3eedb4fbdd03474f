/**
 * One sign-in per worker. A walk that is not about signing in needs the administrator's session, not the form: the
 * first `signIn` of a worker (per server) goes through the form and keeps what the browser then holds (the token
 * cookies and the console's localStorage); later ones put that back into the fresh browser context and open the
 * page directly — the console loads once, without the sign-in page and a password hash on the server.
 *
 * A kept session is checked with the server first (one request): a walk that logged out, changed the password or
 * revoked sessions ended it, and the next `signIn` then goes through the form again and keeps the new one.
 */
import type { Page } from '@playwright/test';

type Cookie = Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>[number];

interface Kept {
  origin: string;
  cookies: Cookie[];
  local: Record<string, string>;
}

/** The worker's kept administrator session (a worker talks to one server; the origin guards against another). */
let kept: Kept | undefined;

const ACCESS_COOKIE = 'helio-access-token';
const LANGUAGE_KEY = 'helio-language';
/** What one walk may leave that the next must not inherit: open tabs, the menu cache (language), lock, error log. */
const PER_WALK = ['helio-tabs', 'helio-menu', 'helio-lock', 'helio-lock-password', 'helio-lock-from', 'helio-error-logs'];

/** After a sign-in through the form (the page is on the console): keep the session for the worker's later walks. */
export async function keepSession(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  const state = await page.context().storageState();
  const local = state.origins.find((o) => o.origin === origin)?.localStorage ?? [];
  kept = {
    origin,
    cookies: state.cookies.filter((c) => c.name.startsWith('helio-')),
    local: Object.fromEntries(local.filter((e) => !PER_WALK.includes(e.name)).map((e) => [e.name, e.value])),
  };
}

/**
 * Put the kept session into this page's (fresh) context, in `language`, if the server still honours it. Returns
 * false when there is none or it has ended (the caller signs in through the form).
 */
export async function restoreSession(page: Page, language: 'zh-CN' | 'en-US'): Promise<boolean> {
  const session = kept;
  const token = session?.cookies.find((c) => c.name === ACCESS_COOKIE)?.value;
  if (!session || !token) return false;
  // Relative: the context's base URL, i.e. the server this walk talks to.
  const check = await page.request.get('/api/blade-auth/oauth/user-info', {
    headers: { 'Blade-Auth': `bearer ${decodeURIComponent(token)}`, Authorization: `Basic ${btoa('helio:helio_secret')}` },
    failOnStatusCode: false,
  });
  if (new URL(check.url()).origin !== session.origin) return false;
  if (check.status() !== 200 || (await check.json().catch(() => ({}))).success !== true) {
    kept = undefined;
    return false;
  }
  await page.context().addCookies(session.cookies);
  const local = { ...session.local, [LANGUAGE_KEY]: JSON.stringify(language) };
  await page.addInitScript(
    ([entries, marker]) => {
      // Only on the first document of this walk: a reload must see what the walk itself stored since.
      if (sessionStorage.getItem(marker)) return;
      sessionStorage.setItem(marker, '1');
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    },
    [local, 'helio-e2e-restored'] as const,
  );
  return true;
}
