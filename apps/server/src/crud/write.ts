/**
 * The engine's write path: form values (mass-assignment protection, shared rules in the caller's language), unique
 * fields, the version an edit was made from, the module's hooks, and the statements — all on the transaction of
 * the call (`TxCall.db`), so a failing check or hook leaves nothing written.
 *
 * What holds under concurrency is in the statements, not in the checks before them: an edit carrying a version
 * updates `WHERE id = … AND version = …` and raises the version in the same statement (a stale one touches nothing
 * and answers 409); `updateGuard` conditions are repeated in the UPDATE; unique fields have unique indexes (a
 * violation answers the same translated 400 as the check, db/unique-constraints.ts).
 *
 * Blade clients: an insert that leaves out a field with an `omitted` default (definition) gets that default before
 * the rules are checked; a module can first turn a client's wire format into Helio's (`acceptBody`); a secret sent
 * back as `SECRET_MASK` (what a detail shows) keeps the stored one.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { formRules, isVersioned, SECRET_MASK, VERSION_KEY, type FieldDef, type ResourceDef } from '@helio/contracts/crud/resource';
import { checkRules } from '@helio/contracts/validation';
import type { Actor } from '../kernel/types.js';
import { BizError, ValidationError } from '../core/errors.js';
import { label, msg, type Lang } from '../core/i18n.js';
import { isId, nextId } from '../core/ids.js';
import { ConflictError, versionOf } from '../core/optimistic.js';
import { tenantForInsert } from '../core/tenant.js';
import { violationMessages, withColumnLimits } from '../core/validate.js';
import { uniqueViolation } from '../db/unique-constraints.js';
import {
  FieldsError,
  isCalendarDate,
  type AuditedTable,
  type CrudRepositoryHooks,
  type OmittedSource,
  type FieldProblem,
  type PreparedWrite,
  type PrepareOptions,
  type Row,
  type TxCall,
  type WriteCall,
  type WriteMode,
} from './types.js';

/** Sources the engine knows. */
const ENGINE_SOURCES: Record<string, OmittedSource> = {
  requestLanguage: (call) => call.lang,
};

export interface WriteContext {
  def: ResourceDef;
  table: AuditedTable;
  hooks: CrudRepositoryHooks;
  baseWhere: (u: Actor, q?: Record<string, unknown>) => SQL | undefined;
}

/** A saved row: its id, whether it was inserted, and what the module's hooks added to an insert's answer. */
export interface Saved {
  id: string;
  inserted: boolean;
  extra?: Row;
}

