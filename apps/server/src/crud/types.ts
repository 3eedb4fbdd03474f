/** The CRUD engine's types: tables, hooks, prepared writes, field problems and the handle a module gets back. */
import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import type { AuthUser } from '../core/access.js';
import { ValidationError } from '../core/errors.js';
import type { ListSpec } from '../core/list-query.js';
import type { Db } from '../db/client.js';

export type Row = Record<string, unknown>;

/** A table with the Blade audit columns (and tenant_id when tenant-scoped; `version` when versioned). */
export type AuditedTable = PgTable &
  Record<string, PgColumn> & {
    id: PgColumn;
    isDeleted: PgColumn;
    createTime: PgColumn;
  };

export interface CrudHooks {
  /** Before insert/update (values may be changed, e.g. derived columns) and before remove (values = {}). */
  beforeWrite?: (existing: Row | undefined, values: Row, req: FastifyRequest) => Promise<void> | void;
  /**
   * Further writes of the same change (rows it creates with it, descendants it moves), in the row's transaction: if
   * one fails, the row is not written either. What it returns for an insert is added to the response data next to
   * the new id. Every statement must use `tx` (on PGlite a statement outside the transaction waits for it).
   */
  writeWithin?: (tx: Db, id: string, values: Row, req: FastifyRequest, inserted: boolean) => Promise<Row | void>;
  /** After insert/update has committed (caches …); what it returns for an insert is added to the response data. */
  afterWrite?: (id: string, values: Row, req: FastifyRequest, inserted: boolean) => Promise<Row | void> | Row | void;
  /** Before a soft delete, with the live rows about to be removed (throw to refuse them all). */
  beforeRemove?: (rows: Row[], req: FastifyRequest) => Promise<void> | void;
  afterRemove?: (ids: string[], req: FastifyRequest) => Promise<void> | void;
  /** Extra list conditions (data scope, sub-lists). */
  listScope?: (req: FastifyRequest) => Promise<SQL | undefined> | SQL | undefined;
  /** Extend a row's VO (names of related rows …). */
  decorate?: (vos: Row[], req: FastifyRequest) => Promise<Row[]> | Row[];
  /** Routes to leave out because the module serves them itself. */
  skip?: readonly ('list' | 'detail' | 'submit' | 'remove' | 'select' | 'tree' | 'lazy-list' | 'lazy-tree')[];
  /** Also serve Blade's `save` (insert only, `<page>_add`) and `update` (by id only, `<page>_edit`) next to `submit`. */
  saveAndUpdate?: boolean;
  /**
   * Extra conditions of the UPDATE / soft-delete statements themselves, so a rule checked in `beforeWrite` still
   * holds when a concurrent request changed the row in between (the statement then touches nothing).
   */
  updateGuard?: (values: Row) => SQL | undefined;
  removeGuard?: () => SQL | undefined;
  /**
   * Before a batch of writes is prepared one by one (an import), with all their bodies: a chance to look up in bulk
   * what `beforeWrite` would otherwise query row by row (keep the result per request).
   */
  beforeBatch?: (bodies: Row[], req: FastifyRequest) => Promise<void> | void;
  /** Before the write routes' handlers (e.g. platform-only writes of platform reference data). */
  writePreHandler?: (req: FastifyRequest) => Promise<void> | void;
}

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

export interface CrudHandle {
  def: ResourceDef;
  table: AuditedTable;
  spec: ListSpec;
  /** Conditions every read applies: live rows of the caller's tenant. */
  baseWhere(u: AuthUser, q?: Record<string, unknown>): SQL | undefined;
  vos(rows: Row[], req: FastifyRequest): Promise<Row[]>;
  /** The engine's list handler (also when the module serves `list` itself and delegates). */
  list(req: FastifyRequest): Promise<unknown>;
  /** Every condition the list applies for this request (tenant, data scope, module scope, filters). */
  listWhere(req: FastifyRequest): Promise<SQL | undefined>;
  /**
   * Checks a write as `submit` does (form fields only, rules in the caller's language, unique fields, the version,
   * the module's `beforeWrite`), without writing. `mode`: 'insert' ignores an id, 'update' needs one, 'either'
   * decides by it. Throws `FieldsError` (rules, unique fields), `ConflictError` (stale version) or `BizError`.
   */
  prepare(req: FastifyRequest, body: Row, mode: 'insert' | 'update' | 'either', opts?: PrepareOptions): Promise<PreparedWrite>;
  /**
   * Writes a prepared row (audit columns, version, `writeWithin`, `afterWrite`); `exec` may be a transaction (else
   * the engine opens one when the module writes more rows with it). Returns the id, or undefined when nothing was
   * updated; throws `ConflictError` when the row changed since the version the edit was made from.
   */
  persist(req: FastifyRequest, w: PreparedWrite, exec?: Db): Promise<{ id: string; extra?: Row } | undefined>;
  /** Inserts prepared rows in chunks (audit columns, `writeWithin` and `afterWrite` per row); returns their ids. */
  insertMany(req: FastifyRequest, writes: readonly PreparedWrite[], exec?: Db): Promise<string[]>;
  /** The module's `beforeBatch` hook (bulk look-ups before a batch of `prepare` calls). */
  beforeBatch(req: FastifyRequest, bodies: Row[]): Promise<void>;
}
