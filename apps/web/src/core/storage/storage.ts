import { WEBSITE } from '@/core/config';

/** Storage keys, all prefixed with the website key. */
export const STORAGE_KEYS = {
  accessToken: `${WEBSITE.storagePrefix}-access-token`,
  refreshToken: `${WEBSITE.storagePrefix}-refresh-token`,
  tokenTime: `${WEBSITE.storagePrefix}-token-time`,
  userInfo: `${WEBSITE.storagePrefix}-user-info`,
  language: `${WEBSITE.storagePrefix}-language`,
  theme: `${WEBSITE.storagePrefix}-theme`,
  color: `${WEBSITE.storagePrefix}-color`,
  collapse: `${WEBSITE.storagePrefix}-collapse`,
  tabs: `${WEBSITE.storagePrefix}-tabs`,
  menu: `${WEBSITE.storagePrefix}-menu`,
  errorLogs: `${WEBSITE.storagePrefix}-error-logs`,
  lock: `${WEBSITE.storagePrefix}-lock`,
  lockPassword: `${WEBSITE.storagePrefix}-lock-password`,
  lockFrom: `${WEBSITE.storagePrefix}-lock-from`,
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

function make(getArea: () => Storage) {
  return {
    get<T>(key: string, fallback: T): T {
      return safe(() => {
        const raw = getArea().getItem(key);
        return raw == null ? fallback : (JSON.parse(raw) as T);
      }, fallback);
    },
    set(key: string, value: unknown): void {
      safe(() => getArea().setItem(key, JSON.stringify(value)), undefined);
    },
    remove(key: string): void {
      safe(() => getArea().removeItem(key), undefined);
    },
  };
}

/** JSON values in localStorage (survive a reload and a new tab). */
export const local = make(() => window.localStorage);
/** JSON values in sessionStorage (lock state: this browser tab only). */
export const session = make(() => window.sessionStorage);
