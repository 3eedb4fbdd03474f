/**
 * Storage configurations (`oss`): the rules of their writes (a remote store needs its endpoint, bucket and keys; the
 * endpoint passes the outbound guard; the secret is sealed before it is stored), making one its tenant's only
 * enabled configuration, and the `debug` check (a round trip through the configured store).
 */
import { and, eq, ne } from 'drizzle-orm';
import { ossResource } from '@helio/contracts/modules/oss/oss.resource';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import type { OutboundGuard } from '../../core/net-guard.js';
import type { SecretBox } from '../../core/secret-box.js';
import type { CrudRepositoryHooks, Row } from '../../crud/register-crud.js';
import type { Db } from '../../db/client.js';
import { oss } from '../../db/schema-resource.js';
import { ENABLED, LOCAL_CATEGORY, type OssRow, type OssService } from './oss.service.js';

export class OssConfigService {
  /** The CRUD engine's write hooks of `oss` (run inside the write's transaction). */
  readonly hooks: CrudRepositoryHooks;

  constructor(
    private readonly ctx: ModuleContext,
    private readonly files: OssService,
    box: SecretBox,
    guard: OutboundGuard,
  ) {
    this.hooks = {
      beforeWrite: (call, row, values) => {
        if (call.op === 'remove') return;
        const merged = { ...(row ?? {}), ...values } as Row;
        const category = Number(merged.category ?? LOCAL_CATEGORY);
        if (category !== LOCAL_CATEGORY) {
          const lang = call.lang === 'en-US' ? 'en' : 'zh';
          const need = (key: string) => {
            if (!merged[key]) throw new BizError('required', { field: ossResource.fields.find((f) => f.key === key)!.label[lang] });
          };
          need('endpoint');
          need('bucketName');
          need('accessKey');
          need('secretKey');
          guard.checkUrl(String(merged.endpoint), 'endpoint');
          if (!/^[a-z0-9][a-z0-9.-]{1,62}$/.test(String(merged.bucketName))) throw new BizError('invalidFormat', { field: 'bucketName' });
        }
        if (typeof values.secretKey === 'string' && values.secretKey !== '' && !box.isSealed(values.secretKey)) {
          values.secretKey = box.seal(values.secretKey);
        }
      },
    };
  }

  /** A live configuration of the actor's tenant (platform users: any); `recordNotFound` otherwise. */
  private async configOf(db: Db, actor: Actor, id: string): Promise<OssRow> {
    const [row] = isId(id) ? await db.select().from(oss).where(this.ctx.scope(actor).where(oss, eq(oss.id, id), eq(oss.isDeleted, 0))) : [];
    if (!row) throw new BizError('recordNotFound');
    return row;
  }

  /** Makes the configuration its tenant's only enabled one (status 2; the others become 1); answers it. */
  async enable(actor: Actor, id: string): Promise<OssRow> {
    return this.ctx.tx(async (tx) => {
      const row = await this.configOf(tx, actor, id);
      await tx
        .update(oss)
        .set({ status: 1, updateUser: actor.userId, updateTime: new Date() })
        .where(and(eq(oss.tenantId, row.tenantId), eq(oss.status, ENABLED), ne(oss.id, row.id)));
      await tx.update(oss).set({ status: ENABLED, updateUser: actor.userId, updateTime: new Date() }).where(eq(oss.id, row.id));
      return row;
    });
  }

  /** Writes, reads back and deletes a small object through the configuration; a store's refusal is a 400 with its code. */
  async check(actor: Actor, id: string): Promise<void> {
    const row = await this.configOf(this.ctx.db, actor, id);
    try {
      await this.files.probe(row);
    } catch (e) {
      if (e instanceof BizError) throw e;
      const err = e as { name?: string; code?: string; Code?: string };
      throw new BizError('storageCheckFailed', { reason: String(err.Code ?? err.code ?? err.name ?? 'error').slice(0, 80) });
    }
  }
}
