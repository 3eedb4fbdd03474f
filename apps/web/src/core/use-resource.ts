import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * A tiny cached loader for the public pages (sign-in, register, forgot), so the sign-in route does not need
 * react-query: one entry per key, shared by every component that asks for it, reloadable.
 */
interface Entry<T> {
  status: 'idle' | 'pending' | 'success' | 'error';
  data?: T;
  error?: unknown;
  version: number;
}

const entries = new Map<string, Entry<unknown>>();
const listeners = new Map<string, Set<() => void>>();
const IDLE: Entry<never> = { status: 'idle', version: 0 };

function emit(key: string): void {
  listeners.get(key)?.forEach((l) => l());
}

function run<T>(key: string, load: () => Promise<T>): void {
  const previous = entries.get(key);
  const version = (previous?.version ?? 0) + 1;
  entries.set(key, { ...previous, status: 'pending', version } as Entry<unknown>);
  emit(key);
  load().then(
    (data) => {
      if (entries.get(key)?.version !== version) return;
      entries.set(key, { status: 'success', data, version });
      emit(key);
    },
    (error: unknown) => {
      if (entries.get(key)?.version !== version) return;
      entries.set(key, { status: 'error', error, data: previous?.data, version });
      emit(key);
    },
  );
}

export interface Resource<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  reload(): void;
}

/** `key` null: disabled. The first caller for a key starts the load; later callers share the result. */
export function useResource<T>(key: string | null, load: () => Promise<T>): Resource<T> {
  const subscribe = useCallback(
    (callback: () => void) => {
      if (!key) return () => undefined;
      const set = listeners.get(key) ?? new Set();
      set.add(callback);
      listeners.set(key, set);
      return () => set.delete(callback);
    },
    [key],
  );
  const entry = useSyncExternalStore(subscribe, () => (key ? (entries.get(key) ?? IDLE) : IDLE)) as Entry<T>;

  useEffect(() => {
    if (key && !entries.has(key)) run(key, load);
    // `load` is a new function each render; the key identifies what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const reload = useCallback(() => {
    if (key) run(key, load);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return {
    data: entry.data,
    loading: Boolean(key) && (entry.status === 'pending' || entry.status === 'idle'),
    error: entry.error,
    reload,
  };
}

/** Drop a cached entry (tests, sign-out). */
export function forgetResource(key: string): void {
  entries.delete(key);
}
