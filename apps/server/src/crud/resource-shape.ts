/** What a resource definition says about reads: the list's allow-lists and the VO of a row. */
import { sql, type SQL } from 'drizzle-orm';
import { SECRET_MASK, type ResourceDef } from '@helio/contracts/crud/resource';
import { formatDateTime } from '../core/dates.js';
import { num, text, time, type ListSpec } from '../core/list-query.js';
import type { AuditedTable, Row } from './types.js';

/** Columns every VO carries next to the definition's fields (when the row has them). */
const AUDIT_KEYS = ['tenantId', 'status', 'createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'version'] as const;

export function listSpecOf(def: ResourceDef, table: AuditedTable): ListSpec {
  const filters: ListSpec['filters'] = {};
  const sorts: ListSpec['sorts'] = { createTime: table.createTime };
  if (table.updateTime) sorts.updateTime = table.updateTime;
  for (const f of def.fields) {
    const col = table[f.key];
    if (!col) throw new Error(`resource ${def.name}: field ${f.key} has no column`);
    if (f.search) filters[f.key] = f.numeric ? num(col) : f.search === 'equal' ? { ...text(col), defaultOp: 'equal' } : text(col);
    if (f.sortable) sorts[f.key] = col;
  }
  if (table.status) filters.status = num(table.status);
  if (def.tree) filters[def.tree.parentKey] = { ...text(table[def.tree.parentKey]!), defaultOp: 'equal' };
  filters.createTime = time(table.createTime);
  const d = def.defaultSort;
  const defaultSort: SQL[] =
    d && table[d.field] ? [sql`${table[d.field]} ${sql.raw(d.order === 'desc' ? 'desc' : 'asc')}`, sql`${table.id} desc`] : [sql`${table.id} desc`];
  return { filters, sorts, defaultSort };
}

export function toVO(def: ResourceDef, r: Row): Row {
  const out: Row = { id: r.id };
  for (const f of def.fields) {
    if (f.secret) continue;
    const v = r[f.key];
    out[f.key] = v instanceof Date ? formatDateTime(v) : (v ?? '');
  }
  for (const k of AUDIT_KEYS) {
    if (!(k in r)) continue;
    const v = r[k];
    out[k] = v instanceof Date ? formatDateTime(v) : (v ?? '');
  }
  return out;
}

/**
 * A detail's VO with its secrets masked: `SECRET_MASK` where one is stored (a Blade client's edit form requires the
 * field, and sends the mask back to keep it), '' where none is. Lists never carry secrets.
 */
export function withMaskedSecrets(def: ResourceDef, row: Row, vo: Row): Row {
  const out = { ...vo };
  for (const f of def.fields) {
    if (!f.secret) continue;
    const v = row[f.key];
    out[f.key] = v === null || v === undefined || v === '' ? '' : SECRET_MASK;
  }
  return out;
}
