import { WEBSITE } from '@/core/config';

/** What the guard needs to know about a route (Saber `meta`). */
export interface RouteMeta {
  /** `false`: opens without a token (public route). */
  isAuth?: boolean;
  /** `false`: not added to the tab bar. */
  isTab?: boolean;
  /** i18n key of the page title. */
  titleKey?: string;
}

/** Public routes (spec §2). */
export const PUBLIC_ROUTES: Record<string, RouteMeta> = {
  '/': { isAuth: false, isTab: false },
  '/login': { isAuth: false, isTab: false, titleKey: 'login.title' },
  '/register': { isAuth: false, isTab: false, titleKey: 'register.title' },
  '/forgot': { isAuth: false, isTab: false, titleKey: 'forgot.title' },
  [WEBSITE.lockPage]: { isAuth: false, isTab: false, titleKey: 'lock.title' },
  // Needs the session, but opens outside the shell (the guard sends a signed-out visitor to sign in).
  '/change-password': { isAuth: false, isTab: false, titleKey: 'info.firstPassword.title' },
  '/404': { isAuth: false, isTab: false, titleKey: 'error.404.title' },
  '/403': { isAuth: false, isTab: false, titleKey: 'error.403.title' },
  '/500': { isAuth: false, isTab: false, titleKey: 'error.500.title' },
};

export function publicRouteMeta(pathname: string): RouteMeta | undefined {
  return PUBLIC_ROUTES[pathname];
}
