/**
 * The operation log of a company (`helio_agent_operation_log`): one row per change, with who made it and, per field,
 * the old and the new value — written in the change's own transaction, so a change and its log entry stand or fall
 * together. Labels are given at reading time, in the reader's language.
 */
import { sql } from 'drizzle-orm';
import type { FieldDef } from '@helio/contracts/crud/resource';
import { agentCompanyResource } from '@helio/contracts/modules/agent/agent.resource';
import { formatDateTime } from '../../core/dates.js';
import { isId } from '../../core/ids.js';
import { labelOf, loadLabels, namedFields, type Labels } from '../../crud/dict-names.js';
import { label, type Lang } from '../../core/i18n.js';
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { Actor } from '../../kernel/types.js';
import type { Row } from '../../crud/types.js';
import { agentOperationLog } from './agent.tables.js';

export type Operation = 'create' | 'update' | 'delete' | 'staff' | 'exclude' | 'include' | 'stations' | 'documents';
export interface Change {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

/** Labels of the entries that are not company fields. */
const EXTRA_LABELS: Record<string, { zh: string; en: string }> = {
  documents: { zh: '资料', en: 'Documents' },
  stations: { zh: '关联电站', en: 'Associated stations' },
  staff: { zh: '员工', en: 'Staff' },
  excluded: { zh: '禁用人员', en: 'Excluded staff' },
  adminAccount: { zh: '管理员账号', en: 'Administrator account' },
  deptId: { zh: '所属机构', en: 'Department' },
};

export function fieldLabel(lang: Lang, field: string): string {
  const f = agentCompanyResource.fields.find((x) => x.key === field);
  const l = f?.label ?? EXTRA_LABELS[field];
  return l ? label(lang, l) : field;
}

/** A stored value as the log shows it (dates in the console's format, decimals without trailing zeros). */
export function shown(field: string, v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return formatDateTime(v);
  if (field === 'agentFee') {
    const n = String(v);
    return /^\d+(\.\d+)?$/.test(n) ? n.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : n;
  }
  return String(v);
}

/** What an edit changed: the written fields whose shown value differs from the stored one. */
export function diff(existing: Row | undefined, values: Row): Change[] {
  const out: Change[] = [];
  for (const [field, v] of Object.entries(values)) {
    if (['regionName'].includes(field)) continue;
    const oldValue = shown(field, existing?.[field]);
    const newValue = shown(field, v);
    if (oldValue !== newValue) out.push({ field, oldValue, newValue });
  }
  return out;
}

export async function writeLog(tx: Db, actor: Actor, tenantId: string, agentId: string, operation: Operation, changes: Change[]): Promise<void> {
  if (operation === 'update' && changes.length === 0) return;
  await tx.insert(agentOperationLog).values({ id: nextId(), tenantId, agentId, operation, changes, createUser: actor.userId, createTime: new Date() });
}

const CODED: ReadonlyMap<string, FieldDef> = new Map(namedFields(agentCompanyResource).map((f) => [f.key, f]));

interface StoredChange {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

/**
 * One page of a company's log, newest first, as a reader sees it: field labels and coded values (company type, ID
 * type…) in the reader's language — the entry's label, or the stored code when the dictionary no longer has it — and
 * documents by their file names (also of files removed since).
 */
export async function readLog(db: Db, company: { id: string; tenantId: string }, page: { size: number; current: number }, lang: Lang) {
  const [n] = await rowsOf<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM helio_agent_operation_log WHERE agent_id = ${company.id}`);
  const rows = await rowsOf<{ id: string; agentId: string; operation: string; changes: unknown; createUser: string | null; createUserName: string | null; createTime: Date | string }>(
    db,
    sql`SELECT l.id::text AS id, l.agent_id::text AS "agentId", l.operation, l.changes, l.create_user::text AS "createUser",
           u.real_name AS "createUserName", l.create_time AS "createTime"
      FROM helio_agent_operation_log l LEFT JOIN blade_user u ON u.id = l.create_user
     WHERE l.agent_id = ${company.id} ORDER BY l.create_time DESC, l.id DESC LIMIT ${page.size} OFFSET ${(page.current - 1) * page.size}`,
  );
  const changesOf = (r: { changes: unknown }) => (Array.isArray(r.changes) ? (r.changes as StoredChange[]) : []);
  // The dictionaries of the coded fields that occur, once each.
  const labels = new Map<string, Labels>();
  for (const ch of rows.flatMap(changesOf)) {
    const f = CODED.get(ch.field);
    if (f && !labels.has(f.key)) labels.set(f.key, await loadLabels(db, f, company.tenantId));
  }
  // File names of the documents named in the page's entries.
  const split = (v: string | null) => (v ?? '').split(',').map((x) => x.trim()).filter((x) => isId(x));
  const fileIds = [...new Set(rows.flatMap(changesOf).filter((ch) => ch.field === 'documents').flatMap((ch) => [...split(ch.oldValue), ...split(ch.newValue)]))];
  const names = new Map(
    fileIds.length
      ? (
          await rowsOf<{ id: string; name: string | null }>(
            db,
            sql`SELECT id::text AS id, original_name AS name FROM blade_attach WHERE tenant_id = ${company.tenantId}
                 AND id = ANY(ARRAY[${sql.join(fileIds.map((i) => sql`${i}`), sql`, `)}]::bigint[])`,
          )
        ).map((r) => [r.id, r.name ?? r.id])
      : [],
  );
  const present = (field: string, v: string | null): string | null => {
    if (v === null || v === undefined) return null;
    const l = labels.get(field);
    if (l) return labelOf(l, v, lang) || v;
    if (field === 'documents') return split(v).map((id) => names.get(id) ?? id).join(', ') || null;
    return v;
  };
  const total = Number(n?.n ?? 0);
  return {
    records: rows.map((r) => ({
      ...r,
      createTime: formatDateTime(r.createTime),
      changes: changesOf(r).map((ch) => ({
        field: ch.field,
        label: fieldLabel(lang, ch.field),
        oldValue: present(ch.field, ch.oldValue ?? null),
        newValue: present(ch.field, ch.newValue ?? null),
      })),
    })),
    total,
    size: page.size,
    current: page.current,
    pages: Math.ceil(total / page.size),
  };
}
