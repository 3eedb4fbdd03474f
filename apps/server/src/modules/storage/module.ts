/**
 * Files and object storage: OSS configurations, uploads, attachments, signed file links and the generic Excel
 * export. It also configures the storage key that seals stored secrets (core/secret-box.ts) for every module.
 */
import { defineModule } from '../../kernel/types.js';
import { OutboundGuard } from '../../core/net-guard.js';
import { configureStorageKey, SecretBox } from '../../core/secret-box.js';
import { AttachService } from './attach.service.js';
import { OssConfigService } from './oss-config.service.js';
import { OssService } from './oss.service.js';
import { storageRoutes } from './storage.routes.js';

export default defineModule({
  name: 'storage',
  services(ctx) {
    // The key that seals stored secrets (HELIO_STORAGE_KEY), else the one generated into the database.
    configureStorageKey(ctx.db, ctx.config.storageKey);
  },
  routes: async (app, ctx) => {
    const box = await SecretBox.load(ctx.db);
    const guard = new OutboundGuard(ctx.config.resources.allowPrivateHosts);
    const files = new OssService(ctx, box, guard);
    app.addHook('onClose', async () => files.close());
    storageRoutes(app, ctx, { configs: new OssConfigService(ctx, files, box, guard), attachments: new AttachService(ctx, files, box) });
  },
});
