/**
 * A company's documents (`helio_agent_document`): attachments uploaded with the storage module's
 * `put-file?use=attachment` (checked there on their content, at most 10 MB each). A company takes at most three live
 * attachments of its own tenant, images or PDF; they are checked and linked inside the company's transaction with the
 * attachment rows locked (FOR SHARE) until it commits, as alarm record photos are. Reading answers each with the signed
 * file link the upload answered.
 */
import { sql } from 'drizzle-orm';
import { AGENT_DOCUMENT_BYTES, AGENT_DOCUMENT_TYPES, AGENT_DOCUMENTS_MAX } from '@helio/contracts/modules/agent/agent.api';
import type { Lang } from '../../core/i18n.js';
import { isId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { agentError } from './agent.messages.js';
import { rowsOf, idArray } from '../../db/rows.js';

export interface AgentDocument {
  attachId: string;
  originalName: string | null;
  extension: string | null;
  size: number | null;
  link: string;
}

const rows = rowsOf;

/** The attachment ids given (a repeat dropped), checked: live attachments of the tenant, images or PDF, ≤ 10 MB. */
export async function checkDocuments(tx: Db, tenantId: string, lang: Lang, raw: readonly unknown[]): Promise<string[]> {
  const ids = [...new Set(raw.map((v) => String(v).trim()).filter((v) => v !== ''))];
  if (ids.length === 0) return [];
  if (ids.length > AGENT_DOCUMENTS_MAX) throw agentError(lang, 'documents', 'documentsTooMany', { max: AGENT_DOCUMENTS_MAX });
  const bad = ids.find((i) => !isId(i));
  if (bad !== undefined) throw agentError(lang, 'documents', 'documentNotFound', { id: String(bad).slice(0, 20) });
  const found = await rows<{ id: string; ext: string | null; name: string | null; size: string | number | null }>(
    tx,
    sql`SELECT id::text AS id, lower(extension) AS ext, original_name AS name, attach_size AS size FROM blade_attach
         WHERE id = ANY(${idArray(ids)}) AND tenant_id = ${tenantId} AND is_deleted = 0 ORDER BY id FOR SHARE`,
  );
  const byId = new Map(found.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw agentError(lang, 'documents', 'documentNotFound', { id });
    const name = (row.name ?? id).slice(0, 64);
    if (!(AGENT_DOCUMENT_TYPES as readonly string[]).includes(row.ext ?? '')) throw agentError(lang, 'documents', 'documentType', { name });
    if (Number(row.size ?? 0) > AGENT_DOCUMENT_BYTES) throw agentError(lang, 'documents', 'documentTooLarge', { name });
  }
  return ids;
}

/** Replaces a company's documents with the checked ones (same transaction as the company). */
export async function linkDocuments(tx: Db, agentId: string, tenantId: string, ids: string[]): Promise<void> {
  await tx.execute(sql`DELETE FROM helio_agent_document WHERE agent_id = ${agentId}`);
  if (ids.length === 0) return;
  await tx.execute(sql`
    INSERT INTO helio_agent_document (agent_id, seq, attach_id, tenant_id)
    VALUES ${sql.join(ids.map((a, i) => sql`(${agentId}, ${i}, ${a}, ${tenantId})`), sql`, `)}`);
}

/** The attachment ids of a company's documents, in order (live attachments only). */
export async function documentIds(db: Db, agentId: string): Promise<string[]> {
  return (await documentsOf(db, agentId)).map((d) => d.attachId);
}

/** A company's documents in order; a removed attachment is no longer shown. */
export async function documentsOf(db: Db, agentId: string): Promise<AgentDocument[]> {
  const found = await rows<{ attachId: string; originalName: string | null; extension: string | null; size: string | number | null; link: string | null }>(
    db,
    sql`SELECT a.id::text AS "attachId", a.original_name AS "originalName", a.extension, a.attach_size AS size, a.link
          FROM helio_agent_document d JOIN blade_attach a ON a.id = d.attach_id AND a.is_deleted = 0
         WHERE d.agent_id = ${agentId} ORDER BY d.seq`,
  );
  return found.flatMap((r) => (r.link ? [{ ...r, size: r.size === null ? null : Number(r.size), link: r.link }] : []));
}
