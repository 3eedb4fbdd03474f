/**
 * Durable jobs (`helio_job`): OTA waves, command expiry, alarm escalation, workflow timers, the network-status run.
 *
 * - Stored, so a job survives a restart; a one-off job that fails is retried with a doubling wait, then kept as
 *   `failed` with its last error.
 * - Fired once across several processes: a process claims due rows with `FOR UPDATE SKIP LOCKED` and holds them for
 *   the job's lease; a row whose holder died is taken over when the lease ends.
 * - Recurring jobs (`every`) are one row each (key `every:<name>`), rescheduled after each run.
 * Each process claims only jobs it knows (their module is loaded). The poll interval is HELIO_JOB_POLL_MS.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseErrorReason, isDatabaseUnavailable } from '../core/errors.js';
import type { Database } from '../db/client.js';
import type { Family } from '../core/metrics.js';
import type { EnqueueOptions, JobDefinition, Jobs, Logger, ModuleContext } from './types.js';

/** Jobs one process runs at once (the loop claims no more while this many are running). */
const MAX_IN_FLIGHT = 64;

interface Registered {
  def: JobDefinition<unknown>;
  ctx: ModuleContext;
  /** The recurring interval in ms (from `every`), if any. */
  every: number | undefined;
}

interface ClaimedRow {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
}

