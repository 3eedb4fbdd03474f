/**
 * Attachments: uploads (the kind of upload and the uploader's rate checked before anything is received; the files
 * stored and recorded by oss.service.ts), the scope of their lists (the read-only engine's options), removal (the
 * record softly, then the stored object) and reading one back for a download — by id in the caller's scope, or by a
 * signed link. No HTTP here: the routes receive the files and stream what this answers.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { attachResource } from '@helio/contracts/modules/attach/attach.resource';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import type { ReadOnlyOptions, ReadTable } from '../../core/read-routes.js';
import type { SecretBox } from '../../core/secret-box.js';
import { tenantCondition } from '../../core/tenant.js';
import { UPLOAD_USES, type ReceivedFile, type UploadUse } from '../../core/upload.js';
import { attach } from '../../db/schema-resource.js';
import type { AttachRow, BladeFile, OssService } from './oss.service.js';
import type { StoredObject } from './storage.js';

const UPLOADS_PER_MINUTE = 60;

/** A stored file as a download answers it. */
export interface FileDownload extends StoredObject {
  name: string;
  mime: string;
}

export class AttachService {
  /** The read-only engine's options of attachment lists and details: live rows of the caller's tenant. */
  readonly reads: ReadOnlyOptions;

  constructor(
    private readonly ctx: ModuleContext,
    private readonly files: OssService,
    private readonly box: SecretBox,
  ) {
    this.reads = { def: attachResource, table: attach as unknown as ReadTable, scope: (actor, q) => this.scope(actor, q) };
  }

  /** Live attachments of the actor's tenant (platform users: all, or the tenant a list asks for). */
  private scope(actor: Actor, q?: Record<string, unknown>): (SQL | undefined)[] {
    return [eq(attach.isDeleted, 0), tenantCondition(attach.tenantId, actor, q)];
  }

  /** Before an upload is received: the kind of upload it is (default `attachment`) and the uploader's rate. */
  async admitUpload(actor: Actor, use: string | undefined): Promise<UploadUse> {
    const kind = (use || 'attachment') as UploadUse;
    if (!UPLOAD_USES.includes(kind)) throw new BizError('uploadUseInvalid', { use: String(kind).slice(0, 32) });
    const n = await this.ctx.kv.incr(`upload:${actor.userId}`, 60_000);
    if (n > UPLOADS_PER_MINUTE) throw new BizError('uploadRateLimited');
    return kind;
  }

  /** Stores received files in the tenant's store and records them as attachments. */
  store(actor: Actor, received: ReceivedFile[], use: UploadUse): Promise<BladeFile[]> {
    return this.files.store(actor, received, use);
  }

  /** Removes attachments of the actor's scope: the records softly, then (after the commit) their stored objects. */
  async remove(actor: Actor, ids: string[]): Promise<boolean> {
    if (ids.length === 0) throw new BizError('idsRequired');
    return this.ctx.tx(async (tx, { afterCommit }) => {
      const rows = await tx
        .update(attach)
        .set({ isDeleted: 1, updateUser: actor.userId, updateTime: new Date() })
        .where(and(inArray(attach.id, ids), ...this.scope(actor)))
        .returning();
      afterCommit(async () => {
        for (const r of rows) await this.files.removeObject(r);
      });
      return rows.length > 0;
    });
  }

  /** An attachment of the actor's scope, opened for download. */
  async download(actor: Actor, id: string): Promise<FileDownload> {
    const [row] = isId(id) ? await this.ctx.db.select().from(attach).where(and(eq(attach.id, id), ...this.scope(actor))) : [];
    if (!row) throw new BizError('recordNotFound');
    return this.open(row);
  }

  /** A file link (`link` of an upload): only with the server's signature over the id, only while the attachment lives. */
  async byLink(id: string, sig: string): Promise<FileDownload> {
    if (!isId(id) || !this.box.verifyLink(id, sig)) throw new BizError('recordNotFound', {}, 404, 404);
    const [row] = await this.ctx.db.select().from(attach).where(and(eq(attach.id, id), eq(attach.isDeleted, 0)));
    if (!row) throw new BizError('recordNotFound', {}, 404, 404);
    return this.open(row);
  }

  private async open(row: AttachRow): Promise<FileDownload> {
    let obj: StoredObject;
    try {
      obj = await this.files.open(row);
    } catch {
      throw new BizError('recordNotFound');
    }
    return { body: obj.body, size: obj.size, name: row.originalName ?? `file.${row.extension}`, mime: row.mime ?? '' };
  }
}