export function crudWriter({ def, table, hooks, baseWhere }: WriteContext) {
  // The definition's rules, tightened by the table: int4/int2 ranges, varchar lengths (a 400 naming the field).
  const rules = withColumnLimits(formRules(def), table);
  const live = eq(table.isDeleted, 0);
  const tree = def.tree;
  const versioned = isVersioned(def);
  if (versioned && !table.version) throw new Error(`resource ${def.name}: versioned, but its table has no version column`);
  const as = (call: TxCall, op: WriteCall['op']): WriteCall => ({ ...call, op });
  const defaulted = def.fields.filter((f): f is FieldDef & { omitted: NonNullable<FieldDef['omitted']> } => !!f.omitted && f.form !== false && f.form !== 'edit');
  for (const f of defaulted) {
    const from = 'from' in f.omitted ? f.omitted.from : undefined;
    if (from !== undefined && !ENGINE_SOURCES[from] && !hooks.omittedFrom?.[from]) throw new Error(`resource ${def.name}: ${f.key} defaults from an unknown source ${from}`);
  }

  /** An insert's body with the defaults of the fields it leaves out (absent or undefined; not empty ones). */
  const withOmitted = async (call: WriteCall, body: Row): Promise<Row> => {
    const out = { ...body };
    for (const f of defaulted) {
      if (body[f.key] !== undefined) continue;
      const o = f.omitted;
      let v: unknown;
      const parent = tree ? body[tree.parentKey] : undefined;
      if (o.inherit && tree && parent !== undefined && parent !== null && String(parent) !== '0' && isId(String(parent))) {
        const [p] = (await call.db.select({ v: table[f.key]! }).from(table).where(and(eq(table.id, String(parent)), baseWhere(call.actor)))) as { v: unknown }[];
        v = p?.v ?? undefined;
      }
      if (v === undefined || v === null) v = 'value' in o ? o.value : await (ENGINE_SOURCES[o.from] ?? hooks.omittedFrom![o.from]!)(call, body);
      if (v !== undefined && v !== null) out[f.key] = v;
    }
    return out;
  };

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
      if (f.secret && (v === '' || v === undefined || v === null || v === SECRET_MASK)) continue; // keep the stored secret
      // An optional field left empty (a Blade form's untouched radio sends '') whose column cannot be null: the
      // column's default on an insert, the stored value on an edit.
      const column = (table as Record<string, { notNull?: boolean; hasDefault?: boolean }>)[f.key];
      if ((v === '' || v === null) && column?.notNull && column.hasDefault && !rules[f.key]?.required) continue;
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

  /**
   * Checks a write as `submit` does (form fields only, rules in the caller's language, unique fields, the version,
   * the module's `beforeWrite`), without writing. `mode`: 'insert' ignores an id, 'update' needs one, 'either'
   * decides by it. Throws `FieldsError` (rules, unique fields), `ConflictError` (stale version) or `BizError`.
   */
  const prepare = async (call: TxCall, sent: Row, mode: WriteMode, opts: PrepareOptions = {}): Promise<PreparedWrite> => {
    const { actor: u, lang, db } = call;
    const rawId = mode === 'insert' || sent.id === null || sent.id === undefined || sent.id === '' ? undefined : String(sent.id);
    const updating = rawId !== undefined;
    if (mode === 'update' && !updating) throw new BizError('recordNotFound');
    if (updating && !isId(rawId)) throw new BizError('recordNotFound');
    const wc = as(call, updating ? 'update' : 'insert');
    let body = hooks.acceptBody ? await hooks.acceptBody(wc, { ...sent }, updating) : sent;
    if (!updating && defaulted.length) body = await withOmitted(wc, body);

    const { values, problems } = formValues(lang, body, updating);
    const version = updating ? editVersion(lang, body) : undefined;
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
          throw new BizError('invalidFormat', { field: label(lang, def.fields.find((f) => f.key === tree.parentKey)!.label) });
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
      if (dup) dups.push({ field: f.key, message: msg(lang, 'duplicate', { field: label(lang, f.label) }) });
    }
    if (dups.length) throw new FieldsError(dups);
    await hooks.beforeWrite?.(wc, existing, values);
    return { id: rawId, existing, values, tenantId, version };
  };

  /** A unique index said no: the same translated problem as the check before the write. */
  const rethrowUnique = (lang: Lang) => (e: unknown): never => {
    const v = uniqueViolation(e, lang);
    if (v) throw new FieldsError([{ field: v.field, message: v.message }]);
    throw e;
  };

  /** A new row: the written values plus its id, tenant (tenant-owned resources) and the audit columns. */
  const newRow = (w: PreparedWrite, id: string, u: Actor, now: Date): Row & { id: string } => ({
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

  const update = async (call: TxCall, w: PreparedWrite & { id: string }): Promise<boolean> => {
    const { actor: u, db } = call;
    const stale: SQL | undefined = versioned && w.version !== undefined ? eq(table.version!, w.version) : undefined;
    const res = await db
      .update(table)
      .set({ ...w.values, updateUser: u.userId, updateTime: new Date(), ...(versioned ? { version: sql`${table.version} + 1` } : {}) } as never)
      .where(and(eq(table.id, w.id), baseWhere(u), hooks.updateGuard?.(w.values), stale))
      .returning({ id: table.id })
      .catch(rethrowUnique(call.lang));
    if (res.length === 1) return true;
    if (stale) {
      // Nothing updated: a conflict when the row is still there at another version (not when it was removed).
      const [now] = await db.select({ id: table.id }).from(table).where(and(eq(table.id, w.id), baseWhere(u), ne(table.version!, w.version!)));
      if (now) throw new ConflictError();
    }
    return false;
  };

  /** The module's further writes of one row and what they add to an insert's answer. */
  const within = async (call: WriteCall, id: string, values: Row, inserted: boolean): Promise<Row | undefined> => {
    const a = (await hooks.writeWithin?.(call, id, values, inserted)) ?? undefined;
    const b = (await hooks.afterWrite?.(call, id, values, inserted)) ?? undefined;
    return a || b ? { ...(a ?? {}), ...(b ?? {}) } : undefined;
  };

  /**
   * Writes a prepared row in the call's transaction (audit columns, version, `writeWithin`, `afterWrite`). Returns
   * undefined when nothing was updated; throws `ConflictError` when the row changed since the version it was read at.
   */
  const persist = async (call: TxCall, w: PreparedWrite): Promise<Saved | undefined> => {
    const inserted = w.id === undefined;
    const id = w.id ?? nextId();
    if (!inserted) {
      if (!(await update(call, { ...w, id }))) return undefined;
      await within(as(call, 'update'), id, w.values, false);
      return { id, inserted };
    }
    await call.db
      .insert(table)
      .values(newRow(w, id, call.actor, new Date()) as never)
      .catch(rethrowUnique(call.lang));
    const extra = await within(as(call, 'insert'), id, w.values, true);
    return extra ? { id, inserted, extra } : { id, inserted };
  };

  /** Inserts prepared rows in chunks in the call's transaction (audit columns, the hooks per row); returns their ids. */
  const insertMany = async (call: TxCall, writes: readonly PreparedWrite[]): Promise<string[]> => {
    const now = new Date();
    const rows = writes.map((w) => newRow(w, nextId(), call.actor, now));
    for (let i = 0; i < rows.length; i += 500) {
      await call.db
        .insert(table)
        .values(rows.slice(i, i + 500) as never)
        .catch(rethrowUnique(call.lang));
    }
    const c = as(call, 'insert');
    if (hooks.writeWithin) for (const [i, r] of rows.entries()) await hooks.writeWithin(c, r.id, writes[i]!.values, true);
    if (hooks.afterWrite) for (const [i, r] of rows.entries()) await hooks.afterWrite(c, r.id, writes[i]!.values, true);
    return rows.map((r) => r.id);
  };

  return { prepare, persist, insertMany, as };
}