export class JobRunner implements Jobs {
  readonly owner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly defs = new Map<string, Registered>();
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();
  private polling: Promise<void> | undefined;
  private stopped = false;
  private kicked = false;
  private kick: (() => void) | undefined;
  /** Runs finished by this process, by job name and outcome (metrics). */
  private readonly runs = new Map<string, number>();

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly opts: { pollMs: number; batch?: number } = { pollMs: 1000 },
  ) {}

  register(def: JobDefinition<never>, ctx: ModuleContext): void {
    if (this.defs.has(def.name)) throw new Error(`job ${def.name} is defined twice`);
    const every = typeof def.every === 'function' ? def.every(ctx.config) : def.every;
    this.defs.set(def.name, { def: def as JobDefinition<unknown>, ctx, every });
  }

  names(): string[] {
    return [...this.defs.keys()];
  }

  async enqueue(name: string, payload: unknown = null, opts: EnqueueOptions = {}): Promise<string | undefined> {
    if (!this.defs.has(name)) throw new Error(`unknown job ${name}`);
    const runAt = opts.runAt ?? new Date();
    const rows = await this.database.rows<{ id: string }>(sql`
      INSERT INTO helio_job (name, key, payload, run_at) VALUES (${name}, ${opts.key ?? null}, ${JSON.stringify(payload)}::jsonb, ${runAt.toISOString()}::timestamptz)
      ON CONFLICT (key) DO NOTHING RETURNING id::text AS id`);
    // Due now: wake this process's loop instead of waiting for its next poll (a command issued, a wave step).
    if (runAt.getTime() <= Date.now()) this.kick?.();
    return rows[0]?.id;
  }

  async enqueueMany(name: string, jobs: readonly { payload: unknown; key?: string }[]): Promise<number> {
    if (!this.defs.has(name)) throw new Error(`unknown job ${name}`);
    if (jobs.length === 0) return 0;
    const values = jobs.map((j) => sql`(${name}, ${j.key ?? null}, ${JSON.stringify(j.payload ?? null)}::jsonb, now())`);
    const rows = await this.database.rows<{ id: string }>(sql`
      INSERT INTO helio_job (name, key, payload, run_at) VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (key) DO NOTHING RETURNING id::text AS id`);
    this.kick?.();
    return rows.length;
  }

  async cancel(key: string): Promise<boolean> {
    const rows = await this.database.rows(sql`DELETE FROM helio_job WHERE key = ${key} AND status = 'pending' RETURNING id`);
    return rows.length > 0;
  }

  /** Creates the row of each recurring job (first run `every` ms from now) and starts polling. */
  async start(): Promise<void> {
    this.stopped = false;
    for (const { def, every } of this.defs.values()) {
      if (!every) continue;
      await this.database.rows(sql`
        INSERT INTO helio_job (name, key, run_at) VALUES (${def.name}, ${`every:${def.name}`}, now() + ${`${every} milliseconds`}::interval)
        ON CONFLICT (key) DO NOTHING`);
    }
    const tick = () => {
      if (this.stopped) return;
      let claimed = 0;
      this.polling = this.claimAndStart()
        .then((n) => void (claimed = n))
        .catch((err) =>
          isDatabaseUnavailable(err)
            ? this.log.warn({ reason: databaseErrorReason(err) }, 'jobs: poll skipped, database unavailable')
            : this.log.error({ err }, 'jobs: poll failed'),
        )
        .finally(() => {
          this.polling = undefined;
          const kicked = this.kicked;
          this.kicked = false;
          // Claimed some (more may be due) or woken meanwhile: again at once; every slot busy: soon; idle: pollMs.
          if (!this.stopped) this.timer = setTimeout(tick, claimed > 0 || kicked ? 0 : claimed < 0 ? 20 : this.opts.pollMs).unref();
        });
    };
    this.kick = () => {
      if (this.stopped) return;
      if (this.polling) this.kicked = true;
      else {
        clearTimeout(this.timer);
        this.timer = setTimeout(tick, 0).unref();
      }
    };
    tick();
  }

  /**
   * Stops claiming and waits up to `graceMs` for the jobs in flight. Those still running then (a settings write waits
   * up to minutes for its device) are handed back — due now, their attempt not counted — so another process takes
   * them over at once instead of after their lease (up to 25 minutes), and a shutdown never waits for a device.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.polling;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.all(this.inFlight).then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (finished) return;
    const rows = await this.database
      .rows<{ name: string }>(sql`UPDATE helio_job SET status = 'pending', locked_by = NULL, locked_until = NULL, run_at = now(),
          attempts = GREATEST(attempts - 1, 0) WHERE locked_by = ${this.owner} AND status = 'running' RETURNING name`)
      .catch((err: unknown) => (this.log.warn({ err }, 'jobs: in-flight jobs not handed back; their leases will expire'), []));
    if (rows.length) this.log.warn({ jobs: rows.map((r) => r.name) }, 'jobs: stopped with jobs in flight; handed back to run again');
  }

  /**
   * The loop's claim: what is due, up to the free slots (MAX_IN_FLIGHT per process), started without waiting for it
   * — a job that waits for a device (a settings write, up to its time-out) no longer holds up every other job.
   * Answers how many it claimed, or -1 when every slot is busy.
   */
  private async claimAndStart(): Promise<number> {
    const free = MAX_IN_FLIGHT - this.inFlight.size;
    if (free <= 0) return -1;
    const claimed = await this.claim(Math.min(free, this.opts.batch ?? 20));
    for (const row of claimed) void this.track(this.runOne(row));
    return claimed.length;
  }

  /** Claims and runs what is due now (also called by tests to run due jobs without waiting). */
  async poll(): Promise<number> {
    const claimed = await this.claim(this.opts.batch ?? 20);
    await Promise.all(claimed.map((row) => this.track(this.runOne(row))));
    return claimed.length;
  }

  private async claim(limit: number): Promise<ClaimedRow[]> {
    const names = this.names();
    if (names.length === 0) return [];
    const maxLease = Math.max(...[...this.defs.values()].map((r) => r.def.leaseMs ?? 300_000));
    const claimed = await this.database.rows<ClaimedRow>(sql`
      UPDATE helio_job j SET status = 'running', locked_by = ${this.owner}, attempts = j.attempts + 1,
        locked_until = now() + ${`${maxLease} milliseconds`}::interval
      WHERE j.id IN (
        SELECT id FROM helio_job
        WHERE name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
          AND ((status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
        ORDER BY run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING j.id::text AS id, j.name, j.payload, j.attempts`);
    return claimed;
  }

  private track(p: Promise<void>): Promise<void> {
    this.inFlight.add(p);
    return p.finally(() => this.inFlight.delete(p));
  }

  /**
   * Metrics read when scraped: per job name, how late its oldest due job is (0 when none is due; across the cluster,
   * so every process reports the same lag), how many wait and have failed for good, and this process's runs.
   */
  async lag(): Promise<Family[]> {
    const rows = await this.database.rows<{ name: string; lag: number | string | null; due: number | string; failed: number | string }>(sql`
      SELECT name, extract(epoch FROM now() - min(run_at) FILTER (WHERE status = 'pending' AND run_at <= now())) AS lag,
        count(*) FILTER (WHERE status = 'pending' AND run_at <= now()) AS due, count(*) FILTER (WHERE status = 'failed') AS failed
      FROM helio_job GROUP BY name`);
    const by = new Map(rows.map((r) => [r.name, r]));
    const names = [...new Set([...this.names(), ...by.keys()])].sort();
    const sample = (pick: (r: (typeof rows)[number] | undefined) => number) => names.map((job) => ({ labels: { job }, value: pick(by.get(job)) }));
    return [
      { name: 'helio_job_lag_seconds', help: 'How late the oldest due job of each name is (0: none due)', type: 'gauge', samples: sample((r) => Math.max(0, Number(r?.lag ?? 0))) },
      { name: 'helio_job_due', help: 'Jobs due and not yet claimed, by name', type: 'gauge', samples: sample((r) => Number(r?.due ?? 0)) },
      { name: 'helio_job_failed', help: 'Jobs that failed for good (kept with their last error), by name', type: 'gauge', samples: sample((r) => Number(r?.failed ?? 0)) },
      {
        name: 'helio_job_runs_total',
        help: 'Job runs this process finished, by name and outcome',
        type: 'counter',
        samples: [...this.runs.entries()].map(([k, value]) => {
          const [job, outcome] = k.split('\u0000') as [string, string];
          return { labels: { job, outcome }, value };
        }),
      },
    ];
  }

  private counted(name: string, outcome: 'ok' | 'error') {
    const k = `${name}\u0000${outcome}`;
    this.runs.set(k, (this.runs.get(k) ?? 0) + 1);
  }

  private async runOne(row: ClaimedRow): Promise<void> {
    const reg = this.defs.get(row.name)!;
    const { def, every } = reg;
    try {
      await def.run(row.payload, reg.ctx, { id: row.id, attempt: row.attempts });
      this.counted(row.name, 'ok');
      if (every) {
        await this.database.rows(sql`UPDATE helio_job SET status = 'pending', attempts = 0, locked_by = NULL, locked_until = NULL,
          last_error = NULL, run_at = now() + ${`${every} milliseconds`}::interval WHERE id = ${row.id} AND locked_by = ${this.owner}`);
      } else {
        await this.database.rows(sql`DELETE FROM helio_job WHERE id = ${row.id} AND locked_by = ${this.owner}`);
      }
    } catch (err) {
      this.counted(row.name, 'error');
      const unavailable = isDatabaseUnavailable(err);
      const message = unavailable ? databaseErrorReason(err) : err instanceof Error ? err.message : String(err);
      if (unavailable) this.log.warn({ job: row.name, reason: message }, 'job skipped: database unavailable');
      else this.log.error({ err, job: row.name, attempt: row.attempts }, 'job failed');
      const max = def.maxAttempts ?? 5;
      const give = !every && row.attempts >= max;
      const wait = every ?? (def.retryMs ?? 5000) * 2 ** Math.min(row.attempts - 1, 16);
      await this.database
        .rows(sql`UPDATE helio_job SET status = ${give ? 'failed' : 'pending'}, locked_by = NULL, locked_until = NULL,
          last_error = ${message.slice(0, 2000)}, run_at = now() + ${`${wait} milliseconds`}::interval
          WHERE id = ${row.id} AND locked_by = ${this.owner}`)
        .catch((e) => this.log.warn({ err: e, job: row.name }, 'job state not saved; its lease will expire'));
    }
  }
}
