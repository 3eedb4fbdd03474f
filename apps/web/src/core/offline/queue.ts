/**
 * The offline submission queue (issue 19, "In the field"): a step submitted without a connection (the browser says
 * offline, or the request fails with a network error or time-out — not an HTTP refusal) is kept on the device with
 * its `submissionId`, made once when the user pressed the button, and sent again when the connection returns (the
 * `online` event, and on start). The server acts once per id, so a retry after an answer lost on the way is harmless;
 * the same id is sent on every retry. A refusal after sync (409, 400, …) stays in the queue as `refused` with the
 * server's message, so the kept form can be put back or dropped by the user — never silently lost.
 *
 * Features register a sender per kind (`register`); entries name their kind, their scope (e.g. the order) and a
 * JSON payload.
 */
import { HttpError } from '@/core/http/types';
import { localStore, type QueueStore } from './store';

export type EntryStatus = 'waiting' | 'sending' | 'refused';

export interface QueueEntry<P = unknown> {
  /** The submission's client id (also the server's once-only key). */
  id: string;
  kind: string;
  /** What the entry belongs to (e.g. `epc-order:42`): the pages that show it. */
  scope: string;
  payload: P;
  createdAt: number;
  status: EntryStatus;
  /** The server's message of a refusal. */
  error?: string;
  /** The HTTP code of a refusal. */
  code?: number;
}

export type Sender<P = unknown> = (payload: P, id: string) => Promise<unknown>;

/** Entries synced in this session, by scope (the page shows "synced" after it reloaded). */
export interface Synced {
  id: string;
  at: number;
}

/** A failure that means "no connection" (kept and retried), not a refusal. */
export function isNetworkError(e: unknown): boolean {
  if (e instanceof HttpError) return e.kind === 'network' || e.kind === 'timeout';
  return e instanceof TypeError;
}

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/** A new submission id (`crypto.randomUUID` where the page is a secure context; random bytes otherwise). */
export function newSubmissionId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const valid = (e: unknown): e is QueueEntry =>
  typeof e === 'object' && e !== null && typeof (e as QueueEntry).id === 'string' && typeof (e as QueueEntry).kind === 'string';

export class OfflineQueue {
  private entries: QueueEntry[];
  private readonly senders = new Map<string, Sender>();
  private readonly listeners = new Set<() => void>();
  private readonly synced = new Map<string, Synced>();
  private flushing: Promise<void> | null = null;
  private started = false;

  constructor(private readonly store: QueueStore = localStore()) {
    const read = store.read();
    // An entry caught mid-send by a reload is waiting again (its id makes the resend harmless).
    this.entries = (Array.isArray(read) ? read.filter(valid) : []).map((e) => (e.status === 'sending' ? { ...e, status: 'waiting' } : e));
  }

  register<P>(kind: string, sender: Sender<P>): void {
    this.senders.set(kind, sender as Sender);
  }

  list(scope?: string): readonly QueueEntry[] {
    return scope === undefined ? this.entries : this.entries.filter((e) => e.scope === scope);
  }

  syncedOf(scope: string): Synced | undefined {
    return this.synced.get(scope);
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /**
   * Sends now when online; keeps the entry when offline or on a network error (`'kept'`). An HTTP refusal is thrown
   * to the caller (the user is looking at the form). The id is the one sent on every try.
   */
  async submit<P>(entry: { id: string; kind: string; scope: string; payload: P }): Promise<'sent' | 'kept'> {
    const sender = this.senders.get(entry.kind);
    if (!sender) throw new Error(`offline queue: no sender for ${entry.kind}`);
    if (online()) {
      try {
        await sender(entry.payload, entry.id);
        return 'sent';
      } catch (e) {
        if (!isNetworkError(e)) throw e;
      }
    }
    this.put({ ...entry, createdAt: Date.now(), status: 'waiting' });
    return 'kept';
  }

  /** Removes an entry (a refused one the user dropped or took back into the form). */
  remove(id: string): void {
    this.entries = this.entries.filter((e) => e.id !== id);
    this.save();
  }

  /** Sends every waiting entry in order; stops at the first network error. One flush at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.run().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Flushes now and whenever the browser is back online (idempotent). */
  start(): void {
    if (this.started || typeof window === 'undefined') return;
    this.started = true;
    window.addEventListener('online', () => void this.flush());
    void this.flush();
  }

  private async run(): Promise<void> {
    for (const entry of [...this.entries]) {
      if (entry.status !== 'waiting' || !online()) continue;
      const sender = this.senders.get(entry.kind);
      if (!sender) continue;
      this.update(entry.id, { status: 'sending' });
      try {
        await sender(entry.payload, entry.id);
        this.entries = this.entries.filter((e) => e.id !== entry.id);
        this.synced.set(entry.scope, { id: entry.id, at: Date.now() });
        this.save();
      } catch (e) {
        if (isNetworkError(e)) {
          this.update(entry.id, { status: 'waiting' });
          return;
        }
        const code = e instanceof HttpError ? e.code : undefined;
        this.update(entry.id, { status: 'refused', error: e instanceof Error ? e.message : String(e), ...(code ? { code } : {}) });
      }
    }
  }

  private put(entry: QueueEntry): void {
    this.entries = [...this.entries.filter((e) => e.id !== entry.id), entry];
    this.save();
  }

  private update(id: string, patch: Partial<QueueEntry>): void {
    this.entries = this.entries.map((e) => (e.id === id ? { ...e, ...patch } : e));
    this.save();
  }

  private save(): void {
    this.store.write(this.entries);
    for (const fn of this.listeners) fn();
  }
}

/** The app's queue (one per page load). */
export const offlineQueue = new OfflineQueue();
