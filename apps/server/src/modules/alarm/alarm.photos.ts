/**
 * Photos of follow-up records (`helio_alarm_record_photo`): attachments uploaded with the storage module's put-file
 * route (checked there by size and content). A record takes live image attachments of the acting user's tenant only,
 * at most `ALARM_RECORD_PHOTOS_MAX`; they are checked and linked inside the record's transaction, and the attachment
 * rows stay locked (FOR SHARE) until it commits, so a concurrent removal cannot slip between the check and the link.
 * Reading answers each photo with its signed file link (the one the upload answered), which an `<img>` shows.
 */
import { sql } from 'drizzle-orm';
import { ALARM_RECORD_PHOTO_TYPES, ALARM_RECORD_PHOTOS_MAX } from '@helio/contracts/modules/alarm/alarm.api';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../kernel/types.js';
import { rowsOf } from './alarm.catalogue.js';
import { idArray } from '../../db/rows.js';

export interface RecordPhoto {
  attachId: string;
  originalName: string | null;
  link: string;
}


/**
 * The attachment ids of a record's photos, checked (in the order sent, a repeat dropped): each a live attachment of
 * the actor's own tenant and an image; else a 400 and nothing written.
 */
export async function checkPhotos(tx: Db, actor: Actor, raw: readonly string[] | undefined): Promise<string[]> {
  const ids = [...new Set(raw ?? [])];
  if (ids.length === 0) return [];
  if (ids.length > ALARM_RECORD_PHOTOS_MAX) throw new BizError('tooManyFiles', { max: ALARM_RECORD_PHOTOS_MAX });
  const bad = ids.find((i) => !isId(i));
  if (bad !== undefined) throw new BizError('alarmPhotoNotFound', { id: String(bad).slice(0, 20) });
  const found = await rowsOf<{ id: string; ext: string | null; name: string | null }>(tx, sql`
    SELECT id::text AS id, extension AS ext, original_name AS name FROM blade_attach
     WHERE id = ANY(${idArray(ids)}) AND tenant_id = ${actor.tenantId} AND is_deleted = 0 ORDER BY id FOR SHARE`);
  const byId = new Map(found.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw new BizError('alarmPhotoNotFound', { id });
    if (!(ALARM_RECORD_PHOTO_TYPES as readonly string[]).includes(row.ext ?? '')) {
      throw new BizError('alarmPhotoNotImage', { types: ALARM_RECORD_PHOTO_TYPES.join(', '), name: (row.name ?? id).slice(0, 64) });
    }
  }
  return ids;
}

/** Links the checked photos to a new record (same transaction as the record). */
export async function linkPhotos(tx: Db, recordId: string, tenantId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    INSERT INTO helio_alarm_record_photo (record_id, seq, attach_id, tenant_id)
    VALUES ${sql.join(ids.map((a, i) => sql`(${recordId}, ${i}, ${a}, ${tenantId})`), sql`, `)}`);
}

/** The photos of records, by record id, in their order; a removed attachment is no longer shown. */
export async function photosOf(db: Db, recordIds: string[]): Promise<Map<string, RecordPhoto[]>> {
  const out = new Map<string, RecordPhoto[]>();
  if (recordIds.length === 0) return out;
  const rows = await rowsOf<{ recordId: string; attachId: string; originalName: string | null; link: string | null }>(db, sql`
    SELECT p.record_id::text AS "recordId", a.id::text AS "attachId", a.original_name AS "originalName", a.link
      FROM helio_alarm_record_photo p JOIN blade_attach a ON a.id = p.attach_id AND a.is_deleted = 0
     WHERE p.record_id = ANY(${idArray(recordIds)}) ORDER BY p.record_id, p.seq`);
  for (const r of rows) {
    if (!r.link) continue;
    const list = out.get(r.recordId) ?? [];
    list.push({ attachId: r.attachId, originalName: r.originalName, link: r.link });
    out.set(r.recordId, list);
  }
  return out;
}
