/**
 * Firmware files: received under the `ota` upload rule (one file, at most 100 MB, archives or raw images), hashed
 * (SHA-256) and stored in the database in 1 MiB chunks — every process can serve them, and a Range request reads
 * only the chunks it covers. Devices fetch them through a signed, expiring URL that needs no token
 * (`/api/skyworth-toolkit/file/ota-download/{fileId}?exp=…&sig=…`).
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, gte, lte, asc } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OTA_DOWNLOAD_PATH } from '@helio/contracts/modules/ota/ota.api';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { contentDisposition } from '../../core/download.js';
import { BizError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import { SecretBox } from '../../core/secret-box.js';
import { receiveFiles, UPLOAD_RULES } from '../../core/upload.js';
import { otaFile, otaFileChunk } from './ota.tables.js';

export const CHUNK = 1024 * 1024;
/** Signed links live this long unless asked otherwise (a device downloads within it; the URL is re-issued per notify). */
export const DEFAULT_LINK_TTL_S = 24 * 3600;

export interface StoredFirmware {
  fileId: string;
  fileName: string;
  fileSize: number;
  sha256: string;
}

export class OtaFiles {
  private box: Promise<SecretBox> | undefined;

  constructor(private readonly ctx: ModuleContext) {}

  private signer(): Promise<SecretBox> {
    return (this.box ??= SecretBox.load(this.ctx.db));
  }

  async receive(actor: Actor, req: FastifyRequest): Promise<StoredFirmware> {
    const [f] = await receiveFiles(req, UPLOAD_RULES.ota);
    return this.store(actor, f!.originalName, f!.mime, f!.data);
  }

  async store(actor: Actor, name: string, mime: string, data: Buffer): Promise<StoredFirmware> {
    const id = nextId();
    const sha256 = createHash('sha256').update(data).digest('hex');
    await this.ctx.tx(async (tx) => {
      await tx.insert(otaFile).values({ id, tenantId: actor.tenantId, originalName: name, fileSize: data.length, sha256, mime, createUser: actor.userId });
      for (let seq = 0; seq * CHUNK < data.length; seq++) {
        await tx.insert(otaFileChunk).values({ fileId: id, seq, data: data.subarray(seq * CHUNK, (seq + 1) * CHUNK) });
      }
    });
    return { fileId: id, fileName: name, fileSize: data.length, sha256 };
  }

  async find(fileId: string): Promise<typeof otaFile.$inferSelect | undefined> {
    if (!/^\d{1,20}$/.test(fileId)) return undefined;
    const [row] = await this.ctx.db.select().from(otaFile).where(eq(otaFile.id, fileId));
    return row;
  }

  /** `/…/ota-download/{fileId}?exp=<unix s>&sig=…`: a path on Helio's HTTP address. */
  async signedPath(fileId: string, ttlS = DEFAULT_LINK_TTL_S, now = Date.now()): Promise<{ path: string; expires: Date }> {
    const exp = Math.floor(now / 1000) + Math.max(1, Math.floor(ttlS));
    const sig = (await this.signer()).signLink(`ota:${fileId}:${exp}`);
    return { path: `${OTA_DOWNLOAD_PATH}/${fileId}?exp=${exp}&sig=${sig}`, expires: new Date(exp * 1000) };
  }

  async verify(fileId: string, exp: string, sig: string, now = Date.now()): Promise<boolean> {
    if (!/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= now) return false;
    return (await this.signer()).verifyLink(`ota:${fileId}:${exp}`, sig);
  }

  /** Serves the file (whole or one `bytes=` range); a bad or expired signature is a 403, an unknown file a 404. */
  async serve(req: FastifyRequest<{ Params: { fileId: string }; Querystring: { exp?: string; sig?: string } }>, reply: FastifyReply) {
    const { fileId } = req.params;
    const ok = await this.verify(fileId, String(req.query.exp ?? ''), String(req.query.sig ?? ''));
    if (!ok) return reply.code(403).send({ code: 403, success: false, data: null, msg: 'invalid or expired download link' });
    const file = await this.find(fileId);
    if (!file) return reply.code(404).send({ code: 404, success: false, data: null, msg: 'not found' });
    const size = file.fileSize;
    let start = 0;
    let end = size - 1;
    const range = req.headers.range;
    if (range) {
      const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
      if (!m || (m[1] === '' && m[2] === '')) return this.unsatisfiable(reply, size);
      if (m[1] === '') {
        start = Math.max(0, size - Number(m[2]));
      } else {
        start = Number(m[1]);
        if (m[2] !== '') end = Math.min(end, Number(m[2]));
      }
      if (start >= size || start > end) return this.unsatisfiable(reply, size);
      reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
    }
    reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', contentDisposition(file.originalName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=300')
      .header('x-checksum-sha256', file.sha256)
      .header('content-length', String(end - start + 1));
    if (req.method === 'HEAD') return reply.send();
    return reply.send(Readable.from(this.chunks(fileId, start, end)));
  }

  private unsatisfiable(reply: FastifyReply, size: number) {
    return reply.code(416).header('content-range', `bytes */${size}`).send({ code: 416, success: false, data: null, msg: 'range not satisfiable' });
  }

  /** Bytes [start, end] of a file, chunk by chunk (one chunk in memory at a time). */
  private async *chunks(fileId: string, start: number, end: number): AsyncGenerator<Buffer> {
    for (let seq = Math.floor(start / CHUNK); seq <= Math.floor(end / CHUNK); seq++) {
      const [row] = await this.ctx.db
        .select({ data: otaFileChunk.data })
        .from(otaFileChunk)
        .where(and(eq(otaFileChunk.fileId, fileId), gte(otaFileChunk.seq, seq), lte(otaFileChunk.seq, seq)))
        .orderBy(asc(otaFileChunk.seq));
      if (!row) throw new BizError('recordNotFound');
      const base = seq * CHUNK;
      yield row.data.subarray(Math.max(0, start - base), Math.min(row.data.length, end - base + 1));
    }
  }
}
