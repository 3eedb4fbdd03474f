import { FEATURE_ROUTES } from './features';

/** What the guard needs to know about a route (Saber `meta`). */
export interface RouteMeta {
  /** `false`: opens without a token (public route). */
  isAuth?: boolean;
  /** `false`: not added to the tab bar. */
  isTab?: boolean;
  /** i18n key of the page title. */
  titleKey?: string;
}

/** Public routes (spec §2): the root, and every feature route outside the shell (sign-in, error pages…). */
const PUBLIC_ROUTES: Record<string, RouteMeta> = {
  '/': { isAuth: false, isTab: false },
  ...Object.fromEntries(
    FEATURE_ROUTES.map((route): [string, RouteMeta] => [
      route.path,
      { isAuth: false, isTab: false, ...(route.titleKey ? { titleKey: route.titleKey } : {}) },
    ]),
  ),
};

export function publicRouteMeta(pathname: string): RouteMeta | undefined {
  return PUBLIC_ROUTES[pathname];
}
