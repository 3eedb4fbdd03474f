/**
 * Typed domain events inside one process. Handlers run in registration order, awaited, after the emitter's
 * transaction (emit from `tx`'s `afterCommit`); a failing handler is logged and never fails the emitter or the
 * handlers after it. Events are notifications, not a queue: work that must survive a crash is a job (kernel/jobs.ts).
 */
import type { EventBus, EventName, HelioEvents, Logger } from './types.js';

type Handler = (payload: never) => Promise<void> | void;

export class LocalEventBus implements EventBus {
  private readonly handlers = new Map<string, Handler[]>();

  constructor(private readonly log: Logger) {}

  on<K extends EventName>(name: K, handler: (payload: HelioEvents[K]) => Promise<void> | void): () => void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as Handler);
    this.handlers.set(name, list);
    return () => {
      const now = this.handlers.get(name) ?? [];
      this.handlers.set(name, now.filter((h) => h !== handler));
    };
  }

  async emit<K extends EventName>(name: K, payload: HelioEvents[K]): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        await (handler as (p: HelioEvents[K]) => Promise<void> | void)(payload);
      } catch (err) {
        this.log.error({ err, event: name }, 'event handler failed');
      }
    }
  }

  /** Names with at least one handler (the architecture test checks every handled event is declared). */
  handled(): string[] {
    return [...this.handlers].filter(([, l]) => l.length > 0).map(([n]) => n);
  }
}
