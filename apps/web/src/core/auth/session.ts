import { WEBSITE } from '@/core/config';
import { navigateTo } from '@/core/navigation';
import { usePermissionStore } from '@/core/permission/permission-store';
import { STORAGE_KEYS, local } from '@/core/storage/storage';
import { useTabStore } from '@/core/tabs/tab-store';
import { logoutApi } from './auth-api';
import { useSessionStore } from './session-store';
import { getAccessToken } from './token-storage';

/** Spec §4: logged out = tokens, menu, roles, tabs and lock cleared. */
export function clearSession(): void {
  useSessionStore.getState().clear();
  useTabStore.getState().reset();
  usePermissionStore.getState().clear();
  local.remove(STORAGE_KEYS.menu);
  // Loaded with the shell; the sign-in route does not carry react-query.
  void import('@/core/query-client').then(({ queryClient }) => queryClient.removeQueries());
}

/** Log out: revoke on the server (best effort), clear the session, go to the login page. */
export async function logout(): Promise<void> {
  if (getAccessToken()) await logoutApi().catch(() => undefined);
  clearSession();
  navigateTo(WEBSITE.loginPage, { replace: true });
}

/** A 401 answer: the token is no longer accepted, so there is nothing to revoke. */
export function onUnauthorized(): void {
  if (!getAccessToken() && !useSessionStore.getState().user) return;
  clearSession();
  navigateTo(WEBSITE.loginPage, { replace: true });
}
