/**
 * Attachments of a task (`helio_flow_attachment`): files the handler uploaded with the storage module's
 * `put-file-attach` (checked there on their content) and names when completing the task. At most
 * TASK_ATTACHMENTS_MAX live attachments of the task's tenant, each at most TASK_ATTACHMENT_BYTES; checked and linked
 * inside the completion's transaction with the attachment rows locked (FOR SHARE) until it commits, as a company's
 * documents and alarm photos are. The history beside the flow chart lists them with the file link the upload answered;
 * a removed attachment is no longer shown.
 */
import { sql } from 'drizzle-orm';
import { TASK_ATTACHMENT_BYTES, TASK_ATTACHMENTS_MAX } from '@helio/contracts/modules/workflow/workflow.api';
import type { Lang } from '../../core/i18n.js';
import { isId, nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { rowsOf, idArray } from '../../db/rows.js';
import { flowError } from './workflow.messages.js';
import { flowAttachment } from './workflow.tables.js';

export interface TaskAttachment {
  attachId: string;
  name: string;
  link: string;
}


/** The attachments named (a repeat dropped), checked and locked: live attachments of the tenant, ≤ 10 MB each. */
export async function checkTaskAttachments(tx: Db, tenantId: string, lang: Lang, raw: readonly unknown[] | null | undefined): Promise<{ id: string; name: string }[]> {
  const ids = [...new Set((raw ?? []).map((v) => String(v).trim()).filter((v) => v !== ''))];
  if (ids.length === 0) return [];
  if (ids.length > TASK_ATTACHMENTS_MAX) throw flowError(lang, 'attachmentsTooMany', { max: TASK_ATTACHMENTS_MAX });
  const bad = ids.find((i) => !isId(i));
  if (bad !== undefined) throw flowError(lang, 'attachmentNotFound', { id: String(bad).slice(0, 20) });
  const found = await rowsOf<{ id: string; name: string | null; size: string | number | null }>(
    tx,
    sql`SELECT id::text AS id, original_name AS name, attach_size AS size FROM blade_attach
         WHERE id = ANY(${idArray(ids)}) AND tenant_id = ${tenantId} AND is_deleted = 0 ORDER BY id FOR SHARE`,
  );
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw flowError(lang, 'attachmentNotFound', { id });
    const name = (row.name ?? id).slice(0, 200);
    if (Number(row.size ?? 0) > TASK_ATTACHMENT_BYTES) throw flowError(lang, 'attachmentTooLarge', { name: name.slice(0, 64) });
    return { id, name };
  });
}

/** Links the checked attachments to the task (same transaction as its completion). */
export async function linkTaskAttachments(
  tx: Db,
  task: { id: string; tenantId: string; instanceId: string | null },
  userId: string,
  files: { id: string; name: string }[],
  time: Date,
): Promise<void> {
  if (files.length === 0) return;
  await tx
    .insert(flowAttachment)
    .values(files.map((f) => ({ id: nextId(), tenantId: task.tenantId, taskId: task.id, instanceId: task.instanceId, userId, name: f.name, attachId: f.id, time })));
}

/** The live attachments of the instance's tasks, by task id, in the order they were attached. */
export async function attachmentsOfInstance(db: Db, instanceId: string): Promise<Map<string, TaskAttachment[]>> {
  const found = await rowsOf<{ taskId: string; attachId: string; name: string; link: string | null }>(
    db,
    sql`SELECT f.task_id::text AS "taskId", a.id::text AS "attachId", f.name, a.link
          FROM helio_flow_attachment f JOIN blade_attach a ON a.id = f.attach_id AND a.is_deleted = 0
         WHERE f.instance_id = ${instanceId} ORDER BY f.time, f.id`,
  );
  const byTask = new Map<string, TaskAttachment[]>();
  for (const r of found) {
    if (!r.link) continue;
    const list = byTask.get(r.taskId) ?? [];
    list.push({ attachId: r.attachId, name: r.name, link: r.link });
    byTask.set(r.taskId, list);
  }
  return byTask;
}
