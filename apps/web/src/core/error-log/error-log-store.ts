import { create } from 'zustand';
import { STORAGE_KEYS, local } from '@/core/storage/storage';

/** Spec §3 local error log entry. */
export interface ErrorLogEntry {
  url: string;
  time: string;
  type: string;
  message: string;
  stack: string;
  info: string;
}

/** Entries kept locally at most (oldest dropped). */
export const MAX_ERROR_LOGS = 200;

interface ErrorLogState {
  logs: ErrorLogEntry[];
  add(entry: ErrorLogEntry): void;
  clear(): void;
}

export const useErrorLogStore = create<ErrorLogState>((set, get) => ({
  logs: local.get<ErrorLogEntry[]>(STORAGE_KEYS.errorLogs, []),
  add(entry) {
    const logs = [entry, ...get().logs].slice(0, MAX_ERROR_LOGS);
    local.set(STORAGE_KEYS.errorLogs, logs);
    set({ logs });
  },
  clear() {
    local.remove(STORAGE_KEYS.errorLogs);
    set({ logs: [] });
  },
}));

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `yyyy-MM-dd HH:mm:ss` (spec §9 date format). */
export function formatDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

/** Field limits of the server's error-log upload. */
export const ERROR_LOG_LIMITS = { url: 2000, message: 4000, stack: 20000, info: 2000, perUpload: 100 } as const;

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function errorEntry(error: unknown, info = ''): ErrorLogEntry {
  const err = error instanceof Error ? error : new Error(describe(error));
  return {
    url: (typeof window !== 'undefined' ? window.location.href : '').slice(0, ERROR_LOG_LIMITS.url),
    time: formatDateTime(new Date()),
    type: 'error',
    message: err.message.slice(0, ERROR_LOG_LIMITS.message),
    stack: (err.stack ?? '').slice(0, ERROR_LOG_LIMITS.stack),
    info: info.slice(0, ERROR_LOG_LIMITS.info),
  };
}

/** Batches of at most 100 entries (the server's limit per call). */
export function uploadBatches(logs: readonly ErrorLogEntry[]): ErrorLogEntry[][] {
  const batches: ErrorLogEntry[][] = [];
  for (let i = 0; i < logs.length; i += ERROR_LOG_LIMITS.perUpload) batches.push(logs.slice(i, i + ERROR_LOG_LIMITS.perUpload));
  return batches;
}

/** Store uncaught errors and unhandled rejections (installed once at start). */
export function installGlobalErrorCapture(): () => void {
  const onError = (event: ErrorEvent) => {
    // Resource load errors and cross-origin "Script error." carry no error object worth keeping.
    if (!event.error && !event.message) return;
    useErrorLogStore.getState().add(errorEntry(event.error ?? event.message, 'window.onerror'));
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    // Rejected HTTP calls were already reported to the user by the client.
    if (reason && typeof reason === 'object' && (reason as { name?: string }).name === 'HttpError') return;
    useErrorLogStore.getState().add(errorEntry(reason, 'unhandledrejection'));
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
