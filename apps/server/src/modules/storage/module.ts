/**
 * Files and object storage: OSS configurations, uploads, attachments, signed file links and the generic Excel
 * export. It also configures the storage key that seals stored secrets (core/secret-box.ts) for every module.
 */
import { defineModule } from '../../kernel/types.js';
import { configureStorageKey } from '../../core/secret-box.js';
import { storageRoutes } from './storage.routes.js';

export default defineModule({
  name: 'storage',
  services(ctx) {
    // The key that seals stored secrets (HELIO_STORAGE_KEY), else the one generated into the database.
    configureStorageKey(ctx.db, ctx.config.storageKey);
  },
  routes: (app, ctx) => storageRoutes(app, ctx),
});
