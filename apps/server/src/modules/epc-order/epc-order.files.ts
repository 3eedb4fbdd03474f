/**
 * The files an order's stage data names (issue 19): the file fields' attachment ids and the drawn signatures' ids sit
 * in the forms as plain strings, which a reviewer must see as the pictures and documents they are. Every id-shaped
 * string in the data is looked up among the tenant's live attachments (`blade_attach`, read as the alarm photos read
 * it); what is found answers with its name and the signed file link the upload answered (an `<img>` shows it without
 * the attachment-management permission). A string that only looks like an id finds nothing and stays text.
 */
import { sql } from 'drizzle-orm';
import { isId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { idArray, rowsOf } from '../../db/rows.js';

export interface OrderFile {
  name: string;
  link: string;
  image: boolean;
}

/** At most this many ids are looked up per order (forms hold at most a few dozen files). */
const MAX_IDS = 500;
const IMAGE_EXT = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp']);

function collect(value: unknown, into: Set<string>): void {
  if (into.size >= MAX_IDS) return;
  if (typeof value === 'string') {
    if (/^\d{15,19}$/.test(value) && isId(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) collect(v, into);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) collect(v, into);
  }
}

export async function orderFiles(db: Db, tenantId: string, data: unknown): Promise<Record<string, OrderFile>> {
  const ids = new Set<string>();
  collect(data, ids);
  if (ids.size === 0) return {};
  const rows = await rowsOf<{ id: string; name: string | null; ext: string | null; link: string | null }>(db, sql`
    SELECT id::text AS id, original_name AS name, extension AS ext, link FROM blade_attach
     WHERE id = ANY(${idArray([...ids])}) AND tenant_id = ${tenantId} AND is_deleted = 0`);
  const files: Record<string, OrderFile> = {};
  for (const r of rows) {
    if (!r.link) continue;
    const ext = (r.ext ?? '').toLowerCase();
    files[r.id] = { name: r.name ?? `${r.id}.${ext}`, link: r.link, image: IMAGE_EXT.has(ext) };
  }
  return files;
}
