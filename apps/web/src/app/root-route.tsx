import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clearSession } from '@/core/auth/session';
import { useSessionStore } from '@/core/auth/session-store';
import { readRawAccessToken } from '@/core/auth/token-storage';
import { readMenuCache } from '@/core/menu/menu-cache';
import { setNavigator } from '@/core/navigation';
import { decideRoute } from './guard';
import { isKnownPath } from './known-paths';
import { publicRouteMeta } from './route-meta';

function LogoutRedirect({ to }: { to: string }) {
  useEffect(() => {
    clearSession();
  }, []);
  return <Navigate to={to} replace />;
}

/** Applies the router guard to every navigation and sets the title of public pages. */
export function RootRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const locked = useSessionStore((s) => s.locked);
  const storeToken = useSessionStore((s) => s.token);
  const mustChangePassword = useSessionStore((s) => s.user?.password_change_required === true);
  const token = readRawAccessToken();

  useEffect(() => {
    setNavigator((to, options) => {
      void navigate(to, options);
    });
  }, [navigate]);

  // Another browser tab may have signed in or out: follow the cookie.
  useEffect(() => {
    const cookie = token || undefined;
    if (cookie !== storeToken) useSessionStore.setState({ token: cookie });
  }, [token, storeToken]);

  const publicMeta = publicRouteMeta(location.pathname);
  useEffect(() => {
    if (publicMeta?.titleKey) document.title = t(publicMeta.titleKey);
  }, [publicMeta?.titleKey, t, i18n.language]);

  const fullPath = `${location.pathname}${location.search}`;
  if (!publicMeta && !token && !isKnownPath(location.pathname, readMenuCache())) {
    return <Navigate to="/404" replace />;
  }
  const decision = decideRoute({ pathname: location.pathname, fullPath, token, locked, meta: publicMeta ?? {}, mustChangePassword });
  if (decision.action === 'redirect') {
    return decision.logout ? <LogoutRedirect to={decision.to} /> : <Navigate to={decision.to} replace />;
  }
  return <Outlet />;
}
