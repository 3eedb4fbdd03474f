/**
 * The storage module's public entry: storing files as attachments of the acting user's tenant, in the tenant's
 * enabled store, answered as an upload answers them (attachment id, signed file link). For neighbours that make files
 * themselves (the demo's photos and signatures); uploads from browsers go through put-file.
 */
import type { ReceivedFile, UploadUse } from '../../core/upload.js';
import type { Actor } from '../../kernel/types.js';
import type { BladeFile } from './oss.service.js';

export type { BladeFile } from './oss.service.js';
export type { ReceivedFile } from '../../core/upload.js';

export interface StorageApi {
  /** Stores the files and records them as attachments; all-or-nothing as far as the store allows. */
  store(actor: Actor, files: ReceivedFile[], use: UploadUse): Promise<BladeFile[]>;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    storage: StorageApi;
  }
}
