/** React views of the offline queue: a scope's entries (and its last sync), the whole queue's size, the browser's state. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { offlineQueue, type OfflineQueue, type QueueEntry, type Synced } from './queue';
import './locale';

export function useQueue(scope?: string, queue: OfflineQueue = offlineQueue): { entries: readonly QueueEntry[]; synced: Synced | undefined } {
  // `list()` without a scope returns the stored array itself (a stable snapshot until the queue changes).
  const all = useSyncExternalStore(
    (fn) => queue.subscribe(fn),
    () => queue.list(),
  );
  const entries = scope === undefined ? all : all.filter((e) => e.scope === scope);
  return { entries, synced: scope === undefined ? undefined : queue.syncedOf(scope) };
}

export function useOnline(): boolean {
  const [on, setOn] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  useEffect(() => {
    const up = () => setOn(true);
    const down = () => setOn(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return on;
}
