/**
 * Files and object storage: OSS configurations, uploads, attachments, signed file links and the generic Excel
 * export. It also configures the storage key that seals stored secrets (core/secret-box.ts) for every module.
 */
import { defineModule } from '../../kernel/types.js';
import { OutboundGuard } from '../../core/net-guard.js';
import { configureStorageKey, SecretBox } from '../../core/secret-box.js';
import { AttachService } from './attach.service.js';
import type { StorageApi } from './index.js';
import { OssConfigService } from './oss-config.service.js';
import { OssService } from './oss.service.js';
import { storageRoutes } from './storage.routes.js';

/** The public entry with what the module's own routes use. */
interface StorageState extends StorageApi {
  files: OssService;
  box: SecretBox;
  guard: OutboundGuard;
}

export default defineModule<StorageState>({
  name: 'storage',
  async services(ctx) {
    // The key that seals stored secrets (HELIO_STORAGE_KEY), else the one generated into the database.
    configureStorageKey(ctx.db, ctx.config.storageKey);
    const box = await SecretBox.load(ctx.db);
    const guard = new OutboundGuard(ctx.config.resources.allowPrivateHosts);
    const files = new OssService(ctx, box, guard);
    return { files, box, guard, store: (actor, list, use) => files.store(actor, list, use) };
  },
  routes: async (app, ctx, { files, box, guard }) => {
    app.addHook('onClose', async () => files.close());
    storageRoutes(app, ctx, { configs: new OssConfigService(ctx, files, box, guard), attachments: new AttachService(ctx, files, box) });
  },
});
