/**
 * Storage back ends: the built-in local store (files under `<data dir>/oss/`) and any S3-compatible service (AWS
 * S3, MinIO, Aliyun OSS / Tencent COS in S3 mode) through @aws-sdk/client-s3. Object names are always chosen by
 * the server (`<tenant>/<yyyyMMdd>/<uuid>.<ext>`); nothing a user sends becomes part of a path.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { lazyImport } from '../../core/lazy-import.js';
import { BizError } from '../../core/errors.js';
import type { OutboundGuard } from '../../core/net-guard.js';

export interface StoredObject {
  body: Readable;
  size?: number | undefined;
}

export interface StorageBackend {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject>;
  remove(key: string): Promise<void>;
  close(): void;
}

/** Object names the server generates; anything else is refused before it reaches a path or a bucket. */
export const OBJECT_KEY = /^\d{6,12}\/\d{8}\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

export function assertKey(key: string): void {
  if (!OBJECT_KEY.test(key)) throw new Error(`invalid object key: ${key}`);
}

export class LocalStorage implements StorageBackend {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('object key escapes the storage root');
    return full;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // wx: never overwrite (names are random; a clash is a bug, not something to paper over).
    try {
      await fsp.writeFile(file, body, { flag: 'wx', mode: 0o640 });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOSPC' && code !== 'EDQUOT') throw e;
      // The disk (or quota) is full: no half-written file stays behind, and the uploader is told plainly.
      await fsp.rm(file, { force: true }).catch(() => undefined);
      throw new BizError('storageFull', {}, 507);
    }
  }

  async get(key: string): Promise<StoredObject> {
    const file = this.file(key);
    const st = await fsp.stat(file);
    return { body: fs.createReadStream(file), size: st.size };
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.file(key), { force: true });
  }

  close(): void {}
}

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  guard: OutboundGuard;
}

export class S3Storage implements StorageBackend {
  readonly kind = 's3' as const;
  private readonly bucket: string;
  /** The SDK is imported and the client made on the first call (a start without S3 traffic never loads it). */
  private readonly sdk: () => Promise<{ client: S3Client; s3: typeof S3 }>;

  constructor(o: S3Options) {
    this.bucket = o.bucket;
    this.sdk = lazyImport(async () => {
      const s3 = await import('@aws-sdk/client-s3');
      const client = new s3.S3Client({
        endpoint: o.endpoint,
        region: o.region || 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: o.accessKey, secretAccessKey: o.secretKey },
        // Plain PUTs with Content-MD5-free bodies: what every S3-compatible service understands.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 2,
        requestHandler: { httpAgent: o.guard.httpAgent, httpsAgent: o.guard.httpsAgent, connectionTimeout: 5000, requestTimeout: 30_000 },
      });
      return { client, s3 };
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    const { client, s3 } = await this.sdk();
    await client.send(new s3.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
  }

  async get(key: string): Promise<StoredObject> {
    assertKey(key);
    const { client, s3 } = await this.sdk();
    const r = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: key }));
    const body = r.Body as Readable | undefined;
    if (!body) throw new Error('empty object body');
    return { body, size: r.ContentLength };
  }

  async remove(key: string): Promise<void> {
    assertKey(key);
    const { client, s3 } = await this.sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** The shared guarded agents stay open (other clients use them); the client itself holds nothing else. */
  close(): void {}
}
