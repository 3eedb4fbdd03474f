/** The CRUD engine's types: tables, calls and hooks, prepared writes, field problems and what a module gets back. */
import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Actor, ModuleContext } from '../kernel/types.js';
import { ValidationError } from '../core/errors.js';
import type { Lang } from '../core/i18n.js';
import type { Db } from '../db/client.js';

export type Row = Record<string, unknown>;

/** A table with the Blade audit columns (and tenant_id when tenant-scoped; `version` when versioned). */
export type AuditedTable = PgTable &
  Record<string, PgColumn> & {
    id: PgColumn;
    isDeleted: PgColumn;
    createTime: PgColumn;
  };

/** Options of a repository call: the language of the messages it writes (default zh-CN). */
export interface CrudOptions {
  lang?: Lang;
}

/** What a read hook is given: the module's context, who reads, in which language, and the database. */
export interface ReadCall {
  readonly ctx: ModuleContext;
  readonly actor: Actor;
  readonly lang: Lang;
  readonly db: Db;
}

/** One write transaction: `db` is the transaction (every statement of a hook must use it). */
export interface TxCall extends ReadCall {
  /** What must follow the commit (caches, events); dropped when the transaction rolls back. */
  afterCommit(fn: () => Promise<void> | void): void;
  /** Scratch shared by the writes of one batch (an import): `beforeBatch` keeps its bulk look-ups here. */
  readonly batch: Map<unknown, unknown>;
}

/** What a write hook is given: the transaction and the kind of write it is part of. */
export interface WriteCall extends TxCall {
  readonly op: 'insert' | 'update' | 'remove';
}

/** Module rules of a resource, all without HTTP; the write hooks run inside the write's transaction. */
export interface CrudRepositoryHooks {
  /** Before insert/update (values may be changed, e.g. derived columns) and before remove (values = {}). */
  beforeWrite?: (call: WriteCall, existing: Row | undefined, values: Row) => Promise<void> | void;
  /**
   * Further writes of the same change (rows it creates with it, descendants it moves), after the row's statement.
   * What it returns for an insert is added to the response data next to the new id.
   */
  writeWithin?: (call: WriteCall, id: string, values: Row, inserted: boolean) => Promise<Row | void>;
  /** After writeWithin, still inside the transaction; what follows the commit goes through `call.afterCommit`. */
  afterWrite?: (call: WriteCall, id: string, values: Row, inserted: boolean) => Promise<Row | void> | Row | void;
  /** Before a soft delete, with the live rows about to be removed (throw to refuse them all). */
  beforeRemove?: (call: WriteCall, rows: Row[]) => Promise<void> | void;
  /** After the soft delete, inside its transaction, with the ids removed. */
  afterRemove?: (call: WriteCall, ids: string[]) => Promise<void> | void;
  /** Extra list conditions (data scope, sub-lists). */
  listScope?: (call: ReadCall) => Promise<SQL | undefined> | SQL | undefined;
  /** Extend a row's VO (names of related rows …). */
  decorate?: (call: ReadCall, vos: Row[]) => Promise<Row[]> | Row[];
  /**
   * Extra conditions of the UPDATE / soft-delete statements themselves, so a rule checked in `beforeWrite` still
   * holds when a concurrent request changed the row in between (the statement then touches nothing).
   */
  updateGuard?: (values: Row) => SQL | undefined;
  removeGuard?: () => SQL | undefined;
  /**
   * Before a batch of writes is prepared one by one (an import), with all their bodies: a chance to look up in bulk
   * what `beforeWrite` would otherwise query row by row (keep the result in `call.batch`).
   */
  beforeBatch?: (call: TxCall, bodies: Row[]) => Promise<void> | void;
  /** The module's named sources of `omitted: {from}` defaults of its definition's fields (inserts only). */
  omittedFrom?: Record<string, OmittedSource>;
  /**
   * Before the form values of a body are taken and checked (inserts and updates): a client's wire format made
   * Helio's (e.g. the SpringBlade code generator's); answers the body to use.
   */
  acceptBody?: (call: WriteCall, body: Row, updating: boolean) => Promise<Row> | Row;
}

/** A named source of `omitted: {from}` defaults: the value, or undefined for none (the field's rules then decide). */
export type OmittedSource = (call: WriteCall, body: Row) => unknown;

export type CrudRoute = 'list' | 'detail' | 'submit' | 'remove' | 'select' | 'tree' | 'lazy-list' | 'lazy-tree';

/** How the Blade routes of a resource are served (HTTP only). */
export interface CrudRouteOptions {
  /** Routes to leave out because the module serves them itself. */
  skip?: readonly CrudRoute[];
  /** Also serve Blade's `save` (insert only, `<page>_add`) and `update` (by id only, `<page>_edit`) next to `submit`. */
  saveAndUpdate?: boolean;
  /** Before the write routes' handlers (e.g. platform-only writes of platform reference data). */
  writePreHandler?: (req: FastifyRequest) => Promise<void> | void;
}

export type CrudHooks = CrudRepositoryHooks & CrudRouteOptions;

/** One broken rule of one field (the field key and the message in the caller's language). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Field rule violations, answered as one 400 like `ValidationError`, with the fields kept for row-level reports. */
export class FieldsError extends ValidationError {
  constructor(readonly problems: FieldProblem[]) {
    super(problems.map((p) => p.message));
  }
}

export type WriteMode = 'insert' | 'update' | 'either';

export interface PrepareOptions {
  /** Unique fields the caller has already checked against the stored rows (e.g. an import, in bulk). */
  uniqueChecked?: readonly string[];
}

/** A checked write, ready for `persist`. */
export interface PreparedWrite {
  /** Update target (absent: insert). */
  id?: string;
  existing?: Row;
  values: Row;
  tenantId?: string;
  /** The version the edit was made from (optimistic locking); absent: last writer wins. */
  version?: number;
}

/** SQLSTATE of a database error (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(e: unknown): string | undefined {
  for (let x: unknown = e, i = 0; x && i < 4; x = (x as { cause?: unknown }).cause, i++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar date `yyyy-MM-dd` (not 2024-02-30). */
export function isCalendarDate(v: string): boolean {
  const m = DATE_RE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
