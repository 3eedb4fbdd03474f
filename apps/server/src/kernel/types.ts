/**
 * The module kernel's vocabulary: what a module declares (its manifest) and what it is given (its context).
 *
 * A module is a folder under `src/modules/` with one `module.ts` whose default export is `defineModule({...})`; the
 * kernel finds it by itself (kernel/discover.ts). Neighbours reach each other only through what a module returns from
 * `services` (typed by augmenting `ModuleApis` in the module's `index.ts`) or through typed events (`HelioEvents`).
 * The kernel and core never import modules; modules augment these interfaces instead.
 */
import type { FastifyInstance } from 'fastify';
import type { Health } from '../core/health.js';
import type { Metrics } from '../core/metrics.js';
import type { SQL } from 'drizzle-orm';
import type { DictSeed } from '@helio/contracts/dicts';
import type { AuthUser } from '../core/access.js';
import type { KvStore } from '../core/kv-store.js';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';

/** Who acts: a signed-in user (from the token) or the system itself (jobs, device replies, start-up). */
export type Actor = AuthUser;

/**
 * Public entries of modules, by module name. A module augments it in its `index.ts`:
 * `declare module '../../kernel/types.js' { interface ModuleApis { station: StationApi } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleApis {}

/**
 * Domain events, by name. Modules augment it: `interface HelioEvents { 'alarm.raised': { sn: string; ... } }`.
 * Names are `<module>.<past tense>`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface HelioEvents {}

export type EventName = keyof HelioEvents & string;
export type EventHandler<K extends EventName> = (payload: HelioEvents[K], ctx: ModuleContext) => Promise<void> | void;

export interface EventBus {
  /** Runs every handler of `name` (in registration order); a failing handler is logged, never the emitter's error. */
  emit<K extends EventName>(name: K, payload: HelioEvents[K]): Promise<void>;
  on<K extends EventName>(name: K, handler: (payload: HelioEvents[K]) => Promise<void> | void): () => void;
}

export interface Logger {
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** A durable job (kernel/jobs.ts): stored in `helio_job`, fired once across all processes, kept across restarts. */
export interface JobDefinition<P = unknown> {
  /** Unique across modules: `<module>.<what>`. */
  name: string;
  /** Recurring: fired every `every` ms (first `every` ms after the first start); a function reads it from the config. */
  every?: number | ((config: Config) => number);
  /** Attempts before a one-off job is marked failed (default 5); the wait doubles from `retryMs` (default 5 s). */
  maxAttempts?: number;
  retryMs?: number;
  /** How long a process may hold the job before another may take it over (default 5 min). */
  leaseMs?: number;
  run(payload: P, ctx: ModuleContext, job: { id: string; attempt: number }): Promise<void>;
}

export interface EnqueueOptions {
  /** When to run (default now). */
  runAt?: Date;
  /** Deduplication key: a second enqueue with the same key while the first is pending does nothing. */
  key?: string;
}

export interface Jobs {
  enqueue(name: string, payload?: unknown, opts?: EnqueueOptions): Promise<string | undefined>;
  /** Many jobs of one kind, due now, in one statement (each deduplicated by its key); answers how many were added. */
  enqueueMany(name: string, jobs: readonly { payload: unknown; key?: string }[]): Promise<number>;
  /** Cancels a pending job by key; true when one was pending. */
  cancel(key: string): Promise<boolean>;
}

/** A device's answer to a command (docs/device-protocol.md, "Commands"). */
export interface DeviceReply {
  id: string;
  ok: boolean;
  result?: unknown;
  error?: string;
}

export interface DeviceCommand {
  sn: string;
  method: string;
  params?: Record<string, unknown>;
  /** How long to wait for the reply (default 30 s, at most 10 min). */
  timeoutMs?: number;
  /** Who sent it (kept with the command; undefined = the system). */
  actor?: Actor;
}

/** Publish to a device and wait for its reply; provided by the telemetry module once the device path runs. */
export interface DeviceCommands {
  send(cmd: DeviceCommand): Promise<DeviceReply>;
}

/** Permission and data-scope checks, provided by the access modules and used by engines (the CRUD engine). */
export interface AccessControl {
  has(user: AuthUser, codes: readonly string[]): Promise<boolean>;
  dataCondition(
    user: AuthUser,
    resource: string,
    columnFor: (column: 'create_user' | 'create_dept' | 'dept_id', ids: string[]) => SQL | undefined,
  ): Promise<SQL | undefined>;
}

/** Capabilities a module provides for engines and neighbours that must not know which module it is. */
export interface Capabilities {
  devices: DeviceCommands;
  access: AccessControl;
}

export interface TxHooks {
  /** Runs after the transaction commits (events, cache invalidation); never when it rolls back. */
  afterCommit(fn: () => Promise<void> | void): void;
}

/** A tenant's view of its tables: tenancy is the default, not a condition to remember. */
export interface TenantScope {
  readonly tenantId: string;
  readonly platform: boolean;
  /** `tenant_id = actor's tenant` (nothing for platform users) and-ed with the conditions given. */
  where(table: { tenantId: unknown }, ...conditions: (SQL | undefined)[]): SQL | undefined;
}

/**
 * Handles that engines register per context, typed by the engine that owns them (the CRUD engine augments it with
 * `crud: CrudHandle`), so the kernel needs no import of an engine.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EngineHandles {}
type CrudHandleOf = EngineHandles extends { crud: infer H } ? H : unknown;

export interface ModuleContext {
  readonly module: string;
  readonly config: Config;
  readonly database: Database;
  readonly db: Db;
  readonly kv: KvStore;
  readonly log: Logger;
  readonly events: EventBus;
  readonly jobs: Jobs;
  /** Device commands (throws a 503 until the device path has started). */
  readonly devices: DeviceCommands;
  readonly access: AccessControl;
  /** This process's metrics (counters, histograms, gauges read at scrape time): core/metrics.ts. */
  readonly metrics: Metrics;
  /** Readiness checks of the dependencies this module brings (e.g. the device broker): core/health.ts. */
  readonly health: Health;
  /** CRUD handles by resource name (filled as modules register resources). */
  readonly crud: Map<string, CrudHandleOf>;
  /** One transaction: the writes and their checks together; `afterCommit` for what must follow a commit. */
  tx<T>(fn: (tx: Db, hooks: TxHooks) => Promise<T>): Promise<T>;
  scope(actor: Actor): TenantScope;
  /** A neighbour's public entry (its manifest's `services`); it must be in `dependsOn` or already built. */
  use<K extends keyof ModuleApis>(name: K): ModuleApis[K];
  /** Offers a capability (e.g. `devices`) to engines and other modules. */
  provide<K extends keyof Capabilities>(name: K, impl: Capabilities[K]): void;
}

