/**
 * Which store a tenant's files go to (its enabled storage configuration, else the built-in local store), storing
 * received files with server-chosen names (recorded as attachments), and reading them back for download.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { BizError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import { attach, oss } from '../../db/schema-resource.js';
import type { OutboundGuard } from '../../core/net-guard.js';
import type { SecretBox } from '../../core/secret-box.js';
import type { ReceivedFile, UploadUse } from '../../core/upload.js';
import { LocalStorage, S3Storage, type StorageBackend, type StoredObject } from './storage.js';

export type OssRow = typeof oss.$inferSelect;
export type AttachRow = typeof attach.$inferSelect;

/** `status` of the enabled configuration (Blade: 1 = off, 2 = on). */
export const ENABLED = 2;
/** dict `oss`: 1 local; 2 MinIO, 3 S3, 4 Aliyun OSS, 5 Tencent COS (all through the S3 protocol). */
export const LOCAL_CATEGORY = 1;
export const LINK_PREFIX = '/api/blade-resource/oss/endpoint/file';

export interface BladeFile {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

const today = () => {
  const d = new Date();
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
};

export class OssService {
  readonly local: LocalStorage;
  private readonly clients = new Map<string, { stamp: string; backend: StorageBackend }>();

  constructor(
    private readonly ctx: ModuleContext,
    private readonly box: SecretBox,
    private readonly guard: OutboundGuard,
  ) {
    this.local = new LocalStorage(path.join(ctx.config.dataDir, 'oss'));
  }

  async enabledConfig(tenantId: string): Promise<OssRow | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(oss)
      .where(and(eq(oss.tenantId, tenantId), eq(oss.status, ENABLED), eq(oss.isDeleted, 0)));
    return row;
  }

  /** The back end of a configuration (cached per configuration version); none or local = the built-in store. */
  backendFor(row: OssRow | undefined): StorageBackend {
    if (!row || row.category === LOCAL_CATEGORY) return this.local;
    const stamp = `${row.updateTime?.getTime() ?? 0}`;
    const cached = this.clients.get(row.id);
    if (cached && cached.stamp === stamp) return cached.backend;
    const endpoint = this.guard.checkUrl(row.endpoint ?? '', 'endpoint').toString();
    const secretKey = this.box.open(row.secretKey);
    if (!row.bucketName || !row.accessKey || !secretKey) throw new BizError('storageFailed');
    const backend = new S3Storage({
      endpoint,
      region: row.region ?? '',
      bucket: row.bucketName,
      accessKey: row.accessKey,
      secretKey,
      guard: this.guard,
    });
    this.clients.set(row.id, { stamp, backend });
    return backend;
  }

  async backendOfAttach(a: Pick<AttachRow, 'ossId'>): Promise<StorageBackend> {
    if (!a.ossId) return this.local;
    const [row] = await this.ctx.db.select().from(oss).where(eq(oss.id, a.ossId));
    return this.backendFor(row);
  }

  /** Stores the files in the tenant's store and records them; all-or-nothing as far as the store allows. */
  async store(u: Actor, files: ReceivedFile[], use: UploadUse): Promise<BladeFile[]> {
    const config = await this.enabledConfig(u.tenantId);
    const backend = this.backendFor(config);
    const stored: { key: string; f: ReceivedFile; id: string }[] = [];
    try {
      for (const f of files) {
        const key = `${u.tenantId}/${today()}/${randomUUID().replaceAll('-', '')}.${f.ext}`;
        await backend.put(key, f.data, f.mime);
        stored.push({ key, f, id: nextId() });
      }
    } catch (e) {
      await Promise.all(stored.map((s) => backend.remove(s.key).catch(() => undefined)));
      if (e instanceof BizError) throw e;
      throw Object.assign(new BizError('storageFailed'), { cause: e });
    }
    const now = new Date();
    const rows = stored.map((s) => ({
      id: s.id,
      tenantId: u.tenantId,
      link: `${LINK_PREFIX}/${s.id}/${this.box.signLink(s.id)}`,
      domainUrl: LINK_PREFIX,
      name: s.key,
      originalName: s.f.originalName,
      extension: s.f.ext,
      attachSize: s.f.data.length,
      mime: s.f.mime,
      ossId: config && config.category !== LOCAL_CATEGORY ? config.id : null,
      usage: use,
      createUser: u.userId,
      createDept: u.deptIds[0] ?? null,
      createTime: now,
      updateUser: u.userId,
      updateTime: now,
    }));
    await this.ctx.db.insert(attach).values(rows);
    return rows.map((r) => ({ link: r.link, domain: r.domainUrl, name: r.name, originalName: r.originalName, attachId: r.id }));
  }

  async open(a: AttachRow): Promise<StoredObject> {
    const backend = await this.backendOfAttach(a);
    return backend.get(a.name ?? '');
  }

  /** Best effort: a row is already gone for users when this runs. */
  async removeObject(a: AttachRow): Promise<void> {
    try {
      const backend = await this.backendOfAttach(a);
      await backend.remove(a.name ?? '');
    } catch {
      // the object stays; nothing links to it any more
    }
  }

  /** A round trip through a configuration's store (the `debug` button). */
  async probe(row: OssRow): Promise<void> {
    const backend = this.backendFor(row);
    const key = `${row.tenantId}/${today()}/${randomUUID().replaceAll('-', '')}.txt`;
    await backend.put(key, Buffer.from('helio storage check'), 'text/plain');
    const got = await backend.get(key);
    for await (const _chunk of got.body) {
      // drain
    }
    await backend.remove(key);
  }

  close(): void {
    this.clients.clear();
    this.guard.destroy();
  }
}
