import Cookies from 'js-cookie';
import { STORAGE_KEYS, local } from '@/core/storage/storage';

/** Access and refresh tokens live in cookies (spec §9); the time they were issued lives in localStorage. */
export function getAccessToken(): string | undefined {
  return Cookies.get(STORAGE_KEYS.accessToken) || undefined;
}

export function getRefreshToken(): string | undefined {
  return Cookies.get(STORAGE_KEYS.refreshToken) || undefined;
}

/** Milliseconds since epoch when the current access token was stored. */
export function getTokenTime(): number {
  return local.get<number>(STORAGE_KEYS.tokenTime, 0);
}

export function saveTokens(accessToken: string, refreshToken: string | undefined, now = Date.now()): void {
  const attributes = { sameSite: 'strict' as const, path: '/' };
  Cookies.set(STORAGE_KEYS.accessToken, accessToken, attributes);
  if (refreshToken) Cookies.set(STORAGE_KEYS.refreshToken, refreshToken, attributes);
  local.set(STORAGE_KEYS.tokenTime, now);
}

export function clearTokens(): void {
  Cookies.remove(STORAGE_KEYS.accessToken, { path: '/' });
  Cookies.remove(STORAGE_KEYS.refreshToken, { path: '/' });
  local.remove(STORAGE_KEYS.tokenTime);
}

/** Spec §4: refresh when the token's age (seconds) reaches the configured time and no refresh is running. */
export function shouldRefresh(now: number, tokenTime: number, thresholdSeconds: number, refreshing: boolean): boolean {
  if (refreshing || !tokenTime) return false;
  return (now - tokenTime) / 1000 >= thresholdSeconds;
}

/** The access-token cookie as stored, empty values included (the guard treats an empty token as a logout). */
export function readRawAccessToken(): string | undefined {
  return Cookies.get(STORAGE_KEYS.accessToken);
}
