/** Notices (blade-desk): sanitised content, release and read state. */
import { defineModule } from '../../kernel/types.js';
import { noticeRoutes } from './notice.routes.js';
import { NoticeService } from './notice.service.js';

export default defineModule({
  name: 'notice',
  routes: (app, ctx) => noticeRoutes(app, ctx, new NoticeService(ctx)),
});
