import { useEffect } from 'react';
import { WEBSITE } from '@/core/config';
import { refreshToken } from './auth-api';
import { useSessionStore } from './session-store';
import { getRefreshToken, getTokenTime, shouldRefresh } from './token-storage';
import type { LoginResult } from './types';

let inFlight: Promise<LoginResult> | null = null;

/**
 * Refresh the token pair now (optionally for another department and role). One refresh at a time: a call while
 * one runs shares it. The new refresh token replaces the old one (they rotate).
 */
export function refreshSession(options: { deptId?: string; roleId?: string } = {}): Promise<LoginResult> {
  if (inFlight) return inFlight;
  const user = useSessionStore.getState().user;
  const token = getRefreshToken();
  if (!token || !user) return Promise.reject(new Error('no refresh token'));
  inFlight = refreshToken({ refreshToken: token, tenantId: user.tenant_id, ...options })
    .then((result) => {
      if (!result?.access_token) throw new Error(result?.error_description || 'refresh failed');
      useSessionStore.getState().refreshed(result);
      return result;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export function isRefreshing(): boolean {
  return inFlight !== null;
}

/** Every 10 s: refresh when the token's age reaches the configured time (spec §4). */
export function useTokenRefresh(): void {
  useEffect(() => {
    const timer = setInterval(() => {
      if (!shouldRefresh(Date.now(), getTokenTime(), WEBSITE.tokenTime, isRefreshing())) return;
      refreshSession().catch(() => undefined);
    }, WEBSITE.tokenCheckInterval);
    return () => clearInterval(timer);
  }, []);
}
