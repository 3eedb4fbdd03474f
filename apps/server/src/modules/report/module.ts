/** Reports: generated workbooks of station and device figures. */
import { defineModule } from '../../kernel/types.js';
import { reportRoutes } from './report.routes.js';
import { ReportService } from './report.service.js';

export default defineModule({
  name: 'report',
  routes: (app, ctx) => reportRoutes(app, ctx, new ReportService(ctx)),
});
