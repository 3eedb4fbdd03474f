/** API, usual and error logs: the API log hook, the browser error upload and the log screens. */
import { defineModule } from '../../kernel/types.js';
import type { LogApi } from './index.js';
import { LogRecords } from './log-records.service.js';
import { logRoutes } from './log.routes.js';
import { LogService } from './log.service.js';

export default defineModule<LogApi>({
  name: 'log',
  services: (ctx) => ({ logs: new LogService(ctx.database, ctx.config.resources) }),
  routes: (app, ctx) => logRoutes(app, ctx, new LogRecords(ctx)),
});
