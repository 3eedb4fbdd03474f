import { create } from 'zustand';
import { STORAGE_KEYS, local, session } from '@/core/storage/storage';
import type { LoginResult } from './types';
import { clearTokens, getAccessToken, saveTokens } from './token-storage';

interface SessionState {
  /** The last sign-in or refresh answer (user name, tenant, roles, avatar). */
  user: LoginResult | null;
  /** Mirror of the access-token cookie, so components re-render on sign-in and sign-out. */
  token: string | undefined;
  /** Lock screen state: held for this browser session only. */
  locked: boolean;
  lockPassword: string;
  /** Where the user was when the screen was locked (reopened on unlock). */
  lockFrom: string;
  signIn(result: LoginResult): void;
  /** Store a refreshed token pair (refresh tokens rotate: always keep the new one). */
  refreshed(result: LoginResult): void;
  clear(): void;
  lock(password: string, from: string): void;
  unlock(): void;
}

export const useSessionStore = create<SessionState>((set) => ({
  user: local.get<LoginResult | null>(STORAGE_KEYS.userInfo, null),
  token: getAccessToken(),
  locked: session.get<boolean>(STORAGE_KEYS.lock, false),
  lockPassword: session.get<string>(STORAGE_KEYS.lockPassword, ''),
  lockFrom: session.get<string>(STORAGE_KEYS.lockFrom, ''),
  signIn(result) {
    saveTokens(result.access_token, result.refresh_token);
    local.set(STORAGE_KEYS.userInfo, result);
    session.remove(STORAGE_KEYS.lock);
    session.remove(STORAGE_KEYS.lockPassword);
    session.remove(STORAGE_KEYS.lockFrom);
    set({ user: result, token: result.access_token, locked: false, lockPassword: '', lockFrom: '' });
  },
  refreshed(result) {
    saveTokens(result.access_token, result.refresh_token);
    local.set(STORAGE_KEYS.userInfo, result);
    set({ user: result, token: result.access_token });
  },
  clear() {
    clearTokens();
    local.remove(STORAGE_KEYS.userInfo);
    session.remove(STORAGE_KEYS.lock);
    session.remove(STORAGE_KEYS.lockPassword);
    session.remove(STORAGE_KEYS.lockFrom);
    set({ user: null, token: undefined, locked: false, lockPassword: '', lockFrom: '' });
  },
  lock(password, from) {
    session.set(STORAGE_KEYS.lock, true);
    session.set(STORAGE_KEYS.lockPassword, password);
    session.set(STORAGE_KEYS.lockFrom, from);
    set({ locked: true, lockPassword: password, lockFrom: from });
  },
  unlock() {
    session.remove(STORAGE_KEYS.lock);
    session.remove(STORAGE_KEYS.lockPassword);
    session.remove(STORAGE_KEYS.lockFrom);
    set({ locked: false, lockPassword: '', lockFrom: '' });
  },
}));
