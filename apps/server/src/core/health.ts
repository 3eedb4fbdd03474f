/**
 * Readiness (issue 21): each dependency a process needs — the database, the shared key-value store, the device
 * broker — registers a check; the readiness endpoint runs them all at once, each bounded by a timeout, and answers
 * whether this process can serve now. A load balancer takes a process out while a dependency is away and puts it
 * back when it returns; nothing restarts.
 */

export interface CheckResult {
  ok: boolean;
  /** Why not (a short, secret-free reason) or what it is (e.g. "embedded"). */
  detail?: string;
  ms: number;
}
type Check = () => Promise<string | void>;

/** A check that has not answered in this time counts as down. */
export const CHECK_TIMEOUT_MS = 2000;

export class Health {
  private readonly checks = new Map<string, Check>();

  /** A check resolves (optionally with a detail) when the dependency is usable and rejects when it is not. */
  register(name: string, check: Check): void {
    if (this.checks.has(name)) throw new Error(`health check ${name} is registered twice`);
    this.checks.set(name, check);
  }

  names(): string[] {
    return [...this.checks.keys()];
  }

  async report(timeoutMs = CHECK_TIMEOUT_MS): Promise<{ ok: boolean; checks: Record<string, CheckResult> }> {
    const entries = await Promise.all(
      [...this.checks.entries()].map(async ([name, check]): Promise<[string, CheckResult]> => {
        const t0 = performance.now();
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
        });
        try {
          const detail = await Promise.race([check(), timeout]);
          return [name, { ok: true, ...(detail ? { detail } : {}), ms: Math.round(performance.now() - t0) }];
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          return [name, { ok: false, detail: reason.slice(0, 200), ms: Math.round(performance.now() - t0) }];
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    return { ok: entries.every(([, r]) => r.ok), checks };
  }
}