/** Reference data a module owns, applied on a start whose `version` or content differs from what was applied last. */
export interface ReferenceData {
  /** Bump to re-run `apply`; a change of the menus or dictionaries is noticed by itself. */
  version: number;
  /** Menu pages (under an existing area by its code) and their buttons; new codes are added, existing ones kept. */
  menus?: readonly {
    /** The parent area's code ('' for an area itself). */
    area: string;
    code: string;
    path: string;
    name: { zh: string; en: string };
    icon?: string;
    sort?: number;
    /** Button codes are `<page code>_<action>`. */
    buttons?: readonly { code: string; zh: string; en: string; icon?: string }[];
  }[];
  /** Dictionaries: missing codes and keys are added; labels an administrator changed are kept. */
  dictionaries?: readonly DictSeed[];
  /** Anything else (idempotent), inside the same transaction. */
  apply?(tx: Db): Promise<void>;
}

export interface ModuleManifest<Api = unknown> {
  name: string;
  /** Modules whose services this one uses while building its own (ordering only; no cycles). */
  dependsOn?: readonly string[];
  reference?: ReferenceData;
  /** Builds the module's public entry (`ctx.use(name)` for neighbours). */
  services?(ctx: ModuleContext): Api | Promise<Api>;
  /** HTTP: routes translate HTTP ↔ services, nothing more. */
  routes?(app: FastifyInstance, ctx: ModuleContext, api: Api): void | Promise<void>;
  events?: { [K in EventName]?: EventHandler<K> };
  jobs?: readonly JobDefinition<never>[];
  /** After the server listens (e.g. the device path); `stop` in reverse order at shutdown. */
  start?(ctx: ModuleContext, api: Api): Promise<void>;
  stop?(ctx: ModuleContext, api: Api): Promise<void>;
}

export function defineModule<Api>(m: ModuleManifest<Api>): ModuleManifest<Api> {
  return m;
}

export function defineJob<P>(j: JobDefinition<P>): JobDefinition<P> {
  return j;
}
