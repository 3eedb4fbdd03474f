import { WEBSITE } from '@/core/config';
import { redirectTarget } from '@/core/auth/redirect';
import type { RouteMeta } from './route-meta';

export interface GuardInput {
  pathname: string;
  /** Path + search of the requested location (kept for the redirect after sign-in). */
  fullPath: string;
  /** Raw access-token cookie: `undefined` when there is none. */
  token: string | undefined;
  locked: boolean;
  meta: RouteMeta;
  /** The signed-in user's password was generated and must be changed first. */
  mustChangePassword?: boolean;
}

export type GuardDecision =
  | { action: 'allow'; addTab: boolean }
  | { action: 'redirect'; to: string; logout: boolean };

function isEmptyToken(token: string): boolean {
  const t = token.trim();
  return t === '' || t === 'undefined' || t === 'null';
}

/**
 * Router guard (spec §2): with a token — locked → lock page; a generated password → the password change page and
 * nothing else until it is changed; an empty token → log out and sign in again; the
 * login page → home (or the page the user was sent away from); otherwise open (and add as a tab unless public or marked not a tab). Without a token only
 * public routes open; others go to the login page, remembering where the user was going.
 */
export function decideRoute(input: GuardInput): GuardDecision {
  const { pathname, token, locked, meta } = input;
  const isPublic = meta.isAuth === false;
  if (token !== undefined) {
    if (isEmptyToken(token)) return { action: 'redirect', to: WEBSITE.loginPage, logout: true };
    if (locked) {
      if (pathname === WEBSITE.lockPage) return { action: 'allow', addTab: false };
      return { action: 'redirect', to: WEBSITE.lockPage, logout: false };
    }
    if (input.mustChangePassword) {
      if (pathname === WEBSITE.changePasswordPage) return { action: 'allow', addTab: false };
      return { action: 'redirect', to: WEBSITE.changePasswordPage, logout: false };
    }
    if (pathname === WEBSITE.changePasswordPage) return { action: 'redirect', to: WEBSITE.firstPage, logout: false };
    if (pathname === WEBSITE.loginPage || pathname === '/') {
      return { action: 'redirect', to: redirectTarget(input.fullPath), logout: false };
    }
    // The lock page itself sends an unlocked user on (it knows where the user was).
    if (pathname === WEBSITE.lockPage) return { action: 'allow', addTab: false };
    return { action: 'allow', addTab: !isPublic && meta.isTab !== false };
  }
  if (isPublic) {
    if (pathname === WEBSITE.lockPage || pathname === WEBSITE.changePasswordPage) return { action: 'redirect', to: WEBSITE.loginPage, logout: locked };
    return { action: 'allow', addTab: false };
  }
  const keep = input.fullPath && input.fullPath !== WEBSITE.firstPage ? input.fullPath : '';
  const to = keep ? `${WEBSITE.loginPage}?redirect=${encodeURIComponent(keep)}` : WEBSITE.loginPage;
  return { action: 'redirect', to, logout: locked };
}
