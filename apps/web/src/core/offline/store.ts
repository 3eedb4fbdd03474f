/**
 * Where the offline queue keeps its entries on the device: a tiny synchronous store interface, backed by
 * `localStorage` (survives a reload and a closed tab; a queued step is a few KB of JSON — files are uploaded before a
 * step is kept, so only their ids travel). Tests use `memoryStore()`.
 */
export interface QueueStore {
  read(): unknown;
  write(value: unknown): void;
}

export const QUEUE_KEY = 'helio.offline.queue';

export function localStore(key = QUEUE_KEY): QueueStore {
  return {
    read() {
      try {
        const raw = globalThis.localStorage?.getItem(key);
        return raw ? (JSON.parse(raw) as unknown) : [];
      } catch {
        return [];
      }
    },
    write(value) {
      try {
        globalThis.localStorage?.setItem(key, JSON.stringify(value));
      } catch {
        // A full or refused store: the entry stays in memory for this session (the panel still shows it).
      }
    },
  };
}

export function memoryStore(initial: unknown = []): QueueStore {
  let value = JSON.stringify(initial);
  return {
    read: () => JSON.parse(value) as unknown,
    write: (v) => {
      value = JSON.stringify(v);
    },
  };
}
