/**
 * The engine's write path: form values (mass-assignment protection, shared rules in the caller's language), unique
 * fields, the version an edit was made from, the module's hooks, and the statements.
 *
 * What holds under concurrency is in the statements, not in the checks before them: an edit carrying a version
 * updates `WHERE id = … AND version = …` and raises the version in the same statement (a stale one touches nothing
 * and answers 409); `updateGuard` conditions are repeated in the UPDATE; unique fields have unique indexes (a
 * violation answers the same translated 400 as the check, db/unique-constraints.ts); the row and the rows a module
 * writes with it (`writeWithin`) share one transaction.
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { formRules, isVersioned, VERSION_KEY, type ResourceDef } from '@helio/contracts/crud/resource';
import { checkRules } from '@helio/contracts/validation';
import type { ModuleContext } from '../kernel/types.js';
import type { AuthUser } from '../core/access.js';
import { ok, status } from '../core/envelope.js';
import { BizError, ForbiddenError, ValidationError } from '../core/errors.js';
import { label, msg, type Lang } from '../core/i18n.js';
import { isId, nextId } from '../core/ids.js';
import { ConflictError, versionOf } from '../core/optimistic.js';
import { tenantForInsert } from '../core/tenant.js';
import { violationMessages, withColumnLimits } from '../core/validate.js';
import type { Db } from '../db/client.js';
import { uniqueViolation } from '../db/unique-constraints.js';
import { FieldsError, isCalendarDate, type AuditedTable, type CrudHandle, type CrudHooks, type FieldProblem, type PreparedWrite, type Row } from './types.js';

export interface WriteContext {
  s: ModuleContext;
  def: ResourceDef;
  table: AuditedTable;
  hooks: CrudHooks;
  baseWhere: CrudHandle['baseWhere'];
}

export type WriteMode = 'insert' | 'update' | 'either';

export function crudWriter({ s, def, table, hooks, baseWhere }: WriteContext) {
  const db = s.database.db;
  // The definition's rules, tightened by the table: int4/int2 ranges, varchar lengths (a 400 naming the field).
  const rules = withColumnLimits(formRules(def), table);
  const live = eq(table.isDeleted, 0);
  const tree = def.tree;
  const versioned = isVersioned(def);
  if (versioned && !table.version) throw new Error(`resource ${def.name}: versioned, but its table has no version column`);
  const code = (a: string) => `${def.page}_${a}`;

  /** Form values of a body (mass-assignment protection: only the definition's form fields) and their rule problems. */
  const formValues = (lang: Lang, body: Row, updating: boolean): { values: Row; problems: FieldProblem[] } => {
    const values: Row = {};
    for (const f of def.fields) {
      if (f.form === false || (f.form === 'add' && updating) || (f.form === 'edit' && !updating)) continue;
      if (!(f.key in body)) continue;
      let v = body[f.key];
      if (Array.isArray(v)) v = v.join(',');
      if (typeof v === 'string') v = v.trim();
      if (f.numeric && v !== '' && v !== null && v !== undefined) v = Number(v);
      if (f.secret && (v === '' || v === undefined || v === null)) continue; // keep the stored secret
      values[f.key] = v === '' ? null : v;
    }
    const checked = updating ? values : { ...Object.fromEntries(Object.keys(rules).map((k) => [k, undefined])), ...values };
    const violations = checkRules(checked, rules, updating);
    const messages = violationMessages(lang, violations, rules);
    const problems: FieldProblem[] = violations.map((v, i) => ({ field: v.field, message: messages[i]! }));
    const seen = new Set(problems.map((p) => p.field));
    for (const f of def.fields) {
      if (seen.has(f.key)) continue;
      const v = values[f.key];
      if (f.numeric && typeof v === 'number' && !Number.isFinite(v)) {
        problems.push({ field: f.key, message: msg(lang, 'notANumber', { field: label(lang, f.label) }) });
      } else if (f.kind === 'date' && typeof v === 'string' && !isCalendarDate(v)) {
        problems.push({ field: f.key, message: msg(lang, 'invalidFormat', { field: label(lang, f.label) }) });
      }
    }
    return { values, problems };
  };

  /** The version of an edit body (absent: last writer wins), as a field problem when it is not a version. */
  const editVersion = (lang: Lang, body: Row): number | undefined => {
    if (!versioned) return undefined;
    try {
      return versionOf(body, lang);
    } catch (e) {
      if (e instanceof ValidationError) throw new FieldsError([{ field: VERSION_KEY, message: e.messages[0]! }]);
      throw e;
    }
  };

  const prepare = async (req: FastifyRequest, body: Row, mode: WriteMode, opts: { uniqueChecked?: readonly string[] } = {}): Promise<PreparedWrite> => {
    const u = req.user!;
    const rawId = mode === 'insert' || body.id === null || body.id === undefined || body.id === '' ? undefined : String(body.id);
    const updating = rawId !== undefined;
    if (mode === 'update' && !updating) throw new BizError('recordNotFound');
    if (updating && !isId(rawId)) throw new BizError('recordNotFound');

    const { values, problems } = formValues(req.lang, body, updating);
    const version = updating ? editVersion(req.lang, body) : undefined;
    if (problems.length) throw new FieldsError(problems);

    let existing: Row | undefined;
    if (updating) {
      [existing] = (await db.select().from(table).where(and(eq(table.id, rawId), baseWhere(u)))) as Row[];
      if (!existing) throw new BizError('recordNotFound');
      // Stale already: no need to check anything else (the UPDATE repeats this for edits racing from here on).
      if (version !== undefined && Number(existing.version) !== version) throw new ConflictError();
    }
    const tenantId = def.tenantScoped ? ((existing?.tenantId as string | undefined) ?? tenantForInsert(u, body.tenantId)) : undefined;
    if (tree) {
      const parent = values[tree.parentKey];
      if (parent === null || parent === undefined) {
        if (!updating) values[tree.parentKey] = '0';
      } else if (String(parent) !== '0') {
        if (!isId(String(parent)) || (updating && String(parent) === rawId)) {
          throw new BizError('invalidFormat', { field: label(req.lang, def.fields.find((f) => f.key === tree.parentKey)!.label) });
        }
        const [p] = await db.select({ id: table.id }).from(table).where(and(eq(table.id, String(parent)), baseWhere(u)));
        if (!p) throw new BizError('recordNotFound');
      }
    }
    const dups: FieldProblem[] = [];
    for (const f of def.fields.filter((x) => x.unique && values[x.key] !== undefined && values[x.key] !== null && !opts.uniqueChecked?.includes(x.key))) {
      const [dup] = await db
        .select({ id: table.id })
        .from(table)
        .where(
          and(
            live,
            eq(table[f.key]!, values[f.key]),
            def.tenantScoped ? eq(table.tenantId!, tenantId!) : undefined,
            updating ? ne(table.id, rawId) : undefined,
          ),
        );
      if (dup) dups.push({ field: f.key, message: msg(req.lang, 'duplicate', { field: label(req.lang, f.label) }) });
    }
    if (dups.length) throw new FieldsError(dups);
    await hooks.beforeWrite?.(existing, values, req);
    return { id: rawId, existing, values, tenantId, version };
  };

  /** A unique index said no: the same translated problem as the check before the write. */
  const rethrowUnique = (lang: Lang) => (e: unknown): never => {
    const v = uniqueViolation(e, lang);
    if (v) throw new FieldsError([{ field: v.field, message: v.message }]);
    throw e;
  };

  /** A new row: the written values plus its id, tenant (tenant-owned resources) and the audit columns. */
  const newRow = (w: PreparedWrite, id: string, u: AuthUser, now: Date): Row & { id: string } => ({
    ...w.values,
    id,
    ...(def.tenantScoped ? { tenantId: w.tenantId } : {}),
    createUser: u.userId,
    createDept: u.deptIds[0] ?? null,
    createTime: now,
    updateUser: u.userId,
    updateTime: now,
    status: 1,
    isDeleted: 0,
  });

  /** Runs `fn` in `exec` when given (the caller's transaction), else in a transaction of its own when the module writes more rows. */
  const within = <T>(exec: Db | undefined, fn: (x: Db) => Promise<T>): Promise<T> =>
    exec ? fn(exec) : hooks.writeWithin ? db.transaction((tx) => fn(tx as unknown as Db)) : fn(db);

  const update = async (x: Db, req: FastifyRequest, w: PreparedWrite & { id: string }): Promise<boolean> => {
    const u = req.user!;
    const stale: SQL | undefined = versioned && w.version !== undefined ? eq(table.version!, w.version) : undefined;
    const res = await x
      .update(table)
      .set({ ...w.values, updateUser: u.userId, updateTime: new Date(), ...(versioned ? { version: sql`${table.version} + 1` } : {}) } as never)
      .where(and(eq(table.id, w.id), baseWhere(u), hooks.updateGuard?.(w.values), stale))
      .returning({ id: table.id })
      .catch(rethrowUnique(req.lang));
    if (res.length === 1) return true;
    if (stale) {
      // Nothing updated: a conflict when the row is still there at another version (not when it was removed).
      const [now] = await x.select({ id: table.id }).from(table).where(and(eq(table.id, w.id), baseWhere(u), ne(table.version!, w.version!)));
      if (now) throw new ConflictError();
    }
    return false;
  };

  const persist = async (req: FastifyRequest, w: PreparedWrite, exec?: Db): Promise<{ id: string; extra?: Row } | undefined> => {
    const inserted = w.id === undefined;
    const id = w.id ?? nextId();
    const done = await within(exec, async (x) => {
      if (!inserted) {
        if (!(await update(x, req, { ...w, id }))) return undefined;
      } else {
        await x
          .insert(table)
          .values(newRow(w, id, req.user!, new Date()) as never)
          .catch(rethrowUnique(req.lang));
      }
      return { extra: (await hooks.writeWithin?.(x, id, w.values, req, inserted)) ?? undefined };
    });
    if (!done) return undefined;
    const after = await hooks.afterWrite?.(id, w.values, req, inserted);
    const extra = done.extra || after ? { ...(done.extra ?? {}), ...(after ?? {}) } : undefined;
    return inserted ? { id, extra } : { id };
  };

  const insertMany = async (req: FastifyRequest, writes: readonly PreparedWrite[], exec?: Db): Promise<string[]> => {
    const now = new Date();
    const rows = writes.map((w) => newRow(w, nextId(), req.user!, now));
    await within(exec, async (x) => {
      for (let i = 0; i < rows.length; i += 500) {
        await x
          .insert(table)
          .values(rows.slice(i, i + 500) as never)
          .catch(rethrowUnique(req.lang));
      }
      if (hooks.writeWithin) for (const [i, r] of rows.entries()) await hooks.writeWithin(x, r.id, writes[i]!.values, req, true);
    });
    if (hooks.afterWrite) for (const [i, r] of rows.entries()) await hooks.afterWrite(r.id, writes[i]!.values, req, true);
    return rows.map((r) => r.id);
  };

  /** `submit` (either), `save` (insert) and `update` (by id). */
  const write = async (req: FastifyRequest, mode: WriteMode) => {
    const body = (req.body ?? {}) as Row;
    if (mode === 'either') {
      const updating = body.id !== null && body.id !== undefined && body.id !== '';
      if (!(await s.access.has(req.user!, [code(updating ? 'edit' : 'add')]))) throw new ForbiddenError();
    }
    const w = await prepare(req, body, mode);
    const done = await persist(req, w);
    if (w.id !== undefined) return status(req, done !== undefined);
    return ok(req, { ...(done?.extra ?? {}), id: done!.id });
  };

  return { prepare, persist, insertMany, write };
}
