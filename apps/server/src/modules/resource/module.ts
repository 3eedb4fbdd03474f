/** Files and object storage (OSS configurations, uploads, attachments), sealed secrets and the outbound-address guard. */
import { defineModule } from '../../kernel/types.js';
import { resourceRoutes } from './resource.routes.js';
import { configureStorageKey } from './secret-box.js';

export default defineModule({
  name: 'resource',
  services(ctx) {
    // The key that seals stored secrets (HELIO_STORAGE_KEY), else the one generated into the database.
    configureStorageKey(ctx.db, ctx.config.storageKey);
  },
  routes: (app, ctx) => resourceRoutes(app, ctx),
});
