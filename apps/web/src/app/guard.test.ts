import { describe, expect, it } from 'vitest';
import { decideRoute } from './guard';
import type { GuardInput } from './guard';
import { publicRouteMeta } from './route-meta';

function decide(pathname: string, token: string | undefined, locked = false, search = '') {
  const input: GuardInput = {
    pathname,
    fullPath: `${pathname}${search}`,
    token,
    locked,
    meta: publicRouteMeta(pathname) ?? {},
  };
  return decideRoute(input);
}

describe('router guard (spec §2)', () => {
  it('opens an authenticated page with a token and adds it as a tab', () => {
    expect(decide('/info/index', 'tok')).toEqual({ action: 'allow', addTab: true });
  });

  it('sends a locked session to the lock page, and lets it stay there', () => {
    expect(decide('/info/index', 'tok', true)).toEqual({ action: 'redirect', to: '/lock', logout: false });
    expect(decide('/login', 'tok', true)).toEqual({ action: 'redirect', to: '/lock', logout: false });
    expect(decide('/lock', 'tok', true)).toEqual({ action: 'allow', addTab: false });
  });

  it('logs out and goes to sign-in when the token cookie is empty', () => {
    expect(decide('/wel/index', '')).toEqual({ action: 'redirect', to: '/login', logout: true });
    expect(decide('/wel/index', 'undefined')).toEqual({ action: 'redirect', to: '/login', logout: true });
  });

  it('sends a signed-in user away from the sign-in page and the root', () => {
    expect(decide('/login', 'tok')).toEqual({ action: 'redirect', to: '/wel/index', logout: false });
    expect(decide('/', 'tok')).toEqual({ action: 'redirect', to: '/wel/index', logout: false });
  });

  it('after sign-in opens the page the user was sent away from, same-site paths only', () => {
    const go = (search: string) => decide('/login', 'tok', false, search);
    expect(go(`?redirect=${encodeURIComponent('/info/index?tab=1')}`)).toMatchObject({ to: '/info/index?tab=1' });
    expect(go('?redirect=https%3A%2F%2Fevil.example')).toMatchObject({ to: '/wel/index' });
    expect(go('?redirect=%2F%2Fevil.example')).toMatchObject({ to: '/wel/index' });
    expect(go('?redirect=%2Flogin')).toMatchObject({ to: '/wel/index' });
  });

  it('leaves an unlocked lock page to the page itself (it knows where the user was)', () => {
    expect(decide('/lock', 'tok')).toEqual({ action: 'allow', addTab: false });
  });

  it('does not add public pages as tabs', () => {
    expect(decide('/404', 'tok')).toEqual({ action: 'allow', addTab: false });
    expect(decide('/register', 'tok')).toEqual({ action: 'allow', addTab: false });
  });

  it('honours a route marked as not a tab', () => {
    expect(
      decideRoute({ pathname: '/x', fullPath: '/x', token: 't', locked: false, meta: { isTab: false } }),
    ).toEqual({ action: 'allow', addTab: false });
  });

  it('without a token opens only public routes', () => {
    for (const path of ['/login', '/register', '/forgot', '/404', '/403', '/500']) {
      expect(decide(path, undefined)).toEqual({ action: 'allow', addTab: false });
    }
  });

  it('without a token sends other routes to sign-in, remembering where the user was going', () => {
    expect(decide('/system/user', undefined, false, '?a=1')).toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/system/user?a=1')}`,
      logout: false,
    });
    expect(decide('/wel/index', undefined)).toEqual({ action: 'redirect', to: '/login', logout: false });
  });

  it('without a token the lock page leads to sign-in (nothing to unlock)', () => {
    expect(decide('/lock', undefined, true)).toEqual({ action: 'redirect', to: '/login', logout: true });
  });

  it('with a generated password opens nothing but the password change page (issue 11)', () => {
    const must = (pathname: string) =>
      decideRoute({ pathname, fullPath: pathname, token: 'tok', locked: false, meta: publicRouteMeta(pathname) ?? {}, mustChangePassword: true });
    for (const path of ['/wel/index', '/system/user', '/login', '/', '/404']) {
      expect(must(path)).toEqual({ action: 'redirect', to: '/change-password', logout: false });
    }
    expect(must('/change-password')).toEqual({ action: 'allow', addTab: false });
    // Changed (or never generated): the page sends the user on; signed out: to sign in.
    expect(decide('/change-password', 'tok')).toEqual({ action: 'redirect', to: '/wel/index', logout: false });
    expect(decide('/change-password', undefined)).toEqual({ action: 'redirect', to: '/login', logout: false });
  });
});
