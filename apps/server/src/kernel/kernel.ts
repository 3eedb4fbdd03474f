/**
 * The module kernel: loads every module's manifest (kernel/module-list.ts), orders them by `dependsOn`, gives each
 * its context, builds their services, wires event handlers and jobs, applies reference data, registers routes and
 * runs the start/stop lifecycle. The composition root (app.ts, main.ts) only creates the kernel and asks it to do
 * each step; it never lists modules.
 */
import { statfs } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { BizError } from '../core/errors.js';
import { Health } from '../core/health.js';
import type { KvStore } from '../core/kv-store.js';
import { Metrics } from '../core/metrics.js';
import { tenantCondition, isPlatform } from '../core/tenant.js';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { LocalEventBus } from './events.js';
import { JobRunner } from './jobs.js';
import { loadManifests } from './module-list.js';
import { applyReferenceData } from './reference.js';
import type { AccessControl, Capabilities, DeviceCommands, Logger, ModuleApis, ModuleContext, ModuleManifest, TxHooks } from './types.js';

export interface KernelOptions {
  config: Config;
  database: Database;
  kv: KvStore;
  log: Logger;
  /** The manifests to load (default: every module folder). */
  manifests?: ModuleManifest[];
}

/** Orders manifests so each comes after what it depends on (then by name); a cycle or unknown name is an error. */
export function orderModules(manifests: readonly ModuleManifest[]): ModuleManifest[] {
  const byName = new Map(manifests.map((m) => [m.name, m]));
  if (byName.size !== manifests.length) throw new Error('two modules have the same name');
  const out: ModuleManifest[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (m: ModuleManifest, path: string[]) => {
    if (state.get(m.name) === 'done') return;
    if (state.get(m.name) === 'visiting') throw new Error(`module dependency cycle: ${[...path, m.name].join(' → ')}`);
    state.set(m.name, 'visiting');
    for (const dep of [...(m.dependsOn ?? [])].sort()) {
      const d = byName.get(dep);
      if (!d) throw new Error(`module ${m.name} depends on ${dep}, which does not exist`);
      visit(d, [...path, m.name]);
    }
    state.set(m.name, 'done');
    out.push(m);
  };
  for (const m of [...manifests].sort((a, b) => a.name.localeCompare(b.name))) visit(m, []);
  return out;
}

export class Kernel {
  readonly events: LocalEventBus;
  readonly jobs: JobRunner;
  readonly crud: ModuleContext['crud'] = new Map();
  readonly metrics = new Metrics();
  readonly health = new Health();
  private readonly apis = new Map<string, unknown>();
  private readonly contexts = new Map<string, ModuleContext>();
  private readonly capabilities: Partial<Capabilities> = {};
  private modules: ModuleManifest[] = [];
  private started: ModuleManifest[] = [];

  private constructor(private readonly o: KernelOptions) {
    this.events = new LocalEventBus(o.log);
    this.jobs = new JobRunner(o.database, o.log, { pollMs: o.config.jobPollMs });
    this.health.register('database', async () => {
      await o.database.db.execute(sql`SELECT 1`);
      return o.config.databaseUrl ? 'postgresql' : 'embedded';
    });
    this.health.register('kv', async () => {
      await o.kv.ping();
      return o.config.redisUrl ? 'redis' : 'in-process';
    });
    this.metrics.collect(() => this.jobs.lag());
    // The data directory's free space (the embedded database and local files): alert well before it is full.
    this.metrics.collect(async () => {
      const st = await statfs(o.config.dataDir).catch(() => undefined);
      return st ? [{ name: 'helio_data_dir_free_bytes', help: 'Free bytes on the file system of HELIO_DATA_DIR', type: 'gauge', samples: [{ value: st.bavail * st.bsize }] }] : [];
    });
  }

  /** Loads and orders the modules, builds their services and wires their events and jobs. */
  static async create(o: KernelOptions): Promise<Kernel> {
    const k = new Kernel(o);
    k.modules = orderModules(o.manifests ?? (await loadManifests()));
    for (const m of k.modules) {
      const ctx = k.contextFor(m);
      k.contexts.set(m.name, ctx);
      k.apis.set(m.name, m.services ? await m.services(ctx) : undefined);
      for (const [name, handler] of Object.entries(m.events ?? {})) {
        k.events.on(name as never, (payload: never) => (handler as (p: unknown, c: ModuleContext) => unknown)(payload, ctx) as Promise<void>);
      }
      for (const job of m.jobs ?? []) k.jobs.register(job, ctx);
    }
    return k;
  }

  get names(): string[] {
    return this.modules.map((m) => m.name);
  }

  use<K extends keyof ModuleApis>(name: K): ModuleApis[K] {
    if (!this.apis.has(name)) throw new Error(`module ${String(name)} is not loaded`);
    return this.apis.get(name) as ModuleApis[K];
  }

  capability<K extends keyof Capabilities>(name: K): Capabilities[K] | undefined {
    return this.capabilities[name];
  }

  context(name: string): ModuleContext {
    const ctx = this.contexts.get(name);
    if (!ctx) throw new Error(`module ${name} is not loaded`);
    return ctx;
  }

  /** Menus, buttons and dictionaries of modules whose reference version moved (kernel/reference.ts). */
  applyReference(): Promise<Record<string, number>> {
    return applyReferenceData(this.o.database.db, this.modules);
  }

  async registerRoutes(app: FastifyInstance): Promise<void> {
    for (const m of this.modules) {
      if (m.routes) await m.routes(app, this.contexts.get(m.name)!, this.apis.get(m.name));
    }
  }

  /** After the server listens: each module's `start` in order, then the jobs begin to fire. */
  async start(): Promise<void> {
    for (const m of this.modules) {
      if (m.start) await m.start(this.contexts.get(m.name)!, this.apis.get(m.name));
      this.started.push(m);
    }
    await this.jobs.start();
  }

  /** Stops the jobs (waiting for those in flight), then each started module in reverse order. */
  async stop(): Promise<void> {
    await this.jobs.stop();
    for (const m of [...this.started].reverse()) {
      try {
        await m.stop?.(this.contexts.get(m.name)!, this.apis.get(m.name));
      } catch (err) {
        this.o.log.error({ err, module: m.name }, 'module stop failed');
      }
    }
    this.started = [];
  }

  private contextFor(m: ModuleManifest): ModuleContext {
    const { config, database, kv } = this.o;
    const log = this.o.log;
    const devices: DeviceCommands = {
      send: (cmd) => {
        const impl = this.capabilities.devices;
        if (!impl) return Promise.reject(new BizError('devicePathDown', {}, 503));
        return impl.send(cmd);
      },
    };
    const access: AccessControl = {
      has: (user, codes) => this.need('access').has(user, codes),
      dataCondition: (user, resource, columnFor) => this.need('access').dataCondition(user, resource, columnFor),
    };
    return {
      module: m.name,
      config,
      database,
      db: database.db,
      kv,
      log,
      events: this.events,
      jobs: this.jobs,
      devices,
      access,
      metrics: this.metrics,
      health: this.health,
      crud: this.crud,
      tx: <T>(fn: (tx: Db, hooks: TxHooks) => Promise<T>) => runTx(database.db, log, fn),
      scope: (actor) => ({
        tenantId: actor.tenantId,
        platform: isPlatform(actor),
        where: (table: { tenantId: unknown }, ...conditions: (SQL | undefined)[]) =>
          and(isPlatform(actor) ? undefined : tenantCondition(table.tenantId as AnyColumn, actor), ...conditions),
      }),
      use: <K extends keyof ModuleApis>(name: K) => {
        if (!this.apis.has(name)) {
          throw new Error(`module ${m.name} uses ${String(name)}, which is not built yet: add it to ${m.name}'s dependsOn`);
        }
        return this.apis.get(name) as ModuleApis[K];
      },
      provide: (name, impl) => {
        this.capabilities[name] = impl;
      },
    };
  }

  private need<K extends keyof Capabilities>(name: K): Capabilities[K] {
    const c = this.capabilities[name];
    if (!c) throw new Error(`no module provides ${name}`);
    return c;
  }
}

async function runTx<T>(db: Db, log: Logger, fn: (tx: Db, hooks: TxHooks) => Promise<T>): Promise<T> {
  const after: (() => Promise<void> | void)[] = [];
  const result = await db.transaction((tx) => fn(tx as unknown as Db, { afterCommit: (f) => void after.push(f) }));
  for (const f of after) {
    try {
      await f();
    } catch (err) {
      log.error({ err }, 'after-commit step failed');
    }
  }
  return result;
}
